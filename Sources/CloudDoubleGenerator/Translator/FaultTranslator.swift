/// The fault-injecting wrappers: each protocol over any conforming instance, asking the fault
/// engine before each fallible call.
struct FaultTranslator {
    let translator: Translator

    init(_ translator: Translator) {
        self.translator = translator
    }

    func file() -> FaultFileContext {
        let types = translator.description.types
        return FaultFileContext(
            file: translator.fileContext, errorModelReference: translator.errorModelReference,
            types: types.map(type))
    }

    func type(_ type: ResolvedType) -> FaultTypeContext {
        let names = translator.names
        let properties = translator.forwardedProperties(type, throughFaults: true) { .faults(names.faultName($0)) }
        var calls: [FaultTypeContext.Call] = []
        for call in type.calls.map(translator.spelling(of:)) {
            let arguments = SpelledText.arguments(call)
            let id = StringLiteral(call.callID)
            // A non-escaping closure cannot be kept: a cassette gets its placeholder.
            let kept = NonEscapingClosure(call, typeName: type.name.value).map { SpelledText.text($0.keptArguments) } ?? arguments
            for form in call.forms {
                var context = self.call(form, of: call, id: id, arguments: kept)
                listening(&context, form, call, in: type)
                calls.append(context)
            }
        }
        return FaultTypeContext(
            names: TypeNames(type, names: names), hasChildren: translator.hasChildren(type), properties: properties, calls: calls,
            registrations: MockTranslator(translator).listeners(type)?.registrations ?? [])
    }

    func call(_ form: FormSpelling, of call: CallSpelling, id: StringLiteral, arguments: SpelledText) -> FaultTypeContext.Call {
        var context = FaultTypeContext.Call(
            attributes: form.attributes, declaration: .declaration(form, after: translator.accessPrefix), invocation: .callExpression(form),
            id: id, handler: form.hasHandler ? form.handlerName : "",
            arguments: arguments, kind: .forwarded(child: nil))
        let operations = call.runs
        if !operations.isEmpty {
            let parameter = SwiftNames.escaped(call.parameters[0].name.value)
            context.kind = .operation(parameter: parameter, outcomes: operations.map { translator.operationTranslator($0).outcomeName })
            return context
        }
        // Inlined into its protocol witness: a call no rule selects then costs one async frame
        // less (docs/Benchmarks.md, "Runtime overhead per call").
        context.attributes.append(.inlineAlways)
        switch form.kind {
        case .sync where form.throwsSynchronously:
            context.kind = .throwing(child: call.returnsReference.map { .faults(translator.names.faultName($0)) })
        case .sync:
            context.kind = .forwarded(child: call.returnsReference.map { .faults(translator.names.faultName($0)) })
        case .async where call.returnsReference != nil:
            context.kind = .asyncChild(call.returnsReference.map { .faults(translator.names.faultName($0)) }!)
        case .async:
            context.kind = itemFaults(form, of: call).map(FaultTypeContext.Call.Kind.asyncItems) ?? .async
        case .completion:
            let failure: String
            if call.returns == nil {
                failure = "\(form.handlerName)($0)"
            } else {
                let value = form.handlerValueIsOptional ? "nil" : form.errorValue?.value ?? "nil"
                failure = form.handlerOrder == .errorFirst ? "\(form.handlerName)($0, \(value))" : "\(form.handlerName)(\(value), $0)"
            }
            let pasted = call.returns != nil && !form.handlerValueIsOptional ? form.errorValue?.location : nil
            context.invocation = .text(
                call.returnsReference.map {
                    form.callExpression(wrappingWith: ChildWrapping.faults(translator.names.faultName($0)).make, valueFirst: true)
                } ?? form.valueFirstCallExpression)
            context.kind = .completion(failure: failure, valueFirstHandler: form.valueFirstHandler(), copied: translator.copied(at: pasted))
        case .result where call.returnsReference != nil:
            context.invocation = .text(
                form.callExpression(wrappingWith: ChildWrapping.faults(translator.names.faultName(call.returnsReference!)).make, valueFirst: true))
            context.kind = .result
        case .result:
            context.kind = itemFaults(form, of: call).map(FaultTypeContext.Call.Kind.resultItems) ?? .result
        case .stream:
            context.kind = .stream
        }
        return context
    }

    /// The three parts of a per-item call: telling the faults the requested items, sending only
    /// the items not chosen to fail, and merging the chosen items' failures into the answer
    /// (returned items, such as query matches, are failed there too). `nil` for a call without
    /// per-item results.
    func itemFaults(_ form: FormSpelling, of call: CallSpelling) -> FaultTypeContext.ItemFaults? {
        guard let perItem = call.perItem else { return nil }
        var requests: [FaultTypeContext.ItemRequest] = []
        var kept: [Int: String] = [:]
        var inputs: [String: Int] = [:]
        for (index, parameter) in call.parameters.enumerated() {
            guard let items = parameter.items else { continue }
            let input = inputs.count
            inputs[items.result?.value ?? ""] = input
            let name = SwiftNames.escaped(parameter.name.value)
            let optional = parameter.type.model?.isOptional ?? false
            let list = optional ? "(\(name) ?? [])" : name
            requests.append(
                FaultTypeContext.ItemRequest(
                    keys: items.key.map { "\(list).map(\\.\($0.value))" } ?? list, input: input,
                    atomic: Translator.atomicArgument(call.atomic, flag: call.atomic.map { SwiftNames.escaped($0.when.value) }),
                    copied: translator.copied(at: call.atomic?.except?.location)))
            kept[index] = "items_.kept(\(name), input: \(input)\(items.key.map { ", by: \\.\($0.value)" } ?? ""))"
        }
        func merged(_ value: String, field: String) -> String {
            guard let input = inputs[field] else { return "items_.apply(to: \(value))" }
            return "items_.merged(\(value), input: \(input))"
        }
        let merge: FaultTypeContext.Merge
        switch perItem {
        case .whole: merge = .whole(merged("value_", field: ""))
        case .fields(let fields): merge = .fields(fields.map { (name: $0.value, expression: merged("value_.\($0.value)", field: $0.value)) })
        }
        let handler = form.kind == .result ? "deliver_" : nil
        return FaultTypeContext.ItemFaults(
            requests: requests, merge: merge, keptInvocation: form.callExpression(handler: handler, replacing: kept))
    }
}
