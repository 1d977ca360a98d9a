/// A declaration from a symbol graph as `SwiftLexer` tokens, with the one bracket-depth rule every
/// reader of it uses: `(`, `[`, `<` open, `)`, `]`, `>` close, and `->` is an arrow (its own token).
struct SwiftDeclarationTokens {
    let text: [UInt8]
    let tokens: [SwiftToken]

    init?(_ declaration: String) {
        guard case .success(let tokens) = SwiftLexer.tokens(of: declaration) else { return nil }
        text = Array(declaration.utf8)
        self.tokens = tokens.filter { $0.kind != .comment }
    }

    /// The index of the first token spelled `target` outside brackets, from `start`.
    func firstTopLevel(_ target: String, from start: Int = 0, until end: Int? = nil) -> Int? {
        var depth = 0
        for index in start..<(end ?? tokens.count) {
            let token = tokens[index]
            guard token.kind == .punctuation || token.kind == .identifier else { continue }
            if depth == 0, token.text == target { return index }
            if token.kind == .punctuation {
                switch token.text {
                case "(", "[", "<", "{": depth += 1
                case ")", "]", ">", "}": depth -= 1
                default: break
                }
            }
        }
        return nil
    }

    /// The index of the bracket closing the one at `open`.
    func closing(_ open: Int) -> Int? {
        var depth = 0
        for index in open..<tokens.count where tokens[index].kind == .punctuation {
            switch tokens[index].text {
            case "(", "[", "<", "{": depth += 1
            case ")", "]", ">", "}":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    /// The source text of tokens `start..<end` as written (spaces inside kept); `nil` when empty.
    func text(_ start: Int, _ end: Int) -> String? {
        guard start < end, end <= tokens.count else { return nil }
        let last = tokens[end - 1]
        return String(decoding: text[tokens[start].offset..<(last.offset + last.text.utf8.count)], as: UTF8.self)
    }

    /// The indices of the parts of `start..<end` separated by top-level commas.
    func commaSeparated(_ start: Int, _ end: Int) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var partStart = start
        while partStart < end, let comma = firstTopLevel(",", from: partStart, until: end) {
            parts.append(partStart..<comma)
            partStart = comma + 1
        }
        if partStart < end { parts.append(partStart..<end) }
        return parts
    }

    /// A type as descriptions write it: printed from the type model (`[K: V]`, one space after
    /// commas), or as written when it is not one type.
    static func spelled(_ type: String) -> String {
        if case .success(let model) = SwiftTypeParser.parse(type) { return model.description }
        return type.trimmingCharacters(in: .whitespaces)
    }

    static func isVoid(_ type: String) -> Bool {
        if case .success(let model) = SwiftTypeParser.parse(type) { return model.isSame(as: .void) }
        return false
    }
}

/// A function declaration split into its parts: attributes, base name, parameters, effects, result.
struct SwiftDeclaration {
    var attributes: [String] = []
    var baseName: String
    var parameters: [SDKParameter] = []
    var isAsync = false
    var throwsErrors = false
    var returns: String?
    /// Declared `nonisolated`: reachable synchronously even on an actor.
    var isNonisolated = false
    /// Why a description cannot say this method: generic in a way `"genericParameters"` cannot
    /// say (a `where` clause, a parameter pack) or `mutating` (the doubles are classes).
    var unsupported: String?
    /// The method's generic parameters (`SDKGenericParameter.swift`); empty for most methods.
    var genericParameters: [SDKGenericParameter] = []

    init?(_ text: String) {
        guard let declaration = SwiftDeclarationTokens(text) else { return nil }
        let tokens = declaration.tokens
        guard let function = tokens.firstIndex(where: { $0.kind == .identifier && $0.text == "func" }), function + 1 < tokens.count else {
            return nil
        }
        for index in 0..<function where tokens[index].text == "@" && index + 1 < function {
            attributes.append("@" + tokens[index + 1].text)
        }
        baseName = tokens[function + 1].text.replacingOccurrences(of: "`", with: "")
        var index = function + 2
        // A generic clause of names and conformances is a call's "genericParameters"; other
        // clauses are beyond what a description can say, and their parameters still parse.
        if index < tokens.count, tokens[index].text == "<" {
            guard let close = declaration.closing(index) else { return nil }
            if let parameters = SDKGenericParameter.parameters(declaration, open: index, close: close) {
                genericParameters = parameters
            } else {
                unsupported = "its generic parameters are more than names with conformances, which \"genericParameters\" says"
            }
            index = close + 1
        }
        isNonisolated = tokens[..<function].contains { $0.kind == .identifier && $0.text == "nonisolated" }
        if tokens[..<function].contains(where: { $0.kind == .identifier && $0.text == "mutating" }) {
            unsupported = "it is mutating, which the generated classes cannot forward"
        }
        guard index < tokens.count, tokens[index].text == "(", let close = declaration.closing(index) else { return nil }
        for part in declaration.commaSeparated(index + 1, close) {
            guard let colon = declaration.firstTopLevel(":", from: part.lowerBound, until: part.upperBound), colon > part.lowerBound else {
                return nil
            }
            let names = tokens[part.lowerBound..<colon].map { $0.text.replacingOccurrences(of: "`", with: "") }
            let equals = declaration.firstTopLevel("=", from: colon + 1, until: part.upperBound)
            guard let type = declaration.text(colon + 1, equals ?? part.upperBound) else { return nil }
            let defaultValue = equals.flatMap { declaration.text($0 + 1, part.upperBound) }
            parameters.append(
                SDKParameter(
                    label: names[0], name: names.count > 1 ? names[1] : names[0], type: SwiftDeclarationTokens.spelled(type),
                    defaultValue: defaultValue))
        }
        let whereClause = declaration.firstTopLevel("where", from: close + 1)
        let body = declaration.firstTopLevel("{", from: close + 1) ?? tokens.count
        // Symbol graphs print constraints in a where clause (`<T> … where T : Decodable`).
        if let whereClause, !genericParameters.isEmpty, unsupported == nil {
            if let constrained = SDKGenericParameter.constraining(genericParameters, declaration, from: whereClause + 1, to: body) {
                genericParameters = constrained
            } else {
                unsupported = "its generic where clause says more than conformances of its generic parameters, which \"genericParameters\" says"
            }
        }
        let end = whereClause ?? body
        let arrow = declaration.firstTopLevel("->", from: close + 1, until: end)
        for effect in tokens[(close + 1)..<(arrow ?? end)] where effect.kind == .identifier {
            if effect.text == "async" { isAsync = true }
            if effect.text == "throws" || effect.text == "rethrows" { throwsErrors = true }
        }
        if let arrow, let type = declaration.text(arrow + 1, end), !SwiftDeclarationTokens.isVoid(type) {
            returns = SwiftDeclarationTokens.spelled(type)
        }
    }
}
