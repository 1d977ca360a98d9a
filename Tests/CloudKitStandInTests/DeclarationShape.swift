/// A declaration reduced to what an app's code can tell apart: names, argument labels, types,
/// optionality, effects, generic signature, default arguments, accessors, `@discardableResult`,
/// `@escaping` and `@Sendable`. Swift's interface printer and the symbol graph spell the same
/// declaration differently; both are reduced here, token by token, so equal shapes mean equal
/// signatures.
///
/// What is dropped, and why an app cannot tell: module qualifiers (`Swift.String`); modifiers
/// (`public`, `open`, `final`, `override`, `convenience`, `required`, `nonisolated`, `dynamic`);
/// attributes other than the four kept (`@preconcurrency`, `@objc`, `@backDeployed(...)`, ...);
/// parameter names (`_ options:` is `_:`), and the `_:` of an unlabelled parameter; the parentheses
/// of `-> (CKRecord?)`. `let x: T` is `var x: T { get }`, and a stored `var` is `{ get set }`.
struct DeclarationShape: Equatable, CustomStringConvertible {
    let tokens: [String]

    var description: String { tokens.joined(separator: " ") }

    private static let modules: Set<String> = ["CloudKit", "Swift", "Foundation", "FoundationEssentials", "_Concurrency"]
    private static let modifiers: Set<String> = ["public", "open", "final", "override", "convenience", "required", "nonisolated", "dynamic"]
    private static let keptAttributes: Set<String> = ["discardableResult", "escaping", "Sendable", "autoclosure"]

    init(_ declaration: String) {
        var tokens: [String] = []
        let input = Self.tokenize(declaration)
        var index = 0
        while index < input.count {
            let token = input[index]
            if token == "@", index + 1 < input.count {
                let name = input[index + 1]
                index += 2
                if Self.keptAttributes.contains(name) {
                    tokens.append("@" + name)
                } else if index < input.count, input[index] == "(" {
                    index = Self.closing(input, from: index) + 1
                }
                continue
            }
            if Self.modifiers.contains(token) || (Self.modules.contains(token) && index + 1 < input.count && input[index + 1] == ".") {
                index += Self.modifiers.contains(token) ? 1 : 2
                continue
            }
            // A parameter's name after its label: `(for ids:` is `(for:`; then `(_:` is `(`.
            if let last = tokens.last, last == "(" || last == ",", index + 2 < input.count, input[index + 2] == ":",
                Self.isIdentifier(token), Self.isIdentifier(input[index + 1]), !["any", "some", "inout"].contains(token)
            {
                if token != "_" { tokens += [token, ":"] }
                index += 3
                continue
            }
            if let last = tokens.last, last == "(" || last == ",", token == "_", index + 1 < input.count, input[index + 1] == ":" {
                index += 2
                continue
            }
            tokens.append(token)
            index += 1
        }
        self.tokens = Self.normalizingAccessors(Self.droppingResultParentheses(tokens))
    }

    /// `-> ( T )` at the end of a declaration or a parameter is `-> T` when `T` is one type.
    private static func droppingResultParentheses(_ tokens: [String]) -> [String] {
        var tokens = tokens
        var index = 0
        while index + 1 < tokens.count {
            if tokens[index] == "->", tokens[index + 1] == "(" {
                let close = closing(tokens, from: index + 1)
                let inner = tokens[(index + 2)..<close]
                let after = close + 1 < tokens.count ? tokens[close + 1] : nil
                if !inner.isEmpty, !inner.contains(","), !inner.contains(":"), inner.first != "any",
                    after == nil || [")", ",", "{", "where", "async", "throws"].contains(after!)
                {
                    tokens.remove(at: close)
                    tokens.remove(at: index + 1)
                }
            }
            index += 1
        }
        return tokens
    }

    private static func normalizingAccessors(_ tokens: [String]) -> [String] {
        guard !tokens.contains("func"), !tokens.contains("{") else { return tokens }
        if let index = tokens.firstIndex(of: "let") {
            var tokens = tokens
            tokens[index] = "var"
            return tokens + ["{", "get", "}"]
        }
        return tokens.contains("var") ? tokens + ["{", "get", "set", "}"] : tokens
    }

    /// The index of the bracket closing the one at `open` (the last index when unbalanced).
    private static func closing(_ tokens: [String], from open: Int) -> Int {
        var depth = 0
        for index in open..<tokens.count {
            if tokens[index] == "(" || tokens[index] == "[" || tokens[index] == "<" { depth += 1 }
            if tokens[index] == ")" || tokens[index] == "]" || tokens[index] == ">" { depth -= 1 }
            if depth == 0 { return index }
        }
        return tokens.count - 1
    }

    private static func isIdentifier(_ token: String) -> Bool {
        guard let first = token.unicodeScalars.first else { return false }
        return first == "_" || first == "`" || first.properties.isAlphabetic
    }

    /// Identifiers (with `$`, digits and backquotes), numbers with dots, string literals, `->`,
    /// `...`, and any other character alone; whitespace separates and is dropped.
    static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func isWord(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar.properties.isWhitespace {
                index += 1
            } else if scalar == "`" {
                var end = index + 1
                while end < scalars.count, scalars[end] != "`" { end += 1 }
                tokens.append(String(String.UnicodeScalarView(scalars[index...min(end, scalars.count - 1)])))
                index = end + 1
            } else if scalar == "\"" {
                var end = index + 1
                while end < scalars.count, scalars[end] != "\"" { end += scalars[end] == "\\" ? 2 : 1 }
                tokens.append(String(String.UnicodeScalarView(scalars[index...min(end, scalars.count - 1)])))
                index = end + 1
            } else if isWord(scalar) {
                var end = index
                while end < scalars.count,
                    isWord(scalars[end])
                        || (scalars[end] == "." && ("0"..."9").contains(scalar) && end + 1 < scalars.count && ("0"..."9").contains(scalars[end + 1]))
                {
                    end += 1
                }
                tokens.append(String(String.UnicodeScalarView(scalars[index..<end])))
                index = end
            } else if scalar == "-", index + 1 < scalars.count, scalars[index + 1] == ">" {
                tokens.append("->")
                index += 2
            } else if scalar == ".", index + 2 < scalars.count, scalars[index + 1] == ".", scalars[index + 2] == "." {
                tokens.append("...")
                index += 3
            } else {
                tokens.append(String(scalar))
                index += 1
            }
        }
        return tokens
    }
}
