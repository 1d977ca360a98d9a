/// A JSON value that remembers where it was written, so every diagnostic can point at it; an
/// object's keys remember theirs too.
struct JSONValue: Sendable {
    enum Content: Sendable {
        /// Members in the order written, a repeated key included (the decoder reads the first).
        case object([Member])
        case array([JSONValue])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    struct Member: Sendable {
        let key: String
        let keyLocation: SourceLocation
        let value: JSONValue
    }

    let content: Content
    let location: SourceLocation

    /// The JSON type's name, for "expected a string, found an array" messages.
    var typeName: String {
        switch content {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }

    var members: [Member]? {
        if case .object(let members) = content { return members }
        return nil
    }

    var elements: [JSONValue]? {
        if case .array(let elements) = content { return elements }
        return nil
    }

    var string: String? {
        if case .string(let text) = content { return text }
        return nil
    }

    var bool: Bool? {
        if case .bool(let flag) = content { return flag }
        return nil
    }

    var number: Double? {
        if case .number(let number) = content { return number }
        return nil
    }

    var isObject: Bool { members != nil }
    var isArray: Bool { elements != nil }
}
