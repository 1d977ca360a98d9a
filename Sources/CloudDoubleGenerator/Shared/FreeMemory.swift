#if canImport(Glibc)
import Glibc
#endif

/// Hands the memory malloc keeps free back to the system. After a freed block of several
/// megabytes (a rendered file the caller has let go of), glibc raises its thresholds and keeps up
/// to twice that much free but resident, so the next file's text, mapped on its own, adds to pages
/// nothing uses any more: at 3,000 types that was ~6 MB of the peak (docs/Benchmarks.md).
/// Elsewhere (Darwin, musl) nothing is done: their allocators return memory their own way.
enum FreeMemory {
    static func release() {
        #if canImport(Glibc)
        // glibc's `malloc_trim(3)`, in every glibc since 2.0, is declared in <malloc.h>, which
        // Swift's Glibc module leaves out: looked up by name (`nil` is RTLD_DEFAULT on glibc).
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)(0)
        #endif
    }
}
