/// The recording mocks: each protocol answered from stubs (or a backing), every call logged.
struct MockTranslator {
    let translator: Translator

    init(_ translator: Translator) {
        self.translator = translator
    }

    func file() -> MockFileContext {
        let types = translator.description.types
        return MockFileContext(file: translator.fileContext, types: types.map(type))
    }

    func type(_ type: ResolvedType) -> MockTypeContext {
        let names = translator.names
        var properties: [MockTypeContext.Property] = []
        var backing: [MockTypeContext.BackingRequirement] = []
        for property in type.properties {
            let declared = translator.swiftType(property.type)
            let model = translator.typeModel(property.type)
            let name = SwiftNames.escaped(property.name.value)
            let attributes = Translator.attributes(of: property)
            let ref = translator.reference(property.type)
            let key = StringLiteral(property.name.value)
            if let action = property.store {
                backing.append(
                    MockTypeContext.BackingRequirement(
                        doc: DocComment("`\(property.name.value)` (\(action.value.rawValue)): reading the property."),
                        declaration: "func \(name)() throws -> \(declared)"))
            }
            properties.append(
                MockTypeContext.Property(
                    attributes: attributes, declaration: translator.declaration(of: property), key: key,
                    backed: property.store == nil ? nil : "try backing_.\(name)()",
                    fallback: fallback(of: property, reference: ref, model: model, declared: declared, key: key),
                    settable: property.settable, copied: ref == nil ? translator.copied(at: property.mockDefault?.location) : nil))
        }
        var calls: [MockTypeContext.Call] = []
        /// The operations' backing protocols the type's backing refines.
        var operationBackings: [String] = []
        for call in type.calls.map(translator.spelling(of:)) {
            let operations = call.runs
            let arguments = SpelledText.arguments(call)
            let id = StringLiteral(call.callID)
            // What every form of the call answers with, worked out once for them all.
            let mockDefault = call.mockDefault.map { written in call.returns.map { MockDefaults.converted(written.value, to: $0) } ?? written.value }
            let defaultValue = mockDefault ?? call.returnsType.flatMap(MockDefaults.expression(for:))
            for form in call.forms {
                var context =
                    operations.isEmpty
                    ? self.call(
                        form, of: call, id: id, arguments: arguments, defaultValue: defaultValue,
                        nonEscaping: NonEscapingClosure(call, typeName: type.name.value))
                    : operationCall(form, of: call, id: id)
                listening(&context, call, in: type)
                calls.append(context)
            }
            for operation in operations where operation.store != nil {
                let refined = names.operationBackingName(operation.name.value)
                if !operationBackings.contains(refined) { operationBackings.append(refined) }
            }
            if let action = call.store {
                let id = call.callID
                let parameter = call.parameters.isEmpty ? "" : "_ \(SwiftNames.generated("arguments")): \(call.argumentsType)"
                let returns = call.returns.map { " -> \($0)" } ?? ""
                let selectors = call.forms.map { "`\($0.selector())`" }.joined(separator: ", ")
                backing.append(
                    MockTypeContext.BackingRequirement(
                        doc: DocComment("`\(id)` (\(action.value.rawValue)): \(selectors)."),
                        declaration: "func \(SwiftNames.escaped(id))(\(parameter)) throws\(returns)"))
            }
        }
        return MockTypeContext(
            names: TypeNames(type, names: names), properties: properties, calls: calls, backingRequirements: backing,
            listeners: listeners(type), backingRefinements: operationBackings, hasStreams: type.calls.contains { $0.isStream },
            hasBacking: type.hasBacking)
    }

    /// A recorder call answering one form from its stubs. `defaultValue`: the call's
    /// `mockDefault` or its type's empty value; `nonEscaping`: the call's closure parameter without
    /// `@escaping`, if any (the validator allows it on `sync` forms alone).
    func call(
        _ form: FormSpelling, of call: CallSpelling, id: StringLiteral, arguments: SpelledText, defaultValue: String?,
        nonEscaping: NonEscapingClosure? = nil
    ) -> MockTypeContext.Call {
        let returns = call.returns
        let errorValue = form.kind == .completion ? form.errorValue?.location : nil
        var answer = MockTypeContext.Answer(id: id, arguments: arguments, backed: backed(call), handler: form.valueFirstHandler())
        // `nil` means "no fallback" (the call fails unstubbed); for optional results the fallback *is* nil.
        let fallback = defaultValue.map { $0 == "nil" ? ".some(nil)" : $0 }
        // An array of described objects is answered as any value: what the test stubbed (its
        // child mocks), else empty.
        let childReference = call.returnsReferenceShape == .array ? nil : call.returnsReference
        let method: MockTypeContext.Method
        switch form.kind {
        case .sync where call.returnsIsGeneric, .async where call.returnsIsGeneric:
            // The validator allows only these forms, a `sync` one throwing, and no backing.
            answer.backed = nil
            method = .cast(MockTypeContext.Cast(throwingSynchronously: form.kind == .sync, result: StringLiteral(returns ?? "")))
        case .sync where nonEscaping != nil:
            answer.fallback = form.throwsSynchronously ? (returns == nil ? "()" : fallback ?? "nil") : defaultValue ?? "()"
            method = .nonEscaping(nonEscaping!.mock(throwing: form.throwsSynchronously))
        case .sync where form.throwsSynchronously && childReference != nil:
            answer.backed = nil
            let child = child(childReference!, member: .call(id, arguments: arguments), optional: call.returnsIsOptional)
            method = call.newEachCall?.value == true ? .respondThrowingNewChild(child) : .respondThrowingChild(child)
        case .sync where form.throwsSynchronously:
            answer.fallback = returns == nil ? "()" : fallback ?? "nil"
            method = .respondThrowing
        case .sync:
            if let ref = childReference {
                answer.backed = nil
                let child = child(ref, member: .call(id, arguments: arguments), optional: call.returnsIsOptional)
                method = call.newEachCall?.value == true ? .newChild(child) : .child(child)
            } else {
                // A synchronous member cannot throw: without a stub or default it answers `()`.
                answer.fallback = defaultValue ?? "()"
                method = .respondWithoutFailing
            }
        case .async where childReference != nil:
            answer.backed = nil
            let child = child(childReference!, member: .call(id, arguments: arguments), optional: call.returnsIsOptional)
            method = call.newEachCall?.value == true ? .respondNewChild(child) : .respondChild(child)
        case .async:
            answer.fallback = returns == nil ? "()" : fallback ?? "nil"
            method = .respond
        case .completion where childReference != nil:
            answer.backed = nil
            let child = child(childReference!, member: .call(id, arguments: arguments), optional: call.returnsIsOptional)
            if call.returnsIsOptional {
                // `(any P)?` is the handler's value as it is: `nil` with an error.
                answer.errorValue = "nil"
                method = .deliverChildValue(child)
            } else if form.handlerValueIsOptional {
                method = .deliverChild(child)
            } else {
                // The validator allows only `self`: the mock the call was made on.
                answer.errorValue = "self as any \(child.protocolName)"
                method = .deliverChildValue(child)
            }
        case .completion:
            if returns != nil {
                answer.fallback = fallback ?? "nil"
                if form.handlerValueIsOptional && !call.returnsIsOptional {
                    method = .deliverOptional
                } else {
                    answer.errorValue = form.errorValue?.value ?? "nil"
                    method = .deliverValue
                }
            } else {
                method = .deliverError
            }
        case .result where childReference != nil:
            answer.backed = nil
            method = .deliverChildResult(child(childReference!, member: .call(id, arguments: arguments), optional: call.returnsIsOptional))
        case .result:
            answer.fallback = returns == nil ? "()" : fallback ?? "nil"
            method = .deliverResult
        case .stream:
            answer.backed = nil
            method = .stream
        }
        return MockTypeContext.Call(
            attributes: form.attributes, declaration: .declaration(form, after: translator.accessPrefix),
            copied: translator.copied(at: call.mockDefault?.location ?? errorValue), answer: answer, method: method)
    }

    /// `add(_:)`: logged with the app's operation object, which the runtime then completes
    /// through its own blocks with its stubbed outcome, when it is of a described class.
    func operationCall(_ form: FormSpelling, of call: CallSpelling, id: StringLiteral) -> MockTypeContext.Call {
        let parameter = SwiftNames.escaped(call.parameters[0].name.value)
        let answer = MockTypeContext.Answer(id: id, arguments: .text(parameter), handler: "")
        return MockTypeContext.Call(
            attributes: form.attributes, declaration: .declaration(form, after: translator.accessPrefix), copied: nil, answer: answer,
            method: .run(outcomes: call.runs.map { translator.operationTranslator($0).outcomeName }, errorModel: translator.errorModelReference))
    }

    /// The body of the closure that asks the backing for a store call no stub answers.
    func backed(_ call: CallSpelling) -> String? {
        guard call.store != nil else { return nil }
        let name = SwiftNames.escaped(call.callID)
        return call.parameters.isEmpty ? "_ in try backing_.\(name)()" : "try backing_.\(name)($0)"
    }

    /// What a property reads when not stubbed or set: its `mockDefault` or its type's empty value;
    /// for a described type, its child mock (one object, an optional one) or none (an array).
    func fallback(
        of property: ResolvedProperty, reference: DescribedReference?, model: SwiftType?, declared: String, key: StringLiteral
    ) -> MockTypeContext.Fallback {
        guard let reference else {
            return .expression(
                property.mockDefault.map { MockDefaults.converted($0.value, to: declared) } ?? model.flatMap(MockDefaults.expression(for:)) ?? "nil")
        }
        switch reference.shape {
        case .one: return .child(child(reference.name.value, member: .property(key)))
        case .optional: return .child(child(reference.name.value, member: .property(key), optional: true))
        case .array: return .expression("[]")
        }
    }

    /// The mock of a described type `member` hands out.
    func child(_ reference: String, member: MockTypeContext.Child.Member, optional: Bool = false) -> MockTypeContext.Child {
        MockTypeContext.Child(
            member: member, mock: translator.names.mockName(reference), protocolName: translator.protocolName(reference), optional: optional)
    }
}
