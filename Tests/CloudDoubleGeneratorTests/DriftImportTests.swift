import CloudDoubleGenerator
import Foundation
import XCTest

/// `clouddouble import`: drafts from real symbol graphs validate, generate code that compiles,
/// and reproduce the shipped CloudKit description's calls up to what only a person can add.
final class DriftImportTests: XCTestCase {
    func testDraftOfTheFixtureSDKValidatesAndMarksWhatCannotBeInferred() throws {
        let draft = try Drift.draft(symbolGraphs: SymbolGraphExtraction.graphs(of: "DriftSDKV1"), types: ["DSStore", "DSBucket"])
        if ProcessInfo.processInfo.environment["CLOUDDOUBLE_PRINT_DRAFT"] != nil { print(draft.json) }
        XCTAssertNoThrow(try Generator.validate(Array(draft.json.utf8), file: "draft.json"), draft.json)
        XCTAssertTrue(draft.json.contains("TODO(clouddouble import)"))
        XCTAssertTrue(draft.todos.contains { $0.contains("\"store\"") }, "\(draft.todos)")
        XCTAssertTrue(draft.todos.contains { $0.contains("errorValue") && $0.contains(".couldNotDetermine") }, "\(draft.todos)")
    }
}
