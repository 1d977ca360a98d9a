import CloudDoubleTestSupport
import Foundation
import XCTest

@testable import CloudDoubleGenerator

/// What `import` chooses for a person: `uncheckedSendable` where the symbol graph shows a type is
/// not `Sendable`, the availability floor, call ids and the prefix. One test per choice, each with
/// the draft it made before.
final class DriftImportDefaultsTests: XCTestCase {
    /// A symbol of the graph, with availability entries (`["macOS": 14]`) when given.
    func symbol(_ kind: String, _ path: [String], _ declaration: String, introduced: [String: Int] = [:]) -> [String: Any] {
        var symbol: [String: Any] = [
            "kind": ["identifier": kind], "identifier": ["precise": "s:" + path.joined(separator: ".")], "pathComponents": path,
            "declarationFragments": [["kind": "text", "spelling": declaration]], "accessLevel": "public",
        ]
        if !introduced.isEmpty {
            symbol["availability"] = introduced.sorted { $0.key < $1.key }.map { ["domain": $0.key, "introduced": ["major": $0.value]] }
        }
        return symbol
    }

    func graph(module: String = "SDK", _ symbols: [[String: Any]], relationships: [[String: Any]]? = nil) throws -> Data {
        var graph: [String: Any] = ["module": ["name": module], "symbols": symbols]
        if let relationships { graph["relationships"] = relationships }
        return try JSONSerialization.data(withJSONObject: graph)
    }

    func conforms(_ type: String, to target: String, kind: String = "conformsTo") -> [String: Any] {
        ["kind": kind, "source": "s:" + type, "target": target]
    }

    func type(_ name: String, in json: String) throws -> [String: Any] {
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let types = try XCTUnwrap(object["types"] as? [[String: Any]])
        return try XCTUnwrap(types.first { $0["sdkType"] as? String == name }, json)
    }

    /// A class the symbol graph shows is not `Sendable` (no `conformsTo` edge reaching
    /// `s:s8SendableP`, itself or through its superclass) is drafted with `"uncheckedSendable":
    /// true`, a TODO in its doc and a warning naming the type and the key. Before: the draft
    /// validated and its `Live.swift` had six compile errors, with no hint.
    func testATypeThatIsNotSendableIsMarkedAndWarnedAbout() throws {
        let symbols = [
            symbol("swift.class", ["Client"], "class Client"), symbol("swift.method", ["Client", "fetch()"], "func fetch() async throws -> Int"),
            symbol("swift.class", ["Base"], "class Base"), symbol("swift.class", ["Safe"], "class Safe"),
            symbol("swift.method", ["Safe", "fetch()"], "func fetch() async throws -> Int"),
        ]
        let relationships = [
            conforms("Client", to: "s:SH"), conforms("Base", to: "s:s8SendableP"), conforms("Safe", to: "s:Base", kind: "inheritsFrom"),
        ]
        let draft = try Drift.draft(symbolGraph: graph(symbols, relationships: relationships), types: ["Client", "Safe"])
        XCTAssertNoThrow(try Generator.validate(Array(draft.json.utf8), file: "SDK.clouddouble.json"), draft.json)
        let client = try type("Client", in: draft.json)
        XCTAssertEqual(client["uncheckedSendable"] as? Bool, true, draft.json)
        XCTAssertTrue((client["doc"] as? String ?? "").contains("TODO(clouddouble import): Client is not Sendable"), draft.json)
        XCTAssertNil(try type("Safe", in: draft.json)["uncheckedSendable"], "Sendable through its superclass")
        XCTAssertEqual(draft.warnings.count, 1, "\(draft.warnings)")
        XCTAssertTrue(draft.warnings[0].hasPrefix("Client is not Sendable"), draft.warnings[0])
        XCTAssertTrue(draft.warnings[0].contains("\"uncheckedSendable\": true"), draft.warnings[0])
        // A graph with no relationships at all says nothing about conformances: no guess.
        let unknown = try Drift.draft(symbolGraph: graph(symbols), types: ["Client"])
        XCTAssertNil(try type("Client", in: unknown.json)["uncheckedSendable"], unknown.json)
        XCTAssertEqual(unknown.warnings, [])
    }

    /// Real graphs: the fixture's `@unchecked Sendable` classes, its actor and its protocol
    /// refining `Sendable` are not marked.
    func testSendableTypesOfARealGraphAreNotMarked() throws {
        let draft = try Drift.draft(
            symbolGraphs: SymbolGraphExtraction.graphs(of: "DriftSDKV1"), types: ["DSStore", "DSBucket", "DSJournal", "DSSource"])
        XCTAssertFalse(draft.json.contains("uncheckedSendable"), draft.json)
        XCTAssertEqual(draft.warnings, [])
    }

    /// The floor is the newest `introduced` over the members the draft keeps. Before: an omitted
    /// member introduced in macOS 14 raised the floor to 14 though the draft never names it.
    func testTheAvailabilityFloorComesFromKeptMembersOnly() throws {
        let data = try graph([
            symbol("swift.class", ["Thing"], "class Thing"),
            symbol("swift.method", ["Thing", "count()"], "func count() async throws -> Int", introduced: ["macOS": 12, "iOS": 15]),
            symbol("swift.method", ["Thing", "bump(_:)"], "func bump(_ value: inout Int)", introduced: ["macOS": 14, "iOS": 17]),
            symbol("swift.property", ["Thing", "remote"], "var remote: Int { get async throws }", introduced: ["macOS": 15]),
        ])
        let draft = try Drift.draft(symbolGraph: data, types: ["Thing"])
        XCTAssertTrue(draft.json.contains(#""availability": ["@available(macOS 12.0, iOS 15.0, *)"]"#), draft.json)
    }

    /// Ids take the words that tell calls of one name apart, and only when several share it.
    /// Before: `setData`'s overloads were `setDataDocumentData`, `setDataDocumentData2`, `setDataDocumentData3`.
    func testCallIDsTakeOnlyTheDistinguishingLabels() throws {
        let data = try graph([
            symbol("swift.class", ["Doc"], "class Doc"),
            symbol("swift.method", ["Doc", "setData(_:)"], "func setData(_ documentData: [String: Int]) async throws"),
            symbol("swift.method", ["Doc", "setData(_:merge:)"], "func setData(_ documentData: [String: Int], merge: Bool) async throws"),
            symbol(
                "swift.method", ["Doc", "setData(_:mergeFields:)"], "func setData(_ documentData: [String: Int], mergeFields: [String]) async throws"),
            symbol("swift.method", ["Doc", "save(_:)"], "func save(_ record: Int) async throws"),
            symbol("swift.method", ["Doc", "save(_:)-2"], "func save(_ zone: String) async throws"),
            symbol("swift.method", ["Doc", "delete(named:)"], "func delete(named name: String) async throws"),
            symbol("swift.method", ["Doc", "records(for:desiredKeys:)"], "func records(for ids: [Int], desiredKeys: [String]?) async throws"),
            symbol(
                "swift.method", ["Doc", "records(matching:inZoneWith:desiredKeys:resultsLimit:)"],
                "func records(matching query: String, inZoneWith zone: String?, desiredKeys: [String]?, resultsLimit: Int) async throws"),
        ])
        let draft = try Drift.draft(symbolGraph: data, types: ["Doc"])
        XCTAssertNoThrow(try Generator.validate(Array(draft.json.utf8), file: "SDK.clouddouble.json"), draft.json)
        XCTAssertEqual(
            DriftImportTests.drafted(in: draft.json),
            [
                "delete", "recordsFor", "recordsMatching", "saveRecord", "saveZone", "setData", "setDataMerge", "setDataMergeFields",
            ])
    }

    /// A module-named prefix that would repeat a word in front of a drafted type's name (it
    /// ends with the name, or the name starts with it) gives way to a placeholder and a note:
    /// dropping the word would name a generated protocol like the module or the SDK type, which
    /// `validate` refuses. Before: the protocol of `Firestore` in `FirebaseFirestore` was
    /// `FirebaseFirestoreFirestore`, of `FirestoreClient` in `Firestore` `FirestoreFirestoreClient`.
    func testAModuleNamedPrefixDoesNotDouble() throws {
        let firestore = try graph(
            module: "FirebaseFirestore",
            [
                symbol("swift.class", ["Firestore"], "class Firestore"),
                symbol("swift.method", ["Firestore", "clear()"], "func clear() async throws"),
                symbol("swift.class", ["DocumentReference"], "class DocumentReference"),
                symbol("swift.method", ["DocumentReference", "delete()"], "func delete() async throws"),
            ])
        let draft = try Drift.draft(symbolGraph: firestore, types: ["Firestore", "DocumentReference"])
        XCTAssertNoThrow(try Generator.validate(Array(draft.json.utf8), file: "SDK.clouddouble.json"), draft.json)
        XCTAssertTrue(draft.json.contains(#""prefix": "Remote""#), draft.json)
        XCTAssertEqual(try type("Firestore", in: draft.json)["name"] as? String, "Firestore")
        XCTAssertTrue(draft.todos.contains { $0.hasPrefix("prefix: \"Remote\" is a placeholder") }, "\(draft.todos)")
        let client = try graph(
            module: "Firestore",
            [
                symbol("swift.class", ["FirestoreClient"], "class FirestoreClient"),
                symbol("swift.method", ["FirestoreClient", "clear()"], "func clear() async throws"),
            ])
        let clientDraft = try Drift.draft(symbolGraph: client, types: ["FirestoreClient"])
        XCTAssertNoThrow(try Generator.validate(Array(clientDraft.json.utf8), file: "SDK.clouddouble.json"), clientDraft.json)
        XCTAssertTrue(clientDraft.json.contains(#""prefix": "Remote""#), clientDraft.json)
        // A module's name that repeats nothing stays the prefix.
        let other = try graph(
            module: "Firestore",
            [symbol("swift.class", ["Store"], "class Store"), symbol("swift.method", ["Store", "clear()"], "func clear() async throws")])
        XCTAssertTrue(try Drift.draft(symbolGraph: other, types: ["Store"]).json.contains(#""prefix": "Firestore""#))
    }
}
