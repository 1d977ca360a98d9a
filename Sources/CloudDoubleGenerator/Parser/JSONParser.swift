/// A strict JSON parser (RFC 8259) that records the line and column of every value, into a
/// ``JSONDocument``. Foundation's `JSONSerialization` gives neither locations nor duplicate-key
/// detection.
struct JSONParser {
    struct Failure: Error {
        var location: SourceLocation
        var message: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// Nesting limit: deeper input is rejected rather than overflowing the stack.
    private let maxDepth = 256
    private(set) var duplicateKeys: [(key: String, location: SourceLocation)] = []
    /// The document so far (``JSONDocument``'s parts).
    private var nodes: [JSONNode] = []
    private var strings: [String] = []
    private var numbers: [Double] = []

    /// The array under this key of the top-level object (its first such key) is not parsed here:
    /// its elements are only found (``Element``), each to be parsed on its own by
    /// ``parseElement(_:of:)``, on any core. It stays empty in the tree.
    private let splitKey: String?
    /// The elements of the split array, in order; `nil` when the top-level object has no such array.
    private(set) var splitElements: [Element]?

    /// Where one element of the split array is: what a parser of its own starts from.
    struct Element: Sendable {
        /// Its first byte, and the byte after its last.
        let start: Int
        let end: Int
        let line: Int
        let lineStart: Int
        let column: Int
    }

    /// The array under this key of the top-level object (its first such key) is parsed, for its
    /// errors, but its elements are not kept: it stays empty in the document.
    private let droppedKey: String?
    private var droppedKeySeen = false

    init(_ bytes: [UInt8], splitting key: String? = nil, dropping dropped: String? = nil) {
        self.bytes = bytes
        self.splitKey = key
        self.droppedKey = dropped
    }

    /// Parses one JSON document. A UTF-8 byte-order mark and invalid UTF-8 are rejected with a
    /// clear message (the format is plain UTF-8).
    mutating func parse() throws(Failure) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw Failure(location: SourceLocation(line: 1, column: 1), message: "the file starts with a UTF-8 byte-order mark; save it as UTF-8 without a BOM")
        }
        if let bad = Self.firstInvalidUTF8(bytes) {
            for position in 0..<bad where bytes[position] == 0x0A {
                line += 1
                lineStart = position + 1
            }
            index = bad
            throw Failure(location: currentLocation(), message: "the file is not valid UTF-8")
        }
        skipWhitespace()
        try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count { throw fail("unexpected text after the JSON value") }
        return document()
    }

    /// The document parsed, as its first value.
    private func document() -> JSONValue {
        JSONValue(document: JSONDocument(bytes: bytes, nodes: nodes, strings: strings, numbers: numbers), index: 0)
    }

    /// Where the column count last stopped: values on one long line are located in linear time.
    private var columnMark = (offset: 0, column: 1)

    private mutating func currentLocation() -> SourceLocation {
        // Columns count characters, not bytes: continuation bytes are skipped.
        if columnMark.offset < lineStart || columnMark.offset > index { columnMark = (lineStart, 1) }
        var (position, column) = columnMark
        let end = min(index, bytes.count)
        bytes.withUnsafeBytes { raw in
            // Eight bytes at a time: a continuation byte is 10xxxxxx, so its top bit is set and
            // the next one down is not (a long description may be one line of megabytes).
            while position + 8 <= end {
                let word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
                // Eight ASCII bytes (the usual case) are eight characters, without counting bits.
                column += word & 0x8080_8080_8080_8080 == 0 ? 8 : 8 - (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
                position += 8
            }
            while position < end {
                if raw[position] & 0xC0 != 0x80 { column += 1 }
                position += 1
            }
        }
        columnMark = (position, column)
        return SourceLocation(line: line, column: column)
    }

    private mutating func fail(_ message: String) -> Failure {
        Failure(location: currentLocation(), message: message)
    }

    private mutating func skipWhitespace() {
        // Over the bytes in memory: most values are a space or none away.
        var (index, line, lineStart) = (self.index, self.line, self.lineStart)
        bytes.withUnsafeBufferPointer { bytes in
            scan: while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0D: index += 1
                case 0x0A:
                    index += 1
                    line += 1
                    lineStart = index
                default: break scan
                }
            }
        }
        (self.index, self.line, self.lineStart) = (index, line, lineStart)
    }

    /// Parses one value into the document.
    private mutating func parseValue(depth: Int) throws(Failure) {
        guard depth < maxDepth else { throw fail("the JSON is nested more than \(maxDepth) levels deep") }
        guard index < bytes.count else { throw fail("unexpected end of file: expected a value") }
        let location = currentLocation()
        switch bytes[index] {
        case UInt8(ascii: "{"): try parseObject(depth: depth, location: location)
        case UInt8(ascii: "["): try parseArray(depth: depth, location: location)
        case UInt8(ascii: "\""): try parseString(.string, at: location)
        case UInt8(ascii: "t"): try expectWord("true"); append(.true, at: location)
        case UInt8(ascii: "f"): try expectWord("false"); append(.false, at: location)
        case UInt8(ascii: "n"): try expectWord("null"); append(.null, at: location)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            numbers.append(try parseNumber())
            append(.number, at: location, start: numbers.count - 1)
        default: throw fail("unexpected character '\(Character(Unicode.Scalar(bytes[index])))': expected a value")
        }
    }

    private mutating func append(_ kind: JSONNode.Kind, at location: SourceLocation, start: Int = 0, end: Int = 0, decoded: Bool = false, plain: Bool = false) {
        nodes.append(JSONNode(kind: kind, decoded: decoded, plain: plain, location: location, start: Int32(start), end: Int32(end)))
    }

    /// An object's or array's node, once its members or elements are in: how many, and where it ends.
    private mutating func close(_ container: Int, count: Int) {
        nodes[container].start = Int32(count)
        nodes[container].end = Int32(nodes.count)
    }

    private mutating func expectWord(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count, (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] }) else {
            throw fail("invalid literal: expected '\(word)'")
        }
        index += count
    }

    private mutating func parseObject(depth: Int, location: SourceLocation) throws(Failure) {
        index += 1
        let object = nodes.count
        append(.object, at: location)
        var count = 0
        // Objects have a handful of keys: a scan of the earlier ones finds a duplicate sooner than
        // hashing every key; a set takes over only for large objects.
        var seen: Set<String>?
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return close(object, count: 0)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of file: the object is not closed with '}'") }
            guard bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a quoted key") }
            let keyLocation = currentLocation()
            let key = nodes.count
            try parseString(.key, at: keyLocation)
            if isDuplicate(key, in: object, count: count, seen: &seen) { duplicateKeys.append((text(key), keyLocation)) }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after the key \"\(text(key))\"") }
            index += 1
            skipWhitespace()
            if depth == 0, splitElements == nil, let splitKey, isKey(key, splitKey), index < bytes.count, bytes[index] == UInt8(ascii: "[") {
                let location = currentLocation()
                splitElements = try splitArray()
                append(.array, at: location, end: nodes.count + 1)
            } else if depth == 0, !droppedKeySeen, let droppedKey, isKey(key, droppedKey), index < bytes.count, bytes[index] == UInt8(ascii: "[") {
                droppedKeySeen = true
                try parseArray(depth: depth + 1, location: currentLocation(), keeping: false)
            } else {
                try parseValue(depth: depth + 1)
            }
            count += 1
            if try closes(the: "object", with: UInt8(ascii: "}")) { return close(object, count: count) }
        }
    }

    /// The text of the string or key at node `index`.
    private func text(_ index: Int) -> String {
        JSONNode.text(of: nodes[index], bytes: bytes, strings: strings)
    }

    private func isKey(_ index: Int, _ key: String) -> Bool {
        JSONNode.isKey(nodes[index], key, bytes: bytes, strings: strings)
    }

    /// After a member or element: a `,` (another follows: `false`) or the closing bracket
    /// (consumed: `true`); anything else is the container's error.
    private mutating func closes(the container: StaticString, with closing: UInt8) throws(Failure) -> Bool {
        skipWhitespace()
        guard index < bytes.count else {
            throw fail("unexpected end of file: the \(container) is not closed with '\(Character(Unicode.Scalar(closing)))'")
        }
        let byte = bytes[index]
        guard byte == UInt8(ascii: ",") || byte == closing else { throw fail("expected ',' or '\(Character(Unicode.Scalar(closing)))' in the \(container)") }
        index += 1
        return byte == closing
    }

    /// Whether the key at node `key` is one of the `count` keys `object` has before it.
    private func isDuplicate(_ key: Int, in object: Int, count: Int, seen: inout Set<String>?) -> Bool {
        if seen == nil, count < 16 {
            var earlier = object + 1
            for _ in 0..<count {
                if JSONNode.sameKey(nodes[earlier], nodes[key], bytes: bytes, strings: strings) { return true }
                earlier = Self.next(after: earlier, in: nodes)
            }
            return false
        }
        if seen == nil {
            var keys = Set<String>()
            var earlier = object + 1
            for _ in 0..<count {
                keys.insert(text(earlier))
                earlier = Self.next(after: earlier, in: nodes)
            }
            seen = keys
        }
        return !seen!.insert(text(key)).inserted
    }

    /// The key after the one at `key` (past its value).
    private static func next(after key: Int, in nodes: [JSONNode]) -> Int {
        let value = nodes[key + 1]
        return value.kind == .object || value.kind == .array ? Int(value.end) : key + 2
    }

    /// `keeping: false` parses each element and lets it go (see `droppedKey`).
    private mutating func parseArray(depth: Int, location: SourceLocation, keeping: Bool = true) throws(Failure) {
        index += 1
        let array = nodes.count
        append(.array, at: location)
        var count = 0
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return close(array, count: 0)
        }
        let marks = (nodes: nodes.count, strings: strings.count, numbers: numbers.count)
        while true {
            skipWhitespace()
            try parseValue(depth: depth + 1)
            if keeping {
                count += 1
            } else {
                nodes.removeLast(nodes.count - marks.nodes)
                strings.removeLast(strings.count - marks.strings)
                numbers.removeLast(numbers.count - marks.numbers)
            }
            if try closes(the: "array", with: UInt8(ascii: "]")) { return close(array, count: count) }
        }
    }

    /// The depth the split array's elements are parsed at: inside the top-level object and the array.
    private static let elementDepth = 2

    /// Finds the elements of the array at `index` without parsing them: strings are skipped
    /// (escapes included) and brackets counted, so each element's extent is known in one cheap
    /// pass. Only valid JSON needs the right extents: each element's own parse then checks that it
    /// ends where the scan said, and any disagreement or error is a failure (the caller then
    /// parses the document whole, which reports the first error as it always has).
    private mutating func splitArray() throws(Failure) -> [Element] {
        index += 1
        var elements: [Element] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return elements
        }
        while true {
            skipWhitespace()
            let location = currentLocation()
            let (start, startLineStart) = (index, lineStart)
            try skipValue()
            elements.append(Element(start: start, end: index, line: location.line, lineStart: startLineStart, column: location.column))
            if try closes(the: "array", with: UInt8(ascii: "]")) { return elements }
        }
    }

    /// Moves past one value by its brackets and quotes alone (see `splitArray`): an object or
    /// array to its closing bracket, a string to its closing quote, anything else to the next
    /// separator. Line breaks are counted, so the next element's location is right.
    private mutating func skipValue() throws(Failure) {
        let (end, lines, lastLineStart) = bytes.withUnsafeBufferPointer { bytes in
            Self.byteKinds.withUnsafeBufferPointer { kinds -> (end: Int?, lines: Int, lastLineStart: Int) in
                var position = index
                var lines = 0
                var lastLineStart = -1
                /// The byte after the string's closing quote, from its opening one; nil when it is not closed on its line.
                func skipString(_ from: Int) -> Int? {
                    var position = from + 1
                    while position < bytes.count {
                        // Past ordinary bytes in one tight loop: only a quote, a backslash or a control character stops it.
                        if kinds[Int(bytes[position])] & Self.special == 0 {
                            position += 1
                            continue
                        }
                        switch bytes[position] {
                        case UInt8(ascii: "\""): return position + 1
                        case UInt8(ascii: "\\"): position += 2
                        default: return nil
                        }
                    }
                    return nil
                }
                // At the end of the file there is no value: the whole document's parse says so.
                guard position < bytes.count else { return (nil, 0, -1) }
                switch bytes[position] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    var depth = 0
                    while position < bytes.count {
                        if kinds[Int(bytes[position])] & Self.structural == 0 {
                            position += 1
                            continue
                        }
                        switch bytes[position] {
                        case UInt8(ascii: "\""):
                            guard let next = skipString(position) else { return (nil, lines, lastLineStart) }
                            position = next
                            continue
                        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                        case UInt8(ascii: "}"), UInt8(ascii: "]"):
                            depth -= 1
                            if depth == 0 { return (position + 1, lines, lastLineStart) }
                        default:
                            lines += 1
                            lastLineStart = position + 1
                        }
                        position += 1
                    }
                    return (nil, lines, lastLineStart)
                case UInt8(ascii: "\""):
                    return (skipString(position), 0, -1)
                default:
                    while position < bytes.count {
                        switch bytes[position] {
                        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D: return (position, 0, -1)
                        default: position += 1
                        }
                    }
                    return (position, 0, -1)
                }
            }
        }
        guard let end else { throw fail("the value is not closed") }
        index = end
        line += lines
        if lastLineStart >= 0 { lineStart = lastLineStart }
    }

    /// What the scan stops at, per byte: `special` inside a string (a quote, a backslash, a
    /// control character), `structural` outside one (a quote, a bracket, a line feed).
    private static let special: UInt8 = 1
    private static let structural: UInt8 = 2
    private static let byteKinds: [UInt8] = (0...255).map { byte -> UInt8 in
        var kind: UInt8 = 0
        if byte < 0x20 || byte == 0x22 || byte == 0x5C { kind |= special }
        if byte == 0x0A || byte == 0x22 || byte == 0x5B || byte == 0x5D || byte == 0x7B || byte == 0x7D { kind |= structural }
        return kind
    }

    /// Parses one element `splitArray` found, as the whole document's parse would have; fails
    /// when the element does not end where the scan found it ending.
    static func parseElement(_ element: Element, of bytes: [UInt8]) -> Result<(value: JSONValue, duplicateKeys: [(key: String, location: SourceLocation)]), Failure> {
        var parser = JSONParser(bytes)
        parser.index = element.start
        parser.line = element.line
        parser.lineStart = element.lineStart
        parser.columnMark = (element.start, element.column)
        // Room for every node at once (a node per five bytes is more than a type's JSON has),
        // not grown a step at a time.
        parser.nodes.reserveCapacity((element.end - element.start) / 5 + 4)
        do throws(Failure) {
            try parser.parseValue(depth: elementDepth)
            guard parser.index == element.end else { throw parser.fail("the element does not end where its brackets do") }
            return .success((parser.document(), parser.duplicateKeys))
        } catch {
            return .failure(error)
        }
    }

    /// A string (or key) into the document: where its text is, or its text decoded when it has escapes.
    private mutating func parseString(_ kind: JSONNode.Kind, at location: SourceLocation) throws(Failure) {
        index += 1
        // Fast path: most strings have no escapes; their text stays in the bytes. Over the
        // bytes in memory, one table lookup a byte (`special`: a quote, a backslash, a control).
        let (end, bits) = bytes.withUnsafeBufferPointer { bytes in
            Self.byteKinds.withUnsafeBufferPointer { kinds -> (Int, UInt8) in
                var end = index
                var bits: UInt8 = 0
                while end < bytes.count, kinds[Int(bytes[end])] & Self.special == 0 {
                    bits |= bytes[end]
                    end += 1
                }
                return (end, bits)
            }
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            append(kind, at: location, start: index, end: end, plain: bits < 0x80)
            index = end + 1
            return
        }
        strings.append(try parseEscapedString())
        append(kind, at: location, start: strings.count - 1, decoded: true)
    }

    /// The rest of a string with an escape, decoded.
    private mutating func parseEscapedString() throws(Failure) -> String {
        var scalars = String.UnicodeScalarView()
        var utf8Run: [UInt8] = []
        func flush() {
            if !utf8Run.isEmpty {
                scalars.append(contentsOf: String(decoding: utf8Run, as: UTF8.self).unicodeScalars)
                utf8Run.removeAll(keepingCapacity: true)
            }
        }
        while true {
            guard index < bytes.count else { throw fail("unexpected end of file: the string is not closed with '\"'") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                flush()
                return String(scalars)
            }
            if byte < 0x20 { throw fail("control characters must be escaped in strings") }
            if byte != UInt8(ascii: "\\") {
                utf8Run.append(byte)
                index += 1
                continue
            }
            flush()
            index += 1
            guard index < bytes.count else { throw fail("unexpected end of file in an escape sequence") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if (0xD800..<0xDC00).contains(code) {
                    guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw fail("unpaired UTF-16 surrogate in a \\u escape")
                    }
                    index += 2
                    let low = try parseHex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired UTF-16 surrogate in a \\u escape") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw fail("invalid \\u escape") }
                scalars.append(scalar)
            default:
                throw fail("invalid escape sequence in a string")
            }
        }
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard bytes.count - index >= 4 else { throw fail("invalid \\u escape: expected four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Self.hexValue(bytes[index]) else { throw fail("invalid \\u escape: expected four hex digits") }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private mutating func parseNumber() throws(Failure) -> Double {
        let start = index
        func digits() -> Int {
            let begin = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - begin
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw fail("invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw fail("invalid number")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw fail("invalid number: expected digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw fail("invalid number: expected digits in the exponent") }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else { throw fail("invalid number") }
        return value
    }

    /// The offset of the first byte that is not part of valid UTF-8, if any.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        // A run of ASCII (most of any description) is valid as it is: skip it eight bytes at a
        // time, and decode only from the first byte with its high bit set.
        var offset = 0
        bytes.withUnsafeBytes { raw in
            while offset + 8 <= raw.count, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                offset += 8
            }
        }
        var iterator = bytes[offset...].makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
