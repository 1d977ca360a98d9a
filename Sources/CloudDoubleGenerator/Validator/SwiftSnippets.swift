/// Checks on the names and conditions a description carries: each must be one thing of its kind
/// on one line, so it cannot end the construct it is pasted into. (Types and expressions are read
/// by `SwiftTypeParser` and `SwiftExpression`, through `SwiftLexer`.)
enum SwiftSnippets {
    /// A compilation condition for `#if`: `canImport(CloudKit)`, `os(iOS) || DEBUG`,
    /// `!targetEnvironment(simulator)`, `swift(>=5.9)`. Read by `SwiftLexer`: names, numbers,
    /// parentheses (balanced), `!`, `&&`, `||`, `,`, `.` and the comparisons `>=` `<` a version
    /// check takes; no comment, string or directive, and no lone `&` or `|`.
    static func isCompilationCondition(_ text: String) -> Bool {
        guard !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }), case .success(let tokens) = SwiftLexer.tokens(of: text), !tokens.isEmpty else {
            return false
        }
        var depth = 0
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch (token.kind, token.text) {
            case (.identifier, _), (.number, _): break
            case (.punctuation, "("): depth += 1
            case (.punctuation, ")"):
                depth -= 1
                if depth < 0 { return false }
            case (.punctuation, "!"), (.punctuation, ","), (.punctuation, "."), (.punctuation, "<"), (.punctuation, ">"), (.punctuation, "="),
                (.punctuation, "||"):
                break
            case (.punctuation, "&"):
                // `&&` is two `&` tokens side by side; one alone is not a condition operator.
                guard index + 1 < tokens.count, tokens[index + 1].text == "&", tokens[index + 1].offset == token.offset + 1 else { return false }
                index += 1
            default:
                return false
            }
            index += 1
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
}
