import CloudDoubleGenerator
import Foundation
import XCTest

/// The templates the generator renders by default (the `CloudDoubleTemplates` target's resources)
/// are the top-level `Templates/` files, byte for byte, every one of them: a template missing from
/// the target's `resources` fails here.
final class BundledTemplatesTests: XCTestCase {
    func testEveryTemplateIsBundledExactly() throws {
        let bundled = try TemplateSet.bundled().directory
        let names = { (directory: URL) in
            try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".mustache") }.sorted()
        }
        XCTAssertEqual(try names(bundled), try names(Paths.templates))
        for name in try names(Paths.templates) {
            XCTAssertEqual(
                try Data(contentsOf: bundled.appendingPathComponent(name)), try Data(contentsOf: Paths.templates.appendingPathComponent(name)), name)
        }
    }
}
