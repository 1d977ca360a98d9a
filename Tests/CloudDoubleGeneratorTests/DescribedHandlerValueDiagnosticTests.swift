import CloudDoubleGenerator
import Foundation
import XCTest

/// A completion form handing its handler a described type (`returnsRef`): `handlerValueType`
/// may only say whether it is optional, and a non-optional one is passed with an error as the
/// object the call was made on (`"errorValue": "self"`). Each bad input gets one diagnostic,
/// located at the value in ⟦…⟧.
final class DescribedHandlerValueDiagnosticTests: XCTestCase {
    /// `DiagnosticTests.valid` with a call returning a described type through a completion form
    /// whose keys are `keys`; `returnsRef` names `reference` (`Database`, or `Other`, described too).
    static func description(keys: String, reference: String = "Database") -> String {
        DiagnosticTests.valid
            .replacingOccurrences(of: "\"returns\": \"CKRecord\"", with: "\"returnsRef\": \"\(reference)\"")
            .replacingOccurrences(of: "\"labels\": [\"withRecordID\"]", with: "\"labels\": [\"withRecordID\"], \(keys)")
            .replacingOccurrences(of: "  ]\n}", with: "  , { \"name\": \"Other\", \"sdkType\": \"CKContainer\" }]\n}")
    }

    struct Case {
        let name: String
        let input: String
        let message: String
    }

    static let cases = [
        Case(
            name: "another SDK type", input: description(keys: "\"handlerValueType\": ⟦\"CKRecord\"⟧, \"errorValue\": \"self\""),
            message: "\"handlerValueType\" can only be \"CKDatabase\", optional or not; found CKRecord"),
        Case(
            name: "an error value that is not self",
            input: description(keys: "\"handlerValueType\": \"CKDatabase\", \"errorValue\": ⟦\"CKDatabase()\"⟧"),
            message: "\"errorValue\" can only be \"self\""),
        Case(
            name: "self of another type",
            input: description(keys: "\"handlerValueType\": \"CKContainer\", \"errorValue\": ⟦\"self\"⟧", reference: "Other"),
            message: "\"errorValue\": \"self\" passes a Database where the handler takes a Other"),
        Case(
            name: "no error value", input: description(keys: "\"handlerValueType\": ⟦\"CKDatabase\"⟧"),
            message: "the handler value \"CKDatabase\" is not optional, so the form needs \"errorValue\""),
    ]

    func testEachCaseHasOneLocatedDiagnostic() throws {
        for testCase in Self.cases {
            try expectOneDiagnostic(in: testCase.input, named: testCase.name, saying: testCase.message)
        }
    }

    func testAResultFormMayReturnADescribedType() {
        let input = DiagnosticTests.valid.replacingOccurrences(of: "\"returns\": \"CKRecord\"", with: "\"returnsRef\": \"Database\"")
            .replacingOccurrences(of: "\"completion\": { \"name\": \"fetch\"", with: "\"result\": { \"name\": \"fetch\"")
        XCTAssertNoThrow(try Generator.validate(Array(input.utf8), file: "test.json"))
    }

    func testAcceptedSpellings() throws {
        for keys in [
            "\"handlerValueType\": \"CKDatabase?\"", "\"handlerValueType\": \"CKDatabase\", \"errorValue\": \"self\"",
            "\"handlerOrder\": \"errorFirst\"",
        ] {
            XCTAssertNoThrow(try Generator.validate(Array(Self.description(keys: keys).utf8), file: "test.json"), keys)
        }
    }
}
