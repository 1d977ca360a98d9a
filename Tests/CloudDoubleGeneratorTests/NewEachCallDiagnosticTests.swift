import CloudDoubleGenerator
import Foundation
import XCTest

/// `"newEachCall"`: only on a call returning a described type through `sync` and `async` forms,
/// and only true or false. Each bad input gets one diagnostic, at the value in ⟦…⟧.
final class NewEachCallDiagnosticTests: XCTestCase {
    /// `DiagnosticTests.valid` with `newEachCall` (its value `flag`) on the call, returning `returns`
    /// through the forms `forms`.
    static func description(flag: String, returns: String = "\"returnsRef\": \"Database\"", forms: String? = nil) -> String {
        var text = DiagnosticTests.valid.replacingOccurrences(of: "\"returns\": \"CKRecord\"", with: "\(returns), \"newEachCall\": \(flag)")
        if let forms {
            text = text.replacingOccurrences(
                of: "\"forms\": { \"async\": { \"name\": \"record\" }, \"completion\": { \"name\": \"fetch\", \"labels\": [\"withRecordID\"] } }",
                with: "\"forms\": \(forms)")
        }
        return text
    }

    func testEachBadInputHasOneLocatedDiagnostic() throws {
        try expectOneDiagnostic(
            in: Self.description(flag: "⟦true⟧", returns: "\"returns\": \"CKRecord\""), named: "not a described type",
            saying: "\"newEachCall\" applies to a call that returns a described type")
        try expectOneDiagnostic(
            in: Self.description(flag: "⟦true⟧"), named: "with a completion form",
            saying: "\"newEachCall\" is supported on calls with \"sync\" and \"async\" forms only; this call has a completion form")
        try expectOneDiagnostic(
            in: Self.description(flag: "⟦\"yes\"⟧", forms: "{ \"async\": { \"name\": \"record\" } }"), named: "not a bool",
            saying: "\"newEachCall\" in a call must be true or false, found a string")
    }

    func testAcceptedOnSyncAndAsyncForms() {
        let input = Self.description(flag: "true", forms: "{ \"async\": { \"name\": \"record\" }, \"sync\": { \"name\": \"cached\" } }")
        XCTAssertNoThrow(try Generator.validate(Array(input.utf8), file: "test.json"))
    }
}
