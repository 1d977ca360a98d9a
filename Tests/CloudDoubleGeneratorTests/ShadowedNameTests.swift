import CloudDoubleGenerator
import Foundation
import XCTest

/// Generated code writes the description's types as it wrote them and qualifies its own names
/// by module (`Swift.Result`, `CloudDoubleRuntime.FaultPlan`): a generated declaration that
/// takes one of those names, or a member type that hides one, is refused where it is made.
final class ShadowedNameTests: XCTestCase {
    /// A valid description; the arguments replace parts.
    static func description(
        prefix: String = "Cloud", typeName: String = "Database", parameterType: String = "CKRecord.ID",
        mirrorName: String = "Modification", operationResult: String = "Void"
    ) -> String {
        """
        {
          "formatVersion": 1,
          "module": "CloudKit",
          "prefix": "\(prefix)",
          "types": [
            {
              "name": "\(typeName)",
              "sdkType": "CKDatabase",
              "calls": [
                {
                  "parameters": [{ "label": "for", "name": "id", "type": "\(parameterType)" }],
                  "returns": "CKDatabase.RecordZoneChange.Modification",
                  "mirrors": ["Modification"],
                  "forms": { "async": { "name": "modification" } }
                }
              ]
            }
          ],
          "mirrors": [
            { "name": "\(mirrorName)", "sdkType": "CKDatabase.RecordZoneChange.Modification", "members": [{ "name": "zoneName", "type": "String" }] }
          ],
          "operations": [
            { "name": "Fetch", "sdkType": "CKFetchRecordsOperation", "result": { "type": "\(operationResult)", "blocks": [{ "name": "fetchRecordsResultBlock", "role": "finalResult", "type": "(Result<\(operationResult), any Error>) -> Void" }] } }
          ]
        }
        """
    }

    func testTheDescriptionValidates() {
        XCTAssertNoThrow(try Generator.validate(Array(Self.description().utf8), file: "test.json"))
    }

    /// A generated name that is a type the description writes only in a parameter (`CKRecord`
    /// of `CKRecord.ID`): the protocol would take the SDK class's place in the signature.
    func testAGeneratedNameThatIsATypeTheDescriptionWritesIsRefused() throws {
        let marked = Self.description(prefix: "CK", typeName: "Record").replacingOccurrences(of: "\"Record\"", with: "⟦\"Record\"⟧")
        try expectOneDiagnostic(
            in: marked, named: "protocol CKRecord",
            saying: "the generated name CKRecord (the protocol of Record) is the name of a type or module the description names")
    }

    /// Each module generated code qualifies names by, taken by a generated type or mirror.
    func testAGeneratedNameThatIsAQualifyingModuleIsRefused() throws {
        let cases: [(name: String, marked: String, message: String)] = [
            (
                "protocol Swift", Self.description(prefix: "Sw", typeName: "⟦ift⟧"),
                "the generated name Swift (the protocol of ift) is the name of a module generated code qualifies names by"
            ),
            (
                "protocol CloudDoubleRuntime", Self.description(typeName: "⟦DoubleRuntime⟧"),
                "the generated name CloudDoubleRuntime (the protocol of DoubleRuntime) is the name of a module"
            ),
            (
                "mirror CloudDoubleCatalogue",
                Self.description(mirrorName: "⟦DoubleCatalogue⟧").replacingOccurrences(of: "[\"Modification\"]", with: "[\"DoubleCatalogue\"]"),
                "the generated name CloudDoubleCatalogue (the mirror DoubleCatalogue) is the name of a module"
            ),
        ]
        for item in cases {
            // The marks sit inside the quotes: the diagnostic points at the string's start.
            let marked = item.marked.replacingOccurrences(of: "\"⟦", with: "⟦\"").replacingOccurrences(of: "⟧\"", with: "\"⟧")
            try expectOneDiagnostic(in: marked, named: item.name, saying: item.message)
        }
    }

    /// An operation type naming `Event`, which inside the generated outcome means its own enum.
    func testAnOperationTypeNamingAnOutcomeMemberTypeIsRefused() throws {
        let marked = Self.description().replacingOccurrences(of: "\"type\": \"Void\"", with: "\"type\": ⟦\"Event\"⟧")
            .replacingOccurrences(of: "Result<Void,", with: "Result<SDK.Event,")
        try expectOneDiagnostic(
            in: marked, named: "Event",
            saying: "the type \"Event\" names Event, which inside the generated outcome of Fetch means its own member type Event")
        // Qualified by its module, it means the SDK's.
        let qualified = marked.replacingOccurrences(of: "⟦\"Event\"⟧", with: "\"SDK.Event\"")
        XCTAssertNoThrow(try Generator.validate(Array(qualified.utf8), file: "test.json"))
    }
}
