import CloudDoubleGenerator
import Foundation
import XCTest

extension XCTestCase {
    /// Validates a description in which `⟦…⟧` marks where the diagnostic must point, and checks
    /// that exactly one diagnostic (besides those `ignoring` drops) says `message`, at the mark.
    /// Returns it, or `nil` after recording the failure.
    @discardableResult
    func expectOneDiagnostic(
        in marked: String, named name: String, saying message: String, ignoring: (Diagnostic) -> Bool = { _ in false },
        file: StaticString = #filePath, line testLine: UInt = #line
    ) throws -> Diagnostic? {
        let start = try XCTUnwrap(marked.range(of: "⟦"), name, file: file, line: testLine)
        let before = marked[..<start.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let column = before.utf8.count - (before.lastIndex(of: "\n").map { before[...$0].utf8.count } ?? 0) + 1
        let input = marked.replacingOccurrences(of: "⟦", with: "").replacingOccurrences(of: "⟧", with: "")
        do {
            _ = try Generator.validate(Array(input.utf8), file: "test.json")
            XCTFail("\(name): no diagnostic", file: file, line: testLine)
        } catch {
            guard case .description(let diagnostics) = error else {
                XCTFail("\(error)", file: file, line: testLine)
                return nil
            }
            let found = diagnostics.diagnostics.filter { !ignoring($0) }
            guard let match = found.first(where: { $0.message.contains(message) }) else {
                XCTFail("\(name): expected \"\(message)\", got \(found.map(\.description))", file: file, line: testLine)
                return nil
            }
            XCTAssertEqual("\(match.location.line):\(match.location.column)", "\(line):\(column)", "\(name): \(match)", file: file, line: testLine)
            XCTAssertEqual(found.count, 1, "\(name): \(found.map(\.description))", file: file, line: testLine)
            return match
        }
        return nil
    }
}
