/// A JSON value that remembers where it was written, so every diagnostic can point at it.
public enum JSONValue: Sendable {
    case object([Member], SourceLocation)
    case array([JSONValue], SourceLocation)
    case string(String, SourceLocation)
    case number(Double, SourceLocation)
    case bool(Bool, SourceLocation)
    case null(SourceLocation)

    /// One key of an object and its value. A struct, not a tuple: an array of tuples is
    /// destroyed element by element through their runtime metadata, many times slower.
    public struct Member: Sendable {
        public var key: String
        public var keyLocation: SourceLocation
        public var value: JSONValue
        /// Whether the key was written in ASCII without escapes: then only a key of the same
        /// length can equal it (`ObjectReader` compares lengths first). Another key may equal
        /// an ASCII one canonically (`\u{212A}ey` is `Key`), so that is only known here.
        var keyIsASCII = false
    }

    public var location: SourceLocation {
        switch self {
        case .object(_, let l), .array(_, let l), .string(_, let l), .number(_, let l), .bool(_, let l), .null(let l): return l
        }
    }

    /// The JSON type's name, for "expected a string, found an array" messages.
    public var typeName: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}
