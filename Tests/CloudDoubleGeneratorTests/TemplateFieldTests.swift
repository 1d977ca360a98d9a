import XCTest

@testable import CloudDoubleGenerator

/// Typed contexts declare their fields in one table each (``TemplateField``); the renderer reads
/// them as objects. A field a context lacks (another kind's) is looked for outwards, as any name
/// an object does not hold; one it has is answered even when false or empty.
final class TemplateFieldTests: XCTestCase {
    /// A member with a few fields, one of them false and one a section named under `kind`.
    struct Member: TemplateContext {
        var declaration: String
        var settable: Bool
        var isAsync: Bool

        static let fields: [TemplateField<Self>] = [
            .init("declaration") { .string($0.declaration) },
            .init("settable") { .bool($0.settable) },
            .init("kind") { .object([(key: "async", value: .bool($0.isAsync))]) },
        ]
    }

    func render(_ source: String, _ context: TemplateValue) throws -> String {
        try MustacheTemplate(name: "t", source: source).render(context)
    }

    func testAContextIsTheObjectOfItsFields() throws {
        let members = [
            Member(declaration: "var a: Int", settable: true, isAsync: false), Member(declaration: "func b() async", settable: false, isAsync: true),
        ]
        // Outside the members: a name they have (`settable`, not reached while a member has it,
        // even false), names no field has (`accessPrefix` is a user's name here), a dotted name
        // whose first part a member has (`kind.result`: not looked for further out).
        let context: TemplateValue = .object([
            (key: "members", value: members.templateValue), ("settable", "outer"), ("accessPrefix", "public "), ("unknownName", "u"),
            ("kind", .object([(key: "result", value: "outer")])),
        ])
        let template = """
            {{#members}}{{accessPrefix}}{{declaration}}|{{settable}}|{{#settable}}S{{/settable}}{{^settable}}-{{/settable}}\
            |{{#kind.async}}A{{/kind.async}}{{^kind.async}}s{{/kind.async}}|{{kind.async}}|{{kind.missing}}{{kind.result}}|{{unknownName}}|{{nameLiteral}}
            {{/members}}
            """
        XCTAssertEqual(try render(template, context), "public var a: Int|true|S|s|false||u|\npublic func b() async|false|-|A|true||u|\n")
        guard case .object(let fields) = members[0].templateValue else { return XCTFail("an object") }
        XCTAssertEqual(fields.map(\.key), Member.fieldNames, "every field, in the table's order")
    }

    /// A kind has only its own field: another kind's section renders nothing, and an undotted
    /// name it lacks is found further out.
    func testAFieldAContextLacksIsLookedForOutwards() throws {
        let kinds: [MockTypeContext.Method] = [.respond, .deliverError, .run(outcomes: ["A", "B"], errorModel: "model")]
        let context: TemplateValue = .object([(key: "kinds", value: kinds.templateValue), ("respond", "outer")])
        let template = "{{#kinds}}{{#run}}[{{errorModel}}{{#outcomes}} {{line}}{{/outcomes}}]{{/run}}{{respond}};{{/kinds}}"
        XCTAssertEqual(try render(template, context), "true;outer;[model A B]outer;")
        guard case .object(let fields) = MockTypeContext.Method.deliverError.templateValue else { return XCTFail("an object") }
        XCTAssertEqual(fields.map(\.key), ["deliverError"])
    }

    /// A protocol's comments are the lines ``DocComment`` makes of the call's documentation and
    /// its forwarding note, for plain lines, a non-ASCII label and documentation that needs
    /// escaping.
    func testProtocolCommentsAreTheLinesADocCommentMakes() throws {
        let json = #"""
            { "formatVersion": 1, "module": "SDK", "prefix": "Cloud", "types": [{ "name": "Store", "sdkType": "SDKStore", "calls": [
              { "doc": "Reads it.\r\nTwo lines, a */ and a\ttab.", "parameters": [{ "name": "key", "type": "String" }], "returns": "Int",
                "forms": { "async": { "name": "value" }, "completion": { "name": "value" } } },
              { "parameters": [{ "label": "für", "name": "schlüssel", "type": "String" }], "forms": { "sync": { "name": "wert" } } },
              { "id": "plain", "parameters": [], "forms": { "sync": { "name": "run" } } }] }] }
            """#
        let description = try Generator.resolve(Array(json.utf8), file: "Cloud.clouddouble.json")
        let context = Translator(description: description, sourceFile: "Cloud.clouddouble.json").context(for: .protocols)
        let templates = try TemplateSet.bundled()
        let rendered = try templates.render(.protocols, context: context)
        for line in [
            "    /// Reads it.\n    /// Two lines, a * / and a tab.\n    /// Call `value`; forwards to `SDKStore.value(key:)`.\n",
            "    /// Call `value`; forwards to `SDKStore.value(key:completionHandler:)`.\n",
            "    /// Call `wert`; forwards to `SDKStore.wert(für:)`.\n", "/// The call `wert`: `wert(für:)`.\n",
            "    /// Call `plain`; forwards to `SDKStore.run()`.\n", "/// The call `plain`: `run()`.\n",
            "/// The call `value`: `value(key:)`, `value(key:completionHandler:)`.\n",
        ] {
            XCTAssertTrue(rendered.contains(line), line)
        }
    }

    /// A type's names are the names ``GeneratedNames`` gives it, literals included, for an ASCII
    /// name and a name with letters a literal keeps as they are.
    func testATypesNamesAreItsGeneratedNames() throws {
        for (prefix, name) in [("Cloud", "Database"), ("Wölkchen", "Café")] {
            let json =
                #"{ "formatVersion": 1, "module": "SDK", "prefix": "\#(prefix)", "types": [{ "name": "\#(name)", "sdkType": "SDK\#(name)" }] }"#
            let type = try Generator.resolve(Array(json.utf8), file: "A.clouddouble.json").types[0]
            let generated = GeneratedNames(prefix: prefix)
            guard case .object(let fields) = TypeNames(type, names: generated).templateValue else { return XCTFail("an object") }
            let texts = fields.map { field -> String in
                guard case .string(let text) = field.value else { return "" }
                return text
            }
            XCTAssertEqual(
                texts,
                [
                    name, "\"\(name)\"", "SDK\(name)", generated.protocolName(name), generated.liveName(name), generated.faultName(name),
                    generated.mockName(name), generated.callKeyName(name), generated.backingName(name),
                ])
        }
    }

    /// A fault wrapper's call answers `kind.async` and the like from its kind's one field.
    func testAKindsSectionsReadItsOneField() throws {
        let kinds: [FaultTypeContext.Call.Kind] = [
            .async, .result, .forwarded(child: .faults("FaultInjectingCloudDatabase")),
            .completion(failure: "handler($0)", valueFirstHandler: "handler", copied: nil),
        ]
        let template = """
            {{#kind.async}}async{{/kind.async}}{{#kind.result}}result{{/kind.result}}{{#kind.forwarded}}forwarded{{#child}} child{{/child}}{{/kind.forwarded}}\
            {{#kind.completion}}completion {{failure}}{{/kind.completion}}{{^kind.items}} no items{{/kind.items}} {{kind.async}}{{kind.forwarded.child.make}}
            """
        var lines: [String] = []
        for kind in kinds {
            let call = FaultTypeContext.Call(
                attributes: [], declaration: .text("func f()"), invocation: .text("f()"), id: StringLiteral("f"), handler: "", arguments: .text("()"),
                kind: kind)
            lines.append(try render(template, call.templateValue))
        }
        XCTAssertEqual(
            lines,
            [
                "async no items true", "result no items ",
                "forwarded child no items FaultInjectingCloudDatabase(wrapping: $0, faults: self.faults_)",
                "completion handler($0) no items ",
            ])
    }
}
