/// How a form of a call is spelled in Swift: its declaration, forwarded call and selector. Only
/// a resolved form (`ResolvedForm`) spells with it, so no translator builds a signature of its own.
struct FormSpelling {
    let form: CallFormSpec
    let parameters: [Parameter]
    /// The call's result in Swift (`nil` for none) and on the type model.
    let returns: String?
    let returnsType: SwiftType?

    var kind: FormKind { form.kind.value }
    var hasHandler: Bool { kind == .completion || kind == .result }

    func label(at index: Int) -> String {
        form.labels?[index].value ?? parameters[index].label.value
    }

    func selector() -> String {
        let labels = parameters.indices.map { label(at: $0) } + (hasHandler ? [form.handlerLabel] : [])
        return form.name.value + "(" + labels.map { $0 + ":" }.joined() + ")"
    }

    /// The handler's type, `@escaping @Sendable (CKRecord?, (any Error)?) -> Void`, or
    /// `@escaping ((any Error)?, DataSnapshot?) -> Void` when the error comes first.
    func handlerType() -> String {
        let prefix = form.sendableHandler ? "@escaping @Sendable (" : "@escaping ("
        if kind == .result { return prefix + Qualified.result(returns ?? Qualified.void) + ") -> Swift.Void" }
        guard let returns else { return prefix + "(any Swift.Error)?) -> Swift.Void" }
        let value: String
        if let explicit = form.handlerValueType?.value {
            value = explicit
        } else if returnsType?.isOptional ?? false {
            value = returns
        } else if returnsType?.needsParenthesesWhenOptional ?? false {
            value = "(" + returns + ")?"
        } else {
            value = returns + "?"
        }
        if form.handlerOrder == .errorFirst { return prefix + "(any Swift.Error)?, " + value + ") -> Swift.Void" }
        return prefix + value + ", (any Swift.Error)?) -> Swift.Void"
    }

    /// The app's error-first handler as the runtime calls a handler, value first:
    /// `{ value_, error_ in completion(error_, value_) }`; the handler's name otherwise.
    func valueFirstHandler() -> String {
        let name = form.handlerLabel
        guard form.handlerOrder == .errorFirst, kind == .completion, returns != nil else { return name }
        return "{ value_, error_ in " + name + "(error_, value_) }"
    }

    /// The runtime's value-first handler passed where the SDK takes the error first:
    /// `{ error_, value_ in completion(value_, error_) }`; `nil` (the handler as it is) otherwise.
    func errorFirstHandler() -> String? {
        let name = form.handlerLabel
        guard form.handlerOrder == .errorFirst, kind == .completion, returns != nil else { return nil }
        return "{ error_, value_ in " + name + "(value_, error_) }"
    }

    /// The declaration without the parameters at `omitted`, without access or attributes.
    func declaration(omitting omitted: Set<Int>) -> String {
        var items = parameters.indices.filter { !omitted.contains($0) }.map { index in
            let (label, name) = (label(at: index), parameters[index].name.value)
            let spelledName = SwiftNames.escaped(name)
            return (label == name ? spelledName : SwiftNames.escaped(label) + " " + spelledName) + ": " + parameters[index].type.value
        }
        if hasHandler { items.append(form.handlerLabel + ": " + handlerType()) }
        var text = "func " + SwiftNames.escaped(form.name.value) + "(" + items.joined(separator: ", ") + ")"
        switch kind {
        case .sync: text += (form.throwing ? " throws" : "") + (returns.map { " -> " + $0 } ?? "")
        case .async: text += " async throws" + (returns.map { " -> " + $0 } ?? "")
        case .stream: text += " -> " + Qualified.stream(returns ?? Qualified.void)
        case .completion, .result: break
        }
        return text
    }

    /// `name(arguments)`: each argument the parameter's own name, or its `replaced` value, or its
    /// default when it is in `omitted`; the handler passed as `handler` (its own name by default).
    func callExpression(handler: String?, substitutingDefaultsFor omitted: Set<Int>, replacing replaced: [Int: String]) -> String {
        var items = parameters.indices.map { index in
            let value =
                replaced[index]
                ?? (omitted.contains(index) ? parameters[index].defaultValue ?? "nil" : SwiftNames.escaped(parameters[index].name.value))
            let label = label(at: index)
            return label == "_" ? value : label + ": " + value
        }
        if hasHandler { items.append(form.handlerLabel + ": " + (handler ?? form.handlerLabel)) }
        return SwiftNames.escaped(form.name.value) + "(" + items.joined(separator: ", ") + ")"
    }
}
