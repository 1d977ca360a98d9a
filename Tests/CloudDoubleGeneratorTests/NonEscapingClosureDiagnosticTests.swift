import CloudDoubleGenerator
import Foundation
import XCTest

/// A closure parameter without `@escaping`: one per call, on a call with `sync` forms alone and
/// nothing that keeps its arguments or answers it another way. Each bad input gets one
/// diagnostic, at the value in ⟦…⟧.
final class NonEscapingClosureDiagnosticTests: XCTestCase {
    /// `DiagnosticTests.valid` with `parameters` on the call, answered by `forms` and `extra` keys.
    static func description(parameters: String, returns: String = "\"returns\": \"CKRecord\"", forms: String, extra: String = "") -> String {
        DiagnosticTests.valid
            .replacingOccurrences(
                of: "\"parameters\": [{ \"label\": \"for\", \"name\": \"recordID\", \"type\": \"CKRecord.ID\" }]",
                with: "\"parameters\": [\(parameters)]\(extra)"
            )
            .replacingOccurrences(of: "\"returns\": \"CKRecord\"", with: returns)
            .replacingOccurrences(
                of: "\"forms\": { \"async\": { \"name\": \"record\" }, \"completion\": { \"name\": \"fetch\", \"labels\": [\"withRecordID\"] } }",
                with: "\"forms\": \(forms)")
    }

    static let sync = "{ \"sync\": { \"name\": \"record\", \"throws\": true } }"

    func testEachBadInputHasOneLocatedDiagnostic() throws {
        try expectOneDiagnostic(
            in: Self.description(parameters: "{ \"name\": \"block\", \"type\": ⟦\"() -> Void\"⟧ }", forms: "{ \"async\": { \"name\": \"record\" } }"),
            named: "an async form",
            saying: "the closure parameter \"block\" is not @escaping, which only a call with \"sync\" forms alone can take")
        try expectOneDiagnostic(
            in: Self.description(
                parameters: "{ \"name\": \"block\", \"type\": \"() -> Void\" }, { \"name\": \"other\", \"type\": ⟦\"(Int) -> Void\"⟧ }",
                forms: Self.sync),
            named: "two closures", saying: "the closure parameter \"other\" is a second closure of the call that is not @escaping")
        try expectOneDiagnostic(
            in: Self.description(
                parameters: "{ \"name\": \"block\", \"type\": ⟦\"() -> Void\"⟧ }", returns: "\"returnsRef\": \"Database\"", forms: Self.sync),
            named: "a described result", saying: "cannot have \"returnsRef\": the closure must not outlive the call")
        try expectOneDiagnostic(
            in: Self.description(
                parameters: "{ \"name\": \"block\", \"type\": ⟦\"() -> Void\"⟧ }", forms: Self.sync, extra: ", \"store\": \"fetch\""),
            named: "a backing", saying: "cannot have \"store\": the closure must not outlive the call")
    }

    func testAcceptedOnSyncForms() {
        let input = Self.description(
            parameters: "{ \"label\": \"using\", \"name\": \"block\", \"type\": \"() throws -> Void\" }, { \"name\": \"count\", \"type\": \"Int\" }",
            forms: Self.sync)
        XCTAssertNoThrow(try Generator.validate(Array(input.utf8), file: "test.json"))
    }
}
