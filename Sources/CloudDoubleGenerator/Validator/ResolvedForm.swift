/// One form of one call, with its signature spelled once, when the description is resolved: the
/// protocol, the live adapter, the fault wrapper and the mock all declare and forward a form the
/// same way, so they read its declaration and forwarded call rather than each building them
/// again (`FormSpelling` spells them). A class: each artifact hands it around per form.
@dynamicMemberLookup
final class ResolvedForm: Sendable {
    let spec: CallFormSpec
    /// The form's `availability`, parsed.
    let availability: [Availability]
    /// `func fetch(withRecordID recordID: CKRecord.ID) async throws -> CKRecord`: without access
    /// or attributes (a protocol requirement as it is).
    let declaration: String
    /// The forwarded call without its receiver: `fetch(withRecordID: recordID)`.
    let callExpression: String
    /// Availability, deprecation, `@discardableResult`, `@preconcurrency`.
    let attributes: [Attribute]
    /// Whether the completion handler's value is optional (so `nil` goes with an error).
    let handlerValueIsOptional: Bool
    /// The app's handler as the runtime calls it, value first: its name, or a closure swapping
    /// the arguments of an error-first handler.
    let valueFirstHandler: String
    /// The forwarded call as the fault wrapper makes it, its handler the runtime's value-first
    /// one: `callExpression`, or with a closure swapping the arguments for an error-first SDK.
    let valueFirstCallExpression: String

    /// A way of calling the form without some defaulted arguments.
    struct DefaultOverload: Sendable {
        /// The declaration without the omitted parameters (without access or attributes).
        let declaration: String
        /// The form called with the omitted parameters' defaults: `fetch(withRecordID: recordID, zone: nil)`.
        let invocation: String
        /// Where the first of the pasted defaults is in the description.
        let pasted: SourceLocation?
    }

    init(_ spelling: FormSpelling) {
        let form = spelling.form
        spec = form
        availability = form.availability.compactMap { Availability(parsing: $0.value) }
        declaration = spelling.declaration(omitting: [])
        callExpression = spelling.callExpression(handler: nil, substitutingDefaultsFor: [], replacing: [:])
        valueFirstHandler = spelling.valueFirstHandler()
        valueFirstCallExpression =
            spelling.errorFirstHandler().map {
                spelling.callExpression(handler: $0, substitutingDefaultsFor: [], replacing: [:])
            } ?? callExpression
        var attributes = availability.map(Attribute.available)
        if let deprecation = form.deprecation { attributes.append(Attribute(deprecation)) }
        if form.discardableResult && (form.kind.value == .sync || form.kind.value == .async) && spelling.returns != nil {
            attributes.append(.discardableResult)
        }
        if form.preconcurrency { attributes.append(.preconcurrency) }
        self.attributes = attributes
        if spelling.returns == nil {
            handlerValueIsOptional = true
        } else if let explicit = form.handlerValueType {
            handlerValueIsOptional = explicit.model?.isOptional ?? false
        } else {
            handlerValueIsOptional = true
        }
    }

    /// The declaration after `access` (`public `), as a conforming class declares it.
    func declaration(after access: String) -> String {
        access + declaration
    }

    /// The declaration's bytes, for `SpelledText` to write.
    var declarationUTF8: Substring.UTF8View { declaration[...].utf8 }

    /// The forwarded call's bytes, for `SpelledText` to write.
    var callExpressionUTF8: Substring.UTF8View { callExpression[...].utf8 }

    var kind: FormKind { spec.kind.value }
    var hasHandler: Bool { kind == .completion || kind == .result }
    /// A `sync` form declared `throws`.
    var throwsSynchronously: Bool { kind == .sync && spec.throwing }
    var handlerName: String { spec.handlerLabel }

    /// `fetch(withRecordID:completionHandler:)`, for comments.
    func selector(of call: ResolvedCall) -> String {
        spelling(of: call).selector()
    }

    /// Protocols cannot declare default argument values: one overload per way of leaving
    /// defaulted arguments out (of the last four defaulted), forwarding with the defaults.
    func defaultOverloads(of call: ResolvedCall) -> [DefaultOverload] {
        let parameters = call.parameters
        let defaulted = parameters.indices.filter { parameters[$0].defaultValue != nil }
        guard !defaulted.isEmpty else { return [] }
        let spelling = spelling(of: call)
        let limited = Array(defaulted.suffix(4))
        return (1..<(1 << limited.count)).map { mask in
            let omitted = Set(limited.indices.filter { mask & (1 << $0) != 0 }.map { limited[$0] })
            return DefaultOverload(
                declaration: spelling.declaration(omitting: omitted),
                invocation: spelling.callExpression(handler: nil, substitutingDefaultsFor: omitted, replacing: [:]),
                pasted: omitted.compactMap { parameters[$0].defaultLocation }.min { $0.line < $1.line })
        }
    }

    /// The forwarded call with `handler` passed as the handler and some arguments replaced (a
    /// fault wrapper sends only the items not chosen to fail).
    func callExpression(of call: ResolvedCall, handler: String?, replacing replaced: [Int: String]) -> String {
        spelling(of: call).callExpression(handler: handler, substitutingDefaultsFor: [], replacing: replaced)
    }

    /// The forwarded call with a handler that wraps the described type's object the SDK hands it
    /// (`FormSpelling.wrappingHandler`).
    func callExpression(of call: ResolvedCall, wrappingWith make: String, valueFirst: Bool) -> String {
        let spelling = spelling(of: call)
        return spelling.callExpression(handler: spelling.wrappingHandler(make: make, valueFirst: valueFirst), substitutingDefaultsFor: [], replacing: [:])
    }

    private func spelling(of call: ResolvedCall) -> FormSpelling {
        FormSpelling(
            form: spec, parameters: call.parameters, returns: call.returns, returnsType: call.returnsType, returnsReference: call.returnsReference != nil)
    }

    subscript<T>(dynamicMember keyPath: KeyPath<CallFormSpec, T>) -> T { spec[keyPath: keyPath] }
}
