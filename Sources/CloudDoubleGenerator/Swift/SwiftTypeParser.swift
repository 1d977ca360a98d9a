/// Why a text is not one Swift type, and where in it (a UTF-8 offset).
struct SwiftTypeError: Error, Sendable, Equatable {
    let reason: String
    let offset: Int
}

/// Reads one Swift type from its tokens (Swift's "Types" grammar): the only place the
/// generator parses a type. Comments and line breaks are refused: a type is copied into
/// declarations, and a comment there would swallow what follows it.
struct SwiftTypeParser {
    /// Brackets nest at most this deep: deeper nesting is never needed and can exhaust the
    /// compiler's stack.
    static let maximumNesting = 24

    private let tokens: [SwiftToken]
    private let end: Int
    private var position = 0
    private var depth = 0

    private init(tokens: [SwiftToken], end: Int) {
        self.tokens = tokens
        self.end = end
    }

    static func parse(_ text: String) -> Result<SwiftType, SwiftTypeError> {
        let tokens: [SwiftToken]
        switch SwiftLexer.tokens(of: text) {
        case .success(let lexed): tokens = lexed
        case .failure(let error): return .failure(SwiftTypeError(reason: error.reason, offset: error.offset))
        }
        if let token = tokens.first(where: { $0.kind == .comment || $0.followsLineBreak }) {
            return .failure(
                SwiftTypeError(
                    reason: token.kind == .comment ? "a type cannot hold a comment" : "a type is written on one line", offset: token.offset))
        }
        guard !tokens.isEmpty else { return .failure(SwiftTypeError(reason: "the type is empty", offset: 0)) }
        var parser = SwiftTypeParser(tokens: tokens, end: text.utf8.count)
        do throws(SwiftTypeError) {
            let type = try parser.type()
            if parser.position < tokens.count {
                let token = tokens[parser.position]
                let reason =
                    token.text == ","
                    ? "a comma outside brackets: this is a list of types, not one type" : "unexpected \"\(token.text)\" after the type"
                throw SwiftTypeError(reason: reason, offset: token.offset)
            }
            return .success(type)
        } catch {
            return .failure(error)
        }
    }

    private var current: SwiftToken? { position < tokens.count ? tokens[position] : nil }

    private func isPunctuation(_ text: String, at offset: Int = 0) -> Bool {
        let index = position + offset
        return index < tokens.count && tokens[index].kind == .punctuation && tokens[index].text == text
    }

    private func isWord(_ text: String, at offset: Int = 0) -> Bool {
        let index = position + offset
        return index < tokens.count && tokens[index].kind == .identifier && tokens[index].text == text
    }

    private func failure(_ reason: String) -> SwiftTypeError {
        SwiftTypeError(reason: reason, offset: current?.offset ?? end)
    }

    private mutating func expect(_ text: String) throws(SwiftTypeError) {
        guard isPunctuation(text) else { throw failure("expected \"\(text)\"\(current.map { ", found \"\($0.text)\"" } ?? " at the end")") }
        position += 1
    }

    private mutating func nested<T>(_ body: (inout SwiftTypeParser) throws(SwiftTypeError) -> T) throws(SwiftTypeError) -> T {
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maximumNesting { throw failure("the type nests deeper than \(Self.maximumNesting) brackets") }
        return try body(&self)
    }

    /// type → attributes? specifier? (`any`|`some`)? composition, and a function type's arrow.
    private mutating func type() throws(SwiftTypeError) -> SwiftType {
        var attributes: [String] = []
        while isPunctuation("@") {
            position += 1
            guard let name = current, name.kind == .identifier else { throw failure("an attribute needs a name after @") }
            position += 1
            var attribute = "@" + name.text
            // `@convention(c)`, `@isolated(any)`: one argument in parentheses.
            if name.text == "convention" || name.text == "isolated", isPunctuation("("), let argument = tokens.dropFirst(position + 1).first,
                argument.kind == .identifier, isPunctuation(")", at: 2)
            {
                attribute += "(" + argument.text + ")"
                position += 3
            }
            attributes.append(attribute)
        }
        var specifier: String?
        for word in ["inout", "borrowing", "consuming", "sending", "__owned", "__shared"] where isWord(word) && !isPunctuation(".", at: 1) {
            specifier = word
            position += 1
            break
        }
        var type = try nested { (parser: inout SwiftTypeParser) throws(SwiftTypeError) in try parser.composition() }
        if case .tuple(let elements) = type, isFunctionTail {
            type = .function(try functionTail(parameters: elements))
        } else if isFunctionTail {
            throw failure("a function type's parameters are written in parentheses")
        }
        if isPunctuation("...") {
            position += 1
            type = .variadic(type)
        }
        if let specifier { type = .specified(specifier, type) }
        if !attributes.isEmpty { type = .attributed(attributes, type) }
        return type
    }

    private var isFunctionTail: Bool { isPunctuation("->") || isWord("async") || isWord("throws") || isWord("rethrows") }

    /// `async throws(E) -> R` after a parameter list.
    private mutating func functionTail(parameters: [SwiftType.TupleElement]) throws(SwiftTypeError) -> SwiftType.FunctionType {
        var isAsync = false
        var throwing = SwiftType.Throwing.none
        if isWord("async") {
            isAsync = true
            position += 1
        }
        if isWord("rethrows") { throw failure("a function type cannot be rethrows; write throws") }
        if isWord("throws") {
            position += 1
            throwing = .untyped
            if isPunctuation("(") {
                position += 1
                throwing = .typed(try type())
                try expect(")")
            }
        }
        if isWord("async") { throw failure("write async before throws") }
        try expect("->")
        let result = try nested { (parser: inout SwiftTypeParser) throws(SwiftTypeError) in try parser.type() }
        // Swift refuses labels here ("function types cannot have argument labels"); `_ name:` is allowed.
        if parameters.contains(where: { $0.label != nil && $0.label != "_" }) {
            throw failure("a function type's parameters cannot have labels; write \"_ name: T\" or just the type")
        }
        return SwiftType.FunctionType(
            parameters: parameters.map { SwiftType.TupleElement(label: nil, type: $0.type) }, isAsync: isAsync, throwing: throwing, result: result)
    }

    /// `A & B & C`, each possibly `any`/`some`.
    private mutating func composition() throws(SwiftTypeError) -> SwiftType {
        var types = [try prefixed()]
        while isPunctuation("&") {
            position += 1
            types.append(try prefixed())
        }
        return types.count == 1 ? types[0] : .composition(types)
    }

    private mutating func prefixed() throws(SwiftTypeError) -> SwiftType {
        // `any`/`some` are contextual: `any.Thing` or a lone `some` would be names.
        guard isWord("any") || isWord("some"), position + 1 < tokens.count, !isPunctuation(".", at: 1) else { return try postfixed() }
        let isOpaque = isWord("some")
        position += 1
        let start = current?.offset ?? end
        let inner = try nested { (parser: inout SwiftTypeParser) throws(SwiftTypeError) in try parser.postfixed() }
        switch inner {
        case .optional, .implicitlyUnwrapped:
            throw SwiftTypeError(reason: "an optional existential is written (any P)?, not any P?", offset: start)
        default: break
        }
        return isOpaque ? .opaque(inner) : .existential(inner)
    }

    /// A primary type and its suffixes: `?`, `!`, `.Type`, `.Protocol`, `.Member`.
    private mutating func postfixed() throws(SwiftTypeError) -> SwiftType {
        var type = try primary()
        while let token = current, token.kind == .punctuation {
            switch token.text {
            case "?":
                position += 1
                type = .optional(type)
            case "!":
                position += 1
                type = .implicitlyUnwrapped(type)
            case ".":
                position += 1
                guard let member = current, member.kind == .identifier else { throw failure("a name must follow \".\"") }
                if member.text == "Type" || member.text == "Protocol" {
                    position += 1
                    type = .metatype(type, isProtocol: member.text == "Protocol")
                } else if case .nominal(var parts) = type {
                    parts.append(try nominalPart())
                    type = .nominal(parts)
                } else {
                    throw failure("only a named type has members")
                }
            default:
                return type
            }
        }
        return type
    }

    private mutating func primary() throws(SwiftTypeError) -> SwiftType {
        guard let token = current else { throw failure("a type is missing") }
        switch (token.kind, token.text) {
        case (.identifier, _):
            return .nominal([try nominalPart()])
        case (.punctuation, "["):
            position += 1
            return try nested { (parser: inout SwiftTypeParser) throws(SwiftTypeError) in
                let element = try parser.type()
                if parser.isPunctuation(":") {
                    parser.position += 1
                    let value = try parser.type()
                    try parser.expect("]")
                    return .dictionary(key: element, value: value)
                }
                try parser.expect("]")
                return .array(element)
            }
        case (.punctuation, "("):
            position += 1
            return try nested { (parser: inout SwiftTypeParser) throws(SwiftTypeError) in
                var elements: [SwiftType.TupleElement] = []
                while !parser.isPunctuation(")") {
                    if !elements.isEmpty { try parser.expect(",") }
                    elements.append(try parser.element())
                }
                parser.position += 1
                if parser.isFunctionTail { return .tuple(elements) }
                if elements.count == 1, elements[0].label != nil {
                    throw SwiftTypeError(reason: "a tuple of one element cannot have a label", offset: token.offset)
                }
                if elements.contains(where: { $0.label == "_" }) {
                    throw SwiftTypeError(reason: "a tuple element's label cannot be _", offset: token.offset)
                }
                // `(T)` stays a one-element tuple here, so `(any P)?` prints as written; `canonical` unwraps it.
                return .tuple(elements)
            }
        default:
            throw failure("\"\(token.text)\" does not start a type")
        }
    }

    /// `label: T`, `_ name: T` (function parameters), or `T`.
    private mutating func element() throws(SwiftTypeError) -> SwiftType.TupleElement {
        if let first = current, first.kind == .identifier {
            if isPunctuation(":", at: 1) {
                position += 2
                return SwiftType.TupleElement(label: try Self.name(first), type: try type())
            }
            if let second = tokens.dropFirst(position + 1).first, second.kind == .identifier, isPunctuation(":", at: 2) {
                // `_ name: T` or `label name: T` (a function type's parameter names).
                position += 3
                _ = try Self.name(second)
                return SwiftType.TupleElement(label: first.text == "_" ? "_" : try Self.name(first), type: try type())
            }
        }
        return SwiftType.TupleElement(label: nil, type: try type())
    }

    /// `Name<Arguments>`.
    private mutating func nominalPart() throws(SwiftTypeError) -> SwiftType.NominalPart {
        guard let token = current, token.kind == .identifier else { throw failure("a type name is missing") }
        position += 1
        var part = SwiftType.NominalPart(name: try Self.name(token), arguments: [])
        if part.name == "_" { throw SwiftTypeError(reason: "the placeholder type _ cannot be declared", offset: token.offset) }
        if isPunctuation("<") {
            position += 1
            part.arguments = try nested { (parser: inout SwiftTypeParser) throws(SwiftTypeError) in
                var arguments: [SwiftType] = []
                repeat {
                    if !arguments.isEmpty { try parser.expect(",") }
                    arguments.append(try parser.type())
                } while !parser.isPunctuation(">")
                parser.position += 1
                return arguments
            }
        }
        return part
    }

    /// An identifier token's name, without backticks; refused when it is not a Swift identifier
    /// or is a keyword that cannot name a type unescaped.
    private static func name(_ token: SwiftToken) throws(SwiftTypeError) -> String {
        let isEscaped = token.text.hasPrefix("`")
        let name = isEscaped ? String(token.text.dropFirst().dropLast()) : token.text
        guard SwiftNames.isIdentifier(name) else { throw SwiftTypeError(reason: "\"\(token.text)\" is not a Swift name", offset: token.offset) }
        if !isEscaped, SwiftNames.isKeyword(name), !["Any", "Self", "_"].contains(name) {
            throw SwiftTypeError(reason: "\"\(name)\" is a keyword, not a type name", offset: token.offset)
        }
        return name
    }
}
