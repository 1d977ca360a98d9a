/// A strict JSON parser (RFC 8259) that records the line and column of every value and key, into
/// a ``JSONValue`` tree. Foundation's `JSONSerialization` gives neither locations nor
/// duplicate-key detection.
struct JSONParser {
    struct Failure: Error {
        var location: SourceLocation
        var message: String
    }

    /// A key written twice in one object, at its second place.
    struct DuplicateKey {
        let key: String
        let location: SourceLocation
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// Where the column was last counted, so that values on one long line are located in
    /// linear time (a description may be one line).
    private var columnMark = (offset: 0, column: 1)
    /// Nesting limit: deeper input is rejected rather than overflowing the stack.
    private let maxDepth = 256
    private(set) var duplicateKeys: [DuplicateKey] = []

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses one JSON document. A UTF-8 byte-order mark and invalid UTF-8 are rejected with a
    /// clear message (the format is plain UTF-8).
    mutating func parse() throws(Failure) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw Failure(
                location: SourceLocation(line: 1, column: 1), message: "the file starts with a UTF-8 byte-order mark; save it as UTF-8 without a BOM")
        }
        if let bad = Self.firstInvalidUTF8(bytes) {
            for position in 0..<bad where bytes[position] == UInt8(ascii: "\n") {
                line += 1
                lineStart = position + 1
            }
            index = bad
            throw fail("the file is not valid UTF-8")
        }
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count { throw fail("unexpected text after the JSON value") }
        return value
    }

    /// The location of `index`. Columns count characters, not bytes: UTF-8 continuation bytes
    /// are skipped.
    private mutating func currentLocation() -> SourceLocation {
        if columnMark.offset < lineStart || columnMark.offset > index { columnMark = (lineStart, 1) }
        var (position, column) = columnMark
        while position < min(index, bytes.count) {
            if bytes[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        columnMark = (position, column)
        return SourceLocation(line: line, column: column)
    }

    private mutating func fail(_ message: String) -> Failure {
        Failure(location: currentLocation(), message: message)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(Failure) -> JSONValue {
        guard depth < maxDepth else { throw fail("the JSON is nested more than \(maxDepth) levels deep") }
        guard let byte = current else { throw fail("unexpected end of file: expected a value") }
        let location = currentLocation()
        let content: JSONValue.Content
        switch byte {
        case UInt8(ascii: "{"): content = .object(try parseObject(depth: depth))
        case UInt8(ascii: "["): content = .array(try parseArray(depth: depth))
        case UInt8(ascii: "\""): content = .string(try parseString())
        case UInt8(ascii: "t"): content = try expectWord("true", .bool(true))
        case UInt8(ascii: "f"): content = try expectWord("false", .bool(false))
        case UInt8(ascii: "n"): content = try expectWord("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): content = .number(try parseNumber())
        default: throw fail("unexpected character '\(Character(Unicode.Scalar(byte)))': expected a value")
        }
        return JSONValue(content: content, location: location)
    }

    private mutating func expectWord(_ word: String, _ content: JSONValue.Content) throws(Failure) -> JSONValue.Content {
        guard bytes[index...].starts(with: word.utf8) else { throw fail("invalid literal: expected '\(word)'") }
        index += word.utf8.count
        return content
    }

    private mutating func parseObject(depth: Int) throws(Failure) -> [JSONValue.Member] {
        index += 1
        var members: [JSONValue.Member] = []
        var keys: Set<String> = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return members
        }
        while true {
            skipWhitespace()
            guard let byte = current else { throw fail("unexpected end of file: the object is not closed with '}'") }
            guard byte == UInt8(ascii: "\"") else { throw fail("expected a quoted key") }
            let keyLocation = currentLocation()
            let key = try parseString()
            if !keys.insert(key).inserted { duplicateKeys.append(DuplicateKey(key: key, location: keyLocation)) }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw fail("expected ':' after the key \"\(key)\"") }
            index += 1
            skipWhitespace()
            members.append(JSONValue.Member(key: key, keyLocation: keyLocation, value: try parseValue(depth: depth + 1)))
            if try closes(the: "object", with: "}") { return members }
        }
    }

    private mutating func parseArray(depth: Int) throws(Failure) -> [JSONValue] {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            if try closes(the: "array", with: "]") { return elements }
        }
    }

    /// After a member or element: a `,` (another follows: `false`) or the closing bracket
    /// (consumed: `true`); anything else is the container's error.
    private mutating func closes(the container: String, with closing: Unicode.Scalar) throws(Failure) -> Bool {
        skipWhitespace()
        guard let byte = current else { throw fail("unexpected end of file: the \(container) is not closed with '\(closing)'") }
        guard byte == UInt8(ascii: ",") || byte == UInt8(ascii: closing) else { throw fail("expected ',' or '\(closing)' in the \(container)") }
        index += 1
        return byte == UInt8(ascii: closing)
    }

    /// A string (or key) from its opening quote, escapes decoded.
    private mutating func parseString() throws(Failure) -> String {
        index += 1
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else { throw fail("unexpected end of file: the string is not closed with '\"'") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case ..<0x20:
                throw fail("control characters must be escaped in strings")
            case UInt8(ascii: "\\"):
                index += 1
                utf8.append(contentsOf: String(try parseEscape()).utf8)
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }

    /// The character an escape after its backslash stands for.
    private mutating func parseEscape() throws(Failure) -> Unicode.Scalar {
        guard let escape = current else { throw fail("unexpected end of file in an escape sequence") }
        index += 1
        switch escape {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            var code = try parseHex4()
            if (0xD800..<0xDC00).contains(code) {
                guard bytes[index...].starts(with: "\\u".utf8), bytes.count - index >= 6 else {
                    throw fail("unpaired UTF-16 surrogate in a \\u escape")
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired UTF-16 surrogate in a \\u escape") }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(code) else { throw fail("invalid \\u escape") }
            return scalar
        default:
            throw fail("invalid escape sequence in a string")
        }
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard bytes.count - index >= 4 else { throw fail("invalid \\u escape: expected four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else {
                throw fail("invalid \\u escape: expected four hex digits")
            }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(Failure) -> Double {
        let start = index
        func digits() -> Int {
            let begin = index
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index - begin
        }
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current else { throw fail("invalid number") }
        if first == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw fail("invalid number")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw fail("invalid number: expected digits after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw fail("invalid number: expected digits in the exponent") }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else { throw fail("invalid number") }
        return value
    }

    /// The offset of the first byte that is not part of valid UTF-8, if any.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
