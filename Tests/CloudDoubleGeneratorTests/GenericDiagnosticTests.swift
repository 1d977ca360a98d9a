import CloudDoubleGenerator
import Foundation
import XCTest

/// `"genericParameters"`: names that hide nothing generated code names, constraints that are
/// types, `sync` (throwing, when the result is generic) and `async` forms only, and none of the
/// keys a mock cannot answer generically. Each bad input gets one diagnostic, at the value in ⟦…⟧.
final class GenericDiagnosticTests: XCTestCase {
    /// `DiagnosticTests.valid` with its call made generic over `generics`, taking `T.Type` and
    /// returning `returns` through `forms`, with `extra` keys.
    static func description(
        generics: String = #"[{ "name": "T", "conformsTo": ["Decodable"] }]"#, returns: String = #""returns": "T""#,
        forms: String = #"{ "async": { "name": "record" } }"#, extra: String = ""
    ) -> String {
        DiagnosticTests.valid.replacingOccurrences(
            of: """
                "parameters": [{ "label": "for", "name": "recordID", "type": "CKRecord.ID" }],
                          "returns": "CKRecord",
                          "forms": { "async": { "name": "record" }, "completion": { "name": "fetch", "labels": ["withRecordID"] } }
                """,
            with: """
                "genericParameters": \(generics), \(extra)
                          "parameters": [{ "label": "as", "name": "type", "type": "T.Type" }],
                          \(returns),
                          "forms": \(forms)
                """)
    }

    func testTheFixtureIsGeneric() {
        XCTAssertTrue(Self.description().contains("genericParameters"))
    }

    func testEachBadInputHasOneLocatedDiagnostic() throws {
        try expectOneDiagnostic(
            in: Self.description(generics: #"[{ "name": ⟦"Database"⟧ }]"#), named: "a described type's name",
            saying: "the generic parameter \"Database\" has the name of the described type Database")
        try expectOneDiagnostic(
            in: Self.description(generics: #"[{ "name": ⟦"MockCloudDatabase"⟧ }]"#), named: "a generated type's name",
            saying: "has the name of the generated type MockCloudDatabase")
        try expectOneDiagnostic(
            in: Self.description(generics: #"[{ "name": ⟦"CloudKit"⟧ }]"#), named: "the module's name",
            saying: "has the name of the module CloudKit")
        try expectOneDiagnostic(
            in: Self.description(generics: #"[{ "name": ⟦"T_"⟧ }]"#), named: "the generated spelling",
            saying: "the generic parameter name \"T_\" ends in \"_\"")
        try expectOneDiagnostic(
            in: Self.description(generics: #"[{ "name": ⟦"Self"⟧ }]"#), named: "Self",
            saying: "is not a valid Swift generic parameter name")
        try expectOneDiagnostic(
            in: Self.description(generics: #"[{ "name": "T" }, { "name": ⟦"T"⟧ }]"#), named: "twice",
            saying: "the generic parameter \"T\" appears twice")
        try expectOneDiagnostic(
            in: Self.description(generics: #"[{ "name": "T", "conformsTo": [⟦"[Decodable]"⟧] }]"#), named: "not a protocol",
            saying: "\"[Decodable]\" is not a protocol or class a generic parameter can conform to")
        try expectOneDiagnostic(
            in: Self.description(forms: #"{ "async": { "name": "record" }, "completion": ⟦{ "name": "fetch" }⟧ }"#), named: "a completion form",
            saying: "a generic call has only \"sync\" and \"async\" forms; found a \"completion\" form")
        try expectOneDiagnostic(
            in: Self.description(forms: #"{ "sync": ⟦{ "name": "record" }⟧ }"#), named: "a sync form not throwing",
            saying: "a \"sync\" form of a generic call whose result mentions a generic parameter must throw")
        try expectOneDiagnostic(
            in: Self.description(extra: #""store": ⟦"fetch"⟧,"#), named: "store",
            saying: "a generic call cannot have \"store\"")
        try expectOneDiagnostic(
            in: Self.description(extra: #""mockDefault": ⟦"nil"⟧,"#), named: "mockDefault on a generic result",
            saying: "a generic call cannot have \"mockDefault\"")
        try expectOneDiagnostic(
            in: Self.description(generics: #"[{ "name": "T", "conformsTo": ⟦"Decodable"⟧ }]"#), named: "conformsTo not an array",
            saying: "\"conformsTo\"")
    }

    func testAcceptedWithSyncFormsThatThrowOrReturnNothingGeneric() {
        for input in [
            Self.description(forms: #"{ "sync": { "name": "record", "throws": true }, "async": { "name": "record" } }"#),
            Self.description(returns: #""returns": "Int""#, forms: #"{ "sync": { "name": "record" } }"#),
            Self.description(returns: #""returns": "Int", "mockDefault": "1""#, forms: #"{ "sync": { "name": "record" } }"#),
        ] {
            XCTAssertNoThrow(try Generator.validate(Array(input.utf8), file: "test.json"))
        }
    }
}
