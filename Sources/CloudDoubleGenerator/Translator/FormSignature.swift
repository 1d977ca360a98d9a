import Foundation

/// One form of one call, spelled out: everything the four artifacts need to declare it and to
/// forward it. All naming and shape decisions for a form are made here.
struct FormSignature {
    let call: Call
    let callID: String
    let form: CallFormSpec
    /// The call's result type in Swift (`nil` for none), references already spelled as protocols.
    let returns: String?
    /// The described type a `sync` form returns, when it returns one.
    let returnsReference: String?

    var kind: FormKind { form.kind.value }
    var hasHandler: Bool { kind == .completion || kind == .result }
    var handlerName: String { form.handlerLabel }

    func label(at index: Int) -> String {
        form.labels?[index].value ?? call.parameters[index].label.value
    }

    /// `fetch(withRecordID:completionHandler:)`, for comments.
    var selector: String {
        var text = ""
        text.reserveCapacity(64)
        text += form.name.value
        text += "("
        for index in call.parameters.indices {
            text += label(at: index)
            text += ":"
        }
        if hasHandler { text += handlerName + ":" }
        return text + ")"
    }

    /// The handler's type, `@escaping @Sendable (CKRecord?, (any Error)?) -> Void`.
    var handlerType: String {
        let sendable = form.sendableHandler ? "@Sendable " : ""
        switch kind {
        case .result:
            return "@escaping \(sendable)(Result<\(returns ?? "Void"), any Error>) -> Void"
        default:
            guard let returns else { return "@escaping \(sendable)((any Error)?) -> Void" }
            return "@escaping \(sendable)(\(handlerValueType(returns)), (any Error)?) -> Void"
        }
    }

    func handlerValueType(_ returns: String) -> String {
        if let explicit = form.handlerValueType?.value { return explicit }
        return returns.hasSuffix("?") ? returns : Self.optional(returns)
    }

    /// Whether the completion handler's value is optional (so `nil` goes with an error).
    var handlerValueIsOptional: Bool {
        guard let returns else { return true }
        return handlerValueType(returns).hasSuffix("?")
    }

    /// The declaration, without attributes (protocols cannot declare default argument values).
    func declaration(access: String, omitting omitted: Set<Int> = []) -> String {
        // Built in one string: this runs for every form in every artifact.
        var text = ""
        text.reserveCapacity(160)
        text += access.isEmpty ? "func " : access + " func "
        text += SwiftNames.escaped(form.name.value)
        text += "("
        var separator = ""
        for (index, parameter) in call.parameters.enumerated() where omitted.isEmpty || !omitted.contains(index) {
            let label = label(at: index)
            text += separator
            if label != parameter.name.value {
                text += SwiftNames.escaped(label)
                text += " "
            }
            text += SwiftNames.escaped(parameter.name.value)
            text += ": "
            text += parameter.type.value
            separator = ", "
        }
        if hasHandler {
            text += separator
            text += handlerName
            text += ": "
            text += handlerType
        }
        text += ")"
        switch kind {
        case .sync: if let returns { text += " -> \(returns)" }
        case .async: text += " async throws" + (returns.map { " -> \($0)" } ?? "")
        case .completion, .result: break
        }
        return text
    }

    /// The arguments of a forwarding call; `substituting` fills omitted parameters with their defaults.
    func forwardingArguments(
        handler: String? = nil, substitutingDefaultsFor omitted: Set<Int> = [], replacing replaced: [Int: String] = [:]
    ) -> String {
        var text = ""
        text.reserveCapacity(64)
        var separator = ""
        for (index, parameter) in call.parameters.enumerated() {
            let value = replaced[index] ?? (omitted.contains(index) ? (parameter.defaultValue ?? "nil") : SwiftNames.escaped(parameter.name.value))
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
        return text
    }

    /// `name(arguments)`, the forwarded call expression.
    func invocation(on receiver: String, handler: String? = nil, replacing replaced: [Int: String] = [:]) -> String {
        "\(receiver).\(SwiftNames.escaped(form.name.value))(\(forwardingArguments(handler: handler, replacing: replaced)))"
    }

    /// Attribute lines: availability, deprecation, `@discardableResult`, `@preconcurrency`.
    var attributes: [String] {
        var lines = form.availability.map(\.value)
        if let deprecation = form.deprecation { lines.append(Self.attribute(for: deprecation)) }
        if form.discardableResult && (kind == .sync || kind == .async) && returns != nil { lines.append("@discardableResult") }
        if form.preconcurrency { lines.append("@preconcurrency") }
        return lines
    }

    static func attribute(for deprecation: Deprecation) -> String {
        var arguments = ["*", "deprecated"]
        if let renamed = deprecation.renamed { arguments.append("renamed: \(SwiftNames.literal(renamed))") }
        if let message = deprecation.message { arguments.append("message: \(SwiftNames.literal(message))") }
        return "@available(\(arguments.joined(separator: ", ")))"
    }

    /// `T?`, parenthesised when `T` needs it (`(any P)?`).
    static func optional(_ type: String) -> String {
        let needsParentheses = type.hasPrefix("any ") || type.hasPrefix("some ") || type.containsBytes("->") || type.containsBytes("&")
        return needsParentheses ? "(\(type))?" : "\(type)?"
    }
}
