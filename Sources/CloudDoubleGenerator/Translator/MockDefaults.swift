/// What a mock returns for a call or property nobody stubbed, when the type has an obvious
/// empty value. Other types need a `mockDefault` in the description (for synchronous members),
/// or make the call fail with `UnstubbedCallError` (for async and completion forms).
enum MockDefaults {
    /// Read on the type model, so `Optional<T>`, `Swift.Int` and `Array<T>` get theirs too.
    static func expression(for type: SwiftType) -> String? {
        switch type.unattributed.canonical {
        case .optional: return "nil"
        case .array: return "[]"
        case .dictionary: return "[:]"
        case .tuple(let elements) where elements.isEmpty: return "()"
        case let canonical:
            switch canonical.simpleName {
            case "Bool": return "false"
            case "String": return "\"\""
            case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "TimeInterval":
                return "0"
            default: return nil
            }
        }
    }
}

extension MockDefaults {
    /// A description's `mockDefault`, spelled so that its value has the member's declared type.
    /// The recorder's answer methods are generic over the value, and Swift infers it from the
    /// fallback before the result: `TestToken()` as the fallback of a member declared `any Token`
    /// would make the stub's value type `TestToken`, so a stubbed token of the declared type would
    /// never be returned. A literal or an implicit member (`.private`, `[:]`, `true`) has no type of
    /// its own and takes the declared one, so it stays as written.
    static func converted(_ expression: String, to declared: String) -> String {
        takesTypeFromContext(expression) ? expression : "(\(expression)) as \(declared)"
    }

    private static func takesTypeFromContext(_ expression: String) -> Bool {
        guard case .success(let tokens) = SwiftLexer.tokens(of: expression), let first = tokens.first else { return false }
        if first.kind == .punctuation, first.text == ".", tokens.count > 1, tokens[1].kind == .identifier { return true }
        if ["[]", "[:]"].contains(tokens.map(\.text).joined()) { return true }
        guard tokens.count == 1 else { return false }
        return first.kind == .number || first.kind == .string || ["true", "false", "nil"].contains(first.text)
    }
}
