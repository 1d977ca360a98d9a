import Foundation

/// Reads the members of one JSON object into model values, collecting a diagnostic for each
/// missing key, wrongly typed value and unknown key instead of stopping at the first.
struct ObjectReader {
    let what: String
    let location: SourceLocation
    private let members: [JSONValue.Member]
    private let sink: DiagnosticSink

    /// `nil` (with a diagnostic) when `value` is not an object.
    init?(_ value: JSONValue, what: String, allowed: [String], sink: DiagnosticSink) {
        guard case .object(let members, let location) = value else {
            sink.error("\(what) must be an object, found \(value.typeName)", at: value.location)
            return nil
        }
        self.what = what
        self.location = location
        self.members = members
        self.sink = sink
        // A dozen keys at most: scanning the list beats building a set for every object.
        for member in members where !allowed.contains(where: { Self.isKey($0, member.key, ascii: member.keyIsASCII) }) {
            let suggestion = Spelling.closest(to: member.key, in: allowed)
            sink.error(
                "unknown key \"\(member.key)\" in \(what)", at: member.keyLocation,
                hint: suggestion.map { "did you mean \"\($0)\"?" } ?? "allowed keys: \(allowed.joined(separator: ", "))")
        }
    }

    func value(_ key: String) -> JSONValue? {
        for index in members.indices where Self.isKey(key, members[index].key, ascii: members[index].keyIsASCII) {
            return members[index].value
        }
        return nil
    }

    /// `memberKey == key` for an ASCII `key`, the lengths compared first when the member's key
    /// is ASCII too: most keys compared are not the one looked for, and a length is read inline
    /// where `==` calls into the runtime.
    @inline(__always)
    private static func isKey(_ key: String, _ memberKey: String, ascii: Bool) -> Bool {
        if ascii, memberKey.utf8.count != key.utf8.count { return false }
        return memberKey == key
    }

    func requireValue(_ key: String) -> JSONValue? {
        guard let value = value(key) else {
            sink.error("\(what) is missing the required key \"\(key)\"", at: location)
            return nil
        }
        return value
    }

    func string(_ key: String, required: Bool = false, allowEmpty: Bool = false) -> Located<String>? {
        guard let value = required ? requireValue(key) : value(key) else { return nil }
        guard case .string(let string, let location) = value else {
            sink.error("\"\(key)\" in \(what) must be a string, found \(value.typeName)", at: value.location)
            return nil
        }
        // Bytes, not characters: only spaces and tabs, whichever way it is read (and most
        // strings are told apart by their first byte).
        if !allowEmpty, string.utf8.first.map({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) ?? true,
            string.utf8.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
            sink.error("\"\(key)\" in \(what) must not be empty", at: location)
            return nil
        }
        return Located(string, location)
    }

    func bool(_ key: String, default defaultValue: Bool) -> Bool {
        guard let value = value(key) else { return defaultValue }
        guard case .bool(let flag, _) = value else {
            sink.error("\"\(key)\" in \(what) must be true or false, found \(value.typeName)", at: value.location)
            return defaultValue
        }
        return flag
    }

    func number(_ key: String, required: Bool = false) -> Located<Double>? {
        guard let value = required ? requireValue(key) : value(key) else { return nil }
        guard case .number(let number, let location) = value else {
            sink.error("\"\(key)\" in \(what) must be a number, found \(value.typeName)", at: value.location)
            return nil
        }
        return Located(number, location)
    }

    func integer(_ key: String, required: Bool = false) -> Located<Int>? {
        guard let number = number(key, required: required) else { return nil }
        guard number.value == number.value.rounded(), abs(number.value) < 1e15 else {
            sink.error("\"\(key)\" in \(what) must be a whole number", at: number.location)
            return nil
        }
        return Located(Int(number.value), number.location)
    }

    func array(_ key: String, required: Bool = false) -> [JSONValue]? {
        guard let value = required ? requireValue(key) : value(key) else { return nil }
        guard case .array(let elements, _) = value else {
            sink.error("\"\(key)\" in \(what) must be an array, found \(value.typeName)", at: value.location)
            return nil
        }
        return elements
    }

    func strings(_ key: String) -> [Located<String>] {
        (array(key) ?? []).compactMap { element in
            guard case .string(let string, let location) = element else {
                sink.error("every element of \"\(key)\" in \(what) must be a string, found \(element.typeName)", at: element.location)
                return nil
            }
            return Located(string, location)
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
