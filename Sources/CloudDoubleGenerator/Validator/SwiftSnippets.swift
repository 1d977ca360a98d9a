/// Checks on the pieces of Swift a description carries (expressions, attributes, conditions,
/// names): each must be one thing of its kind on one line, so it cannot end the construct it is
/// pasted into and smuggle in another declaration.
enum SwiftSnippets {
    /// Brackets, parentheses and braces nest at most this deep in a type or expression: deeper
    /// nesting is never needed and can exhaust the compiler's stack.
    static let maximumNesting = 24

    /// One expression on one line: no line break, brackets balanced and never closed before
    /// they open, string literals closed, no `;` outside a closure or literal.
    static func isOneLineExpression(_ text: String) -> Bool {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return false }
        return scan(text, allowSemicolonsInBraces: true) != nil
    }

    /// A type that nests no deeper than ``maximumNesting``.
    static func isShallowType(_ text: String) -> Bool {
        scan(text, allowSemicolonsInBraces: false) != nil
    }

    /// A compilation condition for `#if`: `canImport(CloudKit)`, `os(iOS) || DEBUG`,
    /// `!targetEnvironment(simulator)`, `swift(>=5.9)`.
    static func isCompilationCondition(_ text: String) -> Bool {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return false }
        var depth = 0
        for character in text {
            switch character {
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth < 0 { return false }
            default:
                guard character.isLetter || character.isNumber || " _.!&|<>=,".contains(character) else { return false }
            }
        }
        return depth == 0
    }

    /// What `@available(…, renamed: "…")` accepts: a name, optionally qualified by a type and
    /// with argument labels (`record(for:)`, `CKDatabase.save(_:)`).
    static func isDeclarationName(_ text: String) -> Bool {
        var name = Substring(text)
        if let open = name.firstIndex(of: "(") {
            guard name.hasSuffix(")") else { return false }
            let labels = name[name.index(after: open)..<name.index(before: name.endIndex)]
            guard labels.isEmpty || labels.hasSuffix(":") else { return false }
            for label in labels.split(separator: ":", omittingEmptySubsequences: false).dropLast() {
                guard label == "_" || SwiftNames.isIdentifier(String(label)) else { return false }
            }
            name = name[..<open]
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { SwiftNames.isIdentifier(String($0)) }
    }

    /// The parts of `text` separated by `separator` outside brackets and string literals.
    static func topLevelParts(_ text: Substring, separatedBy separator: Character) -> [Substring] {
        var parts: [Substring] = []
        var depth = 0
        var start = text.startIndex
        var inString = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if character == "\"" { inString = false }
            } else {
                switch character {
                case "\"": inString = true
                case "(", "[", "<", "{": depth += 1
                case ")", "]", ">", "}": depth -= 1
                case separator where depth == 0:
                    parts.append(text[start..<index])
                    start = text.index(after: index)
                default: break
                }
            }
            index = text.index(after: index)
        }
        parts.append(text[start..<text.endIndex])
        return parts
    }

    /// The first attribute in `type` that does not apply to a function type (`@MainActor` in
    /// `@MainActor Int`), or `nil`. Type attributes (`@Sendable`, `@escaping`, a global actor such as
    /// `@MainActor`, `@convention(c)`) exist for function types only: anywhere else the generated
    /// code would not compile.
    static func attributeOutsideFunctionType(in type: String) -> String? {
        guard type.utf8.contains(UInt8(ascii: "@")) else { return nil }
        var index = type.startIndex
        while let at = type[index...].firstIndex(of: "@") {
            let name = type[type.index(after: at)...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if parameterCount(ofFunctionType: String(type[at...])) == nil { return "@" + name }
            index = type.index(after: at)
        }
        return nil
    }

    /// The number of parameters of a function type `(A, B) -> C` (attributes such as
    /// `@Sendable` first are allowed); `nil` when `text` is not one.
    static func parameterCount(ofFunctionType text: String) -> Int? {
        // Most types are not function types: without a parenthesis, this cannot be one.
        guard text.utf8.contains(UInt8(ascii: "(")) else { return nil }
        var type = Substring(text.trimmingCharacters(in: .whitespaces))
        while type.hasPrefix("@") {
            guard let space = type.firstIndex(of: " ") else { return nil }
            type = type[type.index(after: space)...].drop { $0 == " " }
        }
        guard type.hasPrefix("(") else { return nil }
        var depth = 0
        for index in type.indices {
            let isArrow = type[index] == ">" && index > type.startIndex && type[type.index(before: index)] == "-"
            switch type[index] {
            case "(", "[", "<": depth += 1
            case ")", "]", ">":
                if isArrow { continue }
                depth -= 1
                if depth == 0 {
                    let inside = type[type.index(after: type.startIndex)..<index]
                    let rest = type[type.index(after: index)...].trimmingCharacters(in: .whitespaces)
                    guard rest.hasPrefix("->") || rest.hasPrefix("async") || rest.hasPrefix("throws") else { return nil }
                    if inside.trimmingCharacters(in: .whitespaces).isEmpty { return 0 }
                    return topLevelParts(inside, separatedBy: ",").count
                }
            default: break
            }
        }
        return nil
    }

    /// Scans `text`; `nil` when a line breaks, a bracket is unbalanced or nests too deep, a
    /// string literal is left open, or a `;` stands outside braces.
    private static func scan(_ text: String, allowSemicolonsInBraces: Bool) -> Void? {
        var stack: [Character] = []
        var inString = false
        var escaped = false
        for character in text {
            if character.isNewline || character.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return nil }
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true
            // Angle brackets are left alone: `<` may be a comparison, and they cannot end a construct.
            case "(", "[", "{":
                stack.append(character)
                if stack.count > maximumNesting { return nil }
            case ")": guard stack.popLast() == "(" else { return nil }
            case "]": guard stack.popLast() == "[" else { return nil }
            case "}": guard stack.popLast() == "{" else { return nil }
            case ";":
                guard allowSemicolonsInBraces, stack.contains("{") else { return nil }
            default: continue
            }
        }
        guard !inString, stack.isEmpty else { return nil }
        return ()
    }
}
