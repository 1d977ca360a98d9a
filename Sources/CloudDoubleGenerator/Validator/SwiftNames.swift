import Foundation

/// Swift's rules for names: what is an identifier, which keywords can be escaped with backticks.
enum SwiftNames {
    /// Keywords that cannot name a member even in backticks (or would mean something else).
    static let reservedMemberNames: Set<String> = ["init", "deinit", "subscript", "self", "Self", "Type", "Protocol", "_"]

    /// Members every generated double declares itself; a described member may not reuse them.
    static let doubleMemberNames: Set<String> = ["base", "wrapped", "faults", "recorder", "log", "stub", "arguments", "callCount", "settled", "errorModel", "backing"]

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
        "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "async", "package",
    ]

    /// Whether `name` is a plain Swift identifier (letters, digits, underscores; not starting with a digit).
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        guard first == "_" || first.properties.isXIDStart else { return false }
        return name.unicodeScalars.dropFirst().allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
    }

    /// `name` as written in a declaration: backticked when it is a keyword.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// Whether `text` looks like a Swift type (identifiers, dots, generics, optionals, tuples,
    /// arrays, dictionaries, `any`/`some`). A light check that catches typos, not a type checker.
    static func isPlausibleType(_ text: String) -> Bool {
        let allowed = Set("[]()<>:,.?! &_-@")
        var depth = 0
        var previous: Character = " "
        for character in text {
            defer { previous = character }
            if character == ">" && previous == "-" { continue }  // the arrow of a function type
            if "[(<".contains(character) { depth += 1 }
            if "])>".contains(character) { depth -= 1; if depth < 0 { return false } }
            if !(character.isLetter || character.isNumber || allowed.contains(character)) { return false }
        }
        return depth == 0 && !text.trimmingCharacters(in: .whitespaces).isEmpty
    }
}
