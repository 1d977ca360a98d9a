import Foundation
import XCTest

@testable import CloudDoubleGenerator

/// `import` and `check` read declarations through the lexer and compare types on the type model,
/// like the validator. One test per rule, each with a case the text scanners got wrong.
final class DriftTypeModelTests: XCTestCase {
    /// A symbol of module `SDK` with one declaration.
    func symbol(_ kind: String, _ path: [String], _ declaration: String) -> [String: Any] {
        [
            "kind": ["identifier": kind], "identifier": ["precise": path.joined(separator: ".")], "pathComponents": path,
            "declarationFragments": [["kind": "text", "spelling": declaration]], "accessLevel": "public",
        ]
    }

    func surface(_ symbols: [[String: Any]]) throws -> SDKSurface {
        let data = try JSONSerialization.data(withJSONObject: ["module": ["name": "SDK"], "symbols": symbols])
        return SDKSurface(graphs: [try JSONDecoder().decode(SymbolGraph.self, from: data)])
    }

    /// Types compare on the model, typealiases resolved by lookup. Before: `Optional<Thing.ID>`
    /// and `String?` differed (text), and each comparison sorted every typealias.
    func testTypesCompareOnTheModelWithTypealiasesResolved() throws {
        let surface = try surface([
            symbol("swift.class", ["Thing"], "class Thing"), symbol("swift.typealias", ["Thing", "ID"], "typealias ID = String"),
            symbol("swift.typealias", ["Thing", "Key"], "typealias Key = Thing.ID"),
        ])
        XCTAssertTrue(surface.sameType("Optional<Thing.ID>", "String?"))
        XCTAssertTrue(surface.sameType("[Thing.Key:Swift.Int]", "Dictionary<String, Int>"))
        XCTAssertFalse(surface.sameType("Thing.IDs", "String"), "a longer name is not the alias")
        // A cycle of typealiases ends.
        let cyclic = try self.surface([symbol("swift.typealias", ["A"], "typealias A = B"), symbol("swift.typealias", ["B"], "typealias B = A")])
        XCTAssertFalse(cyclic.sameType("A", "String"))
    }

    /// Declarations split on the lexer's tokens. Before: an escaped quote in a default value
    /// flipped the scanner's "in a string" state and the parameters ran together.
    func testADeclarationSplitsOnTokens() throws {
        let declaration = try XCTUnwrap(
            SwiftDeclaration(
                #"@discardableResult func save(_ name: String = "a\", b: c", into zone: [String:Int], completionHandler: @escaping @Sendable (Swift.Result<Int, any Error>) -> Void) async throws -> Int"#
            ))
        XCTAssertEqual(declaration.parameters.map(\.name), ["name", "zone", "completionHandler"])
        XCTAssertEqual(declaration.parameters[0].defaultValue, #""a\", b: c""#)
        XCTAssertEqual(declaration.parameters[1].type, "[String: Int]")
        XCTAssertEqual(declaration.attributes, ["@discardableResult"])
        XCTAssertTrue(declaration.isAsync && declaration.throwsErrors)
        XCTAssertEqual(declaration.returns, "Int")
        XCTAssertNil(try XCTUnwrap(SwiftDeclaration("func f() -> ()")).returns)
    }

    /// A handler is recognised on the model. Before: `Swift.Result<…>` and `Swift.Error?` were
    /// not (the text did not start with `Result<`), so the call was drafted as a sync form.
    func testAHandlerIsRecognisedOnTheModel() {
        func handler(_ type: String) -> SDKHandler? {
            SDKMethod.handler(SDKParameter(label: "completionHandler", name: "completionHandler", type: type))
        }
        XCTAssertEqual(handler("@escaping @Sendable (Swift.Result<CKRecord, Swift.Error>) -> Void"), .result("CKRecord"))
        XCTAssertEqual(handler("@escaping (CKRecord?, (any Error)?) -> Swift.Void"), .completion(value: "CKRecord?", optional: true))
        XCTAssertEqual(handler("((Optional<Error>) -> ())?"), .completion(value: nil, optional: true))
        XCTAssertNil(handler("@escaping (CKRecord?, (any Error)?) -> Bool"))
        XCTAssertEqual(
            handler("@escaping ((any Error)?, DataSnapshot?) -> Void"), .completion(value: "DataSnapshot?", optional: true, errorFirst: true))
    }

    /// A property's type and settability come from its tokens. Before: `{ get }` inside a
    /// default string made a settable property read-only.
    func testAPropertyReadsItsTokens() throws {
        let surface = try surface([
            symbol("swift.class", ["Thing"], "class Thing"),
            symbol("swift.property", ["Thing", "label"], #"var label: [String : Int] = ["{ get }": 1]"#),
            symbol("swift.property", ["Thing", "count"], "var count: Int { get }"),
        ])
        let properties = try XCTUnwrap(surface.types["Thing"]).properties
        XCTAssertEqual(properties.map(\.type), ["[String: Int]", "Int"])
        XCTAssertEqual(properties.map(\.settable), [true, false])
    }

    /// Availability is read as the decoder parsed it. Before: an escaped quote and commas in
    /// a message made `check` index past the end of an empty part and crash.
    func testAvailabilityIsReadFromItsParse() {
        let attributes = [#"@available(*, deprecated, message: "a\",:,\"b")"#, "@available(iOS, introduced: 15.0, deprecated: 17.0)"]
        let described = DescribedAvailability(attributes.map { DeclaredAvailability(Located($0, SourceLocation(line: 1, column: 1))) })
        XCTAssertTrue(described.deprecatedEverywhere)
        XCTAssertEqual(described.introduced["ios"], "15.0")
        XCTAssertEqual(described.deprecated["ios"], "17.0")
    }

    /// The toolchain's availability domains map to the names `@available` takes. Before:
    /// `import` drafted `@available(iOSAppExtension, deprecated: 15.0)`, which `validate` refuses.
    func testAvailabilityDomainsMapToSwiftPlatforms() throws {
        let json =
            #"[{ "domain": "iOSAppExtension", "deprecated": { "major": 15 } }, { "domain": "Linux", "deprecated": { "major": 1 } }, { "domain": "macOS", "deprecated": { "major": 13, "minor": 1 } }]"#
        let entries = try JSONDecoder().decode([SymbolGraph.Symbol.Availability].self, from: Data(json.utf8))
        let drafted = DraftImporter.availability(entries).attributes
        XCTAssertEqual(drafted, ["@available(macOS, deprecated: 13.1)", "@available(iOSApplicationExtension, deprecated: 15.0)"])
        for attribute in drafted { XCTAssertNotNil(try? Availability.parse(attribute).get(), attribute) }
    }

    /// A draft holds to the validator's rules on types: what generated code cannot carry is
    /// omitted with the reason, so the draft validates. Before: `import` drafted `inout`,
    /// variadic and non-escaping closure parameters, and the draft failed `validate`. A sync call's
    /// one non-escaping closure is drafted as the SDK has it.
    func testADraftOmitsWhatGeneratedCodeCannotCarry() throws {
        let symbols: [[String: Any]] = [
            symbol("swift.class", ["Thing"], "class Thing"),
            symbol("swift.method", ["Thing", "bump(_:)"], "func bump(_ value: inout Int)"),
            symbol("swift.method", ["Thing", "sum(_:)"], "func sum(_ values: Int...) -> Int"),
            symbol("swift.method", ["Thing", "each(_:)"], "func each(_ body: (Int) -> Void)"),
            symbol("swift.method", ["Thing", "both(_:_:)"], "func both(_ first: () -> Void, _ second: () -> Void)"),
            symbol("swift.method", ["Thing", "visit(_:)"], "func visit(_ body: (Int) -> Void) async throws"),
            symbol("swift.method", ["Thing", "count()"], "func count() async throws -> Int"),
            symbol("swift.property", ["Thing", "handler"], "var handler: () -> Void { get }"),
            symbol("swift.method", ["Thing", "convert(_:)"], "func convert<T>(_ value: T) -> T"),
            symbol("swift.method", ["Thing", "reset()"], "mutating func reset()"),
            symbol("swift.property", ["Thing", "remote"], "var remote: Int { get async throws }"),
            symbol("swift.property", ["Thing", "cache_"], "var cache_: Int { get }"),
            symbol("swift.method", ["Thing", "flush_()"], "func flush_() async throws"),
            symbol("swift.method", ["Thing", "load(key_:)"], "func load(key_: String) async throws -> Int"),
        ]
        let data = try JSONSerialization.data(withJSONObject: ["module": ["name": "SDK"], "symbols": symbols])
        let draft = try Drift.draft(symbolGraph: data, types: ["Thing"])
        XCTAssertNoThrow(try Generator.validate(Array(draft.json.utf8), file: "SDK.clouddouble.json"), draft.json)
        XCTAssertTrue(draft.json.contains(#""type": "(Int) -> Void""#), draft.json)
        for omitted in ["bump(_:)", "sum(_:)", "both(_:_:)", "visit(_:)", "handler"] {
            XCTAssertTrue(
                draft.todos.contains { $0.contains("Thing.\(omitted): TODO(clouddouble import): generated code cannot carry") },
                "\(omitted): \(draft.todos)")
        }
        // Before: drafted, and the draft's generated code did not compile.
        for omitted in ["convert(_:)", "reset()", "remote"] {
            XCTAssertTrue(
                draft.todos.contains { $0.contains("Thing.\(omitted): TODO(clouddouble import): a description cannot say this") },
                "\(omitted): \(draft.todos)")
        }
        // Before: drafted, and the draft did not validate (names ending in `_` are generated code's).
        for omitted in ["cache_", "flush_()", "load(key_:)"] {
            XCTAssertTrue(
                draft.todos.contains { $0.contains("Thing.\(omitted): TODO(clouddouble import): its name or a parameter's ends in") },
                "\(omitted): \(draft.todos)")
        }
        XCTAssertTrue(draft.json.contains(#""id": "count""#), draft.json)
    }

    /// Firebase's error-first blocks: `import` drafts `"handlerOrder": "errorFirst"` and the
    /// draft validates; `check` accepts the draft and reports a form described in the other order.
    /// Before: the handlers were not recognised, so the methods were drafted as plain sync calls.
    func testErrorFirstHandlersAreDraftedAndChecked() throws {
        let symbols: [[String: Any]] = [
            symbol("swift.class", ["Ref"], "class Ref"),
            symbol("swift.method", ["Ref", "getData(completion:)"], "func getData(completion block: @escaping ((any Error)?, Snapshot?) -> Void)"),
            symbol("swift.class", ["Snapshot"], "class Snapshot"),
        ]
        let graph = try JSONSerialization.data(withJSONObject: ["module": ["name": "SDK"], "symbols": symbols])
        let draft = try Drift.draft(symbolGraph: graph, types: ["Ref"])
        XCTAssertTrue(draft.json.contains(#""handlerOrder": "errorFirst""#), draft.json)
        XCTAssertNoThrow(try Generator.validate(Array(draft.json.utf8), file: "SDK.clouddouble.json"), draft.json)
        XCTAssertEqual(try Drift.check(description: Array(draft.json.utf8), file: "SDK.clouddouble.json", symbolGraph: graph).map(\.message), [])
        let valueFirst = draft.json.replacingOccurrences(of: #""handlerOrder": "errorFirst""#, with: #""handlerOrder": "valueFirst""#)
        let findings = try Drift.check(description: Array(valueFirst.utf8), file: "SDK.clouddouble.json", symbolGraph: graph)
        XCTAssertEqual(
            findings.map(\.message), ["`getData(completion:)` in Ref has a handler that takes the error first; the description's form is valueFirst"])
    }

    /// A synchronous method that throws (Firestore's `Transaction.getDocument(_:)`): `import`
    /// drafts `"throws": true` and `check` accepts it; a description without it is reported.
    /// Before: drafted as a plain sync form, whose live adapter did not compile.
    func testThrowingSyncMethodsAreDraftedAndChecked() throws {
        let symbols: [[String: Any]] = [
            symbol("swift.class", ["Txn"], "class Txn"),
            symbol("swift.method", ["Txn", "getDocument(_:)"], "func getDocument(_ path: String) throws -> Int"),
        ]
        let graph = try JSONSerialization.data(withJSONObject: ["module": ["name": "SDK"], "symbols": symbols])
        let draft = try Drift.draft(symbolGraph: graph, types: ["Txn"])
        XCTAssertTrue(draft.json.contains(#""throws": true"#), draft.json)
        XCTAssertNoThrow(try Generator.validate(Array(draft.json.utf8), file: "SDK.clouddouble.json"), draft.json)
        XCTAssertEqual(try Drift.check(description: Array(draft.json.utf8), file: "SDK.clouddouble.json", symbolGraph: graph).map(\.message), [])
        let plain = draft.json.replacingOccurrences(of: #", "throws": true"#, with: "").replacingOccurrences(of: #""throws": true, "#, with: "")
        XCTAssertFalse(plain.contains("throws"), plain)
        let findings = try Drift.check(description: Array(plain.utf8), file: "SDK.clouddouble.json", symbolGraph: graph)
        XCTAssertEqual(findings.map(\.message), ["`getDocument(_:)` in Txn now throws; the description's \"sync\" form does not"])
    }

    /// An async call returning a described type is checked against the SDK type it wraps.
    func testAnAsyncCallReturningADescribedTypeIsChecked() throws {
        let symbols: [[String: Any]] = [
            symbol("swift.class", ["Store"], "class Store"),
            symbol("swift.method", ["Store", "section(named:)"], "func section(named name: String) async throws -> Section"),
            symbol("swift.class", ["Section"], "class Section"),
            symbol("swift.property", ["Section", "title"], "var title: String { get }"),
        ]
        let graph = try JSONSerialization.data(withJSONObject: ["module": ["name": "SDK"], "symbols": symbols])
        let description = #"""
            { "formatVersion": 1, "module": "SDK", "prefix": "Cloud", "types": [
              { "name": "Store", "sdkType": "Store",
                "calls": [{ "id": "section", "parameters": [{ "label": "named", "name": "name", "type": "String" }], "returnsRef": "Section", "forms": { "async": { "name": "section" } } }] },
              { "name": "Section", "sdkType": "Section", "properties": [{ "name": "title", "type": "String" }] }] }
            """#
        XCTAssertNoThrow(try Generator.validate(Array(description.utf8), file: "SDK.clouddouble.json"))
        XCTAssertEqual(try Drift.check(description: Array(description.utf8), file: "SDK.clouddouble.json", symbolGraph: graph).map(\.message), [])
    }

    /// `check` knows initialisers, subscripts and type members. Before: an `omitted` entry for
    /// one was reported as "no longer" in the SDK.
    func testCheckFindsInitialisersSubscriptsAndTypeMembers() throws {
        let symbols: [[String: Any]] = [
            symbol("swift.class", ["Thing"], "class Thing"), symbol("swift.init", ["Thing", "init(zone:)"], "init(zone: String)"),
            symbol("swift.subscript", ["Thing", "subscript(_:)"], "subscript(key: String) -> Int { get }"),
            symbol("swift.type.method", ["Thing", "shared()"], "static func shared() -> Thing"),
            symbol("swift.method", ["Thing", "count()"], "func count() async throws -> Int"),
        ]
        let graph = try JSONSerialization.data(withJSONObject: ["module": ["name": "SDK"], "symbols": symbols])
        let description = #"""
            { "formatVersion": 1, "module": "SDK", "prefix": "Cloud", "types": [{ "name": "Thing", "sdkType": "Thing",
              "calls": [{ "id": "count", "parameters": [], "returns": "Int", "forms": { "async": { "name": "count" } } }],
              "omitted": [{ "name": "init(zone:)", "reason": "made by the app" }, { "name": "subscript", "reason": "not used" }, { "name": "shared", "reason": "a singleton" }] }] }
            """#
        let findings = try Drift.check(description: Array(description.utf8), file: "SDK.clouddouble.json", symbolGraph: graph)
        XCTAssertEqual(findings.map(\.message), [])
    }

    /// Whether a description already says a member is unavailable on a platform is read from
    /// its parsed attribute, in the toolchain's domain mapped to Swift's name. Before: the text
    /// was matched against `@available(iOSAppExtension,`, which no valid attribute spells.
    func testUnavailabilityIsReadFromTheParsedAttribute() throws {
        var method = symbol("swift.method", ["Thing", "count()"], "func count() async throws -> Int")
        method["availability"] = [["domain": "iOSAppExtension", "isUnconditionallyUnavailable": true]]
        let graph = try JSONSerialization.data(withJSONObject: [
            "module": ["name": "SDK"], "symbols": [symbol("swift.class", ["Thing"], "class Thing"), method],
        ])
        func findings(_ availability: String) throws -> [String] {
            let description = """
                { "formatVersion": 1, "module": "SDK", "prefix": "Cloud", "types": [{ "name": "Thing", "sdkType": "Thing",
                  "calls": [{ "id": "count", "parameters": [], "returns": "Int", "forms": { "async": { "name": "count", "availability": [\(availability)] } } }] }] }
                """
            return try Drift.check(description: Array(description.utf8), file: "SDK.clouddouble.json", symbolGraph: graph).map(\.message)
        }
        XCTAssertEqual(try findings(#""@available( iOSApplicationExtension , unavailable)""#), [])
        XCTAssertEqual(try findings(""), ["`count()` is unavailable on iOSApplicationExtension in Thing"])
    }
}
