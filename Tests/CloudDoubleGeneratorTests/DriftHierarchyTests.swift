import CloudDoubleGenerator
import CloudDoubleTestSupport
import Foundation
import XCTest

/// `import` and `check` on a class hierarchy: the KitchenSink stand-in's `SettingsFolder`
/// subclasses `SettingsNode`.
final class DriftHierarchyTests: XCTestCase {
    /// `Node` and `Folder`, as the KitchenSink description has them; `describe` is the name of
    /// Node's `describe` form, `folderSDKType` Folder's SDK class.
    static func description(describe: String = "describe", folderSDKType: String = "SettingsFolder") -> String {
        """
        {
          "formatVersion": 1,
          "module": "KitchenSinkSDK",
          "prefix": "Sink",
          "types": [
            {
              "name": "Node",
              "sdkType": "SettingsNode",
              "properties": [{ "name": "path", "type": "String" }],
              "calls": [
                { "id": "size", "returns": "Int", "forms": { "async": { "name": "size" }, "completion": { "name": "size", "handlerLabel": "completion" } } },
                { "id": "describe", "returns": "String", "forms": { "sync": { "name": "\(describe)" } } }
              ]
            },
            {
              "name": "Folder",
              "sdkType": "\(folderSDKType)",
              "inherits": "Node",
              "calls": [
                { "id": "add", "parameters": [{ "label": "_", "name": "entry", "type": "String" }], "forms": { "async": { "name": "add" } } },
                { "id": "child", "parameters": [{ "label": "named", "name": "name", "type": "String" }], "returnsRef": "Folder", "forms": { "sync": { "name": "child" } } }
              ]
            }
          ]
        }
        """
    }

    func check(_ description: String) throws -> [DriftFinding] {
        try Drift.check(description: Array(description.utf8), file: "Sink.json", symbolGraphs: SymbolGraphExtraction.graphs(of: "KitchenSinkSDK"))
    }

    /// Inherited members are found in the parent's symbols: nothing to report on the unchanged SDK.
    func testCheckIsSilentOnAnUnchangedHierarchy() throws {
        XCTAssertEqual(try check(Self.description()).map(\.description), [])
    }

    /// A parent member that no longer matches is reported once, at the parent's member, not
    /// again for the child that inherits it.
    func testADriftedParentMemberIsReportedOnceAtTheParent() throws {
        let description = Self.description(describe: "describeNode")
        let findings = try check(description).filter { $0.severity == .error }
        XCTAssertEqual(findings.count, 1, findings.map(\.description).joined(separator: "\n"))
        let line = description.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("describeNode") }.map { $0 + 1 }
        XCTAssertEqual(findings.first?.location.line, line)
        XCTAssertTrue(findings.first?.message.contains("SettingsNode") ?? false, findings.first?.message ?? "")
    }

    /// A child whose SDK class does not subclass the parent's is reported at its `inherits`.
    func testAChildThatIsNotASubclassIsReported() throws {
        let description = Self.description(folderSDKType: "SettingsStore")
        let findings = try check(description).filter { $0.message.contains("does not subclass") }
        XCTAssertEqual(
            findings.map(\.message),
            ["SettingsStore does not subclass SettingsNode in the symbol graph of KitchenSinkSDK, so Folder cannot inherit Node"])
        let line = description.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("\"inherits\"") }.map { $0 + 1 }
        XCTAssertEqual(findings.first?.location.line, line)
    }

    /// A draft of both classes says the subclass inherits the parent, and leaves the parent's
    /// members to it; the draft validates and checks clean.
    func testImportDraftsInheritsWithoutRepeatingTheParentsMembers() throws {
        let draft = try Drift.draft(symbolGraphs: SymbolGraphExtraction.graphs(of: "KitchenSinkSDK"), types: ["SettingsNode", "SettingsFolder"])
        let types = try XCTUnwrap(
            (try JSONSerialization.jsonObject(with: Data(draft.json.utf8)) as? [String: Any])?["types"] as? [[String: Any]], draft.json)
        XCTAssertEqual(types.map { $0["name"] as? String }, ["SettingsNode", "SettingsFolder"], draft.json)
        XCTAssertEqual(types[1]["inherits"] as? String, "SettingsNode", draft.json)
        XCTAssertNil(types[0]["inherits"], draft.json)
        let folderCalls = (types[1]["calls"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        XCTAssertEqual(folderCalls, ["add", "child"], draft.json)
        XCTAssertNil(types[1]["properties"], draft.json)
        XCTAssertNoThrow(try Generator.validate(Array(draft.json.utf8), file: "draft.json"), draft.json)
        XCTAssertEqual(try check(draft.json).filter { $0.severity == .error }.map(\.description), [])
    }

    /// Only the drafted classes count: a subclass drafted alone inherits nothing and gets the
    /// members it declares.
    func testASubclassDraftedAloneInheritsNothing() throws {
        let draft = try Drift.draft(symbolGraphs: SymbolGraphExtraction.graphs(of: "KitchenSinkSDK"), types: ["SettingsFolder"])
        XCTAssertFalse(draft.json.contains("\"inherits\""), draft.json)
    }
}
