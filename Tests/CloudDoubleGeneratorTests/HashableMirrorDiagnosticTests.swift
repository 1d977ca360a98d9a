import CloudDoubleGenerator
import Foundation
import XCTest

/// Mirrors as per-item inputs and result keys (`"hashable": true`): what validates, and each
/// mistake refused with one located diagnostic at the value in ⟦…⟧.
final class HashableMirrorDiagnosticTests: XCTestCase {
    /// A valid description whose `accept` call takes share metadatas per item and answers keyed
    /// by them; `hashable`, `nestedHashable` and `used` replace parts.
    static func description(hashable: Bool = true, nestedHashable: Bool = true, used: String = #""ShareMetadata""#) -> String {
        """
        {
          "formatVersion": 1,
          "module": "CloudKit",
          "prefix": "Cloud",
          "types": [
            {
              "name": "Container",
              "sdkType": "CKContainer",
              "calls": [
                {
                  "id": "acceptShares",
                  "parameters": [{ "label": "_", "name": "metadatas", "type": "[CKShare.Metadata]", "items": {} }],
                  "returns": "[CKShare.Metadata: Result<CKShare, any Error>]",
                  "mirrors": [\(used)],
                  "perItem": true,
                  "forms": { "async": { "name": "accept" }, "result": { "name": "accept" } }
                }
              ]
            }
          ],
          "mirrors": [
            {
              "name": "ShareMetadata", "sdkType": "CKShare.Metadata", "keepsSDKValue": true, "hashable": \(hashable),
              "mirrors": ["UserIdentity"],
              "members": [{ "name": "containerIdentifier", "type": "String" }, { "name": "ownerIdentity", "type": "CKUserIdentity" }]
            },
            {
              "name": "UserIdentity", "sdkType": "CKUserIdentity", "hashable": \(nestedHashable),
              "members": [{ "name": "hasiCloudAccount", "type": "Bool" }]
            }
          ]
        }
        """
    }

    func testAHashableMirrorIsAPerItemInputAndKeysTheResult() throws {
        let description = Self.description()
        XCTAssertNoThrow(try Generator.validate(Array(description.utf8), file: "test.json"))
        let files = try Generator(templates: TemplateSet.bundled()).generate(
            Array(description.utf8), file: "CloudKit.clouddouble.json", artifacts: [.protocols, .live])
        let protocols = try XCTUnwrap(files.first { $0.name.hasSuffix("Protocols.swift") }?.contents)
        XCTAssertTrue(
            protocols.contains("func accept(_ metadatas: [CloudShareMetadata]) async throws -> [CloudShareMetadata: Result<CKShare, any Error>]"))
        XCTAssertTrue(protocols.contains("public struct CloudShareMetadata: Swift.Sendable, nonisolated Swift.Hashable {"))
        let live = try XCTUnwrap(files.first { $0.name.hasSuffix("Live.swift") }?.contents)
        XCTAssertTrue(live.contains("(CloudShareMetadata(value0_.key), value0_.value)"), "the SDK's keys copied into mirrors")
    }

    func testEachMistakeHasItsLocatedDiagnostic() throws {
        // The per-item input draws its own error too: each case checks only its own.
        try expectOneDiagnostic(
            in: Self.description(hashable: false, used: #"⟦"ShareMetadata"⟧"#), named: "a key that is not hashable",
            saying: "the result's dictionary is keyed by CKShare.Metadata, but the mirror \"ShareMetadata\" is not hashable",
            ignoring: { $0.message.contains("per-item input") || $0.message.contains("cannot hold") })
        try expectOneDiagnostic(
            in: Self.description(nestedHashable: false).replacingOccurrences(
                of: #""mirrors": ["UserIdentity"]"#, with: #""mirrors": [⟦"UserIdentity"⟧]"#),
            named: "a hashable mirror holding one that is not",
            saying: "the hashable mirror \"ShareMetadata\" cannot hold \"UserIdentity\", which is not hashable")
        try expectOneDiagnostic(
            in: Self.description(hashable: false, nestedHashable: false)
                .replacingOccurrences(of: #""mirrors": ["UserIdentity"]"#, with: #""mirrors": [⟦"UserIdentity"⟧]"#)
                .replacingOccurrences(of: #""type": "CKUserIdentity""#, with: #""type": "[CKUserIdentity: Int]""#),
            named: "a member keyed by a mirror that is not hashable",
            saying: "a member's dictionary is keyed by CKUserIdentity, but the mirror \"UserIdentity\" is not hashable",
            ignoring: { $0.message.contains("per-item input") || $0.message.contains("result's dictionary") })
    }
}
