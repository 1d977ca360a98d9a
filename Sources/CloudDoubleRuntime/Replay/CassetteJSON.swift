import Foundation

/// A JSON value as a cassette holds it: what codecs write and read. Integers are kept apart from
/// doubles so that an `Int64` survives the trip exactly.
public enum CassetteJSON: Hashable, Sendable, Codable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([CassetteJSON])
    case object([String: CassetteJSON])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([CassetteJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: CassetteJSON].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// One line of compact JSON with sorted keys: the same value always gives the same text.
    public var line: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a value of this enum cannot fail: every case is plain JSON.
        let data = (try? encoder.encode(self)) ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// Parses one line (or any JSON text).
    public static func parse(_ text: String) throws -> CassetteJSON {
        try JSONDecoder().decode(CassetteJSON.self, from: Data(text.utf8))
    }

    public var description: String { line }

    // MARK: Reading

    public subscript(key: String) -> CassetteJSON? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value) where value.rounded() == value: return Int(exactly: value)
        default: return nil
        }
    }

    public var doubleValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    public var arrayValue: [CassetteJSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var objectValue: [String: CassetteJSON]? {
        if case .object(let value) = self { return value }
        return nil
    }
}
