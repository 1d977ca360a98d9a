import XCTest

@testable import CloudDoubleGenerator

/// The translators spell each call and form from the validated description, which holds no
/// Swift text (`CallSpelling`, `FormSpelling`): every artifact declares and forwards a form
/// through the same spelling.
final class FormSpellingTests: XCTestCase {
    static func translator(_ json: String) throws -> (ValidatedDescription, Translator) {
        let validated = try Generator.resolve(Array(json.utf8), file: "Store.clouddouble.json")
        return (validated, Translator(description: validated, sourceFile: "Store.clouddouble.json"))
    }

    /// A form's spelling: its declaration (on the type model: a described type as its protocol,
    /// the handler's value optional once), its forwarded call, its attributes; the call's result
    /// and recorded arguments.
    func testFormsAreSpelledFromTheResolvedModel() throws {
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
        let (validated, translator) = try Self.translator(json)
        let value = translator.spelling(of: validated.types[0].calls[0])
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
        XCTAssertEqual(completion.selector(), "fetchValue(forKey:in:done:)")
        XCTAssertEqual(completion.defaultOverloads().map(\.invocation), ["fetchValue(forKey: key, in: nil, done: done)"])
        XCTAssertEqual(value.argumentsType, "(key: String, zone: String?)")
        let child = translator.spelling(of: validated.types[0].calls[1])
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
        let (validated, translator) = try Self.translator(json)
        let calls = validated.types[0].calls.map(translator.spelling(of:))
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
            calls[0].forms[3].callExpression(handler: "handler", replacing: [:]),
            "`default`(`in`, repeat: `repeat`, completionHandler: handler)", "spelled when asked, the same way")
    }
}
