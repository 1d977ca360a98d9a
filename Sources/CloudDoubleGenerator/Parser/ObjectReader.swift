import Foundation

/// Reads the members of one JSON object into model values, collecting a diagnostic for each
/// missing key, wrongly typed value and unknown key instead of stopping at the first. `Key`
/// lists the keys the object may have: each key's value is found once, here, and kept at the
/// key's place (``ObjectKey/slot``).
struct ObjectReader<Key: ObjectKey> {
    let what: String
    let location: SourceLocation
    private let document: JSONDocument
    /// Per key (by its slot), its value's node; 0 when the object does not have the key (no
    /// value is a document's first node). At most 16 keys (`KeyTable` checks). The first value, when a key is there twice.
    private var values = SIMD16<Int32>()
    private let sink: DiagnosticSink

    /// `nil` (with a diagnostic) when `value` is not an object. Any key not in `allowed` is
    /// reported; one of `Key`'s is read all the same.
    init?(_ value: JSONValue, what: String, allowing allowed: [Key] = Key.keys, sink: DiagnosticSink) {
        guard value.isObject else {
            sink.error("\(what) must be an object, found \(value.typeName)", at: value.location)
            return nil
        }
        self.what = what
        self.location = value.location
        self.document = value.document
        self.sink = sink
        let document = value.document
        let table = Key.table
        let everyKeyAllowed = allowed.count == table.keys.count
        var member = value.index + 1
        for _ in 0..<value.node.start {
            let slot = document.slot(ofKey: member, in: table)
            if let slot, values[slot] == 0 { values[slot] = Int32(member + 1) }
            if slot.map({ everyKeyAllowed || allowed.contains(table.keys[$0]) }) != true {
                let name = document.text(member)
                let names = allowed.map(\.rawValue)
                sink.error(
                    "unknown key \"\(name)\" in \(what)", at: document.nodes[member].location,
                    hint: Spelling.closest(to: name, in: names).map { "did you mean \"\($0)\"?" } ?? "allowed keys: \(names.joined(separator: ", "))")
            }
            member = document.next(after: member + 1)
        }
    }

    func value(_ key: Key) -> JSONValue? {
        let node = values[key.slot]
        return node == 0 ? nil : JSONValue(document: document, index: Int(node))
    }

    func requireValue(_ key: Key) -> JSONValue? {
        guard let value = value(key) else {
            sink.error("\(what) is missing the required key \"\(key.rawValue)\"", at: location)
            return nil
        }
        return value
    }

    func string(_ key: Key, required: Bool = false, allowEmpty: Bool = false) -> Located<String>? {
        guard let value = required ? requireValue(key) : value(key) else { return nil }
        guard value.node.kind == .string else {
            sink.error("\"\(key.rawValue)\" in \(what) must be a string, found \(value.typeName)", at: value.location)
            return nil
        }
        // Bytes, not characters: only spaces and tabs, whichever way it is read.
        if !allowEmpty, value.document.isBlank(value.index) {
            sink.error("\"\(key.rawValue)\" in \(what) must not be empty", at: value.location)
            return nil
        }
        let string = value.document.text(value.index)
        return Located(string, value.location)
    }

    func bool(_ key: Key, default defaultValue: Bool) -> Bool {
        guard let value = value(key) else { return defaultValue }
        guard let flag = value.bool else {
            sink.error("\"\(key.rawValue)\" in \(what) must be true or false, found \(value.typeName)", at: value.location)
            return defaultValue
        }
        return flag
    }

    func number(_ key: Key, required: Bool = false) -> Located<Double>? {
        guard let value = required ? requireValue(key) : value(key) else { return nil }
        guard let number = value.number else {
            sink.error("\"\(key.rawValue)\" in \(what) must be a number, found \(value.typeName)", at: value.location)
            return nil
        }
        return Located(number, value.location)
    }

    func integer(_ key: Key, required: Bool = false) -> Located<Int>? {
        guard let number = number(key, required: required) else { return nil }
        guard number.value == number.value.rounded(), abs(number.value) < 1e15 else {
            sink.error("\"\(key.rawValue)\" in \(what) must be a whole number", at: number.location)
            return nil
        }
        return Located(Int(number.value), number.location)
    }

    /// The elements of the array under `key`; `nil` when there is none (or it is not an array:
    /// reported).
    func array(_ key: Key, required: Bool = false) -> JSONValue.Elements? {
        guard let value = required ? requireValue(key) : value(key) else { return nil }
        guard value.isArray else {
            sink.error("\"\(key.rawValue)\" in \(what) must be an array, found \(value.typeName)", at: value.location)
            return nil
        }
        return value.elements
    }

    func strings(_ key: Key) -> [Located<String>] {
        guard let elements = array(key) else { return [] }
        return elements.compactMap { element in
            guard let string = element.string else {
                sink.error("every element of \"\(key.rawValue)\" in \(what) must be a string, found \(element.typeName)", at: element.location)
                return nil
            }
            return Located(string, element.location)
        }
    }
}

/// Collects diagnostics for one file.
final class DiagnosticSink {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String) {
        self.file = file
    }

    func error(_ message: String, at location: SourceLocation, hint: String? = nil) {
        diagnostics.append(Diagnostic(file: file, location: location, message: message, hint: hint))
    }

    /// A diagnostic collected elsewhere (by another sink for the same file), in its turn.
    func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// References to described types, made where one type is checked on its own: each is
    /// checked once every type's name is known, its diagnostic (if any) placed after the
    /// `position` diagnostics collected before it.
    private(set) var references: [PendingReference] = []

    func reference(_ name: Located<String>) {
        references.append(PendingReference(name: name, position: diagnostics.count))
    }
}

/// A reference to a described type (`"ref"`, `"returnsRef"`), to check when every name is known.
struct PendingReference: Sendable {
    let name: Located<String>
    /// How many of its type's diagnostics come before its own.
    let position: Int
}
