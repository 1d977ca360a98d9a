#if canImport(Glibc)
import Glibc
#endif

/// Hands the memory malloc keeps free back to the system. After a freed block of several
/// megabytes (a rendered file the caller has let go of), glibc raises its thresholds and keeps up
/// to twice that much free but resident, so the next file's text, mapped on its own, adds to pages
/// nothing uses any more: at 3,000 types that was ~6 MB of the peak (docs/Benchmarks.md).
/// Elsewhere (Darwin, musl) nothing is done: their allocators return memory their own way.
enum FreeMemory {
    /// Whether the allocator was asked (glibc only).
    @discardableResult
    static func release() -> Bool {
        #if canImport(Glibc)
        // glibc's `malloc_trim(3)` is declared in <malloc.h>, which Swift's Glibc module leaves
        // out: looked up by name (`nil` is RTLD_DEFAULT on glibc). It returns whether any memory went back.
        guard let symbol = dlsym(nil, "malloc_trim") else { return false }
        _ = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)(0)
        return true
        #else
        return false
        #endif
    }
}
