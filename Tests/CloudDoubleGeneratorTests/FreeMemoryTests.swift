@testable import CloudDoubleGenerator
import XCTest

/// The generator hands free memory back after each file (docs/Benchmarks.md: without it glibc
/// keeps ~6 MB more resident at 3,000 types). The lookup is by name, so a wrong name would
/// silently do nothing: this catches that.
final class FreeMemoryTests: XCTestCase {
    func testTheAllocatorIsAskedOnGlibc() {
        #if canImport(Glibc)
        XCTAssertTrue(FreeMemory.release(), "malloc_trim is found in this process")
        #else
        XCTAssertFalse(FreeMemory.release(), "only glibc is asked")
        #endif
    }
}
