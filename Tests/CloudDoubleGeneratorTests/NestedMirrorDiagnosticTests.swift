import CloudDoubleGenerator
import Foundation
import XCTest

/// Mirrors holding mirrors (a mirror's `"mirrors"`): what validates, what the protocols and live
/// adapters make of it, and each mistake refused with one located diagnostic at the value in ⟦…⟧.
final class NestedMirrorDiagnosticTests: XCTestCase {
    /// `Modification` (returned by the call) and `Identity`; `modification` and `identity` are
    /// the rest of each mirror's object after its name.
    static func description(
        modification: String =
            #""mirrors": ["Identity"], "members": [{ "name": "record", "type": "CKRecord" }, { "name": "owner", "type": "CKUserIdentity" }, { "name": "editors", "type": "[CKUserIdentity]?" }]"#,
        identity: String = #""members": [{ "name": "userRecordID", "type": "CKRecord.ID?" }]"#
    ) -> String {
        MirrorDiagnosticTests.description(
            mirrors: """
                [{ "name": "Modification", "sdkType": "CKDatabase.RecordZoneChange.Modification", \(modification) },
                 { "name": "Identity", "sdkType": "CKUserIdentity", \(identity) }]
                """)
    }

    func testAMirrorHoldingAMirrorValidatesAndCopiesIt() throws {
        let files = try Generator(templates: TemplateSet.bundled()).generate(
            Array(Self.description().utf8), file: "CloudKit.clouddouble.json", artifacts: [.protocols, .live])
        let protocols = try XCTUnwrap(files.first { $0.name.hasSuffix("Protocols.swift") }?.contents)
        XCTAssertTrue(protocols.contains("let owner: CloudIdentity\n"), protocols)
        XCTAssertTrue(protocols.contains("init(record: CKRecord, owner: CloudIdentity, editors: [CloudIdentity]?)"), protocols)
        let live = try XCTUnwrap(files.first { $0.name.hasSuffix("Live.swift") }?.contents)
        XCTAssertTrue(
            live.contains(
                "self.init(record: sdkValue_.record, owner: CloudIdentity(sdkValue_.owner), editors: sdkValue_.editors.map { value0_ in value0_.map { value1_ in CloudIdentity(value1_) } })"
            ), live)
    }

    func testEachMistakeHasItsLocatedDiagnostic() throws {
        let members = #""members": [{ "name": "record", "type": "CKRecord" }, { "name": "owner", "type": "CKUserIdentity" }]"#
        let cases: [(name: String, marked: String, message: String)] = [
            (
                "an unknown mirror", Self.description(modification: #""mirrors": [⟦"Identiti"⟧], "# + members),
                "\"Identiti\" is not a declared mirror"
            ),
            (
                "listed twice", Self.description(modification: #""mirrors": ["Identity", ⟦"Identity"⟧], "# + members),
                "the mirror \"Identity\" is listed twice"
            ),
            (
                "no member holds it",
                Self.description(modification: #""mirrors": [⟦"Identity"⟧], "members": [{ "name": "record", "type": "CKRecord" }]"#),
                "no member of the mirror \"Modification\" holds CKUserIdentity"
            ),
            (
                "a position a mirror cannot be copied into",
                Self.description(modification: #""mirrors": [⟦"Identity"⟧], "members": [{ "name": "owners", "type": "Set<CKUserIdentity>" }]"#),
                "a member holds CKUserIdentity where a mirror cannot be copied in"
            ),
            (
                "a Sendable mirror holding one that is not",
                Self.description(
                    modification: #""mirrors": [⟦"Identity"⟧], "# + members,
                    identity: #""sendable": false, "members": [{ "name": "userRecordID", "type": "CKRecord.ID?" }]"#),
                "the Sendable mirror \"Modification\" cannot hold \"Identity\", which is not Sendable"
            ),
            (
                "a mirror holding itself",
                Self.description(
                    modification:
                        #""mirrors": [⟦"Modification"⟧], "members": [{ "name": "parent", "type": "CKDatabase.RecordZoneChange.Modification?" }]"#),
                "the mirror \"Modification\" would hold itself (\"Modification\" → \"Modification\")"
            ),
            (
                "two mirrors holding each other: one error, at the entry closing the cycle",
                Self.description(
                    modification: #""mirrors": ["Identity"], "# + members,
                    identity:
                        #""mirrors": [⟦"Modification"⟧], "members": [{ "name": "changes", "type": "[CKDatabase.RecordZoneChange.Modification]" }]"#),
                "the mirror \"Identity\" would hold itself (\"Modification\" → \"Identity\" → \"Modification\")"
            ),
        ]
        for testCase in cases {
            try expectOneDiagnostic(in: testCase.marked, named: testCase.name, saying: testCase.message)
        }
    }
}
