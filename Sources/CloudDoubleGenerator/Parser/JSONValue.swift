import Foundation

/// A parsed JSON document as one flat list of nodes in document order (a "tape"): each value,
/// and each key before its value, with where it was written. A string's text stays in the
/// file's bytes until a reader asks for it, and a key is compared there: a type's JSON is one
/// allocation, not an array per object and a `String` per key, and is let go of in one `free`.
final class JSONDocument: Sendable {
    /// The whole file: nodes point into it.
    let bytes: [UInt8]
    let nodes: [JSONNode]
    /// The text of each string or key that has an escape or is not ASCII (keys only), decoded.
    let strings: [String]
    let numbers: [Double]

    init(bytes: [UInt8], nodes: [JSONNode], strings: [String], numbers: [Double]) {
        self.bytes = bytes
        self.nodes = nodes
        self.strings = strings
        self.numbers = numbers
    }

    /// The node after the one at `index` and everything inside it.
    @inline(__always)
    func next(after index: Int) -> Int {
        let node = nodes[index]
        return node.kind == .object || node.kind == .array ? Int(node.end) : index + 1
    }

    /// The text of the string or key at `index`.
    func text(_ index: Int) -> String {
        JSONNode.text(of: nodes[index], bytes: bytes, strings: strings)
    }

    /// The place among `Key`'s keys of the key at `index`, as `isKey` compares keys; `nil`
    /// when it is none of them. A key in ASCII without escapes (nearly every key) is compared in
    /// the bytes.
    func slot<Key: ObjectKey>(ofKey index: Int, in table: KeyTable<Key>) -> Int? {
        let node = nodes[index]
        guard node.plain else {
            let text = text(index)
            return table.keys.firstIndex { $0.rawValue == text }
        }
        return bytes.withUnsafeBufferPointer { bytes in
            table.slot(of: UnsafeBufferPointer(rebasing: bytes[Int(node.start)..<Int(node.end)]))
        }
    }

    /// Whether the string at `index` is empty or only spaces and tabs, read in the bytes.
    func isBlank(_ index: Int) -> Bool {
        let node = nodes[index]
        let isBlank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard !node.decoded else { return strings[Int(node.start)].utf8.allSatisfy(isBlank) }
        // Most strings are told apart by their first byte.
        return node.start == node.end || (isBlank(bytes[Int(node.start)]) && bytes[Int(node.start)..<Int(node.end)].allSatisfy(isBlank))
    }
}

/// One node of a ``JSONDocument``.
struct JSONNode: Sendable {
    enum Kind: UInt8, Sendable {
        case object, array, string, number, `true`, `false`, null, key
    }

    var kind: Kind
    /// A string or key whose text is `strings[start]` (it had an escape, or is a key not in ASCII).
    var decoded: Bool
    /// A key written in ASCII without escapes: only its bytes need comparing.
    var plain: Bool
    var location: SourceLocation
    /// A string or key: its text's first byte (after the quote), or its index in `strings`;
    /// a number: its index in `numbers`; an object or array: its members' or elements' count.
    var start: Int32
    /// A string or key: the byte of its closing quote; an object or array: the index of the node
    /// after its last one.
    var end: Int32

    /// The text of a string or key.
    static func text(of node: JSONNode, bytes: [UInt8], strings: [String]) -> String {
        if node.decoded { return strings[Int(node.start)] }
        return bytes.withUnsafeBufferPointer { String(copying: UnsafeBufferPointer(rebasing: $0[Int(node.start)..<Int(node.end)])) }
    }

    /// Whether the key `node` is `key`, as `String`'s `==` has it: a key written in ASCII
    /// without escapes is compared by its bytes (lengths first, where most keys differ); any
    /// other by its text, since it may equal an ASCII key canonically (`\u{212A}ey` is `Key`).
    @inline(__always)
    static func isKey(_ node: JSONNode, _ key: String, bytes: [UInt8], strings: [String]) -> Bool {
        guard node.plain else { return text(of: node, bytes: bytes, strings: strings) == key }
        var key = key
        return key.withUTF8 { utf8 in
            utf8.count == Int(node.end - node.start) && bytes.withUnsafeBufferPointer { bytes in
                utf8.isEmpty || memcmp(bytes.baseAddress! + Int(node.start), utf8.baseAddress!, utf8.count) == 0
            }
        }
    }

    /// Whether two keys are equal, as their texts' `==` has it.
    static func sameKey(_ first: JSONNode, _ second: JSONNode, bytes: [UInt8], strings: [String]) -> Bool {
        guard first.plain, second.plain else { return text(of: first, bytes: bytes, strings: strings) == text(of: second, bytes: bytes, strings: strings) }
        let count = Int(first.end - first.start)
        return count == Int(second.end - second.start) && bytes.withUnsafeBufferPointer { bytes in
            count == 0 || memcmp(bytes.baseAddress! + Int(first.start), bytes.baseAddress! + Int(second.start), count) == 0
        }
    }
}

/// A JSON value that remembers where it was written, so every diagnostic can point at it: one
/// node of a parsed document.
struct JSONValue: Sendable {
    let document: JSONDocument
    let index: Int

    var node: JSONNode { document.nodes[index] }
    var location: SourceLocation { node.location }

    /// The JSON type's name, for "expected a string, found an array" messages.
    var typeName: String {
        switch node.kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string, .key: return "a string"
        case .number: return "a number"
        case .true, .false: return "a boolean"
        case .null: return "null"
        }
    }

    var isObject: Bool { node.kind == .object }
    var isArray: Bool { node.kind == .array }

    /// The string's text; `nil` when the value is not a string.
    var string: String? { node.kind == .string ? document.text(index) : nil }

    /// Whether the value is the string `text`, without making its `String` when it is not.
    func isString(_ text: String) -> Bool {
        node.kind == .string && document.text(index) == text
    }

    var bool: Bool? {
        switch node.kind {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }

    var number: Double? { node.kind == .number ? document.numbers[Int(node.start)] : nil }

    /// An array's elements, or an object's values, in order (empty for any other value).
    var elements: Elements { Elements(document: document, index: index) }

    struct Elements: Sequence {
        let document: JSONDocument
        let index: Int

        var count: Int {
            let node = document.nodes[index]
            return node.kind == .array ? Int(node.start) : 0
        }

        func makeIterator() -> Iterator {
            let node = document.nodes[index]
            return Iterator(document: document, position: index + 1, left: node.kind == .array ? Int(node.start) : 0)
        }

        var underestimatedCount: Int { count }

        /// The elements' values, room made for all at once (`Sequence`'s grows its array a step
        /// at a time, copying each element again: a type's ten calls were five allocations).
        func compactMap<T>(_ transform: (JSONValue) -> T?) -> [T] {
            var values: [T] = []
            values.reserveCapacity(count)
            for element in self {
                if let value = transform(element) { values.append(value) }
            }
            return values
        }

        struct Iterator: IteratorProtocol {
            let document: JSONDocument
            var position: Int
            var left: Int

            mutating func next() -> JSONValue? {
                guard left > 0 else { return nil }
                left -= 1
                let value = JSONValue(document: document, index: position)
                position = document.next(after: position)
                return value
            }
        }
    }
}
