import Foundation
import XCTest

@testable import CloudDoubleGenerator

/// Each template's typed context, checked two ways:
/// - the template and its translator agree on names: a tag whose name no context holds renders
///   nothing, silently, so every name a bundled template looks up must be one its own artifact's
///   context gives (for the KitchenSink and CloudKit descriptions, which between them use every
///   kind of member);
/// - snapshots lock what each artifact's context holds for the KitchenSink description, field by
///   field, already escaped (`Tests/Goldens/Contexts/`; re-record with `CLOUDDOUBLE_RECORD=1`).
final class TemplateContextTests: XCTestCase {
    static let descriptions = ["Tests/Goldens/Descriptions/KitchenSink.clouddouble.json", "Descriptions/CloudKit.clouddouble.json"]

    func translator(_ path: String) throws -> Translator {
        let file = Paths.root.appendingPathComponent(path)
        let description = try Generator.resolve(Paths.bytes(file), file: path)
        return Translator(description: description, sourceFile: file.lastPathComponent, descriptionPath: path)
    }

    /// Every field name at any depth of `value`, expanding generated lists.
    func fieldNames(in value: TemplateValue, into names: inout Set<String>) {
        switch value {
        case .string, .bool: break
        case .line, .lines: names.insert("line")
        case .list(let items): for item in items { fieldNames(in: item, into: &names) }
        case .object(let fields):
            for field in fields {
                names.insert(field.key)
                fieldNames(in: field.value, into: &names)
            }
        }
    }

    /// The names each artifact's template looks up that its context does not give.
    func missingNames(_ templates: TemplateSet) throws -> [Artifact: [String]] {
        var missing: [Artifact: [String]] = [:]
        for artifact in Artifact.allCases {
            var given = Set<String>()
            for path in Self.descriptions {
                fieldNames(in: try translator(path).context(for: artifact), into: &given)
            }
            // `-first` is the renderer's own, given in every list section that reads it.
            let names = templates.fieldNames(usedBy: artifact).subtracting(given).subtracting([MustacheTemplate.firstName])
            if !names.isEmpty { missing[artifact] = names.sorted() }
        }
        return missing
    }

    func testEveryNameATemplateLooksUpIsGivenByItsArtifactsContext() throws {
        XCTAssertEqual(try missingNames(.bundled()), [:])
    }

    func testAMisspeltNameIsCaught() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("context-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for artifact in Artifact.allCases {
            let source = artifact == .mocks ? "{{#types}}{{mockNmae}}{{/types}}" : "{{module}}"
            try source.write(to: directory.appendingPathComponent("\(artifact.templateName).mustache"), atomically: true, encoding: .utf8)
        }
        try "".write(to: directory.appendingPathComponent("header.mustache"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try missingNames(TemplateSet(directory: directory)), [.mocks: ["mockNmae"]])
    }

    /// Every context type, file and member level: each declares its fields in one table.
    static let contexts: [any TemplateContext.Type] = [
        FileContext.self, TypeNames.self, CopiedSwift.self, CopiedExpression.self, ForwardedProperty.self, ChildWrapping.self,
        ProtocolsFileContext.self, ProtocolsTypeContext.self, ProtocolsTypeContext.Requirement.self, ProtocolsTypeContext.Overload.self,
        ProtocolsTypeContext.CallKey.self,
        OperationContext.self, OperationContext.Stream.self, OperationContext.Block.self, OperationContext.BlockCall.self,
        OperationContext.LegacyCall.self, OperationContext.RequestedFailure.self, OperationContext.RequestedFailures.self,
        OperationContext.Intercept.self, OperationContext.Intercept.Input.self, OperationContext.Intercept.Assignment.self,
        LiveFileContext.self, LiveTypeContext.self, LiveTypeContext.Call.self,
        FaultFileContext.self, FaultTypeContext.self, FaultTypeContext.Call.self, FaultTypeContext.Call.Kind.self,
        FaultTypeContext.Call.Forwarded.self, FaultTypeContext.Call.Completion.self, FaultTypeContext.Call.Operation.self,
        FaultTypeContext.Call.Items.self, FaultTypeContext.Call.MergedField.self, FaultTypeContext.ItemRequest.self,
        MockFileContext.self, MockTypeContext.self, MockTypeContext.Property.self, MockTypeContext.Child.self, MockTypeContext.Method.self,
        MockTypeContext.Run.self, MockTypeContext.Call.self, MockTypeContext.BackingRequirement.self,
        MirrorContext.self, MirrorContext.Member.self,
        ProtocolsTypeContext.ListenerKeys.self, ProtocolsTypeContext.ListenerKeys.Key.self, MockTypeContext.Listen.self,
        MockTypeContext.RemoveListener.self, MockTypeContext.Listeners.self, MockTypeContext.Registration.self,
        FaultTypeContext.Call.Listener.self, FaultTypeContext.Call.RemovesListener.self,
    ]

    /// Fields no bundled template reads, kept for user templates (docs/GeneratedCode.md, "Templates").
    static let forUserTemplates: Set<String> = ["access"]

    /// The fields of `contexts` that no template of `templates` looks up, as `Context.field`.
    func unreadFields(_ templates: TemplateSet) -> [String] {
        var read = Set<String>()
        for artifact in Artifact.allCases { read.formUnion(templates.fieldNames(usedBy: artifact)) }
        return Self.contexts.flatMap { context in
            context.fieldNames.filter { !read.contains($0) && !Self.forUserTemplates.contains($0) }.map { "\(String(reflecting: context)).\($0)" }
        }
    }

    func testEveryFieldIsReadBySomeBundledTemplate() throws {
        XCTAssertEqual(unreadFields(try .bundled()), [])
        XCTAssertEqual(Set(Self.contexts.map { String(reflecting: $0) }).count, Self.contexts.count, "each context once")
    }

    // MARK: Snapshots

    /// `value` as indented text: one field per line, strings quoted as Swift would, lists as `-`.
    static func dump(_ value: TemplateValue, indent: String = "", into lines: inout [String]) {
        switch value {
        case .string(let text): lines.append(indent + SwiftNames.literal(text))
        case .bool(let flag): lines.append(indent + String(flag))
        case .line(let text): lines.append(indent + "line " + SwiftNames.literal(text))
        case .lines(let texts): lines += texts.map { indent + "- " + SwiftNames.literal($0) }
        case .list(let items): dumpItems(items, indent: indent, into: &lines)
        case .object(let fields):
            for field in fields {
                switch field.value {
                case .string, .bool, .line:
                    var inline: [String] = []
                    dump(field.value, into: &inline)
                    lines.append(indent + field.key + ": " + inline[0])
                case .lines(let texts) where texts.isEmpty: lines.append(indent + field.key + ": []")
                case .list(let items) where items.isEmpty: lines.append(indent + field.key + ": []")
                default:
                    lines.append(indent + field.key + ":")
                    dump(field.value, indent: indent + "  ", into: &lines)
                }
            }
        }
    }

    static func dumpItems(_ items: [TemplateValue], indent: String, into lines: inout [String]) {
        for item in items {
            var itemLines: [String] = []
            dump(item, indent: indent + "  ", into: &itemLines)
            guard let first = itemLines.first else { continue }
            lines.append(indent + "- " + first.dropFirst(indent.count + 2))
            lines += itemLines.dropFirst()
        }
    }

    func testContextSnapshots() throws {
        let translator = try translator(Self.descriptions[0])
        var snapshots = Artifact.allCases.map { ("KitchenSink.\($0.templateName).context", translator.context(for: $0)) }
        // The KitchenSink has no operations: one of CloudKit's, with item streams, deprecated
        // blocks and copied arguments, stands for them.
        let operations = ProtocolsTranslator(try self.translator(Self.descriptions[1])).file().operations
        let fetchRecords = try XCTUnwrap(operations.first { $0.sdkType == "CKFetchRecordsOperation" })
        snapshots.append(("CloudKit.FetchRecords.operation.context", fetchRecords.templateValue))
        let directory = Paths.root.appendingPathComponent("Tests/Goldens/Contexts")
        for (name, context) in snapshots {
            var lines: [String] = []
            Self.dump(context, into: &lines)
            let text = lines.joined(separator: "\n") + "\n"
            let url = directory.appendingPathComponent(name)
            if ProcessInfo.processInfo.environment["CLOUDDOUBLE_RECORD"] == "1" {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
                continue
            }
            let snapshot = try String(contentsOf: url, encoding: .utf8)
            if text != snapshot {
                XCTFail(
                    "\(url.lastPathComponent) differs (re-record with CLOUDDOUBLE_RECORD=1 if intended):\n\(GoldenTests.difference(snapshot, text))")
            }
        }
    }

    /// What reaches a template from the description is escaped in the context already: a doc
    /// with a CR and `*/`, an availability attribute written loosely, a key with a quote.
    func testContextValuesAreEscapedBeforeATemplateSeesThem() throws {
        let json = #"""
            {
              "formatVersion": 1, "module": "SDK", "prefix": "Cloud",
              "types": [{ "name": "Store", "sdkType": "SDKStore", "doc": "First\rstruct Evil {} */ x",
                "properties": [{ "name": "count", "type": "Int", "availability": ["@available(iOS 15.0,macOS 12.0 , *)"] }] }]
            }
            """#
        let description = try Generator.resolve(Array(json.utf8), file: "Snippet.clouddouble.json")
        let types = ProtocolsTranslator(Translator(description: description, sourceFile: "Snippet.clouddouble.json")).file().types
        XCTAssertEqual(types[0].doc.lines, ["First", "struct Evil {} * / x"])
        guard case .lines(let attributes)? = types[0].requirements[0].templateValue.field("attributes"),
            case .string(let id)? = types[0].callKeys[0].templateValue.field("id")
        else { return XCTFail("a requirement's attributes and a key's id") }
        XCTAssertEqual(attributes, ["@available(iOS 15.0, macOS 12.0, *)"])
        XCTAssertEqual(id, #""count""#)
    }

    /// The availability parser (the decoder's; the validator reports what it refuses) takes what
    /// Swift takes and writes it back from its parts, and refuses anything that would carry more
    /// than one attribute.
    func testAvailabilityIsParsedIntoParts() {
        let written = [
            "@available(iOS 15.0, *)", "@available(iOS, introduced: 15.0, deprecated: 17.0, message: \"use \\\"x\\\", then y\")",
            "@available(*, deprecated, renamed: \"fetch(with:)\")", "@available(macCatalyst 15.0.1, visionOS 1, *)",
            "@available(iOS 15, *, macOS 12)", "@available(*, noasync)", "@available(iOS, unavailable)",
            "@available(*, deprecated, message: \"é, 👩‍👩‍👧: a\u{0301}\")",
        ]
        for text in written {
            XCTAssertEqual(try? Availability.parse(text).get().text, text)
        }
        for text in [
            "@available(iOS 15.0, *) func f()", "@available(iOS 15.0\n, *)", "@available()", "@available(iOS 15.0 macOS 12, *)",
            "@available(iOS 15.0, *) @objc", "@available(message: \"open)", "@available(iOS 15..0, *)", "@available(1OS 15, *)",
            // Each of these parses as Swift would read it, then fails to compile or warns: swiftc's
            // message is beside each.
            "@available(iOS 15.0)",  // must handle potential future platforms with '*'
            "@available(foo 15.0, *)",  // unrecognized platform name 'foo'
            "@available(foo: 1.0)",  // expected ',' in 'available' attribute
            "@available(iOS, foo: 1.0)",  // expected 'available' option such as 'unavailable', …
            "@available(iOS, message: 15.0)",  // expected string literal in 'available' attribute
            "@available(*, introduced: 15.0)",  // unexpected version number for *
            "@available(iOS 15.0, deprecated, *)",  // 'deprecated' can't be combined with shorthand specification
            "@available(noasync)",  // expected ',' in 'available' attribute
            "@available(iOS, renamed: 1.0)",  // expected string literal in 'available' attribute
            "@available(iOS 15.0, iOS 16, *)",  // version for iOS already specified
            "@available(iOS, deprecated, message: \"a\", message: \"b\")",  // 'message' argument has already been specified
            "@available(*, deprecated, renamed: \"not a name\")",
        ] {
            XCTAssertNil(try? Availability.parse(text).get(), text)
        }
    }

    /// A refused attribute says why, so the user can fix it without reading Swift's grammar.
    func testARefusedAvailabilitySaysWhy() {
        func reason(_ text: String) -> String? {
            if case .failure(let problem) = Availability.parse(text) { return problem.reason }
            return nil
        }
        XCTAssertEqual(reason("@available(iOS 15.0)"), "it needs one `*`, for the platforms it does not name")
        // Every line break Swift's `Character.isNewline` knows.
        for lineBreak in ["\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"] {
            XCTAssertEqual(reason("@available(iOS 15.0\(lineBreak), *)"), "it has a line break", "\(Array(lineBreak.unicodeScalars))")
        }
        XCTAssertEqual(reason("@available(iOS 15.0, iOS 16, *)"), "iOS has two versions")
        XCTAssertEqual(reason("@available(*, introduced: 15.0)"), "`*` takes no version (`introduced:`)")
        XCTAssertEqual(reason("@available(iOS, deprecated, deprecated: 17.0)"), "`deprecated` is given twice")
        XCTAssertEqual(reason("@available(iOS 15.0, deprecated, *)"), "options such as `deprecated` follow one platform or `*`, without versions")
        XCTAssertEqual(reason("@available(iOS 15.0\n, *)"), "it has a line break")
        XCTAssertTrue(reason("@available(Linux 6.0, *)")?.hasPrefix(#""Linux" is not a platform Swift knows (DriverKit, OSX, "#) == true)
        XCTAssertNil(reason("@available(iOS 15.0, *)"))
    }
}
