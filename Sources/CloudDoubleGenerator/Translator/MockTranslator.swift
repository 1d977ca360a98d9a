/// The recording mocks: each protocol answered from stubs (or a backing), every call logged.
struct MockTranslator {
    let translator: Translator

    init(_ translator: Translator) {
        self.translator = translator
    }

    func file() -> MockFileContext {
        let types = translator.description.types
        return MockFileContext(file: translator.fileContext, types: ContextList(count: types.count) { index in self.type(types[index]) })
    }

    func type(_ type: ResolvedType) -> MockTypeContext {
        let names = translator.names
        var properties: [MockTypeContext.Property] = []
        var backing: [MockTypeContext.BackingRequirement] = []
        properties.reserveCapacity(type.properties.count)
        for property in type.properties {
            let declared = translator.swiftType(property.type)
            let model = translator.typeModel(property.type)
            let name = SwiftNames.escaped(property.name.value)
            let attributes = Translator.attributes(of: property)
            let ref = translator.reference(property.type)
            let key = StringLiteral(property.name.value)
            if let action = property.store {
                backing.append(MockTypeContext.BackingRequirement(
                    doc: DocComment("`\(property.name.value)` (\(action.value.rawValue)): reading the property."),
                    declaration: "func \(name)() throws -> \(declared)"))
            }
            properties.append(MockTypeContext.Property(
                attributes: attributes, declaration: translator.declaration(of: property), key: key,
                backed: property.store == nil ? nil : "try backing_.\(name)()",
                fallback: ref == nil ? .expression(property.mockDefault?.value ?? model.flatMap(MockDefaults.expression(for:)) ?? "nil") : .child(child(ref!, key: key.text)),
                settable: property.settable, copied: ref == nil ? translator.copied(at: property.mockDefault?.location) : nil))
        }
        var calls: [MockTypeContext.Call] = []
        /// The operations' backing protocols the type's backing refines.
        var operationBackings: [String] = []
        for call in type.calls {
            let operations = call.runs
            let signatures = translator.signatures(call)
            let arguments = Self.argumentsValue(call)
            for signature in signatures {
                calls.append(operations.isEmpty ? self.call(signature, arguments: arguments) : operationCall(signature, operations: operations))
            }
            for operation in operations where operation.store != nil {
                let refined = names.operationBackingName(operation.name.value)
                if !operationBackings.contains(refined) { operationBackings.append(refined) }
            }
            if let action = call.store {
                let id = call.callID
                let parameter = call.parameters.isEmpty ? "" : "_ arguments: \(Translator.argumentsType(call))"
                let returns = call.returns.map { " -> \(translator.swiftType($0))" } ?? ""
                let selectors = signatures.map { "`\($0.selector)`" }.joined(separator: ", ")
                backing.append(MockTypeContext.BackingRequirement(
                    doc: DocComment("`\(id)` (\(action.value.rawValue)): \(selectors)."),
                    declaration: "func \(SwiftNames.escaped(id))(\(parameter)) throws\(returns)"))
            }
        }
        return MockTypeContext(
            names: TypeNames(type, names: names), properties: properties, calls: calls, backingRequirements: backing,
            backingRefinements: operationBackings)
    }

    /// A recorder call answering one form from its stubs.
    func call(_ signature: FormSignature, arguments: String) -> MockTypeContext.Call {
        let returns = signature.returns
        let errorValue = signature.kind == .completion ? signature.form.errorValue?.location : nil
        var answer = MockTypeContext.Answer(
            id: StringLiteral(signature.callID), arguments: arguments, backed: backed(signature.call), handler: signature.handlerName)
        // `nil` alone would mean "no fallback"; for optional results the fallback *is* nil.
        let fallback = (signature.call.mockDefault?.value ?? signature.returnsType.flatMap(MockDefaults.expression(for:))).map { $0 == "nil" ? ".some(nil)" : $0 }
        let method: MockTypeContext.Method
        switch signature.kind {
        case .sync:
            if let ref = signature.returnsReference {
                let key = "\"\(signature.callID)(\\(\(Qualified.string)(describing: \(arguments))))\""
                answer.backed = nil
                method = .child(child(ref, key: key))
            } else {
                // A synchronous member cannot throw: without a stub or default it answers `()`.
                answer.fallback = signature.call.mockDefault?.value ?? signature.returnsType.flatMap(MockDefaults.expression(for:)) ?? "()"
                method = .respondWithoutFailing
            }
        case .async:
            answer.fallback = returns == nil ? "()" : fallback
            method = .respond
        case .completion:
            if let returns {
                answer.type = Translator.typeExpression(returns)
                answer.fallback = fallback
                if signature.handlerValueIsOptional && !signature.returnsIsOptional {
                    method = .deliverOptional
                } else {
                    answer.errorValue = signature.form.errorValue?.value ?? "nil"
                    method = .deliverValue
                }
            } else {
                method = .deliverError
            }
        case .result:
            answer.type = Translator.typeExpression(returns ?? Qualified.void)
            answer.fallback = returns == nil ? "()" : fallback
            method = .deliverResult
        }
        return MockTypeContext.Call(
            attributes: signature.attributes, declaration: signature.declaration(access: translator.access),
            copied: translator.copied(at: signature.call.mockDefault?.location ?? errorValue), answer: answer, method: method)
    }

    /// `add(_:)`: logged with the app's operation object, which the runtime then completes
    /// through its own blocks with its stubbed outcome, when it is of a described class.
    func operationCall(_ signature: FormSignature, operations: [OperationSpec]) -> MockTypeContext.Call {
        let parameter = SwiftNames.escaped(signature.call.parameters[0].name.value)
        let answer = MockTypeContext.Answer(id: StringLiteral(signature.callID), arguments: parameter, handler: "")
        return MockTypeContext.Call(
            attributes: signature.attributes, declaration: signature.declaration(access: translator.access), copied: nil, answer: answer,
            method: .run(outcomes: operations.map { translator.operationTranslator($0).outcomeName }, errorModel: translator.errorModelReference))
    }

    /// The body of the closure that asks the backing for a store call no stub answers.
    func backed(_ call: ResolvedCall) -> String? {
        guard call.store != nil else { return nil }
        let name = SwiftNames.escaped(call.callID)
        return call.parameters.isEmpty ? "_ in try backing_.\(name)()" : "try backing_.\(name)($0)"
    }

    /// The mock of a described type a member hands out, one per `key`.
    func child(_ reference: String, key: String) -> MockTypeContext.Child {
        MockTypeContext.Child(key: key, mock: translator.names.mockName(reference), protocolName: translator.protocolName(reference))
    }

    /// The arguments as the mock records them: `()`, the one parameter, or a labelled tuple.
    static func argumentsValue(_ call: ResolvedCall) -> String {
        switch call.parameters.count {
        case 0: return "()"
        case 1: return SwiftNames.escaped(call.parameters[0].name.value)
        default:
            var text = TextBuilder(capacity: 64)
            text += "("
            for index in call.parameters.indices {
                let name = call.parameters[index].name.value
                if index > 0 { text += ", " }
                text += name
                text += ": "
                text += SwiftNames.escaped(name)
            }
            text += ")"
            return text.text()
        }
    }
}
