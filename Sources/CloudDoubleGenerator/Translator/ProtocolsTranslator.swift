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
            types: ContextList(count: types.count) { index in self.type(types[index]) },
            operations: description.operations.map { translator.operationTranslator($0).context() })
    }

    func errorModel() -> ProtocolsFileContext.ErrorModelContext? {
        let description = translator.description
        guard let model = description.errorModel else { return nil }
        return ProtocolsFileContext.ErrorModelContext(
            name: SwiftNames.escaped(GeneratedNames.errorModelName(description.description, file: translator.sourceFile)),
            namedAfter: model.name == nil ? "the description's file" : "the description's `errorModel.name`",
            expression: expression(model), copied: translator.copied(at: model.domain.location))
    }

    func type(_ type: ResolvedType) -> ProtocolsTypeContext {
        let sdkType = type.sdkType.value
        var requirements: [ProtocolsTypeContext.Requirement] = []
        var overloads: [ProtocolsTypeContext.Overload] = []
        var keys: [ProtocolsTypeContext.CallKey] = []
        for property in type.properties {
            let declared = translator.swiftType(property.type)
            let attributes = Translator.attributes(of: property)
            requirements.append(ProtocolsTypeContext.Requirement(
                doc: DocComment(property.documentation ?? "`\(sdkType).\(property.name.value)`."), attributes: attributes,
                declaration: "var \(SwiftNames.escaped(property.name.value)): \(declared) { \(property.settable ? "get set" : "get") }"))
            keys.append(ProtocolsTypeContext.CallKey(
                doc: DocComment("The property `\(property.name.value)`."), attributes: attributes, arguments: Qualified.void, value: declared,
                name: SwiftNames.escaped(property.name.value), id: StringLiteral(property.name.value)))
        }
        for call in type.calls {
            let id = call.callID
            let signatures = translator.signatures(call)
            for signature in signatures {
                requirements.append(ProtocolsTypeContext.Requirement(
                    doc: DocComment((call.documentation.map { [$0] } ?? []) + ["Call `\(id)`; forwards to `\(sdkType).\(signature.selector)`."]),
                    attributes: signature.attributes, declaration: signature.declaration(access: "")))
                overloads += self.overloads(signature)
            }
            // The key is usable wherever every form is: the availability and deprecation all forms share.
            let shared = signatures.dropFirst().reduce(signatures.first?.attributes.filter(\.isAvailabilityOrDeprecation) ?? []) { shared, signature in
                shared.filter(signature.attributes.contains)
            }
            for operation in call.runs {
                let outcome = translator.operationTranslator(operation).outcomeName
                keys.append(ProtocolsTypeContext.CallKey(
                    doc: DocComment("`\(operation.sdkType.value)`s added through `\(id)`: stub with a `\(outcome)`."), attributes: [],
                    arguments: operation.sdkType.value, value: outcome,
                    name: SwiftNames.escaped(GeneratedNames.operationKey(operation.name.value)), id: StringLiteral(GeneratedNames.operationKey(operation.name.value))))
            }
            let selectors = signatures.map { "`\($0.selector)`" }.joined(separator: ", ")
            keys.append(ProtocolsTypeContext.CallKey(
                doc: DocComment("The call `\(id)`: \(selectors)."), attributes: shared, arguments: Translator.argumentsType(call),
                value: call.returns.map(translator.swiftType) ?? Qualified.void, name: SwiftNames.escaped(id), id: StringLiteral(id)))
        }
        return ProtocolsTypeContext(
            names: TypeNames(type, names: translator.names), doc: DocComment(type.documentation ?? "The part of `\(sdkType)` the app uses."),
            requirements: requirements, overloads: overloads, callKeys: keys)
    }

    /// Protocols cannot declare default argument values, so each way of leaving defaulted
    /// arguments out (of the last four defaulted) gets an overload in a protocol extension that
    /// forwards with the defaults.
    func overloads(_ signature: FormSignature) -> [ProtocolsTypeContext.Overload] {
        let defaulted = signature.call.parameters.indices.filter { signature.call.parameters[$0].defaultValue != nil }
        guard !defaulted.isEmpty else { return [] }
        let limited = Array(defaulted.suffix(4))
        var result: [ProtocolsTypeContext.Overload] = []
        for mask in 1..<(1 << limited.count) {
            let omitted = Set(limited.indices.filter { mask & (1 << $0) != 0 }.map { limited[$0] })
            let pasted = omitted.compactMap { signature.call.parameters[$0].defaultLocation }.min { $0.line < $1.line }
            result.append(ProtocolsTypeContext.Overload(
                attributes: signature.attributes, declaration: signature.declaration(access: translator.access, omitting: omitted),
                invocation: "\(SwiftNames.escaped(signature.form.name.value))(\(signature.forwardingArguments(substitutingDefaultsFor: omitted)))",
                isAsync: signature.kind == .async, copied: translator.copied(at: pasted)))
        }
        return result
    }

    /// The `ErrorModel` the protocols file declares, built from the SDK's own constants so
    /// injected errors carry exactly the keys the SDK's accessors read.
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
        if let key = model.serverRecordKey { arguments.append("serverRecordKey: \(key.value)") }
        if let key = model.clientRecordKey { arguments.append("clientRecordKey: \(key.value)") }
        if let key = model.ancestorRecordKey { arguments.append("ancestorRecordKey: \(key.value)") }
        if let type = model.errorType { arguments.append("errorType: { \(type.value)(_nsError: $0) }") }
        return "\(Qualified.errorModel)(\(arguments.joined(separator: ", ")))"
    }
}
