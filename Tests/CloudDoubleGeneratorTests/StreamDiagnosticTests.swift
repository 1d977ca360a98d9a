import CloudDoubleGenerator
import Foundation
import XCTest

/// The rules for `stream` forms: each bad call gets one diagnostic, located at the value in ⟦…⟧.
final class StreamDiagnosticTests: XCTestCase {
    /// A description whose `Database` has one more call, `call`.
    static func description(call: String) -> String {
        DiagnosticTests.valid.replacingOccurrences(
            of: "\"calls\": [\n", with: "\"calls\": [\n        \(call),\n")
    }

    struct Case {
        let name: String
        let call: String
        let message: String
    }

    static let cases = [
        Case(
            name: "another form beside the stream",
            call: #"{ "id": "changes", "returns": "Int", "forms": { "async": { "name": "next" }, "stream": ⟦{ "name": "changes" }⟧ } }"#,
            message: "a \"stream\" form is its call's only form"),
        Case(
            name: "no element type", call: #"{ "id": "changes", "forms": { "stream": ⟦{ "name": "changes" }⟧ } }"#,
            message: "a \"stream\" form needs the element type in the call's \"returns\""),
        Case(
            name: "described elements", call: #"{ "id": "changes", "returnsRef": "Database", "forms": { "stream": ⟦{ "name": "changes" }⟧ } }"#,
            message: "a described type (\"Database\") cannot be the element of a \"stream\" form; a stream's elements are values the test sends"),
        Case(
            name: "mock default",
            call: #"⟦{ "id": "changes", "returns": "Int", "mockDefault": "[]", "forms": { "stream": { "name": "changes" } } }⟧"#,
            message: "\"mockDefault\" does not apply to a call with a \"stream\" form"),
        Case(
            name: "per-item",
            call:
                #"⟦{ "id": "changes", "returns": "[Int: Result<Int, any Error>]", "perItem": true, "forms": { "stream": { "name": "changes" } } }⟧"#,
            message: "\"perItem\" does not apply to a call with a \"stream\" form"),
        Case(
            name: "discardable",
            call: #"{ "id": "changes", "returns": "Int", "forms": { "stream": ⟦{ "name": "changes", "discardableResult": true }⟧ } }"#,
            message: "\"discardableResult\" does not apply to a \"stream\" form"),
        Case(
            name: "sequence not a type",
            call: #"{ "id": "changes", "returns": "Int", "forms": { "stream": { "name": "changes", "sequence": ⟦"Pages<"⟧ } } }"#,
            message: "\"sequence\" is not a Swift type"),
        Case(
            name: "sequence on an async form",
            call: #"{ "id": "changes", "returns": "Int", "forms": { "async": { "name": "changes", "sequence": ⟦"Pages"⟧ } } }"#,
            message: "\"sequence\" applies to the \"stream\" form only"),
        Case(
            name: "handler key on a stream",
            call: #"{ "id": "changes", "returns": "Int", "forms": { "stream": { "name": "changes", "handlerLabel": ⟦"done"⟧ } } }"#,
            message: "\"handlerLabel\" applies to completion-handler forms only, not to the \"stream\" form"),
        Case(
            name: "throws on a stream",
            call: #"{ "id": "changes", "returns": "Int", "forms": { "stream": { "name": "changes", "throws": ⟦true⟧ } } }"#,
            message: "\"throws\" applies to the \"sync\" form only"),
    ]

    func testEachBadStreamCallHasItsLocatedDiagnostic() throws {
        for testCase in Self.cases {
            try expectOneDiagnostic(in: Self.description(call: testCase.call), named: testCase.name, saying: testCase.message)
        }
    }

    func testAStreamCallValidates() {
        let input = Self.description(
            call:
                #"{ "id": "changes", "parameters": [{ "label": "of", "name": "key", "type": "String" }], "returns": "[Int]", "forms": { "stream": { "name": "changes", "sequence": "some AsyncSequence<[Int], any Error>" } } }"#
        )
        XCTAssertNoThrow(try Generator.validate(Array(input.utf8), file: "test.json"))
    }
}
