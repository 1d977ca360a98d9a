/// How a form of a call is spelled in Swift: its declaration, forwarded call, handler, selector
/// and attributes. The translator makes one per form (`CallSpelling`) from what the validator
/// resolved (`ResolvedForm`, which holds no Swift text), and the four artifacts declare and
/// forward a form only through it, so none spells a signature of its own. The texts every
/// artifact reads are made once, when the translator spells the description (`Translator.init`).
@dynamicMemberLookup
struct FormSpelling: Sendable {
    /// What the validator resolved of the form.
    let resolved: ResolvedForm
    let parameters: [Parameter]
    /// The call's result in Swift (`nil` for none) and on the type model.
    let returns: String?
    let returnsType: SwiftType?
    /// `func fetch(withRecordID recordID: CKRecord.ID) async throws -> CKRecord`: without access
    /// or attributes (a protocol requirement as it is).
    private(set) var declaration = ""
    /// The forwarded call without its receiver: `fetch(withRecordID: recordID)`.
    private(set) var callExpression = ""
    /// The forwarded call as the fault wrapper makes it, its handler the runtime's value-first
    /// one: `callExpression`, or with a closure swapping the arguments for an error-first SDK.
    private(set) var valueFirstCallExpression = ""
    /// Availability, deprecation, `@discardableResult`, `@preconcurrency`.
    private(set) var attributes: [Attribute] = []
    /// Whether `returns` is a described type's protocol: then `handlerValueType` (its SDK type)
    /// only says whether the handler gets it optional.
    let returnsReference: Bool
    /// The call's generic parameter clause, `<T: Decodable>`; empty for most calls.
    let genericClause: String

    /// `form` of `call`, whose result `CallSpelling` spelled as `returns`.
    init(_ form: ResolvedForm, of call: ResolvedCall, returns: String?) {
        resolved = form
        parameters = call.parameters
        self.returns = returns
        returnsType = call.returnsType
        returnsReference = call.returnsReference != nil
        genericClause = GenericSignature(call.genericParameters).clause(crossesIsolation: form.kind == .async)
        declaration = declaration(omitting: [])
        callExpression = callExpression(handler: nil, substitutingDefaultsFor: [], replacing: [:])
        valueFirstCallExpression =
            errorFirstHandler().map { callExpression(handler: $0, substitutingDefaultsFor: [], replacing: [:]) } ?? callExpression
        attributes = resolved.availability.map(Attribute.available)
        if let deprecation = form.deprecation { attributes.append(Attribute(deprecation)) }
        if form.discardableResult && (kind == .sync || kind == .async) && returns != nil { attributes.append(.discardableResult) }
        if form.preconcurrency { attributes.append(.preconcurrency) }
    }

    /// The form as described.
    var form: CallFormSpec { resolved.spec }
    var kind: FormKind { form.kind.value }
    var hasHandler: Bool { kind == .completion || kind == .result }

    /// The declaration after `access` (`public `), as a conforming class declares it.
    func declaration(after access: String) -> String {
        access + declaration
    }

    /// The forwarded call with a handler that wraps the described type's object the SDK hands it
    /// (`wrappingHandler`).
    func callExpression(wrappingWith make: String, valueFirst: Bool) -> String {
        callExpression(handler: wrappingHandler(make: make, valueFirst: valueFirst), substitutingDefaultsFor: [], replacing: [:])
    }

    /// The forwarded call with `handler` passed as the handler and some arguments replaced (a
    /// fault wrapper sends only the items not chosen to fail).
    func callExpression(handler: String?, replacing replaced: [Int: String]) -> String {
        callExpression(handler: handler, substitutingDefaultsFor: [], replacing: replaced)
    }

    /// A `sync` form declared `throws`.
    var throwsSynchronously: Bool { resolved.throwsSynchronously }
    var handlerName: String { resolved.handlerName }
    var handlerValueIsOptional: Bool { resolved.handlerValueIsOptional }

    // The description's fields by one key path each (a key path through `ResolvedForm`'s own
    // lookup would be made at run time, on every read).
    subscript<T>(dynamicMember keyPath: KeyPath<CallFormSpec, T>) -> T { resolved.spec[keyPath: keyPath] }

    func label(at index: Int) -> String {
        form.labels?[index].value ?? parameters[index].label.value
    }

    /// `fetch(withRecordID:completionHandler:)`, for comments: the name the validator tells
    /// forms apart by (`SwiftNames.fullName`).
    func selector() -> String {
        SwiftNames.fullName(of: form, in: parameters)
    }

    /// The handler's type, `@escaping @Sendable (CKRecord?, (any Error)?) -> Void`, or
    /// `@escaping ((any Error)?, DataSnapshot?) -> Void` when the error comes first.
    func handlerType() -> String {
        let prefix = form.sendableHandler ? "@escaping @Sendable (" : "@escaping ("
        if kind == .result { return prefix + Qualified.result(returns ?? Qualified.void) + ") -> Swift.Void" }
        guard let returns else { return prefix + "(any Swift.Error)?) -> Swift.Void" }
        let value: String
        if let explicit = form.handlerValueType, returnsReference, !(explicit.model?.isOptional ?? true) {
            value = returns
        } else if let explicit = form.handlerValueType?.value, !returnsReference {
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

    /// A handler passed to the SDK that hands the described type's object it gets on wrapped by
    /// `make` (one wrapper per object, from `wrappers_`): to `handlerLabel` in the SDK's order (a
    /// live adapter's app handler) or value first (the fault engine's handler); a `Result`
    /// handler's success, mapped.
    func wrappingHandler(make: String, valueFirst: Bool) -> String {
        if kind == .result { return "{ result_ in " + form.handlerLabel + "(result_.map { self.wrappers_.wrapper(for: $0) { " + make + " } }) }" }
        let errorFirst = form.handlerOrder == .errorFirst
        let optional = form.handlerValueType?.model?.isOptional ?? true
        let wrapped =
            optional
            ? "value_.map { self.wrappers_.wrapper(for: $0) { " + make + " } }" : "self.wrappers_.wrapper(for: value_) { " + make + " }"
        let parameters = errorFirst ? "error_, value_" : "value_, error_"
        let arguments = errorFirst && !valueFirst ? "error_, " + wrapped : wrapped + ", error_"
        return "{ " + parameters + " in " + form.handlerLabel + "(" + arguments + ") }"
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
        var text = "func " + SwiftNames.escaped(form.name.value) + genericClause + "(" + items.joined(separator: ", ") + ")"
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
    /// A call `forwarding` to the SDK object or the wrapped one passes a described-type argument
    /// through `forwardedObject_` (`ForwardedObjects`), which unwraps it, or each of an optional or
    /// an array, to the type the callee takes: the SDK object under a live adapter, or what a fault
    /// wrapper wraps.
    func callExpression(
        handler: String?, substitutingDefaultsFor omitted: Set<Int>, replacing replaced: [Int: String], forwarding: Bool = true
    ) -> String {
        var items = parameters.indices.map { index in
            let name = SwiftNames.escaped(parameters[index].name.value)
            var forwarded = name
            if forwarding, let reference = parameters[index].reference {
                forwarded = ForwardedObjects.expression(name, named: parameters[index].name.value, shape: DescribedReference(reference).shape)
            }
            let value =
                replaced[index]
                ?? (omitted.contains(index) ? parameters[index].defaultValue ?? "nil" : forwarded)
            let label = label(at: index)
            return label == "_" ? value : label + ": " + value
        }
        if hasHandler { items.append(form.handlerLabel + ": " + (handler ?? form.handlerLabel)) }
        return SwiftNames.escaped(form.name.value) + "(" + items.joined(separator: ", ") + ")"
    }
}
