@testable import CloudDoubleGenerator
import XCTest

/// Typed contexts answer names themselves (``TemplateScope``), resolved to ``TemplateField``s
/// when a template is compiled. They must answer exactly as an object with the same fields
/// would, in every template a user might write.
final class TemplateScopeTests: XCTestCase {
    /// A member with a few fields, one of them false and one a section named under `kind`.
    struct Member: TemplateScope {
        var declaration: String
        var settable: Bool
        var isAsync: Bool

        func value(of field: TemplateField) -> TemplateValue? {
            switch field {
            case .declaration: .string(declaration)
            case .settable: .bool(settable)
            case .kind: .object([(key: "async", value: .bool(isAsync))])
            default: nil
            }
        }
    }

    /// `value` with every scope, at any depth, made the object of the same fields.
    static func expanded(_ value: TemplateValue) -> TemplateValue {
        switch value {
        case .scope(let context): return .object(context.fields.map { (key: $0.key, value: expanded($0.value)) })
        case .object(let fields): return .object(fields.map { (key: $0.key, value: expanded($0.value)) })
        case .list(let items): return .list(items.map(expanded))
        case .generated(let list): return .list((0..<list.count).map { expanded(list.item($0)) })
        case .string, .bool, .line, .lines: return value
        }
    }

    func render(_ source: String, _ context: TemplateValue) throws -> String {
        try MustacheTemplate(name: "t", source: source).render(context)
    }

    func testAScopeAnswersAsAnObjectWithItsFields() throws {
        let members: [TemplateValue] = [
            Member(declaration: "var a: Int", settable: true, isAsync: false).templateValue,
            Member(declaration: "func b() async", settable: false, isAsync: true).templateValue,
        ]
        // Outside the members: a name they have (`settable`, not reached while a member has it,
        // even false), names no field has (`accessPrefix` is a user's name here), a dotted name
        // whose first part a member has (`kind.result`: not looked for further out).
        let context: TemplateValue = .object([
            (key: "members", value: .list(members)), ("settable", "outer"), ("accessPrefix", "public "), ("unknownName", "u"),
            ("kind", .object([(key: "result", value: "outer")])),
        ])
        let template = """
            {{#members}}{{accessPrefix}}{{declaration}}|{{settable}}|{{#settable}}S{{/settable}}{{^settable}}-{{/settable}}\
            |{{#kind.async}}A{{/kind.async}}{{^kind.async}}s{{/kind.async}}|{{kind.async}}|{{kind.missing}}{{kind.result}}|{{unknownName}}|{{nameLiteral}}
            {{/members}}
            """
        let rendered = try render(template, context)
        XCTAssertEqual(rendered, "public var a: Int|true|S|s|false||u|\npublic func b() async|false|-|A|true||u|\n")
        XCTAssertEqual(try render(template, Self.expanded(context)), rendered)
    }

    /// `{{name}}` is written by the scope that has it (no value handed back): the same text as
    /// through the value, found at the same depth, past an inner object that has the name or a
    /// scope that has not, and the same error for a field that is not text.
    func testAVariableAScopeWritesIsTheValueItWouldHaveGiven() throws {
        let context: TemplateValue = .object([
            (key: "outer", value: Member(declaration: "outer", settable: true, isAsync: false).templateValue),
            ("items", .list([
                .object([(key: "declaration", value: "object")]),
                Member(declaration: "inner", settable: false, isAsync: true).templateValue,
                .line("a line"),
            ])),
        ])
        let template = "{{#outer}}{{#items}}{{declaration}}/{{settable}}/{{isAsync}};{{/items}}{{/outer}}"
        let rendered = try render(template, context)
        XCTAssertEqual(rendered, "object/true/;inner/false/;outer/true/;")
        XCTAssertEqual(try render(template, Self.expanded(context)), rendered)

        for context in [context, Self.expanded(context)] {
            XCTAssertThrowsError(try render("{{#outer}}{{kind}}{{/outer}}", context)) { error in
                XCTAssertEqual((error as? MustacheTemplate.RenderError)?.message, "t: {{kind}} is a list or object, not text")
            }
        }
    }

    /// A member that writes its declaration itself (``TemplateWritingScope``), as a form's
    /// contexts do, and answers the rest by value.
    struct WritingMember: TemplateWritingScope {
        var member: Member
        /// Written before the declaration: the text is written in two pieces.
        var prefix: String

        func value(of field: TemplateField) -> TemplateValue? {
            field == .declaration ? .string(prefix + member.declaration) : member.value(of: field)
        }

        func write(_ field: TemplateField, to output: inout RenderOutput) -> Bool {
            guard field == .declaration else { return false }
            output.append(prefix)
            output.append(member.declaration)
            return true
        }
    }

    /// A field a scope writes renders as its value would, found at the same depth (past an
    /// inner object that has the name, or a scope that has not), and only for `{{name}}`: a
    /// section over it, a dotted name and the fields it does not write read values.
    func testAFieldAScopeWritesIsTheValueItWouldHaveGiven() throws {
        let outer = WritingMember(member: Member(declaration: "outer", settable: true, isAsync: false), prefix: "public ")
        let inner = WritingMember(member: Member(declaration: "inner()", settable: false, isAsync: true), prefix: "")
        let context: TemplateValue = .object([
            (key: "outer", value: outer.templateValue),
            ("items", .list([.object([(key: "declaration", value: "object")]), inner.templateValue, .line("a line")])),
        ])
        let template = "{{#outer}}{{#items}}{{declaration}}/{{#declaration}}[{{declaration}}]{{/declaration}}/{{settable}}/{{kind.async}};{{/items}}{{/outer}}"
        let rendered = try render(template, context)
        XCTAssertEqual(rendered, "object/[object]/true/false;inner()/[inner()]/false/true;public outer/[public outer]/true/false;")
        XCTAssertEqual(try render(template, Self.expanded(context)), rendered)
    }

    /// A protocol's comments written in their pieces are the lines ``DocComment`` makes of the
    /// same texts, and a call whose pieces are not plain lines (a non-ASCII label) or whose
    /// documentation needs escaping still gets them: the same file from scopes as from objects.
    func testProtocolCommentsWrittenInPiecesAreTheLinesADocCommentMakes() throws {
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
        XCTAssertEqual(try templates.render(.protocols, context: Self.expanded(context)), rendered)
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

    /// A scope writes a line section's lines itself only when it is the innermost context;
    /// otherwise, and for a section that is not over lines, the lines are its value's.
    func testLinesAScopeWritesAreTheLinesOfItsValue() throws {
        struct Documented: TemplateWritingScope {
            var lines: [String]
            func value(of field: TemplateField) -> TemplateValue? { field == .doc ? .lines(lines) : nil }
            func write(_ field: TemplateField, to output: inout RenderOutput) -> Bool { false }
            func writeLines(_ field: TemplateField, prefix: UnsafeBufferPointer<UInt8>, suffix: UnsafeBufferPointer<UInt8>, to output: inout RenderOutput) -> Bool {
                guard field == .doc else { return false }
                for line in lines {
                    output.append(prefix)
                    output.append(line)
                    output.append(suffix)
                }
                return true
            }
        }
        let context: TemplateValue = .object([
            (key: "items", value: .list([Documented(lines: ["a", "b"]).templateValue, Documented(lines: []).templateValue])),
            ("outer", Documented(lines: ["o"]).templateValue),
        ])
        let template = """
            {{#items}}
            {{#doc}}
            /// {{line}}
            {{/doc}}
            {{#doc}}[{{line}}]{{/doc}}
            {{/items}}
            {{#outer}}{{#items}}
            {{#doc}}
            // {{line}}
            {{/doc}}
            {{/items}}{{/outer}}
            """
        let rendered = try render(template, context)
        XCTAssertEqual(rendered, "/// a\n/// b\n[a][b]\n\n\n// a\n// b\n\n", "the items' own lines under `outer`, not its")
        XCTAssertEqual(try render(template, Self.expanded(context)), rendered)
    }

    /// A type's names written in their pieces are the names its values are, literals included,
    /// for an ASCII name and a name with letters a literal keeps as they are.
    func testATypesNamesWrittenInPiecesAreItsNames() throws {
        for (prefix, name) in [("Cloud", "Database"), ("Wölkchen", "Café")] {
            let json = #"{ "formatVersion": 1, "module": "SDK", "prefix": "\#(prefix)", "types": [{ "name": "\#(name)", "sdkType": "SDK\#(name)" }] }"#
            let type = try Generator.resolve(Array(json.utf8), file: "A.clouddouble.json").types[0]
            let names = TypeNames(type, names: GeneratedNames(prefix: prefix))
            var written = 0
            for field in TemplateField.allCases {
                var output = RenderOutput(capacity: 2)
                guard names.write(field, to: &output) else {
                    XCTAssertNil(names.value(of: field), "\(field)")
                    continue
                }
                written += 1
                guard case .string(let text)? = names.value(of: field) else { return XCTFail("\(field) has no text") }
                XCTAssertEqual(output.finish().utf8Text, text, "\(field)")
            }
            XCTAssertEqual(written, 10, "every name is written")
            XCTAssertEqual(names.value(of: .mockNameLiteral).map { "\($0)" }, "string(\"\\\"Mock\(prefix)\(name)\\\"\")")
        }
    }

    /// A string literal written in its pieces is the literal `SwiftNames.literal` makes, whether
    /// its value is written as it is (nothing to escape) or escaped.
    func testAStringLiteralWrittenIsTheLiteral() {
        for value in ["fetch", "", "a \"quoted\" id", "back\\slash", "line\nbreak", "tab\t", "Grüße", "bell\u{7}", "del\u{7F}"] {
            var output = RenderOutput(capacity: 1)
            StringLiteral(value).append(to: &output)
            XCTAssertEqual(output.finish().utf8Text, SwiftNames.literal(value), value)
            XCTAssertEqual(StringLiteral(value).text, SwiftNames.literal(value), value)
        }
    }

    /// A form's declaration and forwarded call written from its spelled text are the texts its
    /// `declaration(after:)` and `callExpression` make, non-ASCII names included.
    func testAFormsTextsWrittenFromItsSpellingAreTheTextsItMakes() throws {
        let json = #"""
            { "formatVersion": 1, "module": "SDK", "prefix": "Cloud", "types": [{ "name": "Store", "sdkType": "SDKStore", "calls": [
              { "parameters": [{ "label": "für", "name": "schlüssel", "type": "String" }], "returns": "[String]",
                "forms": { "async": { "name": "wert" }, "completion": { "name": "wert" } } }] }] }
            """#
        let description = try Generator.resolve(Array(json.utf8), file: "Cloud.clouddouble.json")
        let forms = description.types[0].calls[0].forms
        XCTAssertEqual(forms.count, 2)
        for form in forms {
            for text in [SpelledText.declaration(form, after: "public "), .declaration(form, after: ""), .callExpression(form), .text("wört")] {
                var output = RenderOutput(capacity: 4)
                text.write(to: &output)
                XCTAssertEqual(output.finish().utf8Text, text.string)
            }
        }
        XCTAssertEqual(SpelledText.declaration(forms[0], after: "public ").string, "public func wert(für schlüssel: String) async throws -> [String]")
    }

    /// A call of a fault wrapper answers `kind.async` without making `kind` (its own
    /// `value(of:then:)`): the same as through `kind`'s value.
    func testADottedNameAnsweredInOneStepIsTheSameAsThroughItsFirstPart() throws {
        let kinds: [FaultTypeContext.Call.Kind] = [
            .async, .result, .forwarded(child: .faults("FaultInjectingCloudDatabase")), .completion(failure: "handler($0)", copied: nil),
        ]
        let template = """
            {{#kind.async}}async{{/kind.async}}{{#kind.result}}result{{/kind.result}}{{#kind.forwarded}}forwarded{{#child}} {{childType}}{{/child}}{{/kind.forwarded}}\
            {{#kind.completion}}completion {{failure}}{{/kind.completion}}{{^kind.items}} no items{{/kind.items}} {{kind.async}}{{kind.forwarded.child.make}}
            """
        var lines: [String] = []
        for kind in kinds {
            let call = FaultTypeContext.Call(
                attributes: [], declaration: .text("func f()"), invocation: .text("f()"), id: StringLiteral("f"), handler: "", arguments: .text("()"), kind: kind)
            let rendered = try render(template, call.templateValue)
            XCTAssertEqual(try render(template, Self.expanded(call.templateValue)), rendered)
            lines.append(rendered)
        }
        XCTAssertEqual(lines, [
            "async no items true", "result no items ", "forwarded FaultInjectingCloudDatabase no items FaultInjectingCloudDatabase(wrapping: $0, faults: self.faults_)",
            "completion handler($0) no items ",
        ])
    }

    /// Every bundled template renders the same from the typed contexts as from objects of
    /// their fields, for the descriptions that between them use every kind of member.
    func testEveryArtifactRendersTheSameFromScopesAsFromObjects() throws {
        let templates = try TemplateSet.bundled()
        for path in TemplateContextTests.descriptions {
            let file = Paths.root.appendingPathComponent(path)
            let translator = Translator(description: try Generator.resolve(Paths.bytes(file), file: path), sourceFile: file.lastPathComponent)
            for artifact in Artifact.allCases {
                let context = translator.context(for: artifact)
                let rendered = try templates.render(artifact, context: context)
                XCTAssertEqual(try templates.render(artifact, context: Self.expanded(context)), rendered, "\(path), \(artifact)")
            }
        }
    }
}
