/// One form of one call, with its signature spelled once, when the description is resolved: the
/// protocol, the live adapter, the fault wrapper and the mock all declare and forward a form the
/// same way, so they read its declaration and forwarded call rather than each building them
/// again. Only this file spells a form (`FormSpelling`), so no translator can build a signature
/// of its own. A class: each artifact hands it around per form.
@dynamicMemberLookup
final class ResolvedForm: Sendable {
    let spec: CallFormSpec
    /// The form's `availability`, parsed.
    let availability: [Availability]
    /// The declaration, then the forwarded call, in one text: kept for every form for the whole
    /// run, one allocation instead of two holds ~2.4 MB less at the peak for 3,000 types
    /// (docs/Benchmarks.md). The artifacts read them as copies, one `memcpy` each, or write
    /// them into their output straight from here (`SpelledText`).
    let spelled: String
    /// Where the forwarded call starts in `spelled`.
    let callStart: String.Index
    /// Availability, deprecation, `@discardableResult`, `@preconcurrency`.
    let attributes: [Attribute]
    /// Whether the completion handler's value is optional (so `nil` goes with an error).
    let handlerValueIsOptional: Bool

    /// A way of calling the form without some defaulted arguments.
    struct DefaultOverload: Sendable {
        /// The declaration without the omitted parameters (without access or attributes).
        let declaration: String
        /// The form called with the omitted parameters' defaults: `fetch(withRecordID: recordID, zone: nil)`.
        let invocation: String
        /// Where the first of the pasted defaults is in the description.
        let pasted: SourceLocation?
    }

    /// `pieces`: the call's parameter and argument lists, spelled once for all its forms.
    init(_ form: CallFormSpec, parameters: [Parameter], returns: String?, returnsType: SwiftType?, pieces: CallPieces) {
        spec = form
        availability = form.availability.compactMap { Availability(parsing: $0.value) }
        let spelling = FormSpelling(form: form, parameters: parameters, returns: returns, returnsType: returnsType, pieces: pieces)
        // Both texts built in one buffer and made one string, its length exactly theirs.
        var text = TextBuilder(capacity: 384)
        spelling.appendDeclaration(omitting: [], to: &text)
        let declarationLength = text.utf8Count
        spelling.appendCallExpression(handler: nil, substitutingDefaultsFor: [], replacing: [:], to: &text)
        let spelled = text.text()
        self.spelled = spelled
        self.callStart = spelled.utf8.index(spelled.utf8.startIndex, offsetBy: declarationLength)
        var attributes = availability.map(Attribute.available)
        if let deprecation = form.deprecation { attributes.append(Attribute(deprecation)) }
        if form.discardableResult && (form.kind.value == .sync || form.kind.value == .async) && returns != nil { attributes.append(.discardableResult) }
        if form.preconcurrency { attributes.append(.preconcurrency) }
        self.attributes = attributes
        if returns == nil {
            handlerValueIsOptional = true
        } else if let explicit = form.handlerValueType {
            handlerValueIsOptional = explicit.model?.isOptional ?? false
        } else {
            handlerValueIsOptional = true
        }
    }

    /// `func fetch(withRecordID recordID: CKRecord.ID) async throws -> CKRecord`: without access
    /// or attributes (a protocol requirement as it is).
    var declaration: String { String(spelled[..<callStart]) }

    /// The declaration after `access` (`public `), as a conforming class declares it.
    func declaration(after access: String) -> String {
        var text = access
        text.append(contentsOf: spelled[..<callStart])
        return text
    }

    /// The forwarded call without its receiver: `fetch(withRecordID: recordID)`.
    var callExpression: String { String(spelled[callStart...]) }

    var kind: FormKind { spec.kind.value }
    var hasHandler: Bool { kind == .completion || kind == .result }
    var handlerName: String { spec.handlerLabel }

    // What one artifact reads once is spelled when asked (by the same spelling): kept for every
    // form, it would add to a large description's peak memory for the whole run.

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

    private func spelling(of call: ResolvedCall) -> FormSpelling {
        FormSpelling(form: spec, parameters: call.parameters, returns: call.returns, returnsType: call.returnsType, pieces: nil)
    }

    subscript<T>(dynamicMember keyPath: KeyPath<CallFormSpec, T>) -> T { spec[keyPath: keyPath] }
}

/// What every form of a call that keeps the call's labels spells the same: its parameter list
/// (`_ value: Swift.String, count: Int`) and argument list (`value, count: count`).
struct CallPieces {
    let parameters: String
    let arguments: String

    init(_ parameters: [Parameter]) {
        var declared = TextBuilder(capacity: 64)
        var passed = TextBuilder(capacity: 64)
        for index in parameters.indices {
            FormSpelling.appendParameter(label: parameters[index].label.value, of: parameters[index], separator: index > 0, to: &declared)
            FormSpelling.appendArgument(label: parameters[index].label.value, value: SwiftNames.escaped(parameters[index].name.value), separator: index > 0, to: &passed)
        }
        self.parameters = declared.text()
        arguments = passed.text()
    }
}

/// How a form is spelled in Swift; only a resolved form builds its texts with it.
private struct FormSpelling {
    let form: CallFormSpec
    let parameters: [Parameter]
    let returns: String?
    let returnsType: SwiftType?
    /// The call's lists, for a form with the call's labels (`nil`: spelled here).
    let pieces: CallPieces?

    var kind: FormKind { form.kind.value }
    var hasHandler: Bool { kind == .completion || kind == .result }

    func label(at index: Int) -> String {
        form.labels?[index].value ?? parameters[index].label.value
    }

    func selector() -> String {
        var text = TextBuilder(capacity: 64)
        text += form.name.value
        text += "("
        for index in parameters.indices {
            text += label(at: index)
            text += ":"
        }
        if hasHandler {
            text += form.handlerLabel
            text += ":"
        }
        text += ")"
        return text.text()
    }

    /// The handler's type, `@escaping @Sendable (CKRecord?, (any Error)?) -> Void`.
    func appendHandlerType(to text: inout TextBuilder) {
        text += form.sendableHandler ? "@escaping @Sendable (" : "@escaping ("
        switch kind {
        case .result:
            // `Qualified.result(_:)`, written into the text.
            text += "Swift.Result<"
            text += returns ?? Qualified.void
            text += ", "
            text += Qualified.anyError
            text += ">) -> Swift.Void"
        default:
            guard let returns else {
                text += "(any Swift.Error)?) -> Swift.Void"
                return
            }
            if let explicit = form.handlerValueType?.value {
                text += explicit
            } else if returnsType?.isOptional ?? false {
                text += returns
            } else if returnsType?.needsParenthesesWhenOptional ?? false {
                text += "("
                text += returns
                text += ")?"
            } else {
                text += returns
                text += "?"
            }
            text += ", (any Swift.Error)?) -> Swift.Void"
        }
    }

    /// The declaration, without access or attributes.
    func declaration(omitting omitted: Set<Int>) -> String {
        var text = TextBuilder(capacity: 192)
        appendDeclaration(omitting: omitted, to: &text)
        return text.text()
    }

    func appendDeclaration(omitting omitted: Set<Int>, to text: inout TextBuilder) {
        text += "func "
        text += SwiftNames.escaped(form.name.value)
        text += "("
        var hasParameters = false
        if omitted.isEmpty, form.labels == nil, let pieces {
            text += pieces.parameters
            hasParameters = !parameters.isEmpty
        } else {
            for index in parameters.indices where omitted.isEmpty || !omitted.contains(index) {
                Self.appendParameter(label: label(at: index), of: parameters[index], separator: hasParameters, to: &text)
                hasParameters = true
            }
        }
        if hasHandler {
            if hasParameters { text += ", " }
            text += form.handlerLabel
            text += ": "
            appendHandlerType(to: &text)
        }
        text += ")"
        switch kind {
        case .sync:
            if let returns {
                text += " -> "
                text += returns
            }
        case .async:
            text += " async throws"
            if let returns {
                text += " -> "
                text += returns
            }
        case .completion, .result: break
        }
    }

    /// `label name: Type`, after `, ` when it is not the first.
    static func appendParameter(label: String, of parameter: Parameter, separator: Bool, to text: inout TextBuilder) {
        let name = parameter.name.value
        if separator { text += ", " }
        if label != name {
            text += SwiftNames.escaped(label)
            text += " "
        }
        text += SwiftNames.escaped(name)
        text += ": "
        text += parameter.type.value
    }

    /// `label: value` (`value` for the label `_`), after `, ` when it is not the first.
    static func appendArgument(label: String, value: String, separator: Bool, to text: inout TextBuilder) {
        if separator { text += ", " }
        if label != "_" {
            text += label
            text += ": "
        }
        text += value
    }

    /// `name(arguments)`; `substitutingDefaultsFor` fills omitted parameters with their defaults.
    func callExpression(handler: String?, substitutingDefaultsFor omitted: Set<Int>, replacing replaced: [Int: String]) -> String {
        var text = TextBuilder(capacity: 128)
        appendCallExpression(handler: handler, substitutingDefaultsFor: omitted, replacing: replaced, to: &text)
        return text.text()
    }

    func appendCallExpression(handler: String?, substitutingDefaultsFor omitted: Set<Int>, replacing replaced: [Int: String], to text: inout TextBuilder) {
        text += SwiftNames.escaped(form.name.value)
        text += "("
        if omitted.isEmpty, replaced.isEmpty, form.labels == nil, let pieces {
            text += pieces.arguments
        } else {
            for index in parameters.indices {
                let value = (replaced.isEmpty ? nil : replaced[index])
                    ?? (!omitted.isEmpty && omitted.contains(index) ? (parameters[index].defaultValue ?? "nil") : SwiftNames.escaped(parameters[index].name.value))
                Self.appendArgument(label: label(at: index), value: value, separator: index > 0, to: &text)
            }
        }
        if hasHandler {
            if !parameters.isEmpty { text += ", " }
            text += form.handlerLabel
            text += ": "
            text += handler ?? form.handlerLabel
        }
        text += ")"
    }
}
