/// Checks a Swift expression a description carries (a default, a `mockDefault`, block
/// arguments, error-model keys) through `SwiftLexer`: it is pasted into generated code between
/// `#sourceLocation` lines, so it must be one line of tokens that cannot end the construct it is
/// pasted into, start a comment that swallows what follows, or bring a directive of its own.
enum SwiftExpression {
    /// What a copied piece of Swift is.
    enum Shape: Sendable {
        /// One expression: a top-level comma would add an argument to the call it is pasted in.
        case expression
        /// A list of arguments (a block's `arguments`): commas between them are the point.
        case argumentList
    }

    /// `#` names that expand to an expression; directives (`#sourceLocation`, `#if`) are refused.
    private static let expressionPoundKeywords: Set<String> = [
        "#selector", "#keyPath", "#file", "#fileID", "#filePath", "#line", "#column", "#function", "#dsohandle",
        "#colorLiteral", "#imageLiteral", "#fileLiteral",
    ]

    /// Why `text` cannot be copied as `shape`; `nil` when it can.
    static func problem(in text: String, as shape: Shape) -> String? {
        if text.utf8.contains(where: { ($0 < 0x20 && $0 != UInt8(ascii: "\t")) || $0 == 0x7F }) {
            return "it must be on one line, with no control characters"
        }
        let tokens: [SwiftToken]
        switch SwiftLexer.tokens(of: text) {
        case .success(let lexed): tokens = lexed
        case .failure(let error): return error.reason
        }
        guard !tokens.isEmpty else { return "it is empty" }
        var open: [String] = []
        for token in tokens {
            switch token.kind {
            case .comment:
                return "a comment would swallow the generated code after it"
            case .poundKeyword where !expressionPoundKeywords.contains(token.text):
                return "\(token.text) is a directive, not part of an expression"
            case .identifier:
                let name = token.text.hasPrefix("`") ? String(token.text.dropFirst().dropLast()) : token.text
                if !name.hasPrefix("$"), !SwiftNames.isIdentifier(name) { return "\"\(token.text)\" is not a Swift name" }
            case .punctuation:
                switch token.text {
                case "(", "[", "{":
                    open.append(token.text)
                    if open.count > SwiftTypeParser.maximumNesting { return "brackets nest deeper than \(SwiftTypeParser.maximumNesting)" }
                case ")", "]", "}":
                    let opener = ["(": ")", "[": "]", "{": "}"]
                    guard let last = open.popLast(), opener[last] == token.text else { return "\"\(token.text)\" closes a bracket it did not open" }
                case ";" where !open.contains("{"):
                    return "\";\" would end the generated statement"
                case "," where open.isEmpty && shape == .expression:
                    return "a comma outside brackets makes it more than one expression"
                default: break
                }
            default: break
            }
        }
        if let last = open.last { return "\"\(last)\" is not closed" }
        return nil
    }
}
