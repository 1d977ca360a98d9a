/// The protocols file: the protocols app code uses instead of the SDK's classes, their default
/// arguments, their call keys, the description's error model and its operations' outcome types.
struct ProtocolsTranslator {
    let translator: Translator

    init(_ translator: Translator) {
        self.translator = translator
    }

    func file() -> ProtocolsFileContext {
        let description = translator.description
        let types = description.types
        return ProtocolsFileContext(
            file: translator.fileContext, errorModel: errorModel(),
            types: types.map(type),
            operations: description.operations.map { translator.operationTranslator($0).context() },
            mirrors: translator.mirrorContexts)
    }

    func errorModel() -> ProtocolsFileContext.ErrorModelContext? {
        let description = translator.description
        guard let model = description.errorModel else { return nil }
        var statements = swiftErrorStatements(model)
        if let type = model.errorType {
            statements.insert(
                CopiedExpression(
                    expression: "\(Self.modelLocal).errorType = { \(type.value)(_nsError: $0) }", copied: translator.copied(at: type.location)), at: 0
            )
        }
        return ProtocolsFileContext.ErrorModelContext(
            name: SwiftNames.escaped(GeneratedNames.errorModelName(description.description, file: translator.sourceFile)),
            namedAfter: model.name == nil ? "the description's file" : "the description's `errorModel.name`",
            expression: statements.isEmpty ? expression(model) : "var \(Self.modelLocal) = \(expression(model))",
            copied: translator.copied(at: model.domain.location), statements: statements)
    }

    /// The local the error model is built in when codes add Swift errors to it; the template
    /// returns it by this name.
    static let modelLocal = SwiftNames.generated("model")

    /// `model_.swiftErrors.append(SwiftErrorCode(…))` per code with a `swiftError`, each located
    /// at its code.
    func swiftErrorStatements(_ model: ErrorModelSpec) -> [CopiedExpression] {
        guard case .codes(let codes) = model.catalogue else { return [] }
        return codes.compactMap { code in
            code.swiftError.map { swiftError in
                CopiedExpression(
                    expression: "\(Self.modelLocal).swiftErrors.append(\(Qualified.swiftErrorCode)(code: \(code.rawValue.value), "
                        + "make: { \(swiftError.make?.value ?? "") }, recognises: { \(recogniser(swiftError)) }))",
                    copied: translator.copied(at: swiftError.location))
            }
        }
    }

    func type(_ type: ResolvedType) -> ProtocolsTypeContext {
        let sdkType = type.sdkType.value
        var overloads: [ProtocolsTypeContext.Overload] = []
        var requirements: [ProtocolsTypeContext.Requirement] = []
        var keys: [ProtocolsTypeContext.CallKey] = []
        // An inherited member is the parent protocol's requirement, and a key of this type too.
        for (index, property) in type.properties.enumerated() {
            let declared = translator.swiftType(property.type)
            let attributes = Translator.attributes(of: property)
            if index >= type.inheritedPropertyCount {
                let accessors = property.settable ? "get set" : "get"
                requirements.append(
                    ProtocolsTypeContext.Requirement(
                        doc: DocComment(property.documentation ?? "`\(sdkType).\(property.name.value)`."), attributes: attributes,
                        declaration: .text("var \(SwiftNames.escaped(property.name.value)): \(declared) { \(accessors) }")))
            }
            keys.append(
                ProtocolsTypeContext.CallKey(
                    doc: DocComment("The property `\(property.name.value)`."), attributes: attributes, arguments: Qualified.void, value: declared,
                    name: SwiftNames.escaped(property.name.value), id: StringLiteral(property.name.value)))
        }
        for (index, call) in type.calls.map(translator.spelling(of:)).enumerated() {
            let id = call.callID
            let forms = call.forms
            let selectors = forms.map { $0.selector() }
            for (form, selector) in zip(forms, selectors) where index >= type.inheritedCallCount {
                let forwards = "Call `\(id)`; forwards to `\(sdkType).\(selector)`."
                requirements.append(
                    ProtocolsTypeContext.Requirement(
                        doc: DocComment(call.documentation.map { [$0, forwards] } ?? [forwards]), attributes: form.attributes,
                        declaration: .declaration(form, after: "")))
                for overload in self.overloads(form) { overloads.append(overload) }
            }
            // The key is usable wherever every form is: the availability and deprecation all forms share.
            let shared = forms.dropFirst().reduce(forms.first?.attributes.filter(\.isAvailabilityOrDeprecation) ?? []) { shared, form in
                shared.filter(form.attributes.contains)
            }
            for operation in call.runs {
                let outcome = translator.operationTranslator(operation).outcomeName
                keys.append(
                    ProtocolsTypeContext.CallKey(
                        doc: DocComment("`\(operation.sdkType.value)`s added through `\(id)`: stub with a `\(outcome)`."), attributes: [],
                        arguments: operation.sdkType.value, value: outcome,
                        name: SwiftNames.escaped(GeneratedNames.operationKey(operation.name.value)),
                        id: StringLiteral(GeneratedNames.operationKey(operation.name.value))))
            }
            let keyDoc = "The call `\(id)`: " + selectors.map { "`\($0)`" }.joined(separator: ", ") + "."
            keys.append(
                ProtocolsTypeContext.CallKey(
                    doc: DocComment(keyDoc), attributes: shared, arguments: call.argumentsType,
                    value: call.keyValueType, name: SwiftNames.escaped(id), id: StringLiteral(id)))
        }
        return ProtocolsTypeContext(
            names: TypeNames(type, names: translator.names), doc: DocComment(type.documentation ?? "The part of `\(sdkType)` the app uses."),
            requirements: requirements, overloads: overloads, callKeys: keys,
            parentProtocol: type.inherits.map { translator.names.protocolName($0.value) }, listeners: listenerKeys(type))
    }

    /// The protocol extension's overloads that leave defaulted arguments out.
    func overloads(_ form: FormSpelling) -> [ProtocolsTypeContext.Overload] {
        form.defaultOverloads().map { overload in
            ProtocolsTypeContext.Overload(
                attributes: form.attributes, declaration: translator.accessPrefix + overload.declaration, invocation: overload.invocation,
                isAsync: form.kind == .async, throwsSynchronously: form.throwsSynchronously, copied: translator.copied(at: overload.pasted))
        }
    }

    /// The `ErrorModel` the protocols file declares, built from the SDK's own constants so
    /// injected errors carry exactly the keys the SDK's accessors read (its `errorType` and Swift
    /// errors are set by statements of their own, ``errorModel()``).
    func expression(_ model: ErrorModelSpec) -> String {
        var arguments = ["domain: \(model.domain.value)"]
        switch model.catalogue {
        case .cloudKit:
            arguments.append("catalogue: .cloudKit")
        case .codes(let codes):
            let entries = codes.map { code in
                "\(Qualified.errorCodeInfo)(rawValue: \(code.rawValue.value), name: \(SwiftNames.literal(code.name.value)), meaning: \(SwiftNames.literal(code.meaning)), "
                    + "isRetryable: \(code.retryable), isThrottling: \(code.throttling), \(code.network ? "isNetworkFailure: true, " : "")needsUserAction: \(code.userAction), "
                    + "appCanHandle: \(code.retryable), defaultRetryAfter: \(code.defaultRetryAfter.map { String($0) } ?? "nil"), "
                    + "recovery: \(code.retryable ? ".retry" : (code.userAction ? ".askUser" : ".giveUp")))"
            }
            arguments.append("catalogue: \(Qualified.errorCatalogue)(domain: \(model.domain.value), codes: [\(entries.joined(separator: ", "))])")
        }
        if let key = model.retryAfterKey { arguments.append("retryAfterKey: \(key.value)") }
        if let key = model.partialErrorsKey { arguments.append("partialErrorsKey: \(key.value)") }
        if let code = model.partialFailureCode { arguments.append("partialFailureCode: \(code)") }
        // By raw value, as `partialFailureCode`; the validator checked the names.
        if let code = model.requestTooLargeCode.flatMap(model.rawValue(named:)) { arguments.append("requestTooLargeCode: \(code)") }
        if let code = model.cancelledCode.flatMap(model.rawValue(named:)) { arguments.append("cancelledCode: \(code)") }
        if let key = model.serverRecordKey { arguments.append("serverRecordKey: \(key.value)") }
        if let key = model.clientRecordKey { arguments.append("clientRecordKey: \(key.value)") }
        if let key = model.ancestorRecordKey { arguments.append("ancestorRecordKey: \(key.value)") }
        return "\(Qualified.errorModel)(\(arguments.joined(separator: ", ")))"
    }

    /// The body of a Swift error's recogniser, reading the error as `$0`: a type test, or the
    /// description's condition on `error`, the error as that type.
    func recogniser(_ swiftError: SwiftErrorSpec) -> String {
        guard let matches = swiftError.matches else { return "$0 is \(swiftError.type.value)" }
        return "($0 as? \(swiftError.type.value)).map { error in \(matches.value) } ?? false"
    }
}
