import CloudDoubleGenerator
import Foundation
import XCTest

/// Mirrored value types: what a description may declare, and each mistake refused with one
/// located diagnostic at the value in ⟦…⟧.
final class MirrorDiagnosticTests: XCTestCase {
    static let returns =
        "(modificationResultsByID: [CKRecord.ID: Result<CKDatabase.RecordZoneChange.Modification, any Error>], deletions: [CKDatabase.RecordZoneChange.Deletion], moreComing: Bool)"

    /// A valid description with one mirrored call; `call`, `mirrors` and `members` replace parts.
    static func description(
        returns: String = returns, uses: String = "[\"Modification\"]", mirrors: String? = nil,
        members: String = "[{ \"name\": \"record\", \"type\": \"CKRecord\" }, { \"name\": \"recordID\", \"type\": \"CKRecord.ID\" }]",
        forms: String = "{ \"async\": { \"name\": \"recordZoneChanges\" }, \"result\": { \"name\": \"fetchRecordZoneChanges\" } }"
    ) -> String {
        """
        {
          "formatVersion": 1,
          "module": "CloudKit",
          "prefix": "Cloud",
          "types": [
            {
              "name": "Database",
              "sdkType": "CKDatabase",
              "calls": [
                {
                  "id": "recordZoneChanges",
                  "parameters": [{ "label": "inZoneWith", "name": "zoneID", "type": "CKRecordZone.ID" }],
                  "returns": "\(returns)",
                  "mirrors": \(uses),
                  "forms": \(forms)
                }
              ]
            }
          ],
          "mirrors": \(mirrors ?? """
        [
            { "name": "Modification", "sdkType": "CKDatabase.RecordZoneChange.Modification", "members": \(members) }
          ]
        """)
        }
        """
    }

    func testAValidMirrorValidates() {
        XCTAssertNoThrow(try Generator.validate(Array(Self.description().utf8), file: "test.json"))
    }

    func testEachMistakeHasItsLocatedDiagnostic() throws {
        let cases: [(name: String, marked: String, message: String)] = [
            ("unknown mirror", Self.description(uses: "[⟦\"Modifications\"⟧]"), "\"Modifications\" is not a declared mirror"),
            (
                "a mirror the result does not hold", Self.description(returns: "[CKRecord]", uses: "[⟦\"Modification\"⟧]"),
                "nor a parameter holds CKDatabase.RecordZoneChange.Modification"
            ),
            (
                "a position a mirror cannot be copied into",
                Self.description(returns: "Set<CKDatabase.RecordZoneChange.Modification>", uses: "[⟦\"Modification\"⟧]"),
                "where a mirror cannot be copied in"
            ),
            ("listed twice by a call", Self.description(uses: "[\"Modification\", ⟦\"Modification\"⟧]"), "is listed twice"),
            (
                "duplicate member",
                Self.description(members: "[{ \"name\": \"record\", \"type\": \"CKRecord\" }, { \"name\": ⟦\"record\"⟧, \"type\": \"CKRecord\" }]"),
                "the member \"record\" is listed twice"
            ),
            (
                "a member type that does not parse", Self.description(members: "[{ \"name\": \"record\", \"type\": ⟦\"[CKRecord\"⟧ }]"),
                "\"[CKRecord\" is not a valid Swift type"
            ),
            (
                "a member name that is not an identifier", Self.description(members: "[{ \"name\": ⟦\"record-id\"⟧, \"type\": \"CKRecord\" }]"),
                "the mirrored member name \"record-id\" is not a valid Swift identifier"
            ),
            (
                "no members",
                Self.description(
                    mirrors: "[⟦{ \"name\": \"Modification\", \"sdkType\": \"CKDatabase.RecordZoneChange.Modification\", \"members\": [] }⟧]"),
                "has no members"
            ),
            (
                "declared twice",
                Self.description(
                    mirrors: """
                        [{ "name": "Modification", "sdkType": "CKDatabase.RecordZoneChange.Modification", "members": [{ "name": "record", "type": "CKRecord" }] },
                         { "name": ⟦"Modification"⟧, "sdkType": "CKRecord", "members": [{ "name": "record", "type": "CKRecord" }] }]
                        """),
                "the mirror \"Modification\" is declared twice"
            ),
            (
                "a generated name collision",
                Self.description(
                    mirrors: """
                        [{ "name": "Modification", "sdkType": "CKDatabase.RecordZoneChange.Modification", "members": [{ "name": "record", "type": "CKRecord" }] },
                         { "name": ⟦"DatabaseCall"⟧, "sdkType": "CKRecord", "members": [{ "name": "record", "type": "CKRecord" }] }]
                        """),
                "the generated name CloudDatabaseCall (the mirror DatabaseCall) is also its call keys"
            ),
            (
                "a generated name that hides a type a mirror reads",
                Self.description(
                    mirrors: """
                        [{ "name": "Modification", "sdkType": "CKDatabase.RecordZoneChange.Modification", "members": [{ "name": "record", "type": "CKRecord" }] },
                         { "name": ⟦"Token"⟧, "sdkType": "CKToken", "members": [{ "name": "previous", "type": "CloudToken?" }] }]
                        """),
                "the generated name CloudToken (the mirror Token) is the name of a type or module the description names"
            ),
            (
                "an SDK type that is not a named type",
                Self.description(
                    mirrors:
                        "[{ \"name\": \"Modification\", \"sdkType\": ⟦\"[CKRecord]\"⟧, \"members\": [{ \"name\": \"record\", \"type\": \"CKRecord\" }] }]"
                ).replacingOccurrences(of: "\"mirrors\": [\"Modification\"]", with: "\"mirrors\": []"),
                "the mirrored SDK type \"[CKRecord]\" must be a named type"
            ),
            (
                "a completion form with handlerValueType",
                Self.description(
                    forms:
                        "{ \"async\": { \"name\": \"recordZoneChanges\" }, \"completion\": ⟦{ \"name\": \"fetchRecordZoneChanges\", \"handlerValueType\": \"Int?\" }⟧ }"
                ),
                "a completion form with \"handlerValueType\" cannot return mirrors"
            ),
            ("an unknown key", Self.description(members: "[{ \"name\": \"record\", \"type\": \"CKRecord\", ⟦\"optional\"⟧: true }]"), "optional"),
        ]
        for testCase in cases {
            try expectOneDiagnostic(in: testCase.marked, named: testCase.name, saying: testCase.message)
        }
    }

    /// The protocol returns the mirror where the SDK's result held its SDK type, spelled as the
    /// description wrote the rest.
    func testTheResultHoldsTheMirrorWhereTheSDKTypeWas() throws {
        let files = try Generator(templates: TemplateSet.bundled()).generate(
            Array(Self.description().utf8), file: "CloudKit.clouddouble.json", artifacts: [.protocols, .live])
        let protocols = try XCTUnwrap(files.first { $0.name.hasSuffix("Protocols.swift") }?.contents)
        XCTAssertTrue(protocols.contains("struct CloudModification: Swift.Sendable {"), protocols)
        XCTAssertTrue(
            protocols.contains(
                "func recordZoneChanges(inZoneWith zoneID: CKRecordZone.ID) async throws -> (modificationResultsByID: [CKRecord.ID: Result<CloudModification, any Error>], deletions: [CKDatabase.RecordZoneChange.Deletion], moreComing: Bool)"
            ),
            protocols)
        let live = try XCTUnwrap(files.first { $0.name.hasSuffix("Live.swift") }?.contents)
        XCTAssertTrue(live.contains("init(_ sdkValue_: CKDatabase.RecordZoneChange.Modification) {"), live)
        XCTAssertTrue(
            live.contains(
                "modificationResultsByID: sdkValue_.modificationResultsByID.mapValues { value0_ in value0_.map { value1_ in CloudModification(value1_) } }, deletions: sdkValue_.deletions, moreComing: sdkValue_.moreComing"
            ), live)
    }
}
