import CloudDoubleGenerator
import Foundation
import XCTest

/// Mirrors a call takes back (`"keepsSDKValue": true`): where they may be taken, and each
/// mistake refused with one located diagnostic at the value in ⟦…⟧.
final class MirrorParameterDiagnosticTests: XCTestCase {
    /// A valid description whose `accept` call takes a share's metadata back; `parameters`,
    /// `keeps`, `returns` and `forms` replace parts.
    static func description(
        parameters: String = #"[{ "label": "_", "name": "metadata", "type": "CKShare.Metadata" }]"#, keeps: Bool = true,
        returns: String = #""returns": "CKShare","#,
        forms: String = #"{ "async": { "name": "accept" }, "completion": { "name": "accept" }, "sync": { "name": "acceptNow" } }"#
    ) -> String {
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
                  "id": "acceptShare",
                  "parameters": \(parameters),
                  \(returns)
                  "mirrors": ["ShareMetadata"],
                  "mockDefault": "CKShare()",
                  "forms": \(forms)
                }
              ]
            },
            { "name": "Database", "sdkType": "CKDatabase" }
          ],
          "mirrors": [
            {
              "name": "ShareMetadata", "sdkType": "CKShare.Metadata", "keepsSDKValue": \(keeps),
              "members": [{ "name": "containerIdentifier", "type": "String" }]
            }
          ]
        }
        """
    }

    func testAMirrorTakenBackValidates() throws {
        XCTAssertNoThrow(try Generator.validate(Array(Self.description().utf8), file: "test.json"))
        let positions =
            #"[{ "label": "_", "name": "metadatas", "type": "[CKShare.Metadata]?" }, { "name": "byURL", "type": "[URL: CKShare.Metadata]" }, { "name": "first", "type": "CKShare.Metadata?", "default": "nil" }]"#
        XCTAssertNoThrow(try Generator.validate(Array(Self.description(parameters: positions, returns: "").utf8), file: "test.json"))
    }

    func testEachMistakeHasItsLocatedDiagnostic() throws {
        // A per-item input also draws the per-item rules' own errors: only this one is checked.
        try expectOneDiagnostic(
            in: Self.description(
                parameters: #"[{ "label": "_", "name": "metadatas", "type": ⟦"[CKShare.Metadata]"⟧, "items": {} }]"#,
                returns: #""returns": "[CKShare.Metadata: Result<CKShare, any Error>]","#),
            named: "a per-item input", saying: "the parameter \"metadatas\" holds mirrors, so it cannot be a per-item input",
            ignoring: { !$0.message.contains("per-item input") })
        let cases: [(name: String, marked: String, message: String)] = [
            (
                "a mirror that keeps nothing",
                Self.description(parameters: #"[{ "label": "_", "name": "metadata", "type": ⟦"CKShare.Metadata"⟧ }]"#, keeps: false),
                "the parameter \"metadata\" takes the mirror \"ShareMetadata\", which does not keep its SDK value"
            ),
            (
                "a position the SDK value cannot be taken out of",
                Self.description(parameters: #"[{ "label": "_", "name": "metadatas", "type": ⟦"Set<CKShare.Metadata>"⟧ }]"#),
                "where the SDK's value cannot be taken back out of a mirror"
            ),
            (
                "a closure that is handed the SDK value",
                Self.description(parameters: #"[{ "label": "_", "name": "handler", "type": ⟦"@escaping (CKShare.Metadata) -> Void"⟧ }]"#),
                "where the SDK's value cannot be taken back out of a mirror"
            ),
            (
                "a default that is not nil",
                Self.description(
                    parameters: #"[{ "label": "_", "name": "metadata", "type": "CKShare.Metadata?", "default": ⟦"CKShare.Metadata.sample"⟧ }]"#),
                "its default can only be nil"
            ),
            (
                "a call returning a described type",
                Self.description(
                    parameters: #"[{ "label": "_", "name": "metadata", "type": ⟦"CKShare.Metadata"⟧ }]"#, returns: #""returnsRef": "Database","#,
                    forms: #"{ "async": { "name": "database" } }"#),
                "a call that returns a described type cannot take mirrors"
            ),
            (
                "an unknown mirror in a call with no result",
                Self.description(returns: "").replacingOccurrences(
                    of: #""mirrors": ["ShareMetadata"]"#, with: #""mirrors": ["ShareMetadata", ⟦"ShareMetadatas"⟧]"#),
                "\"ShareMetadatas\" is not a declared mirror"
            ),
            (
                "a mirror listed twice by a call with no result",
                Self.description(returns: "").replacingOccurrences(
                    of: #""mirrors": ["ShareMetadata"]"#, with: #""mirrors": ["ShareMetadata", ⟦"ShareMetadata"⟧]"#),
                "the mirror \"ShareMetadata\" is listed twice"
            ),
            (
                "neither result nor parameter holds it",
                Self.description(parameters: #"[{ "label": "_", "name": "url", "type": "URL" }]"#, returns: "")
                    .replacingOccurrences(of: #""mirrors": ["ShareMetadata"]"#, with: #""mirrors": [⟦"ShareMetadata"⟧]"#),
                "\"mirrors\" needs a \"returns\" type or a parameter that holds the mirrored SDK types"
            ),
        ]
        for testCase in cases {
            try expectOneDiagnostic(in: testCase.marked, named: testCase.name, saying: testCase.message)
        }
    }

    /// The protocol takes the mirror; the live adapter hands the SDK the kept value, and reports
    /// a mirror a test made to the completion handler.
    func testTheLiveAdapterTakesTheKeptValueBackOut() throws {
        let files = try Generator(templates: TemplateSet.bundled()).generate(
            Array(Self.description().utf8), file: "CloudKit.clouddouble.json", artifacts: [.protocols, .live])
        let protocols = try XCTUnwrap(files.first { $0.name.hasSuffix("Protocols.swift") }?.contents)
        XCTAssertTrue(protocols.contains("func accept(_ metadata: CloudShareMetadata) async throws -> CKShare"), protocols)
        XCTAssertTrue(protocols.contains("let sdkValue_: CKShare.Metadata?"), protocols)
        XCTAssertTrue(protocols.contains("init(containerIdentifier: String, sdkValue_: CKShare.Metadata? = nil)"), protocols)
        let live = try XCTUnwrap(files.first { $0.name.hasSuffix("Live.swift") }?.contents)
        XCTAssertTrue(live.contains("self.init(containerIdentifier: sdkValue_.containerIdentifier, sdkValue_: sdkValue_)"), live)
        XCTAssertTrue(
            live.contains("let sdkArgument0_ = try metadata.keptSDKValue_()\n        return try await self.base_.accept(sdkArgument0_)"), live)
        XCTAssertTrue(live.contains("let sdkArgument0_ = try! metadata.keptSDKValue_()"), "a sync form that cannot throw traps\n\(live)")
        XCTAssertTrue(live.contains("} catch {\n            completionHandler(nil, error)\n            return\n        }"), live)
    }
}
