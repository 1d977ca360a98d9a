import Foundation

/// Options that change what is generated, not how: extra imports for the generated files (the
/// module that declares the protocols, when mocks are generated in a test target).
public struct TranslationOptions: Sendable {
    /// Modules imported by every generated file, after the description's own imports.
    public var extraImports: [String]
    /// Modules imported with `@testable` (for internal protocols in another module).
    public var testableImports: [String]

    public init(extraImports: [String] = [], testableImports: [String] = []) {
        self.extraImports = extraImports
        self.testableImports = testableImports
    }
}

/// Turns a validated description into the view model the templates render. Every decision about
/// names, signatures, forwarding and delegation is made here; the templates only lay text out.
public struct Translator: Sendable {
    let description: APIDescription
    let sourceFile: String
    let options: TranslationOptions

    /// The description's path as given, for `#sourceLocation`.
    let descriptionPath: String

    public init(description: APIDescription, sourceFile: String, descriptionPath: String? = nil, options: TranslationOptions = TranslationOptions()) {
        self.description = description
        self.sourceFile = sourceFile
        self.descriptionPath = descriptionPath ?? sourceFile
        self.options = options
    }

    var prefix: String { description.prefix.value }
    var access: String { description.access.value == .internal ? "" : description.access.value.rawValue }
    var accessPrefix: String { access.isEmpty ? "" : access + " " }

    /// Every generated name comes from here (the validator claims the same ones).
    var names: GeneratedNames { GeneratedNames(prefix: prefix) }

    func protocolName(_ type: String) -> String { names.protocolName(type) }

    func swiftType(_ use: TypeUse) -> String {
        switch use {
        case .swift(let type): return type.value
        case .reference(let name): return "any \(protocolName(name.value))"
        }
    }

    func reference(_ use: TypeUse?) -> String? {
        if case .reference(let name)? = use { return name.value }
        return nil
    }

    /// The context shared by all templates, whole.
    public func context() -> TemplateValue {
        context(types: .list(description.types.parallelMap { type in self.typeContext(type) }))
    }

    /// The context for a template that looks up `fieldNames`: each type's context is made as the
    /// template reaches it, with only the parts the template looks up, and dropped after, so a
    /// large description's contexts are never all held at once.
    func context(fieldNames: Set<String>) -> TemplateValue {
        let parts = TypeContextParts(fieldNames: fieldNames)
        let types = description.types
        return context(types: .generated(GeneratedList(count: types.count) { index in self.typeContext(types[index], parts: parts, fields: fieldNames) }))
    }

    private func context(types: TemplateValue) -> TemplateValue {
        let module = description.module.value
        var imports: [TemplateValue] = (description.imports.map(\.value) + options.extraImports).map { .line("import \($0)") }
        imports += options.testableImports.map { .line("@testable import \($0)") }
        return [
            "source": .string(sourceFile),
            "module": .string(module),
            "liveCondition": .string(description.liveCondition?.value ?? "canImport(\(module))"),
            "imports": .list(imports),
            "access": .string(access),
            "accessPrefix": .string(accessPrefix),
            "errorModel": .lines(located([errorModelExpression()], at: description.errorModel?.domain.location)),
            "hasErrorModel": .bool(description.errorModel != nil),
            "errorModelReference": .string(errorModelReference),
            "errorModelName": .string(SwiftNames.escaped(GeneratedNames.errorModelName(description, file: sourceFile))),
            "errorModelSource": .string(description.errorModel?.name == nil ? "the description's file" : "the description's `errorModel.name`"),
            "types": types,
            "operations": .list(description.operations.map { operationTranslator($0).context(typeAttributes: typeAttributes) }),
            "hasOperations": .bool(!description.operations.isEmpty),
            "wrapsChildren": .bool(description.types.contains(where: hasChildren)),
        ]
    }

    /// Whether the type hands out described types (a container's databases), whose adapters and
    /// wrappers it keeps one per object.
    func hasChildren(_ type: DescribedType) -> Bool {
        type.properties.contains { reference($0.type) != nil } || type.calls.contains { reference($0.returns) != nil }
    }

    var typeAttributes: TemplateValue { lines(description.availability.map(\.value)) }

    func operationTranslator(_ operation: OperationSpec) -> OperationTranslator {
        OperationTranslator(operation: operation, prefix: prefix, accessPrefix: accessPrefix, located: located)
    }

    /// The operations a call runs, in the description's order.
    func operations(runBy call: Call) -> [OperationSpec] {
        switch call.operations {
        case nil: return []
        case .all: return description.operations
        case .named(let names): return description.operations.filter { operation in names.contains { $0.value == operation.name.value } }
        }
    }

    /// The context of one type. Only the `parts` and `fields` asked for are built (a template
    /// renders the same without the ones it never looks up); nil `fields` means all of them.
    func typeContext(_ type: DescribedType, parts: TypeContextParts = .all, fields: Set<String>? = nil) -> TemplateValue {
        let name = type.name.value
        let proto = protocolName(name)
        var protocolMembers: [TemplateValue] = []
        var defaultOverloads: [TemplateValue] = []
        var live: [TemplateValue] = []
        var fault: [TemplateValue] = []
        var mock: [TemplateValue] = []
        var keys: [TemplateValue] = []
        var backing: [TemplateValue] = []
        /// The operations' backing protocols the type's backing refines.
        var operationBackings: [String] = []
        // One member per property and form: room for them at once, not grown step by step.
        let memberCount = type.properties.count + type.calls.reduce(0) { $0 + $1.forms.count }
        if parts.contains(.protocolMembers) { protocolMembers.reserveCapacity(memberCount) }
        if parts.contains(.liveMembers) { live.reserveCapacity(memberCount) }
        if parts.contains(.faultMembers) { fault.reserveCapacity(memberCount) }
        if parts.contains(.mockMembers) { mock.reserveCapacity(memberCount) }
        if parts.contains(.callKeys) { keys.reserveCapacity(type.properties.count + type.calls.count) }

        for property in type.properties {
            let declared = swiftType(property.type)
            let propertyName = SwiftNames.escaped(property.name.value)
            var attributes = property.availability.map(\.value)
            if let deprecation = property.deprecation { attributes.append(FormSignature.attribute(for: deprecation)) }
            let doc = property.documentation.map { [$0] } ?? ["`\(type.sdkType.value).\(property.name.value)`."]
            if parts.contains(.protocolMembers) {
                protocolMembers.append(member(doc: doc, attributes: attributes, declaration: "var \(propertyName): \(declared) { \(property.settable ? "get set" : "get") }"))
            }
            let declaration = "\(accessPrefix)var \(propertyName): \(declared)"
            let ref = reference(property.type)

            let liveGet = ref.map { "self.wrappers.wrapper(for: self.base.\(propertyName)) { \(names.liveName($0))($0) }" } ?? "self.base.\(propertyName)"
            let faultGet = ref.map { "self.wrappers.wrapper(for: self.wrapped.\(propertyName)) { \(names.faultName($0))(wrapping: $0, faults: self.faults) }" } ?? "self.wrapped.\(propertyName)"
            let fallback = ref.map { childMock($0, key: SwiftNames.literal(property.name.value)) }
                ?? property.mockDefault?.value ?? MockDefaults.expression(for: declared) ?? "nil"
            let backed = property.store == nil ? "" : ", backed: self.backing.map { backing in { try backing.\(propertyName)() } }"
            let mockGet = "self.recorder.get(\(SwiftNames.literal(property.name.value))\(backed), fallback: \(fallback))"
            if let action = property.store, parts.contains(.backing) {
                backing.append(member(
                    doc: ["`\(property.name.value)` (\(action.value.rawValue)): reading the property."], attributes: [],
                    declaration: "func \(propertyName)() throws -> \(declared)"))
            }
            let mockGetLines = located([mockGet], at: ref == nil ? property.mockDefault?.location : nil)
            if property.settable {
                let liveSet = ref == nil ? "self.base.\(propertyName) = newValue" : "self.base.\(propertyName) = (newValue as! \(names.liveName(ref!))).base"
                if parts.contains(.liveMembers) {
                    live.append(member(attributes: attributes, declaration: declaration, body: ["get { \(liveGet) }", "set { \(liveSet) }"]))
                }
                if parts.contains(.faultMembers) {
                    fault.append(member(attributes: attributes, declaration: declaration, body: ["get { \(faultGet) }", "set { self.wrapped.\(propertyName) = newValue }"]))
                }
                let getter = mockGetLines.count == 1 ? ["get { \(mockGet) }"] : ["get {"] + mockGetLines.map { $0.hasPrefix("#") ? $0 : "    " + $0 } + ["}"]
                if parts.contains(.mockMembers) {
                    mock.append(member(attributes: attributes, declaration: declaration, body: getter + [
                        "set { self.recorder.set(\(SwiftNames.literal(property.name.value)), newValue) }",
                    ]))
                }
            } else {
                if parts.contains(.liveMembers) { live.append(member(attributes: attributes, declaration: declaration, body: [liveGet])) }
                if parts.contains(.faultMembers) { fault.append(member(attributes: attributes, declaration: declaration, body: [faultGet])) }
                if parts.contains(.mockMembers) { mock.append(member(attributes: attributes, declaration: declaration, body: mockGetLines)) }
            }
            if parts.contains(.callKeys) {
                keys.append(callKey(id: property.name.value, arguments: "Void", value: declared, doc: "The property `\(property.name.value)`.", attributes: attributes))
            }
        }

        for call in type.calls {
            let id = GeneratedNames.callID(call)
            let returns = call.returns.map(swiftType)
            // Selectors name the call's forms in the call key's and the backing's comments.
            let needsSelectors = parts.contains(.callKeys) || (call.store != nil && parts.contains(.backing))
            let argumentsValue = parts.contains(.mockMembers) ? argumentsValueText(call) : ""
            var selectors: [String] = []
            var keyAttributes: [String]?
            for form in call.forms {
                let signature = FormSignature(call: call, callID: id, form: form, returns: returns, returnsReference: reference(call.returns))
                // Named in the call key's comment and the protocol member's: built once.
                let selector = needsSelectors || parts.contains(.protocolMembers) ? signature.selector : ""
                if needsSelectors { selectors.append("`\(selector)`") }
                let doc = call.documentation.map { [$0] } ?? []
                let attributes = signature.attributes
                // The key is usable wherever every form is: take the attributes shared by all forms.
                if parts.contains(.callKeys) {
                    keyAttributes = keyAttributes.map { $0.filter(attributes.contains) } ?? attributes.filter { !$0.hasPrefix("@discardableResult") && !$0.hasPrefix("@preconcurrency") }
                }
                if parts.contains(.protocolMembers) {
                    protocolMembers.append(member(
                        doc: doc + ["Call `\(id)`; forwards to `\(type.sdkType.value).\(selector)`."], attributes: attributes,
                        declaration: signature.declaration(access: "")))
                }
                if parts.contains(.defaultOverloads) { defaultOverloads += overloads(signature) }
                guard !parts.isDisjoint(with: [.liveMembers, .faultMembers, .mockMembers]) else { continue }
                let declaration = signature.declaration(access: access)
                if parts.contains(.liveMembers) { live.append(member(attributes: attributes, declaration: declaration, body: liveBody(signature))) }
                let operations = operations(runBy: call)
                if operations.isEmpty {
                    // Inlined into its protocol witness: a call no rule selects then costs one
                    // async frame less (docs/Benchmarks.md, "Runtime overhead per call").
                    if parts.contains(.faultMembers) { fault.append(member(attributes: attributes + ["@inline(__always)"], declaration: declaration, body: faultBody(signature, typeName: name))) }
                    if parts.contains(.mockMembers) { mock.append(member(attributes: attributes, declaration: declaration, body: mockBody(signature, arguments: argumentsValue))) }
                } else {
                    if parts.contains(.faultMembers) {
                        fault.append(member(attributes: attributes, declaration: declaration, body: faultOperationBody(signature, typeName: name, operations: operations)))
                    }
                    if parts.contains(.mockMembers) {
                        mock.append(member(attributes: attributes, declaration: declaration, body: mockOperationBody(signature, operations: operations)))
                    }
                }
            }
            for operation in operations(runBy: call) {
                let translator = operationTranslator(operation)
                if operation.store != nil {
                    let refined = names.operationBackingName(operation.name.value)
                    if !operationBackings.contains(refined) { operationBackings.append(refined) }
                }
                guard parts.contains(.callKeys) else { continue }
                keys.append(callKey(
                    id: GeneratedNames.operationKey(operation.name.value), arguments: operation.sdkType.value,
                    value: translator.outcomeName,
                    doc: "`\(operation.sdkType.value)`s added through `\(id)`: stub with a `\(translator.outcomeName)`.", attributes: []))
            }
            if call.store != nil, parts.contains(.backing) { backing.append(backingRequirement(call, selectors: selectors)) }
            guard parts.contains(.callKeys) else { continue }
            keys.append(callKey(
                id: id, arguments: argumentsTypeText(call), value: returns ?? "Void",
                doc: "The call `\(id)`: \(selectors.joined(separator: ", ")).", attributes: keyAttributes ?? []))
        }

        // Only the fields the template looks up (`fields`; all when nil): fewer to build, and
        // fewer to pass over for each name the template looks up in the enclosing context.
        var object: [(key: String, value: TemplateValue)] = []
        object.reserveCapacity(24)
        func field(_ key: String, _ value: @autoclosure () -> TemplateValue) {
            if fields?.contains(key) ?? true { object.append((key, value())) }
        }
        field("name", .string(name))
        field("nameLiteral", .string(SwiftNames.literal(name)))
        field("sdkType", .string(type.sdkType.value))
        field("protocolName", .string(proto))
        field("liveName", .string(names.liveName(name)))
        field("faultName", .string(names.faultName(name)))
        field("mockName", .string(names.mockName(name)))
        field("callKeyName", .string(names.callKeyName(name)))
        field("liveConformance", .string(type.uncheckedSendable ? "\(proto), @unchecked Sendable" : proto))
        field("liveSendableNote", .bool(type.uncheckedSendable))
        field("hasChildren", .bool(hasChildren(type)))
        field("mockNameLiteral", .string(SwiftNames.literal(names.mockName(name))))
        field("doc", Self.docLines(type.documentation.map { [$0] } ?? ["The part of `\(type.sdkType.value)` the app uses."]))
        field("typeAttributes", lines(description.availability.map(\.value)))
        field("protocolMembers", .list(protocolMembers))
        field("defaultOverloads", .list(defaultOverloads))
        field("hasDefaultOverloads", .bool(!defaultOverloads.isEmpty))
        field("liveMembers", .list(live))
        field("faultMembers", .list(fault))
        field("mockMembers", .list(mock))
        field("callKeys", .list(keys))
        field("backingName", .string(names.backingName(name)))
        field("backingRequirements", .list(backing))
        field("backingRefinements", .string(operationBackings.map { ", " + $0 }.joined()))
        field("hasBacking", .bool(!backing.isEmpty || !operationBackings.isEmpty))
        return .object(object)
    }

    // MARK: Members

    /// Lines that carry Swift copied from the description (a default, a `mockDefault`, block
    /// arguments…), between `#sourceLocation` directives: a compile error in them points at the
    /// description's line, so Xcode shows it on the JSON rather than in a generated file.
    func located(_ lines: [String], at location: SourceLocation?) -> [String] {
        guard let location else { return lines }
        return ["#sourceLocation(file: \(SwiftNames.literal(descriptionPath)), line: \(location.line))"] + lines + ["#sourceLocation()"]
    }

    func member(doc: [String] = [], attributes: [String], declaration: String, body: [String] = []) -> TemplateValue {
        // Spelled as an array of fields: a dictionary literal would build its elements twice.
        .object([(key: "doc", value: Self.docLines(doc)), ("attributes", lines(attributes)), ("declaration", .string(declaration)), ("body", lines(body))])
    }

    /// Documentation as the lines of a `///` comment: a text from the description may hold line
    /// breaks of any kind (each starts a new comment line, since Swift ends a comment at a CR as
    /// at an LF) and control characters (dropped).
    static func docLines(_ texts: [String]) -> TemplateValue {
        if texts.isEmpty { return .list([]) }
        var lines: [String] = []
        for text in texts {
            // Nearly every text is one line of printable ASCII with no `*/`: it is its own line.
            if isPlainLine(text) {
                lines.append(text)
                continue
            }
            var line = ""
            var previous: Unicode.Scalar = " "
            for scalar in text.unicodeScalars {
                defer { previous = scalar }
                switch scalar {
                case "\n" where previous == "\r":
                    continue  // the LF of a CRLF
                case "\n", "\r", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}":
                    lines.append(line.replacingOccurrences(of: "*/", with: "* /"))
                    line = ""
                case "\t":
                    line += " "
                case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                    continue
                default:
                    line.unicodeScalars.append(scalar)
                }
            }
            lines.append(line.replacingOccurrences(of: "*/", with: "* /"))
        }
        return .lines(lines)
    }

    /// Printable ASCII only (no line break, tab or control character) and no `*/`.
    private static func isPlainLine(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x7F, !(previous == UInt8(ascii: "*") && byte == UInt8(ascii: "/")) else { return false }
            previous = byte
        }
        return true
    }

    func lines(_ texts: [String]) -> TemplateValue {
        .lines(texts)
    }

    func callKey(id: String, arguments: String, value: String, doc: String, attributes: [String]) -> TemplateValue {
        .object([
            (key: "doc", value: Self.docLines([doc])),
            ("attributes", lines(attributes)),
            ("whereClause", .string("Arguments == \(arguments), Value == \(value)")),
            ("name", .string(SwiftNames.escaped(id))),
            ("id", .string(SwiftNames.literal(id))),
        ])
    }

    /// Protocols cannot declare default argument values, so each way of leaving defaulted
    /// arguments out gets an overload in a protocol extension that forwards with the defaults.
    func overloads(_ signature: FormSignature) -> [TemplateValue] {
        let defaulted = signature.call.parameters.indices.filter { signature.call.parameters[$0].defaultValue != nil }
        guard !defaulted.isEmpty else { return [] }
        let limited = Array(defaulted.suffix(4))
        var result: [TemplateValue] = []
        for mask in 1..<(1 << limited.count) {
            let omitted = Set(limited.indices.filter { mask & (1 << $0) != 0 }.map { limited[$0] })
            let call = "\(SwiftNames.escaped(signature.form.name.value))(\(signature.forwardingArguments(substitutingDefaultsFor: omitted)))"
            let body = signature.kind == .async ? "try await \(call)" : call
            let pasted = omitted.compactMap { signature.call.parameters[$0].defaultLocation }.min { $0.line < $1.line }
            result.append(member(attributes: signature.attributes, declaration: signature.declaration(access: access, omitting: omitted), body: located([body], at: pasted)))
        }
        return result
    }

    func liveBody(_ signature: FormSignature) -> [String] {
        switch signature.kind {
        case .sync:
            let call = signature.invocation(on: "self.base")
            if let ref = signature.returnsReference { return ["self.wrappers.wrapper(for: \(call)) { \(names.liveName(ref))($0) }"] }
            return [call]
        case .async: return [signature.invocation(on: "self.base", prefix: "try await ")]
        case .completion, .result: return [signature.invocation(on: "self.base")]
        }
    }

    func faultBody(_ signature: FormSignature, typeName: String) -> [String] {
        let typeLiteral = SwiftNames.literal(typeName)
        let idLiteral = SwiftNames.literal(signature.callID)
        let handler = signature.handlerName
        switch signature.kind {
        case .sync:
            let call = signature.invocation(on: "self.wrapped")
            if let ref = signature.returnsReference {
                return ["self.wrappers.wrapper(for: \(call)) { \(names.faultName(ref))(wrapping: $0, faults: self.faults) }"]
            }
            return ["// A synchronous member cannot fail, so it is forwarded untouched.", call]
        case .async:
            if let items = itemFaultParts(signature) {
                return ["try await self.faults.perform(\(typeLiteral), \(idLiteral), .async, request: { items in"]
                    + items.request.map { "    " + $0 } + ["}, merge: { value, items in"] + items.merge.map { "    " + $0 }
                    + ["}) { items in", "    try await \(signature.invocation(on: "self.wrapped", replacing: items.kept))", "}"]
            }
            return ["try await self.faults.perform(\(typeLiteral), \(idLiteral), .async) {", signature.invocation(on: "self.wrapped", prefix: "    try await "), "}"]
        case .completion:
            let failure: String
            if signature.returns == nil {
                failure = "\(handler)($0)"
            } else if signature.handlerValueIsOptional {
                failure = "\(handler)(nil, $0)"
            } else {
                failure = "\(handler)(\(signature.form.errorValue?.value ?? "nil"), $0)"
            }
            let pasted = signature.returns != nil && !signature.handlerValueIsOptional ? signature.form.errorValue?.location : nil
            return located([
                "self.faults.complete(\(typeLiteral), \(idLiteral), .completion, fail: { \(failure) }) {",
                signature.invocation(on: "self.wrapped", prefix: "    "),
                "}",
            ], at: pasted)
        case .result:
            if let items = itemFaultParts(signature) {
                return ["self.faults.complete(\(typeLiteral), \(idLiteral), .result, deliver: \(handler), request: { items in"]
                    + items.request.map { "    " + $0 } + ["}, merge: { value, items in"] + items.merge.map { "    " + $0 }
                    + ["}) { items, deliver in", "    \(signature.invocation(on: "self.wrapped", handler: "deliver", replacing: items.kept))", "}"]
            }
            return [
                "self.faults.complete(\(typeLiteral), \(idLiteral), .result, fail: { \(handler)(.failure($0)) }) {",
                signature.invocation(on: "self.wrapped", prefix: "    "),
                "}",
            ]
        }
    }

    // MARK: Operations

    /// `add(_:)` on a mock: logged with the app's operation object, which the runtime then
    /// completes through its own blocks with its stubbed outcome, when it is of a described class.
    func mockOperationBody(_ signature: FormSignature, operations: [OperationSpec]) -> [String] {
        let parameter = SwiftNames.escaped(signature.call.parameters[0].name.value)
        return ["self.recorder.respondWithoutFailing(\(SwiftNames.literal(signature.callID)), .sync, \(parameter), fallback: ())", "self.recorder.run(\(parameter), as: ["]
            + describedOperations(operations) + ["], errorModel: \(errorModelReference), completionBlock: \(parameter).completionBlock)"]
    }

    /// `add(_:)` on a fault wrapper: rules select operations by key; a whole failure is replayed
    /// to the app's blocks, item faults rewrite a real run, delays hold it back.
    func faultOperationBody(_ signature: FormSignature, typeName: String, operations: [OperationSpec]) -> [String] {
        let parameter = SwiftNames.escaped(signature.call.parameters[0].name.value)
        return ["self.faults.run(\(parameter), type: \(SwiftNames.literal(typeName)), as: ["] + describedOperations(operations)
            + ["]) {", "    \(signature.invocation(on: "self.wrapped"))", "}"]
    }

    /// The outcome types of the operations a call runs, in the description's order (the first
    /// whose class the operation is runs it), one per line: `CloudFetchRecordsOutcome.self,`.
    func describedOperations(_ operations: [OperationSpec]) -> [String] {
        operations.map { "    " + operationTranslator($0).outcomeName + ".self," }
    }

    /// The three parts of a fault wrapper's per-item call: telling the faults the requested
    /// items (`request`), sending only the items not chosen to fail (`kept`, arguments by
    /// parameter index), and merging the chosen items' failures into the answer (`merge`; returned
    /// items, such as query matches, are failed there too). `nil` for a call without per-item
    /// results.
    func itemFaultParts(_ signature: FormSignature) -> (request: [String], kept: [Int: String], merge: [String])? {
        let call = signature.call
        guard let perItem = call.perItem else { return nil }
        var request: [String] = []
        var kept: [Int: String] = [:]
        var inputs: [String: Int] = [:]
        for (index, parameter) in call.parameters.enumerated() {
            guard let items = parameter.items else { continue }
            let input = inputs.count
            inputs[items.result?.value ?? ""] = input
            let name = SwiftNames.escaped(parameter.name.value)
            let optional = parameter.type.value.trimmingCharacters(in: .whitespaces).hasSuffix("?")
            let list = optional ? "(\(name) ?? [])" : name
            let keys = items.key.map { "\(list).map(\\.\($0.value))" } ?? list
            request += located(
                ["items.request(\(keys), input: \(input)\(Self.atomicArgument(call.atomic, flag: call.atomic.map { SwiftNames.escaped($0.when.value) })))"],
                at: call.atomic?.except?.location)
            kept[index] = "items.kept(\(name), input: \(input)\(items.key.map { ", by: \\.\($0.value)" } ?? ""))"
        }
        if request.isEmpty { request = ["// Every item is in the answer, not the request: nothing to keep from the SDK."] }
        func mergeLine(_ value: String, field: String) -> String {
            guard let input = inputs[field] else { return "items.apply(to: \(value))" }
            return "items.merged(\(value), input: \(input))"
        }
        let merge: [String]
        switch perItem {
        case .whole: merge = [mergeLine("value", field: "")]
        case .fields(let fields):
            merge = ["var value = value"] + fields.map { "value.\($0.value) = \(mergeLine("value.\($0.value)", field: $0.value))" } + ["return value"]
        }
        return (request, kept, merge)
    }

    /// `, atomic: flag ? AtomicGroups(…) : nil`, or nothing for a request that is not atomic.
    static func atomicArgument(_ atomic: AtomicSpec?, flag: String?) -> String {
        guard let atomic, let flag else { return "" }
        var arguments = ["by: \\.\(atomic.groupBy.value)"]
        if let except = atomic.except { arguments.append("except: \(except.value)") }
        arguments.append("error: \(SwiftNames.literal(atomic.error.value))")
        return ", atomic: \(flag) ? AtomicGroups(\(arguments.joined(separator: ", "))) : nil"
    }

    func mockBody(_ signature: FormSignature, arguments: String) -> [String] {
        let errorValue = signature.kind == .completion ? signature.form.errorValue?.location : nil
        return located(mockLines(signature, arguments: arguments), at: signature.call.mockDefault?.location ?? errorValue)
    }

    func mockLines(_ signature: FormSignature, arguments: String) -> [String] {
        let idLiteral = SwiftNames.literal(signature.callID)
        let handler = signature.handlerName
        let returns = signature.returns
        let fallback: String? = signature.call.mockDefault?.value ?? returns.flatMap(MockDefaults.expression(for:))
        func fallbackArgument() -> String {
            guard let fallback else { return "" }
            // `nil` alone would mean "no fallback"; for optional results the fallback *is* nil.
            return ", fallback: " + (fallback == "nil" ? ".some(nil)" : fallback)
        }
        let backed = backedArgument(signature.call)
        switch signature.kind {
        case .sync:
            if let ref = signature.returnsReference {
                let key = "\"\(signature.callID)(\\(String(describing: \(arguments))))\""
                return ["self.recorder.respondWithoutFailing(\(idLiteral), .sync, \(arguments), fallback: \(childMock(ref, key: key)))"]
            }
            return ["self.recorder.respondWithoutFailing(\(idLiteral), .sync, \(arguments)\(backed), fallback: \(fallback ?? "()"))"]
        case .async:
            return ["try self.recorder.respond(\(idLiteral), .async, \(arguments)\(backed)\(returns == nil ? ", fallback: ()" : fallbackArgument()))"]
        case .completion:
            guard let returns else {
                return ["self.recorder.deliverError(\(idLiteral), .completion, \(arguments)\(backed), to: \(handler))"]
            }
            if signature.handlerValueIsOptional && !returns.hasSuffix("?") {
                return ["self.recorder.deliverOptional(\(idLiteral), .completion, \(arguments), as: \(typeExpression(returns))\(backed)\(fallbackArgument()), to: \(handler))"]
            }
            let errorValue = signature.form.errorValue?.value ?? "nil"
            return ["self.recorder.deliverValue(\(idLiteral), .completion, \(arguments), as: \(typeExpression(returns))\(backed)\(fallbackArgument()), errorValue: \(errorValue), to: \(handler))"]
        case .result:
            let type = returns ?? "Void"
            let fallbackText = returns == nil ? ", fallback: ()" : fallbackArgument()
            return ["self.recorder.deliverResult(\(idLiteral), .result, \(arguments), as: \(typeExpression(type))\(backed)\(fallbackText), to: \(handler))"]
        }
    }

    /// `, backed: …`: the backing answers a store call no stub answers.
    func backedArgument(_ call: Call) -> String {
        guard call.store != nil else { return "" }
        let name = SwiftNames.escaped(GeneratedNames.callID(call))
        let body = call.parameters.isEmpty ? "_ in try backing.\(name)()" : "try backing.\(name)($0)"
        return ", backed: self.backing.map { backing in { \(body) } }"
    }

    /// The backing protocol's requirement for a store call.
    func backingRequirement(_ call: Call, selectors: [String]) -> TemplateValue {
        let id = GeneratedNames.callID(call)
        let parameter = call.parameters.isEmpty ? "" : "_ arguments: \(argumentsTypeText(call))"
        let returns = call.returns.map { " -> \(swiftType($0))" } ?? ""
        return member(
            doc: ["`\(id)` (\(call.store!.value.rawValue)): \(selectors.joined(separator: ", "))."], attributes: [],
            declaration: "func \(SwiftNames.escaped(id))(\(parameter)) throws\(returns)")
    }

    /// `T.self`, parenthesised where the type needs it.
    func typeExpression(_ type: String) -> String {
        let simple = type.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        return simple ? "\(type).self" : "(\(type)).self"
    }

    func childMock(_ reference: String, key: String) -> String {
        let mock = names.mockName(reference)
        return "self.recorder.child(\(key)) { \(mock)(log: self.recorder.log, delivery: self.recorder.deliverer.delivery) } as any \(protocolName(reference))"
    }

    /// The type of a call's arguments in the mock's history: `Void`, the one parameter's type,
    /// or a tuple labelled with the parameter names.
    func argumentsTypeText(_ call: Call) -> String {
        switch call.parameters.count {
        case 0: return "Void"
        case 1: return Self.storedType(call.parameters[0].type.value)
        default:
            var text = ""
            text.reserveCapacity(64)
            text += "("
            for index in call.parameters.indices {
                if index > 0 { text += ", " }
                text += call.parameters[index].name.value
                text += ": "
                text += Self.storedType(call.parameters[index].type.value)
            }
            text += ")"
            return text
        }
    }

    /// A parameter's type as a stored value (the mock's recorded arguments): `@escaping` only
    /// applies to a parameter, so `@escaping @Sendable (Double) -> Void` is kept as
    /// `@Sendable (Double) -> Void`, and a test can call the closure the app passed.
    static func storedType(_ type: String) -> String {
        guard type.containsBytes("@escaping") else { return type }
        return type.replacingOccurrences(of: "@escaping", with: "").split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    func argumentsValueText(_ call: Call) -> String {
        switch call.parameters.count {
        case 0: return "()"
        case 1: return SwiftNames.escaped(call.parameters[0].name.value)
        default:
            var text = ""
            text.reserveCapacity(64)
            text += "("
            for index in call.parameters.indices {
                let name = call.parameters[index].name.value
                if index > 0 { text += ", " }
                text += name
                text += ": "
                text += SwiftNames.escaped(name)
            }
            text += ")"
            return text
        }
    }

    /// How mocks and fault wrappers reach the description's error model: the one the protocols
    /// file declares on `ErrorModel`, or, for a description without one, a model with the module's
    /// name as its domain and no codes (such an SDK reports no errors of its own).
    var errorModelReference: String {
        guard description.errorModel != nil else { return "ErrorModel(domain: \(SwiftNames.literal(description.module.value)))" }
        return "ErrorModel.\(SwiftNames.escaped(GeneratedNames.errorModelName(description, file: sourceFile)))"
    }

    /// The `ErrorModel` the protocols file declares, built from the SDK's own constants so
    /// injected errors carry exactly the keys the SDK's accessors read.
    func errorModelExpression() -> String {
        guard let model = description.errorModel else { return errorModelReference }
        var arguments = ["domain: \(model.domain.value)"]
        switch model.catalogue {
        case .cloudKit:
            arguments.append("catalogue: .cloudKit")
        case .codes(let codes):
            let entries = codes.map { code in
                "ErrorCodeInfo(rawValue: \(code.rawValue.value), name: \(SwiftNames.literal(code.name.value)), meaning: \(SwiftNames.literal(code.meaning)), "
                    + "isRetryable: \(code.retryable), isThrottling: \(code.throttling), \(code.network ? "isNetworkFailure: true, " : "")needsUserAction: \(code.userAction), "
                    + "appCanHandle: \(code.retryable), defaultRetryAfter: \(code.defaultRetryAfter.map { String($0) } ?? "nil"), "
                    + "recovery: \(code.retryable ? ".retry" : (code.userAction ? ".askUser" : ".giveUp")))"
            }
            arguments.append("catalogue: ErrorCatalogue(domain: \(model.domain.value), codes: [\(entries.joined(separator: ", "))])")
        }
        if let key = model.retryAfterKey { arguments.append("retryAfterKey: \(key.value)") }
        if let key = model.partialErrorsKey { arguments.append("partialErrorsKey: \(key.value)") }
        if let code = model.partialFailureCode { arguments.append("partialFailureCode: \(code)") }
        if let key = model.serverRecordKey { arguments.append("serverRecordKey: \(key.value)") }
        if let key = model.clientRecordKey { arguments.append("clientRecordKey: \(key.value)") }
        if let key = model.ancestorRecordKey { arguments.append("ancestorRecordKey: \(key.value)") }
        if let type = model.errorType { arguments.append("errorType: { \(type.value)(_nsError: $0) }") }
        return "ErrorModel(\(arguments.joined(separator: ", ")))"
    }
}
