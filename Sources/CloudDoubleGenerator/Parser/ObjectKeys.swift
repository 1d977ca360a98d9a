/// The keys one kind of object of the format may have, one case each: the decoder reads an
/// object's values by these and rejects any other key, and a test checks that the JSON Schema in
/// docs/ lists exactly these.
protocol ObjectKey: RawRepresentable<String>, CaseIterable, Sendable {}

enum DescriptionKey: String, ObjectKey {
    case schema = "$schema"
    case formatVersion, module, imports, prefix, access, availability, errorModel, types, operations, liveCondition, mirrors
}

enum TypeKey: String, ObjectKey {
    case name, sdkType, doc, properties, calls, uncheckedSendable, omitted, inherits
}

enum OmittedKey: String, ObjectKey {
    case name, reason
}

enum PropertyKey: String, ObjectKey {
    case name, type, ref, settable, mockDefault, store, availability, deprecated, doc
}

enum CallKey: String, ObjectKey {
    case id, parameters, returns, returnsRef, perItem, atomic, forms, operations, store, mockDefault, doc, mirrors, listener, newEachCall,
        removesListeners, genericParameters
}

enum GenericParameterKey: String, ObjectKey {
    case name, conformsTo
}

enum ListenerKey: String, ObjectKey {
    case values, errors, removedBy, removeMethod, refinesNSObjectProtocol
}

enum MirrorKey: String, ObjectKey {
    case name, sdkType, members, sendable, keepsSDKValue, hashable, mirrors, doc
}

enum MirrorMemberKey: String, ObjectKey {
    case name, type, availability, doc
}

enum OperationKey: String, ObjectKey {
    case name, sdkType, doc, streams, result, store, atomic
}

enum StreamKey: String, ObjectKey {
    case name, key, value, requested, input, fields, blocks, doc
}

/// A stream's `"input"` and a parameter's `"items"`: one reader for both, each allowing its own.
enum ItemInputKey: String, ObjectKey {
    case property, result, key
    static let ofStreams: [Self] = [.property, .key]
    static let ofParameters: [Self] = [.result, .key]
}

enum AtomicKey: String, ObjectKey {
    case when, groupBy, except, error
}

enum FieldKey: String, ObjectKey {
    case name, type
}

enum OperationResultKey: String, ObjectKey {
    case type, `default`, blocks
}

enum BlockKey: String, ObjectKey {
    case name, role, type, arguments, unwrap, deprecated
}

enum BindingKey: String, ObjectKey {
    case name, value
}

enum ParameterKey: String, ObjectKey {
    case label, name, type, ref, `default`, items
}

/// The form kinds are the keys of `"forms"`.
extension FormKind: ObjectKey {}

enum FormKey: String, ObjectKey {
    case name, labels, handlerLabel, handlerValueType, errorValue, handlerOrder, discardableResult, `throws`, preconcurrency, sendableHandler,
        availability, deprecated, sequence
    /// Keys that only completion-handler forms accept.
    static let handlerOnly: [Self] = [.handlerLabel, .handlerValueType, .errorValue, .handlerOrder, .sendableHandler]
    /// Keys that only `stream` forms accept.
    static let streamOnly: [Self] = [.sequence]
}

enum DeprecatedKey: String, ObjectKey {
    case message, renamed
}

enum ErrorModelKey: String, ObjectKey {
    case name, domain, retryAfterKey, partialErrorsKey, partialFailureCode, requestTooLargeCode, cancelledCode, serverRecordKey, clientRecordKey,
        ancestorRecordKey, errorType, catalogue
}

enum ErrorCodeKey: String, ObjectKey {
    /// `rawValue`, which a case of a raw-value enum cannot be named.
    case name
    case raw = "rawValue"
    case meaning, retryable, throttling, network, userAction, defaultRetryAfter, swiftError
}

enum SwiftErrorKey: String, ObjectKey {
    case type, make, matches
}

/// Keys a user may reach for to say what the format cannot: an unknown key among them is refused
/// with why, instead of a list of the keys allowed.
enum UnsupportedKey {
    static let hints: [String: String] = [
        "static": "static members cannot be described: the generated protocols stand for instances; list the member in the type's \"omitted\""
    ]
}
