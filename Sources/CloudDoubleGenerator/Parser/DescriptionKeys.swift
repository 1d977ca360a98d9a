import Foundation

/// The keys one kind of object of the format may have. An ``ObjectReader`` finds each key's
/// value once, when it reads the object, and keeps it at the key's place among `keys`: asking
/// for a key is then an index, not a search of the object's keys.
protocol ObjectKey: RawRepresentable<String>, CaseIterable, Equatable, Sendable {
    /// The keys and their texts, made once per kind of object.
    static var table: KeyTable<Self> { get }
}

extension ObjectKey {
    /// Every key, in the order of the cases.
    static var keys: [Self] { table.keys }

    /// The key's place among `keys`: where a reader keeps its value. A key is a case of an
    /// enum without payloads, stored as its case's number in declaration order, in one byte
    /// (swiftlang/swift docs/ABI/TypeLayout.rst, "C-Like Enums": "the cases are assigned tag
    /// values in declaration order"): that number is its place, read without a search
    /// (`DescriptionKeysTests` checks it against `keys` for every key).
    @inline(__always)
    var slot: Int { withUnsafeBytes(of: self) { Int($0[0]) } }
}

/// The keys of one kind of object and their UTF-8, to find a key written in the bytes among
/// them without a `String` (`allCases` is made once here: the synthesized one makes a new
/// array each time). A class: a reader holds it with one retain, not one per array.
final class KeyTable<Key: ObjectKey>: Sendable {
    let keys: [Key]
    /// Every key's UTF-8, one after another; key `i`'s is `utf8[starts[i]..<starts[i + 1]]`.
    private let utf8: [UInt8]
    private let starts: [Int]

    init() {
        keys = Array(Key.allCases)
        // `slot` reads a key's one byte (an enum of one case has none), and an `ObjectReader`
        // keeps 16 values: checked once per kind of object, in every build.
        precondition(MemoryLayout<Key>.size == 1 && keys.count <= 16, "\(Key.self): an object's keys are an enum of 2 to 16 cases")
        utf8 = keys.flatMap { Array($0.rawValue.utf8) }
        starts = keys.reduce(into: [0]) { $0.append($0.last! + $1.rawValue.utf8.count) }
    }

    /// The place of the key whose UTF-8 is `text`, lengths compared first; `nil` for none.
    func slot(of text: UnsafeBufferPointer<UInt8>) -> Int? {
        utf8.withUnsafeBufferPointer { utf8 in
            for slot in keys.indices where starts[slot + 1] - starts[slot] == text.count {
                if text.isEmpty || memcmp(utf8.baseAddress! + starts[slot], text.baseAddress!, text.count) == 0 { return slot }
            }
            return nil
        }
    }
}

/// Every key the format allows, per object: the decoder rejects any other, and a test checks
/// that the JSON Schema in docs/ lists exactly these.
enum DescriptionKeys {
    static let description = DescriptionKey.keys.map(\.rawValue)
    static let type = TypeKey.keys.map(\.rawValue)
    static let omitted = OmittedKey.keys.map(\.rawValue)
    static let property = PropertyKey.keys.map(\.rawValue)
    static let call = CallKey.keys.map(\.rawValue)
    static let operation = OperationKey.keys.map(\.rawValue)
    static let stream = StreamKey.keys.map(\.rawValue)
    static let streamInput = ItemInputKey.ofStreams.map(\.rawValue)
    static let parameterItems = ItemInputKey.ofParameters.map(\.rawValue)
    static let atomic = AtomicKey.keys.map(\.rawValue)
    static let field = FieldKey.keys.map(\.rawValue)
    static let operationResult = OperationResultKey.keys.map(\.rawValue)
    static let block = BlockKey.keys.map(\.rawValue)
    static let binding = BindingKey.keys.map(\.rawValue)
    static let parameter = ParameterKey.keys.map(\.rawValue)
    /// The form kinds, the keys of "forms".
    static let forms = FormKind.keys.map(\.rawValue)
    static let form = FormKey.keys.map(\.rawValue)
    /// Keys that only completion-handler forms accept.
    static let handlerOnly = FormKey.handlerOnly.map(\.rawValue)
    static let deprecated = DeprecatedKey.keys.map(\.rawValue)
    static let errorModel = ErrorModelKey.keys.map(\.rawValue)
    static let errorCode = ErrorCodeKey.keys.map(\.rawValue)
}

enum DescriptionKey: String, ObjectKey {
    case schema = "$schema", formatVersion, module, imports, prefix, access, availability, errorModel, types, operations, liveCondition
    static let table = KeyTable<Self>()
}

enum TypeKey: String, ObjectKey {
    case name, sdkType, doc, properties, calls, uncheckedSendable, omitted
    static let table = KeyTable<Self>()
}

enum OmittedKey: String, ObjectKey {
    case name, reason
    static let table = KeyTable<Self>()
}

enum PropertyKey: String, ObjectKey {
    case name, type, ref, settable, mockDefault, store, availability, deprecated, doc
    static let table = KeyTable<Self>()
}

enum CallKey: String, ObjectKey {
    case id, parameters, returns, returnsRef, perItem, atomic, forms, operations, store, mockDefault, doc
    static let table = KeyTable<Self>()
}

enum OperationKey: String, ObjectKey {
    case name, sdkType, doc, streams, result, store, atomic
    static let table = KeyTable<Self>()
}

enum StreamKey: String, ObjectKey {
    case name, key, value, requested, input, fields, blocks, doc
    static let table = KeyTable<Self>()
}

/// A stream's `"input"` and a parameter's `"items"`: one reader for both, each allowing its own.
enum ItemInputKey: String, ObjectKey {
    case property, result, key
    static let table = KeyTable<Self>()
    static let ofStreams: [Self] = [.property, .key]
    static let ofParameters: [Self] = [.result, .key]
}

enum AtomicKey: String, ObjectKey {
    case when, groupBy, except, error
    static let table = KeyTable<Self>()
}

enum FieldKey: String, ObjectKey {
    case name, type
    static let table = KeyTable<Self>()
}

enum OperationResultKey: String, ObjectKey {
    case type, `default`, blocks
    static let table = KeyTable<Self>()
}

enum BlockKey: String, ObjectKey {
    case name, role, type, arguments, unwrap, deprecated
    static let table = KeyTable<Self>()
}

enum BindingKey: String, ObjectKey {
    case name, value
    static let table = KeyTable<Self>()
}

enum ParameterKey: String, ObjectKey {
    case label, name, type, `default`, items
    static let table = KeyTable<Self>()
}

extension FormKind: ObjectKey {
    static let table = KeyTable<Self>()
}

enum FormKey: String, ObjectKey {
    case name, labels, handlerLabel, handlerValueType, errorValue, discardableResult, preconcurrency, sendableHandler, availability, deprecated
    static let table = KeyTable<Self>()
    /// Keys that only completion-handler forms accept.
    static let handlerOnly: [Self] = [.handlerLabel, .handlerValueType, .errorValue, .sendableHandler]
}

enum DeprecatedKey: String, ObjectKey {
    case message, renamed
    static let table = KeyTable<Self>()
}

enum ErrorModelKey: String, ObjectKey {
    case name, domain, retryAfterKey, partialErrorsKey, partialFailureCode, requestTooLargeCode, cancelledCode, serverRecordKey, clientRecordKey,
        ancestorRecordKey, errorType, catalogue
    static let table = KeyTable<Self>()
}

enum ErrorCodeKey: String, ObjectKey {
    /// `rawValue`, which a case of a raw-value enum cannot be named.
    case name, raw = "rawValue", meaning, retryable, throttling, network, userAction, defaultRetryAfter
    static let table = KeyTable<Self>()
}
