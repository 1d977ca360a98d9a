import XCTest

@testable import CloudDoubleGenerator

/// Validation returns the description resolved: what translators read instead of working it out
/// again. (Only `Validator.validate` makes one.)
final class ValidatedDescriptionTests: XCTestCase {
    func testValidationResolvesIdsOperationsAndAvailability() throws {
        let json = #"""
            {
              "formatVersion": 1, "module": "SDK", "prefix": "Cloud", "availability": ["@available(iOS 15.0,macOS 12.0 , *)"],
              "types": [{
                "name": "Store", "sdkType": "SDKStore",
                "properties": [{ "name": "count", "type": "Int", "availability": ["@available(iOS, deprecated: 17.0)"] }],
                "calls": [
                  { "parameters": [{ "name": "key", "type": "String" }], "returns": "Int", "forms": { "async": { "name": "value", "availability": ["@available(macOS 13, *)"] } } },
                  { "id": "run", "parameters": [{ "label": "_", "name": "operation", "type": "SDKOperation" }], "operations": true, "forms": { "sync": { "name": "add" } } }
                ]
              }],
              "operations": [{
                "name": "Fetch", "sdkType": "SDKOperation",
                "result": { "type": "Void", "blocks": [{ "name": "resultBlock", "role": "finalResult", "type": "(Result<Void, any Error>) -> Void" }] }
              }]
            }
            """#
        let validated = try Generator.resolve(Array(json.utf8), file: "Store.clouddouble.json")
        XCTAssertEqual(validated.prefix.value, "Cloud", "the description's fields read through")
        XCTAssertEqual(validated.availability.map(\.text), ["@available(iOS 15.0, macOS 12.0, *)"])
        let store = try XCTUnwrap(validated.types.first)
        XCTAssertEqual(store.properties[0].availability.map(\.text), ["@available(iOS, deprecated: 17.0)"])
        XCTAssertEqual(store.calls.map(\.callID), ["value", "run"], "a call without an id takes its first form's name")
        XCTAssertEqual(store.calls[0].forms[0].availability.map(\.text), ["@available(macOS 13, *)"])
        XCTAssertEqual(store.calls[1].runs.map(\.name.value), ["Fetch"], "\"operations\": true runs every described operation")
    }

    /// The resolved types keep the description's order and every member.
    func testManyTypesResolveInOrderWithTheirMembers() throws {
        let types = (0..<150).map { index in
            #"{ "name": "Service\#(index)", "sdkType": "SDKService\#(index)", "properties": [{ "name": "name", "type": "String" }], "calls": [{ "parameters": [{ "name": "value", "type": "Int" }], "returns": "[String]", "forms": { "async": { "name": "op\#(index)" }, "sync": { "name": "op\#(index)" } } }] }"#
        }
        let json = #"{ "formatVersion": 1, "module": "SDK", "prefix": "Bench", "types": [\#(types.joined(separator: ","))] }"#
        let validated = try Generator.resolve(Array(json.utf8), file: "Bench.clouddouble.json")
        XCTAssertEqual(validated.types.map(\.name.value), (0..<150).map { "Service\($0)" })
        XCTAssertEqual(validated.types.map { $0.calls[0].callID }, (0..<150).map { "op\($0)" })
        let decoded = try DescriptionDecoder.decode(Array(json.utf8), file: "Bench.clouddouble.json")
        XCTAssertEqual(validated.types.map { $0.calls[0].forms.map(\.kind) }, decoded.types.map { $0.calls[0].forms.map(\.kind.value) })
        XCTAssertEqual(validated.description.types[75].calls[0].parameters[0].type.value, "Int", "the description reads back whole")
    }

    /// Each form's signature is spelled once, when the description is resolved, for all four
    /// artifacts: its declaration (on the type model: a described type as its protocol, the
    /// handler's value optional once), its forwarded call, its attributes; the call's result on
    /// the type model.
    func testFormsCarryTheirSignatures() throws {
        let json = #"""
            {
              "formatVersion": 1, "module": "SDK", "prefix": "Cloud",
              "types": [
                { "name": "Store", "sdkType": "SDKStore", "calls": [
                  { "parameters": [{ "label": "for", "name": "key", "type": "String" }, { "name": "zone", "type": "String?", "default": "nil" }],
                    "returns": "Optional<Int>",
                    "forms": {
                      "async": { "name": "value", "availability": ["@available(macOS 13, *)"], "discardableResult": true },
                      "completion": { "name": "fetchValue", "labels": ["forKey", "in"], "handlerLabel": "done" }
                    } },
                  { "id": "child", "parameters": [], "returnsRef": "Child", "forms": { "sync": { "name": "child" } } }
                ] },
                { "name": "Child", "sdkType": "SDKChild" }
              ]
            }
            """#
        let validated = try Generator.resolve(Array(json.utf8), file: "Store.clouddouble.json")
        let value = validated.types[0].calls[0]
        XCTAssertEqual(value.returns, "Optional<Int>")
        XCTAssertEqual(value.returnsType?.isOptional, true, "the result is read on the type model")
        let async = value.forms[0]
        XCTAssertEqual(
            async.declaration, "func value(`for` key: String, zone: String?) async throws -> Optional<Int>", "labels are escaped as every name is")
        XCTAssertEqual(async.callExpression, "value(for: key, zone: zone)")
        XCTAssertEqual(async.attributes.map(\.text), ["@available(macOS 13, *)", "@discardableResult"])
        let completion = value.forms[1]
        XCTAssertEqual(
            completion.declaration,
            "func fetchValue(forKey key: String, `in` zone: String?, done: @escaping @Sendable (Optional<Int>, (any Swift.Error)?) -> Swift.Void)",
            "an optional result is not made optional again")
        XCTAssertEqual(completion.callExpression, "fetchValue(forKey: key, in: zone, done: done)")
        XCTAssertEqual(completion.selector(of: value), "fetchValue(forKey:in:done:)")
        XCTAssertEqual(completion.defaultOverloads(of: value).map(\.invocation), ["fetchValue(forKey: key, in: nil, done: done)"])
        XCTAssertEqual(value.argumentsType, "(key: String, zone: String?)")
        let child = validated.types[0].calls[1]
        XCTAssertEqual(child.returns, "any CloudChild", "a described type is returned as its protocol")
        XCTAssertEqual(child.returnsReference, "Child")
        XCTAssertEqual(child.forms[0].declaration, "func child() -> any CloudChild")
        XCTAssertEqual(child.argumentsType, "Swift.Void")
    }
    /// Every form reads its own texts, keyword names escaped, its own labels or its call's.
    func testEveryFormOfATypeReadsItsOwnTexts() throws {
        let json = #"""
            { "formatVersion": 1, "module": "SDK", "prefix": "Cloud", "types": [{ "name": "Store", "sdkType": "SDKStore", "calls": [
              { "parameters": [{ "label": "_", "name": "in", "type": "Int" }, { "name": "repeat", "type": "Bool" }], "returns": "String",
                "forms": { "sync": { "name": "run" }, "async": { "name": "run" }, "completion": { "name": "start", "labels": ["at", "_"] }, "result": { "name": "default" } } },
              { "parameters": [], "forms": { "async": { "name": "stop" }, "completion": { "name": "stop", "handlerLabel": "done" } } },
              { "parameters": [{ "name": "key", "type": "String" }], "returns": "Int", "forms": { "async": { "name": "value" }, "completion": { "name": "value" } } }
            ] }] }
            """#
        let calls = try Generator.resolve(Array(json.utf8), file: "Store.clouddouble.json").types[0].calls
        XCTAssertEqual(
            calls.flatMap { $0.forms.map(\.declaration) },
            [
                "func run(_ `in`: Int, `repeat`: Bool) -> String",
                "func run(_ `in`: Int, `repeat`: Bool) async throws -> String",
                "func start(at `in`: Int, _ `repeat`: Bool, completionHandler: @escaping @Sendable (String?, (any Swift.Error)?) -> Swift.Void)",
                "func `default`(_ `in`: Int, `repeat`: Bool, completionHandler: @escaping @Sendable (Swift.Result<String, any Swift.Error>) -> Swift.Void)",
                "func stop() async throws",
                "func stop(done: @escaping @Sendable ((any Swift.Error)?) -> Swift.Void)",
                "func value(key: String) async throws -> Int",
                "func value(key: String, completionHandler: @escaping @Sendable (Int?, (any Swift.Error)?) -> Swift.Void)",
            ])
        XCTAssertEqual(
            calls.flatMap { $0.forms.map(\.callExpression) },
            [
                "run(`in`, repeat: `repeat`)",
                "run(`in`, repeat: `repeat`)",
                "start(at: `in`, `repeat`, completionHandler: completionHandler)",
                "`default`(`in`, repeat: `repeat`, completionHandler: completionHandler)",
                "stop()",
                "stop(done: done)",
                "value(key: key)",
                "value(key: key, completionHandler: completionHandler)",
            ])
        XCTAssertEqual(
            calls[0].forms[3].callExpression(of: calls[0], handler: "handler", replacing: [:]),
            "`default`(`in`, repeat: `repeat`, completionHandler: handler)", "spelled when asked, the same way")
    }
}
