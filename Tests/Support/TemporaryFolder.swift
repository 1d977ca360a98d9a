import Foundation
import XCTest

extension XCTestCase {
    /// A folder of this test's own under the temporary directory (not created), removed when the
    /// test ends.
    public func temporaryFolder() -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(type(of: self))-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }
}
