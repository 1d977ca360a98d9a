/// Reads the members of one JSON object into model values, collecting a diagnostic for each
/// missing key, wrongly typed value and unknown key instead of stopping at the first. `Key`
/// lists the keys the object may have.
struct ObjectReader<Key: ObjectKey> {
    let what: String
    let location: SourceLocation
    private let members: [JSONValue.Member]
    private let sink: DiagnosticSink

    /// `nil` (with a diagnostic) when `value` is not an object. Any key not in `allowed` is
    /// reported; one of `Key`'s is read all the same.
    init?(_ value: JSONValue, what: String, allowing allowed: [Key] = Array(Key.allCases), sink: DiagnosticSink) {
        guard let members = value.members else {
            sink.error("\(what) must be an object, found \(value.typeName)", at: value.location)
            return nil
        }
        self.what = what
        self.location = value.location
        self.members = members
        self.sink = sink
        let names = allowed.map(\.rawValue)
        for member in members where !names.contains(member.key) {
            sink.error(
                "unknown key \"\(member.key)\" in \(what)", at: member.keyLocation,
                hint: UnsupportedKey.hints[member.key] ?? Spelling.closest(to: member.key, in: names).map { "did you mean \"\($0)\"?" }
                    ?? "allowed keys: \(names.joined(separator: ", "))")
        }
    }

    /// The value of `key`; the first, when the key is written twice (the parser reports that).
    func value(_ key: Key) -> JSONValue? {
        members.first { $0.key == key.rawValue }?.value
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
        guard let string = value.string else {
            sink.error("\"\(key.rawValue)\" in \(what) must be a string, found \(value.typeName)", at: value.location)
            return nil
        }
        if !allowEmpty, string.utf8.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
            sink.error("\"\(key.rawValue)\" in \(what) must not be empty", at: value.location)
            return nil
        }
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
    func array(_ key: Key, required: Bool = false) -> [JSONValue]? {
        guard let value = required ? requireValue(key) : value(key) else { return nil }
        guard let elements = value.elements else {
            sink.error("\"\(key.rawValue)\" in \(what) must be an array, found \(value.typeName)", at: value.location)
            return nil
        }
        return elements
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

    /// An array of `@available(…)` attributes, each parsed here, once.
    func attributes(_ key: Key) -> [DeclaredAvailability] {
        strings(key).map(DeclaredAvailability.init)
    }
}
