/// Turns a parsed description file into the model, reporting every problem of shape (missing
/// keys, wrong types, unknown keys, duplicate keys) with its location.
/// Rules that need the whole model (names, ids, references) are the ``Validator``'s.
public enum DescriptionDecoder {
    /// Descriptions larger than this are refused before parsing (`JSONDocument`): 64 MB is
    /// thousands of times the CloudKit description, and far beyond what a build should spend time on.
    public static let maximumBytes = 64 << 20

    /// The model of the description in `bytes`: parsed, then decoded.
    public static func decode(_ bytes: [UInt8], file: String) throws(DiagnosticsError) -> APIDescription {
        try decode(JSONDocument(parsing: bytes, file: file), file: file)
    }

    /// The model of a parsed description, or every problem of its shape.
    static func decode(_ document: JSONDocument, file: String) throws(DiagnosticsError) -> APIDescription {
        let sink = DiagnosticSink(file: file)
        for duplicate in document.duplicateKeys {
            sink.error("duplicate key \"\(duplicate.key)\"; each key may appear once per object", at: duplicate.location)
        }
        let description = Reader(sink: sink).description(document.root)
        guard let description, sink.diagnostics.isEmpty else { throw DiagnosticsError(sink.diagnostics) }
        return description
    }
}

/// Reads each kind of object of the format into its model value, every problem into `sink`.
private struct Reader {
    let sink: DiagnosticSink

    func declared(_ type: Located<String>) -> DeclaredType {
        DeclaredType(type)
    }

    func description(_ value: JSONValue) -> APIDescription? {
        guard let object = ObjectReader<DescriptionKey>(value, what: "the description", sink: sink) else { return nil }
        let version = object.integer(.formatVersion, required: true)
        if let version, version.value != 1 {
            sink.error("unsupported formatVersion \(version.value); this generator reads format version 1", at: version.location)
        }
        let module = object.string(.module, required: true)
        let prefix = object.string(.prefix, required: true)
        var access = Located(AccessLevel.public, object.location)
        if let raw = object.string(.access) {
            if let level = AccessLevel(rawValue: raw.value) {
                access = Located(level, raw.location)
            } else {
                sink.error(
                    "\"access\" must be one of \(AccessLevel.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), found \"\(raw.value)\"",
                    at: raw.location)
            }
        }
        let types = object.array(.types, required: true)?.compactMap(describedType) ?? []
        let operations = object.array(.operations)?.compactMap(operation) ?? []
        let mirrors = object.array(.mirrors)?.compactMap(MirrorReader(sink: sink).mirror) ?? []
        guard let version, let module, let prefix else { return nil }
        return APIDescription(
            formatVersion: version, module: module, imports: object.strings(.imports), prefix: prefix, access: access,
            availability: object.attributes(.availability), errorModel: object.value(.errorModel).flatMap(errorModel),
            types: types, liveCondition: object.string(.liveCondition), operations: operations, mirrors: mirrors)
    }

    func describedType(_ value: JSONValue) -> DescribedType? {
        guard let object = ObjectReader<TypeKey>(value, what: "a type", sink: sink)
        else { return nil }
        let name = object.string(.name, required: true)
        let sdkType = object.string(.sdkType, required: true)
        let properties = object.array(.properties)?.compactMap(property) ?? []
        let calls = object.array(.calls)?.compactMap(call) ?? []
        guard let name, let sdkType else { return nil }
        let omitted = object.array(.omitted)?.compactMap(omittedMember) ?? []
        return DescribedType(
            name: name, sdkType: declared(sdkType), documentation: object.string(.doc)?.value, properties: properties, calls: calls,
            uncheckedSendable: object.bool(.uncheckedSendable, default: false), omitted: omitted, inherits: object.string(.inherits),
            location: object.location)
    }

    func omittedMember(_ value: JSONValue) -> OmittedMember? {
        guard let object = ObjectReader<OmittedKey>(value, what: "an omitted member", sink: sink) else { return nil }
        let name = object.string(.name, required: true)
        let reason = object.string(.reason, required: true)
        guard let name, let reason else { return nil }
        return OmittedMember(name: name, reason: reason, location: object.location)
    }

    func property(_ value: JSONValue) -> Property? {
        guard let object = ObjectReader<PropertyKey>(value, what: "a property", sink: sink) else { return nil }
        let name = object.string(.name, required: true)
        let type = typeUse(object, swiftKey: .type, refKey: .ref, required: true)
        guard let name, let type else { return nil }
        return Property(
            name: name, type: type, settable: object.bool(.settable, default: false), mockDefault: object.string(.mockDefault),
            store: storeAction(object.string(.store)),
            availability: object.attributes(.availability), deprecation: deprecation(object.value(.deprecated)),
            documentation: object.string(.doc)?.value,
            location: object.location)
    }

    func call(_ value: JSONValue) -> Call? {
        guard let object = ObjectReader<CallKey>(value, what: "a call", sink: sink) else { return nil }
        let parameters = object.array(.parameters)?.compactMap(parameter) ?? []
        let returns = typeUse(object, swiftKey: .returns, refKey: .returnsRef, required: false)
        var forms: [CallFormSpec] = []
        if let formsValue = object.requireValue(.forms),
            let formsObject = ObjectReader<FormKind>(formsValue, what: "\"forms\"", sink: sink)
        {
            for kind in FormKind.allCases {
                if let formValue = formsObject.value(kind), let form = form(kind, formValue) { forms.append(form) }
            }
            if forms.isEmpty, FormKind.allCases.allSatisfy({ formsObject.value($0) == nil }) {
                sink.error(
                    "a call needs at least one form: \"sync\", \"async\", \"completion\", \"result\" or \"stream\"", at: formsObject.location)
            }
        }
        var perItem: PerItemResults?
        if let perItemValue = object.value(.perItem) {
            switch perItemValue.bool {
            case true?: perItem = .whole
            case false?: perItem = nil
            case nil where perItemValue.isArray:
                perItem = .fields(object.strings(.perItem))
            case nil:
                sink.error(
                    "\"perItem\" must be true (the whole result) or an array of result-tuple field names, found \(perItemValue.typeName)",
                    at: perItemValue.location)
            }
        }
        var operations: OperationsUse?
        if let operationsValue = object.value(.operations) {
            switch operationsValue.bool {
            case true?: operations = .all
            case false?: operations = nil
            case nil where operationsValue.isArray: operations = .named(object.strings(.operations))
            case nil:
                sink.error(
                    "\"operations\" must be true (every described operation) or an array of operation names, found \(operationsValue.typeName)",
                    at: operationsValue.location)
            }
        }
        return Call(
            id: object.string(.id), parameters: parameters, returns: returns, perItem: perItem, atomic: atomic(object.value(.atomic)), forms: forms,
            operations: operations,
            store: storeAction(object.string(.store)), mockDefault: object.string(.mockDefault), documentation: object.string(.doc)?.value,
            location: object.location,
            mirrors: object.strings(.mirrors), listener: ListenerReader(sink: sink).listener(object.value(.listener)),
            newEachCall: object.newEachCall(), removesListeners: object.removesListeners(),
            genericParameters: GenericParameterReader(sink: sink).genericParameters(object.array(.genericParameters)))
    }

    func operation(_ value: JSONValue) -> OperationSpec? {
        guard let object = ObjectReader<OperationKey>(value, what: "an operation", sink: sink) else { return nil }
        let name = object.string(.name, required: true)
        let sdkType = object.string(.sdkType, required: true)
        let streams = object.array(.streams)?.compactMap(stream) ?? []
        let result = object.requireValue(.result).flatMap(operationResult)
        guard let name, let sdkType, let result else { return nil }
        return OperationSpec(
            name: name, sdkType: declared(sdkType), documentation: object.string(.doc)?.value, streams: streams, result: result,
            store: storeAction(object.string(.store)), atomic: atomic(object.value(.atomic)), location: object.location)
    }

    func storeAction(_ raw: Located<String>?) -> Located<StoreAction>? {
        guard let raw else { return nil }
        guard let action = StoreAction(rawValue: raw.value) else {
            let names = StoreAction.allCases.map(\.rawValue)
            sink.error(
                "unknown store action \"\(raw.value)\"", at: raw.location,
                hint: Spelling.closest(to: raw.value, in: names).map { "did you mean \"\($0)\"?" } ?? "actions: \(names.joined(separator: ", "))")
            return nil
        }
        return Located(action, raw.location)
    }

    func stream(_ value: JSONValue) -> OperationStream? {
        guard let object = ObjectReader<StreamKey>(value, what: "a stream", sink: sink) else { return nil }
        let name = object.string(.name, required: true)
        let key = object.string(.key)
        let itemValue = object.string(.value)
        let fieldsValue = object.value(.fields)
        let fields = object.array(.fields)?.compactMap(field) ?? []
        let blocks = object.array(.blocks, required: true)?.compactMap(block) ?? []
        guard let name else { return nil }
        let kind: OperationStream.Kind
        if let key, let itemValue, fieldsValue == nil {
            kind = .items(key: declared(key), value: declared(itemValue), requested: object.string(.requested))
            if let input = object.value(.input), object.value(.requested) == nil {
                sink.error("\"input\" names where requested items come from, so the stream needs \"requested\" too", at: input.location)
            }
        } else if key == nil, itemValue == nil, fieldsValue != nil {
            for key in [StreamKey.requested, .input] {
                if let value = object.value(key) {
                    sink.error("\"\(key.rawValue)\" applies to per-item streams (with \"key\" and \"value\") only", at: value.location)
                }
            }
            kind = .events(fields)
        } else {
            sink.error(
                "a stream has either \"key\" and \"value\" (per-item results) or \"fields\" (events)", at: object.location,
                hint: "per-item: {\"key\": \"CKRecord.ID\", \"value\": \"CKRecord\"}; events: {\"fields\": [{\"name\": ..., \"type\": ...}]}")
            return nil
        }
        return OperationStream(
            name: name, kind: kind, blocks: blocks, input: object.value(.input).flatMap { itemInput($0, of: nil) },
            documentation: object.string(.doc)?.value, location: object.location)
    }

    /// `{"property": "recordsToSave", "key": "recordID"}` (streams) or `{"result": "saveResults",
    /// "key": "recordID"}` (the items of `parameter`, whose own name is the source).
    func itemInput(_ value: JSONValue, of parameter: Located<String>?) -> ItemInput? {
        guard
            let object = ObjectReader<ItemInputKey>(
                value, what: parameter == nil ? "\"input\"" : "\"items\"",
                allowing: parameter == nil ? ItemInputKey.ofStreams : ItemInputKey.ofParameters, sink: sink)
        else { return nil }
        let source = parameter ?? object.string(.property, required: true)
        guard let source else { return nil }
        return ItemInput(source: source, result: object.string(.result), key: object.string(.key), location: object.location)
    }

    func atomic(_ value: JSONValue?) -> AtomicSpec? {
        guard let value,
            let inner = ObjectReader<AtomicKey>(value, what: "\"atomic\"", sink: sink)
        else { return nil }
        let when = inner.string(.when, required: true)
        let groupBy = inner.string(.groupBy, required: true)
        let error = inner.string(.error, required: true)
        guard let when, let groupBy, let error else { return nil }
        return AtomicSpec(when: when, groupBy: groupBy, except: inner.string(.except), error: error, location: inner.location)
    }

    func field(_ value: JSONValue) -> OperationField? {
        guard let object = ObjectReader<FieldKey>(value, what: "a field", sink: sink) else { return nil }
        let name = object.string(.name, required: true)
        let type = object.string(.type, required: true)
        guard let name, let type else { return nil }
        return OperationField(name: name, type: declared(type))
    }

    func operationResult(_ value: JSONValue) -> OperationResultSpec? {
        guard let object = ObjectReader<OperationResultKey>(value, what: "an operation result", sink: sink) else { return nil }
        let type = object.string(.type, required: true)
        let blocks = object.array(.blocks, required: true)?.compactMap(block) ?? []
        guard let type else { return nil }
        return OperationResultSpec(type: declared(type), defaultValue: object.string(.`default`), blocks: blocks, location: object.location)
    }

    func block(_ value: JSONValue) -> OperationBlock? {
        guard let object = ObjectReader<BlockKey>(value, what: "a block", sink: sink) else { return nil }
        let name = object.string(.name, required: true)
        let type = object.string(.type, required: true)
        var role: Located<BlockRole>?
        if let raw = object.string(.role, required: true) {
            if let known = BlockRole(rawValue: raw.value) {
                role = Located(known, raw.location)
            } else {
                sink.error(
                    "unknown block role \"\(raw.value)\"", at: raw.location,
                    hint: Spelling.closest(to: raw.value, in: BlockRole.allCases.map(\.rawValue)).map { "did you mean \"\($0)\"?" }
                        ?? "roles: \(BlockRole.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        var bindings: [OperationBinding] = []
        for bindingValue in object.array(.unwrap) ?? [] {
            guard let binding = ObjectReader<BindingKey>(bindingValue, what: "an unwrap binding", sink: sink) else { continue }
            if let bindingName = binding.string(.name, required: true), let expression = binding.string(.value, required: true) {
                bindings.append(OperationBinding(name: bindingName, value: expression))
            }
        }
        guard let name, let type, let role else { return nil }
        return OperationBlock(
            name: name, role: role, type: declared(type), arguments: object.string(.arguments), unwrap: bindings,
            deprecation: deprecation(object.value(.deprecated)),
            location: object.location)
    }

    func parameter(_ value: JSONValue) -> Parameter? {
        guard let object = ObjectReader<ParameterKey>(value, what: "a parameter", sink: sink)
        else { return nil }
        let name = object.string(.name, required: true)
        let use = typeUse(object, swiftKey: .type, refKey: .ref, required: true)
        guard let name, let use else { return nil }
        let defaultValue = object.string(.`default`)
        let type: DeclaredType
        switch use {
        case .swift(let swift): type = swift
        case .reference(let reference): type = declared(reference)
        }
        var parameter = Parameter(
            label: object.string(.label) ?? name, name: name, type: type, defaultValue: defaultValue?.value,
            defaultLocation: defaultValue?.location,
            items: object.value(.items).flatMap { itemInput($0, of: name) })
        if case .reference(let reference) = use { parameter.reference = reference }
        return parameter
    }

    func form(_ kind: FormKind, _ value: JSONValue) -> CallFormSpec? {
        guard let object = ObjectReader<FormKey>(value, what: Self.formWhat(kind), sink: sink) else { return nil }
        guard let name = object.string(.name, required: true) else { return nil }
        if kind == .sync || kind == .async || kind == .stream {
            for key in FormKey.handlerOnly {
                if let value = object.value(key) {
                    sink.error(
                        "\"\(key.rawValue)\" applies to completion-handler forms only, not to the \"\(kind.rawValue)\" form", at: value.location)
                }
            }
        }
        return CallFormSpec(
            kind: Located(kind, object.location), name: name, labels: object.value(.labels) == nil ? nil : object.strings(.labels),
            handlerLabel: object.string(.handlerLabel)?.value ?? "completionHandler",
            handlerValueType: object.string(.handlerValueType).map(declared),
            errorValue: object.string(.errorValue), handlerOrder: handlerOrder(object, kind: kind) ?? .valueFirst,
            discardableResult: object.bool(.discardableResult, default: false), throwing: throwing(object, kind: kind),
            preconcurrency: object.bool(.preconcurrency, default: false), sendableHandler: object.bool(.sendableHandler, default: true),
            availability: object.attributes(.availability), deprecation: deprecation(object.value(.deprecated)), location: object.location,
            sequence: sequence(object, kind: kind))
    }

    /// `"throws"`: sync forms only; an async form always throws, a handler form reports to its handler.
    private func throwing(_ object: ObjectReader<FormKey>, kind: FormKind) -> Bool {
        if let typed = object.value(.throws), let type = typed.string {
            // Typed throws, `throws(E)`: the doubles throw the error model's errors and stubbed ones.
            sink.error(
                "\"throws\" must be true or false; typed throws (`throws(\(type))`) cannot be described", at: typed.location,
                hint: "describe the form with \"throws\": true: an SDK method that throws(\(type)) satisfies a protocol requirement that throws")
            return false
        }
        let throwing = object.bool(.throws, default: false)
        if kind != .sync, let value = object.value(.throws) {
            sink.error(
                "\"throws\" applies to the \"sync\" form only", at: value.location,
                hint: kind == .async ? "an \"async\" form is always `async throws`" : "a handler form reports its errors to its handler")
            return false
        }
        return throwing
    }

    /// `"sequence"`: the SDK's spelling of a `stream` form's result; on no other form.
    private func sequence(_ object: ObjectReader<FormKey>, kind: FormKind) -> Located<String>? {
        guard let sequence = object.string(.sequence) else { return nil }
        guard kind == .stream else {
            sink.error(
                "\"sequence\" applies to the \"stream\" form only", at: sequence.location,
                hint: "describe a call that returns an AsyncSequence with a \"stream\" form")
            return nil
        }
        return sequence
    }

    /// `"handlerOrder"`: completion forms only, as a `Result` handler has one argument.
    private func handlerOrder(_ object: ObjectReader<FormKey>, kind: FormKind) -> HandlerOrder? {
        guard let raw = object.string(.handlerOrder) else { return nil }
        guard let order = HandlerOrder(rawValue: raw.value) else {
            let names = HandlerOrder.allCases.map(\.rawValue)
            sink.error(
                "unknown handler order \"\(raw.value)\"", at: raw.location,
                hint: Spelling.closest(to: raw.value, in: names).map { "did you mean \"\($0)\"?" } ?? "orders: \(names.joined(separator: ", "))")
            return nil
        }
        if kind == .result {
            sink.error(
                "\"handlerOrder\" applies to the \"completion\" form only; a Result handler has one argument", at: raw.location,
                hint: "describe a handler that takes the error first, `((any Error)?, T?) -> Void`, as a \"completion\" form")
            return nil
        }
        return order
    }

    /// `the "async" form`, for diagnostics: spelled out, so no form builds it.
    private static func formWhat(_ kind: FormKind) -> String {
        switch kind {
        case .sync: return "the \"sync\" form"
        case .async: return "the \"async\" form"
        case .completion: return "the \"completion\" form"
        case .result: return "the \"result\" form"
        case .stream: return "the \"stream\" form"
        }
    }

    func typeUse<Key>(_ object: ObjectReader<Key>, swiftKey: Key, refKey: Key, required: Bool) -> TypeUse? {
        let swift = object.string(swiftKey)
        let ref = object.string(refKey)
        switch (swift, ref) {
        case (let swift?, nil): return .swift(declared(swift))
        case (nil, let ref?): return .reference(ref)
        case (_?, let ref?):
            sink.error("give either \"\(swiftKey)\" or \"\(refKey)\" in \(object.what), not both", at: ref.location)
            return nil
        case (nil, nil):
            if required, object.value(swiftKey) == nil, object.value(refKey) == nil {
                sink.error("\(object.what) needs \"\(swiftKey)\" (a Swift type) or \"\(refKey)\" (a described type)", at: object.location)
            }
            return nil
        }
    }

    func deprecation(_ value: JSONValue?) -> Deprecation? {
        guard let value else { return nil }
        if let flag = value.bool { return flag ? Deprecation() : nil }
        if let message = value.string { return Deprecation(message: message) }
        switch value.isObject {
        case true:
            guard let inner = ObjectReader<DeprecatedKey>(value, what: "\"deprecated\"", sink: sink) else { return nil }
            return Deprecation(message: inner.string(.message)?.value, renamed: inner.string(.renamed)?.value)
        case false:
            sink.error(
                "\"deprecated\" must be true, a message, or an object with \"message\" and \"renamed\"; found \(value.typeName)", at: value.location)
            return nil
        }
    }

    func errorModel(_ value: JSONValue) -> ErrorModelSpec? {
        guard let object = ObjectReader<ErrorModelKey>(value, what: "\"errorModel\"", sink: sink) else { return nil }
        let domain = object.string(.domain, required: true)
        var catalogue = CatalogueSpec.codes([])
        if let value = object.value(.catalogue) {
            if value.string == "cloudKit" {
                catalogue = .cloudKit
            } else if value.isArray {
                catalogue = .codes(value.elements?.compactMap(errorCode) ?? [])
            } else {
                sink.error("\"catalogue\" must be \"cloudKit\" or an array of error codes", at: value.location)
            }
        }
        guard let domain else { return nil }
        return ErrorModelSpec(
            name: object.string(.name), domain: domain, retryAfterKey: object.string(.retryAfterKey),
            partialErrorsKey: object.string(.partialErrorsKey),
            partialFailureCode: object.integer(.partialFailureCode)?.value, requestTooLargeCode: object.string(.requestTooLargeCode),
            cancelledCode: object.string(.cancelledCode), serverRecordKey: object.string(.serverRecordKey),
            clientRecordKey: object.string(.clientRecordKey), ancestorRecordKey: object.string(.ancestorRecordKey),
            errorType: object.string(.errorType).map(declared), catalogue: catalogue)
    }

    func errorCode(_ value: JSONValue) -> ErrorCodeSpec? {
        guard let object = ObjectReader<ErrorCodeKey>(value, what: "an error code", sink: sink) else { return nil }
        let name = object.string(.name, required: true)
        let raw = object.integer(.raw, required: true)
        guard let name, let raw else { return nil }
        return ErrorCodeSpec(
            name: name, rawValue: raw, meaning: object.string(.meaning)?.value ?? name.value,
            retryable: object.bool(.retryable, default: false), throttling: object.bool(.throttling, default: false),
            network: object.bool(.network, default: false), userAction: object.bool(.userAction, default: false),
            defaultRetryAfter: object.number(.defaultRetryAfter)?.value,
            swiftError: object.value(.swiftError).flatMap(swiftError))
    }

    func swiftError(_ value: JSONValue) -> SwiftErrorSpec? {
        guard let object = ObjectReader<SwiftErrorKey>(value, what: "\"swiftError\"", sink: sink) else { return nil }
        guard let type = object.string(.type, required: true) else { return nil }
        return SwiftErrorSpec(type: declared(type), make: object.string(.make), matches: object.string(.matches), location: object.location)
    }
}
