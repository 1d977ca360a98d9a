import Foundation

/// One form of one call, spelled out: everything the four artifacts need to declare it and to
/// forward it. All naming and shape decisions for a form are made here.
///
/// A class: a signature is handed around for every form in every artifact, and copying the
/// call and form it holds would retain each of their texts every time.
final class FormSignature: Sendable {
    let call: ResolvedCall
    let callID: String
    let form: ResolvedForm
    /// The call's result type in Swift (`nil` for none), references already spelled as protocols.
    let returns: String?
    /// The structure of `returns` (`nil` for none).
    let returnsType: SwiftType?
    /// The described type a `sync` form returns, when it returns one.
    let returnsReference: String?

    init(call: ResolvedCall, callID: String, form: ResolvedForm, returns: String?, returnsType: SwiftType?, returnsReference: String?) {
        self.call = call
        self.callID = callID
        self.form = form
        self.returns = returns
        self.returnsType = returnsType
        self.returnsReference = returnsReference
    }

    var kind: FormKind { form.kind.value }
    var hasHandler: Bool { kind == .completion || kind == .result }
    var handlerName: String { form.handlerLabel }

    func label(at index: Int) -> String {
        form.labels?[index].value ?? call.parameters[index].label.value
    }

    /// `fetch(withRecordID:completionHandler:)`, for comments.
    var selector: String {
        var text = TextBuilder(capacity: 64)
        text += form.name.value
        text += "("
        for index in call.parameters.indices {
            text += label(at: index)
            text += ":"
        }
        if hasHandler {
            text += handlerName
            text += ":"
        }
        text += ")"
        return text.text()
    }

    /// The handler's type, `@escaping @Sendable (CKRecord?, (any Error)?) -> Void`.
    /// Appended piece by piece: declarations are built for every form in every artifact.
    func appendHandlerType(to text: inout TextBuilder) {
        text += form.sendableHandler ? "@escaping @Sendable (" : "@escaping ("
        switch kind {
        case .result:
            text += Qualified.result(returns ?? Qualified.void)
            text += ") -> Swift.Void"
        default:
            guard let returns else {
                text += "(any Swift.Error)?) -> Swift.Void"
                return
            }
            if let explicit = form.handlerValueType?.value {
                text += explicit
            } else if returnsIsOptional {
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

    /// Whether the result is itself optional (`T?`, `Optional<T>`).
    var returnsIsOptional: Bool { returnsType?.isOptional ?? false }

    /// Whether the completion handler's value is optional (so `nil` goes with an error).
    var handlerValueIsOptional: Bool {
        guard returns != nil else { return true }
        if let explicit = form.handlerValueType { return explicit.model?.isOptional ?? false }
        return true
    }

    /// The declaration, without attributes (protocols cannot declare default argument values).
    func declaration(access: String, omitting omitted: Set<Int> = []) -> String {
        // Built in one string: this runs for every form in every artifact.
        var text = TextBuilder(capacity: 192)
        if !access.isEmpty {
            text += access
            text += " "
        }
        text += "func "
        text += SwiftNames.escaped(form.name.value)
        text += "("
        var separator = ""
        // By index, reading only the fields used: a copy of each whole parameter costs more.
        let parameters = call.parameters
        for index in parameters.indices where omitted.isEmpty || !omitted.contains(index) {
            let label = label(at: index)
            let name = parameters[index].name.value
            text += separator
            if label != name {
                text += SwiftNames.escaped(label)
                text += " "
            }
            text += SwiftNames.escaped(name)
            text += ": "
            text += parameters[index].type.value
            separator = ", "
        }
        if hasHandler {
            text += separator
            text += handlerName
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
        return text.text()
    }

    /// The arguments of a forwarding call; `substituting` fills omitted parameters with their defaults.
    func forwardingArguments(
        handler: String? = nil, substitutingDefaultsFor omitted: Set<Int> = [], replacing replaced: [Int: String] = [:]
    ) -> String {
        var text = TextBuilder(capacity: 64)
        appendForwardingArguments(to: &text, handler: handler, substitutingDefaultsFor: omitted, replacing: replaced)
        return text.text()
    }

    func appendForwardingArguments(
        to text: inout TextBuilder, handler: String? = nil, substitutingDefaultsFor omitted: Set<Int> = [], replacing replaced: [Int: String] = [:]
    ) {
        var separator = ""
        let parameters = call.parameters
        for index in parameters.indices {
            let value = (replaced.isEmpty ? nil : replaced[index])
                ?? (!omitted.isEmpty && omitted.contains(index) ? (parameters[index].defaultValue ?? "nil") : SwiftNames.escaped(parameters[index].name.value))
            let label = label(at: index)
            text += separator
            if label != "_" {
                text += label
                text += ": "
            }
            text += value
            separator = ", "
        }
        if hasHandler {
            text += separator
            text += handlerName
            text += ": "
            text += handler ?? handlerName
        }
    }

    /// `name(arguments)`, the forwarded call without its receiver.
    func callExpression(handler: String? = nil, replacing replaced: [Int: String] = [:]) -> String {
        var text = TextBuilder(capacity: 128)
        text += SwiftNames.escaped(form.name.value)
        text += "("
        appendForwardingArguments(to: &text, handler: handler, replacing: replaced)
        text += ")"
        return text.text()
    }

    /// `receiver.name(arguments)`, the forwarded call expression.
    /// `prefix` (`try await `, an indent) starts the line: built in one string.
    func invocation(on receiver: String, handler: String? = nil, replacing replaced: [Int: String] = [:], prefix: String = "") -> String {
        prefix + receiver + "." + callExpression(handler: handler, replacing: replaced)
    }

    /// The form's attributes: availability, deprecation, `@discardableResult`, `@preconcurrency`.
    var attributes: [Attribute] {
        var attributes = form.availability.map(Attribute.available)
        if let deprecation = form.deprecation { attributes.append(Attribute(deprecation)) }
        if form.discardableResult && (kind == .sync || kind == .async) && returns != nil { attributes.append(.discardableResult) }
        if form.preconcurrency { attributes.append(.preconcurrency) }
        return attributes
    }
}
