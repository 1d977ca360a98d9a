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
    /// The texts of every form of the type, one after another, each form's declaration then its
    /// forwarded call (`FormTexts`): kept for every form for the whole run, one allocation per
    /// type rather than one per form. The artifacts read a form's texts as copies, one `memcpy`
    /// each, or write them into their output straight from here (`SpelledText`).
    let texts: String
    /// Where the form's declaration starts in `texts`, where its forwarded call starts, and where
    /// that ends.
    let declarationStart: String.Index
    let callStart: String.Index
    let callEnd: String.Index
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

    /// `form`, whose texts are at `span` in `texts` (its type's `FormTexts`).
    init(_ form: consuming CallFormSpec, returns: String?, texts: String, span: FormTexts.Span) {
        availability = form.availability.compactMap { Availability(parsing: $0.value) }
        self.texts = texts
        let utf8 = texts.utf8
        declarationStart = utf8.index(utf8.startIndex, offsetBy: span.start)
        callStart = utf8.index(utf8.startIndex, offsetBy: span.callStart)
        callEnd = utf8.index(utf8.startIndex, offsetBy: span.end)
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
        spec = consume form
    }

    /// `func fetch(withRecordID recordID: CKRecord.ID) async throws -> CKRecord`: without access
    /// or attributes (a protocol requirement as it is).
    var declaration: String { String(texts[declarationStart..<callStart]) }

    /// The declaration after `access` (`public `), as a conforming class declares it.
    func declaration(after access: String) -> String {
        var text = access
        text.append(contentsOf: texts[declarationStart..<callStart])
        return text
    }

    /// The forwarded call without its receiver: `fetch(withRecordID: recordID)`.
    var callExpression: String { String(texts[callStart..<callEnd]) }

    /// The declaration's bytes where `texts` holds them, to write without a copy.
    var declarationUTF8: Substring.UTF8View { texts.utf8[declarationStart..<callStart] }

    /// The forwarded call's bytes where `texts` holds them.
    var callExpressionUTF8: Substring.UTF8View { texts.utf8[callStart..<callEnd] }

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
        FormSpelling(form: spec, parameters: call.parameters, returns: call.returns, returnsType: call.returnsType)
    }

    subscript<T>(dynamicMember keyPath: KeyPath<CallFormSpec, T>) -> T { spec[keyPath: keyPath] }
}

/// The texts of one type's forms, spelled into one string when the type is resolved: each
/// form's declaration, then its forwarded call, form after form. One string per type, not per
/// form (51,000 forms at 3,000 types), and a call's parameter and argument lists spelled once
/// and copied for each of its forms that keeps the call's labels.
struct FormTexts {
    /// Where one form's texts are, as UTF-8 offsets.
    struct Span {
        let start: Int
        let callStart: Int
        let end: Int
    }

    let text: String
    /// Each form's span, in the calls' and forms' order.
    private let spans: [Span]
    /// Where each call's first form's span is in `spans`.
    private let firstSpans: [Int]

    /// The texts of `calls`' forms; `resolved` are the calls' results, spelled.
    init(_ calls: [Call], resolved: [ResolvedCall.Resolved]) {
        var text = TextBuilder(capacity: 128 + 192 * calls.reduce(0) { $0 + $1.forms.count })
        var spans: [Span] = []
        spans.reserveCapacity(calls.reduce(0) { $0 + $1.forms.count })
        var firstSpans: [Int] = []
        firstSpans.reserveCapacity(calls.count + 1)
        // By index: a `for` over the arrays would copy each call (a retain of each field).
        for call in calls.indices {
            firstSpans.append(spans.count)
            var lists = CallLists()
            for form in calls[call].forms.indices {
                let spelling = FormSpelling(
                    form: calls[call].forms[form], parameters: calls[call].parameters, returns: resolved[call].returns, returnsType: resolved[call].returnsType)
                let start = text.utf8Count
                spelling.appendDeclaration(omitting: [], to: &text, lists: &lists)
                let callStart = text.utf8Count
                spelling.appendCallExpression(handler: nil, substitutingDefaultsFor: [], replacing: [:], to: &text, lists: &lists)
                spans.append(Span(start: start, callStart: callStart, end: text.utf8Count))
            }
        }
        firstSpans.append(spans.count)
        self.text = text.text()
        self.spans = spans
        self.firstSpans = firstSpans
    }

    /// The spans of the forms of the call at `index`, in order.
    func spans(ofCall index: Int) -> ArraySlice<Span> {
        spans[firstSpans[index]..<firstSpans[index + 1]]
    }
}

/// Where a call's parameter list (`_ value: Swift.String, count: Int`) and argument list
/// (`value, count: count`), with the call's labels, are in a text being spelled: written by the
/// first form that keeps the call's labels, copied by the others.
struct CallLists {
    var parameters: Range<Int>?
    var arguments: Range<Int>?
}

/// How a form is spelled in Swift; only a resolved form builds its texts with it.
private struct FormSpelling {
    let form: CallFormSpec
    let parameters: [Parameter]
    let returns: String?
    let returnsType: SwiftType?

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
        var lists = CallLists()
        appendDeclaration(omitting: omitted, to: &text, lists: &lists)
        return text.text()
    }

    /// `lists`: where `text` holds the call's lists already, if it does (set when this spells them).
    func appendDeclaration(omitting omitted: Set<Int>, to text: inout TextBuilder, lists: inout CallLists) {
        text += "func "
        text.appendEscaped(form.name.value)
        text += "("
        var hasParameters = false
        if omitted.isEmpty, form.labels == nil {
            if let spelled = lists.parameters {
                text.appendCopy(of: spelled)
            } else {
                let start = text.utf8Count
                for index in parameters.indices {
                    Self.appendParameter(label: parameters[index].label.value, name: parameters[index].name.value, type: parameters[index].type.value, separator: index > 0, to: &text)
                }
                lists.parameters = start..<text.utf8Count
            }
            hasParameters = !parameters.isEmpty
        } else {
            for index in parameters.indices where omitted.isEmpty || !omitted.contains(index) {
                Self.appendParameter(label: label(at: index), name: parameters[index].name.value, type: parameters[index].type.value, separator: hasParameters, to: &text)
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

    /// `label name: Type`, after `, ` when it is not the first. Given the parameter's fields,
    /// read in place: a `Parameter` passed from its array was copied, a retain of every field.
    static func appendParameter(label: String, name: String, type: String, separator: Bool, to text: inout TextBuilder) {
        if separator { text += ", " }
        if label != name {
            text.appendEscaped(label)
            text += " "
        }
        text.appendEscaped(name)
        text += ": "
        text += type
    }

    /// `label: value` (`value` for the label `_`), after `, ` when it is not the first; the
    /// parameter's own name (escaped) when `value` is `nil`.
    static func appendArgument(label: String, value: String?, name: String, separator: Bool, to text: inout TextBuilder) {
        if separator { text += ", " }
        if label != "_" {
            text += label
            text += ": "
        }
        if let value { text += value } else { text.appendEscaped(name) }
    }

    /// `name(arguments)`; `substitutingDefaultsFor` fills omitted parameters with their defaults.
    func callExpression(handler: String?, substitutingDefaultsFor omitted: Set<Int>, replacing replaced: [Int: String]) -> String {
        var text = TextBuilder(capacity: 128)
        var lists = CallLists()
        appendCallExpression(handler: handler, substitutingDefaultsFor: omitted, replacing: replaced, to: &text, lists: &lists)
        return text.text()
    }

    func appendCallExpression(
        handler: String?, substitutingDefaultsFor omitted: Set<Int>, replacing replaced: [Int: String], to text: inout TextBuilder, lists: inout CallLists
    ) {
        text.appendEscaped(form.name.value)
        text += "("
        if omitted.isEmpty, replaced.isEmpty, form.labels == nil {
            if let spelled = lists.arguments {
                text.appendCopy(of: spelled)
            } else {
                let start = text.utf8Count
                for index in parameters.indices {
                    Self.appendArgument(label: parameters[index].label.value, value: nil, name: parameters[index].name.value, separator: index > 0, to: &text)
                }
                lists.arguments = start..<text.utf8Count
            }
        } else {
            for index in parameters.indices {
                let value = (replaced.isEmpty ? nil : replaced[index]) ?? (!omitted.isEmpty && omitted.contains(index) ? (parameters[index].defaultValue ?? "nil") : nil)
                Self.appendArgument(label: label(at: index), value: value, name: parameters[index].name.value, separator: index > 0, to: &text)
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
