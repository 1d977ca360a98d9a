/// A JSON value with ordered keys, printed the way the shipped descriptions are written: small
/// objects and arrays on one line, larger ones one member per line.
indirect enum DraftJSON: Sendable {
    case object([(String, DraftJSON)])
    case array([DraftJSON])
    case string(String)
    case bool(Bool)
    case int(Int)

    /// Objects and arrays shorter than this stay on one line.
    static let lineWidth = 110

    func rendered(indent: Int = 0) -> String {
        let inline = self.inline
        if inline.count + indent <= Self.lineWidth || !isContainer { return inline }
        let pad = String(repeating: " ", count: indent + 2)
        let close = String(repeating: " ", count: indent)
        switch self {
        case .object(let members):
            if members.isEmpty { return "{}" }
            let lines = members.map { "\(pad)\(Self.quoted($0.0)): \($0.1.rendered(indent: indent + 2))" }
            return "{\n" + lines.joined(separator: ",\n") + "\n\(close)}"
        case .array(let elements):
            if elements.isEmpty { return "[]" }
            let lines = elements.map { "\(pad)\($0.rendered(indent: indent + 2))" }
            return "[\n" + lines.joined(separator: ",\n") + "\n\(close)]"
        default:
            return inline
        }
    }

    private var isContainer: Bool {
        switch self {
        case .object, .array: return true
        default: return false
        }
    }

    private var inline: String {
        switch self {
        case .object(let members):
            return members.isEmpty ? "{}" : "{ " + members.map { "\(Self.quoted($0.0)): \($0.1.inline)" }.joined(separator: ", ") + " }"
        case .array(let elements):
            return "[" + elements.map(\.inline).joined(separator: ", ") + "]"
        case .string(let text): return Self.quoted(text)
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        }
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
