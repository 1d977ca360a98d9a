@testable import CloudDoubleGenerator
import Foundation
import XCTest

/// The templates compiled into the generator (`Plugins/TemplateEmbedding`) are the top-level
/// `Templates/` files, byte for byte, every one of them.
final class BundledTemplatesTests: XCTestCase {
    func testEveryTemplateIsEmbeddedExactly() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Paths.templates.path).filter { $0.hasSuffix(".mustache") }.sorted()
        XCTAssertEqual(BundledTemplates.sources.map { "\($0.name).mustache" }, files)
        for (name, source) in BundledTemplates.sources {
            let onDisk = try String(contentsOf: Paths.templates.appendingPathComponent("\(name).mustache"), encoding: .utf8)
            XCTAssertEqual(source, onDisk, name)
        }
    }

}
