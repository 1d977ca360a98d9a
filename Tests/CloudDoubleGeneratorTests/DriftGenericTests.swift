import CloudDoubleGenerator
import CloudDoubleTestSupport
import Foundation
import XCTest

/// Generic methods in `import` and `check`: KitchenSinkSDK's `SettingsDocuments`
/// (`document<T: Decodable>(at:as:)`) is drafted with `"genericParameters"`, and `check` reports
/// a described generic parameter the SDK's method no longer has.
final class DriftGenericTests: XCTestCase {
    func testGenericMethodsAreDraftedWithTheirGenericParameters() throws {
        let draft = try Drift.draft(symbolGraphs: SymbolGraphExtraction.graphs(of: "KitchenSinkSDK"), types: ["SettingsDocuments"])
        if ProcessInfo.processInfo.environment["CLOUDDOUBLE_PRINT_DRAFT"] != nil { print(draft.json) }
        XCTAssertNoThrow(try Generator.validate(Array(draft.json.utf8), file: "draft.json"), draft.json)
        XCTAssertFalse(draft.json.contains("it is generic"), draft.json)
        let description = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(draft.json.utf8)) as? [String: Any])
        let type = try XCTUnwrap((description["types"] as? [[String: Any]])?.first)
        let calls = try XCTUnwrap(type["calls"] as? [[String: Any]])
        XCTAssertEqual(calls.compactMap { $0["id"] as? String }.sorted(), ["cached", "document", "documents", "encodedSize"])
        let documents = try XCTUnwrap(calls.first { $0["id"] as? String == "documents" })
        let generics = try XCTUnwrap(documents["genericParameters"] as? [[String: Any]])
        XCTAssertEqual(generics.first?["name"] as? String, "Document")
        XCTAssertEqual(generics.first?["conformsTo"] as? [String], ["Decodable", "Sendable"])
    }

    func testCheckComparesGenericParameters() throws {
        let kitchenSink = Paths.root.appendingPathComponent("Tests/Goldens/Descriptions/KitchenSink.clouddouble.json")
        let source = try String(contentsOf: kitchenSink, encoding: .utf8)
        func findings(_ text: String) throws -> [String] {
            let graphs = try SymbolGraphExtraction.graphs(of: "KitchenSinkSDK")
            return try Drift.check(description: Array(text.utf8), file: "KitchenSink.clouddouble.json", symbolGraphs: graphs).map(\.message)
                .filter { message in
                    message.contains("SettingsDocuments")
                        || ["document", "cached", "documents", "encodedSize"].contains { message.contains("`\($0)") }
                }
        }
        XCTAssertEqual(try findings(source), [])
        let drifted = source.replacingOccurrences(
            of: #""genericParameters": [{ "name": "T", "conformsTo": ["Encodable"] }]"#,
            with: #""genericParameters": [{ "name": "T", "conformsTo": ["Codable"] }]"#)
        XCTAssertNotEqual(drifted, source)
        XCTAssertEqual(
            try findings(drifted),
            [
                "`encodedSize(of:)` in SettingsDocuments: its generic parameters changed: the description says <T: Codable>, the SDK now has <T: Encodable>"
            ])
    }
}
