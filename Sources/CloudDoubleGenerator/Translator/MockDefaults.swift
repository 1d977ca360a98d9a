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
