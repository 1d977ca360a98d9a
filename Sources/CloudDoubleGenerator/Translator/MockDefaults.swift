import Foundation

/// What a mock returns for a call or property nobody stubbed, when the type has an obvious
/// empty value. Other types need a `mockDefault` in the description (for synchronous members),
/// or make the call fail with `UnstubbedCallError` (for async and completion forms).
enum MockDefaults {
    static func expression(for type: String) -> String? {
        if type.hasSuffix("?") { return "nil" }
        if type.hasPrefix("["), type.hasSuffix("]") { return hasTopLevelColon(type) ? "[:]" : "[]" }
        switch type {
        case "Void", "()": return "()"
        case "Bool": return "false"
        case "String": return "\"\""
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
            "TimeInterval":
            return "0"
        default: return nil
        }
    }

    /// `[K: V]` rather than `[T]`: a colon not nested inside brackets or parentheses.
    private static func hasTopLevelColon(_ type: String) -> Bool {
        SwiftNames.topLevelColon(in: String(type.dropFirst().dropLast()))
    }
}
