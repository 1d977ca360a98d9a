import CloudDoubleGenerator
import Foundation
import XCTest

/// Mirrored members newer than the floor: what `availability` takes, and each mistake refused
/// with one located diagnostic at the value in ⟦…⟧.
final class MirrorAvailabilityDiagnosticTests: XCTestCase {
    static func members(_ reason: String, _ other: String = "") -> String {
        #"[{ "name": "record", "type": "CKRecord" }, { "name": "reason", "type": "CKRecord.ID", "availability": "#
            + reason + " }" + other + "]"
    }

    func testAMemberNewerThanTheFloorValidatesAndIsDeclaredUnderItsAvailability() throws {
        let description = MirrorDiagnosticTests.description(
            members: Self.members(
                #"["@available(macOS 14.0, iOS 17.0, *)"]"#,
                #", { "name": "note", "type": "String?", "availability": ["@available(macOS 14.0, iOS 17.0, *)"] }"#))
        let files = try Generator(templates: TemplateSet.bundled()).generate(
            Array(description.utf8), file: "CloudKit.clouddouble.json", artifacts: [.protocols, .live])
        let protocols = try XCTUnwrap(files.first { $0.name.hasSuffix("Protocols.swift") }?.contents)
        XCTAssertTrue(protocols.contains("    @available(macOS 14.0, iOS 17.0, *)\n    public var reason: CKRecord.ID {"), protocols)
        XCTAssertTrue(protocols.contains("    public var note: String? {\n        noteStorage_ as? String\n    }"), protocols)
        XCTAssertTrue(protocols.contains("nonisolated init(record: CKRecord) {"), protocols)
        XCTAssertTrue(
            protocols.contains(
                "    @available(macOS 14.0, iOS 17.0, *)\n    public nonisolated init(record: CKRecord, reason: CKRecord.ID, note: String?) {"),
            protocols)
        let live = try XCTUnwrap(files.first { $0.name.hasSuffix("Live.swift") }?.contents)
        XCTAssertTrue(
            live.contains(
                "        if #available(macOS 14.0, iOS 17.0, *) {\n            self.init(record: sdkValue_.record, reason: sdkValue_.reason, note: sdkValue_.note)\n        } else {\n            self.init(record: sdkValue_.record)\n        }"
            ), live)
    }

    func testEachMistakeHasItsLocatedDiagnostic() throws {
        let cases: [(name: String, marked: String, message: String)] = [
            (
                "the detailed form", MirrorDiagnosticTests.description(members: Self.members(#"[⟦"@available(iOS, introduced: 17.0)"⟧]"#)),
                "a mirrored member's availability is written with platform versions and *"
            ),
            (
                "an attribute that does not parse", MirrorDiagnosticTests.description(members: Self.members(#"[⟦"@available(iOS 17.0)"⟧]"#)),
                "availability must be one attribute"
            ),
            (
                "two availabilities in one mirror",
                MirrorDiagnosticTests.description(
                    members: Self.members(
                        #"["@available(macOS 14.0, iOS 17.0, *)"]"#,
                        #", { "name": "note", "type": "String?", "availability": [⟦"@available(macOS 15.0, iOS 18.0, *)"⟧] }"#)),
                "that have availability must all have the same"
            ),
        ]
        for testCase in cases {
            try expectOneDiagnostic(in: testCase.marked, named: testCase.name, saying: testCase.message)
        }
    }
}
