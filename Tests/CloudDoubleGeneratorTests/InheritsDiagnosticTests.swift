import CloudDoubleGenerator
import Foundation
import XCTest

/// `"inherits"`: what a hierarchy may say, and each mistake refused with one located diagnostic
/// at the value in ⟦…⟧, with a hint.
final class InheritsDiagnosticTests: XCTestCase {
    /// `Reference` inherits `Query`; the parameters replace parts.
    static func description(
        referenceInherits: String = "\"Query\"", queryInherits: String? = nil, referenceCalls: String = "",
        referenceProperties: String = "[]", extraTypes: String = ""
    ) -> String {
        """
        {
          "formatVersion": 1,
          "module": "FirebaseDatabase",
          "prefix": "Realtime",
          "types": [
            {
              "name": "Query",
              "sdkType": "DatabaseQuery",\(queryInherits.map { "\n      \"inherits\": \($0)," } ?? "")
              "properties": [{ "name": "path", "type": "String" }],
              "calls": [
                { "id": "getData", "returns": "Int", "forms": { "async": { "name": "getData" } } },
                { "id": "keep", "parameters": [{ "label": "_", "name": "flag", "type": "Bool" }], "forms": { "sync": { "name": "keepSynced" } } }
              ]
            },
            {
              "name": "Reference",
              "sdkType": "DatabaseReference",
              "inherits": \(referenceInherits),
              "properties": \(referenceProperties),
              "calls": [
                { "id": "setValue", "parameters": [{ "label": "_", "name": "value", "type": "Int" }], "forms": { "async": { "name": "setValue" } } }\(referenceCalls)
              ]
            }\(extraTypes)
          ]
        }
        """
    }

    func testAHierarchyValidatesAndTheChildHasTheParentsMembers() throws {
        let validated = try Generator.validate(Array(Self.description().utf8), file: "test.json")
        XCTAssertEqual(validated.types.map { $0.inherits?.value }, [nil, "Query"])
    }

    func testEachMistakeHasItsLocatedDiagnostic() throws {
        let cases: [(name: String, marked: String, message: String)] = [
            ("unknown parent", Self.description(referenceInherits: "⟦\"Qurey\"⟧"), "Reference inherits \"Qurey\", which is not a described type"),
            (
                "inherits itself", Self.description(referenceInherits: "⟦\"Reference\"⟧"),
                "Reference inherits from itself: Reference inherits Reference"
            ),
            (
                "a cycle of two, reported once", Self.description(queryInherits: "⟦\"Reference\"⟧"),
                "Query inherits from itself: Query inherits Reference inherits Query"
            ),
            (
                "a call id the parent describes",
                Self.description(
                    referenceCalls: ", { \"id\": ⟦\"getData\"⟧, \"returns\": \"Int\", \"forms\": { \"async\": { \"name\": \"fetch\" } } }"),
                "Reference inherits \"getData\" from Query (line 11) and describes it again"
            ),
            (
                "a property the parent describes",
                Self.description(referenceProperties: "[{ \"name\": ⟦\"path\"⟧, \"type\": \"String\" }]"),
                "Reference inherits \"path\" from Query (line 9) and describes it again"
            ),
            (
                "a form the parent declares, under another id",
                Self.description(
                    referenceCalls:
                        ", { \"id\": \"keepAgain\", \"parameters\": [{ \"label\": \"_\", \"name\": \"on\", \"type\": \"Bool\" }], \"forms\": { \"sync\": { \"name\": ⟦\"keepSynced\"⟧ } } }"
                ),
                "Reference inherits keepSynced(_:) with these parameter types from Query (line 12) and declares it again"
            ),
            (
                "the parent's own SDK class",
                Self.description(referenceInherits: "⟦\"Query\"⟧").replacingOccurrences(of: "\"DatabaseReference\"", with: "\"DatabaseQuery\""),
                "Reference inherits Query, but both describe DatabaseQuery, which cannot subclass itself"
            ),
            (
                "an SDK protocol under a class",
                Self.description(referenceInherits: "⟦\"Query\"⟧").replacingOccurrences(
                    of: "\"DatabaseReference\"", with: "\"any ReferenceProtocol\""),
                "Reference describes the protocol any ReferenceProtocol, which cannot subclass Query's class DatabaseQuery"
            ),
            (
                "a grandparent's member",
                Self.description(
                    extraTypes: """
                        ,
                            { "name": "Child", "sdkType": "ChildReference", "inherits": "Reference",
                              "calls": [{ "id": ⟦"getData"⟧, "returns": "Int", "forms": { "async": { "name": "load" } } }] }
                        """),
                "Child inherits \"getData\" from Query (line 11) and describes it again"
            ),
        ]
        for testCase in cases {
            let diagnostic = try expectOneDiagnostic(in: testCase.marked, named: testCase.name, saying: testCase.message)
            XCTAssertNotNil(diagnostic?.hint, testCase.name)
        }
    }

    func testAnUnknownParentSuggestsTheClosestName() throws {
        let diagnostic = try expectOneDiagnostic(
            in: Self.description(referenceInherits: "⟦\"Qurey\"⟧"), named: "unknown parent", saying: "is not a described type")
        XCTAssertEqual(diagnostic?.hint, "did you mean \"Query\"?")
    }
}
