/// Checks on the names and conditions a description carries: each must be one thing of its kind
/// on one line, so it cannot end the construct it is pasted into. (Types and expressions are read
/// by `SwiftTypeParser` and `SwiftExpression`, through `SwiftLexer`.)
enum SwiftSnippets {
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
}
