import Foundation

/// How a cassette writes and reads an SDK's values: one codec per type, registered by the SDK's
/// own module (CloudKit's: `CassetteCodecs.cloudKit` in CloudKitDoubles). Optionals, arrays and
/// per-item result maps (`[Key: Result<Value, any Error>]`) of registered types need no codec of
/// their own; errors are written by domain, code and user info.
///
/// Two spellings: a value whose type the caller knows (a call's result) is written bare; a value
/// of any type (a user-info entry) is tagged with its codec's name, `{"Double": 30}`, so that it
/// can be read back without a type.
public struct CassetteCodecs: Sendable {
    struct Codec: Sendable {
        let name: String
        let matches: @Sendable (Any) -> Bool
        let encode: @Sendable (Any, CassetteCodecs) throws -> CassetteJSON
        let decode: @Sendable (CassetteJSON, CassetteCodecs) throws -> Any
        /// How an argument of the type is shown and matched, when not as it is written.
        let describe: (@Sendable (Any, CassetteCodecs) throws -> CassetteJSON)?
    }

    private var byType: [ObjectIdentifier: Codec] = [:]
    private var byName: [String: Codec] = [:]
    /// For values whose dynamic type has no codec of its own (a subclass, a bridged number):
    /// the latest registration whose type the value is, so a subclass registered after its
    /// superclass wins.
    private var ordered: [Codec] = []
    /// Errors of these domains are read back as the model's error type (`CKError`).
    private var errorModels: [String: ErrorModel] = [:]
    /// The call ids of each described type whose calls were registered, for checking a cassette
    /// when it opens.
    private(set) var calls: [String: Set<String>] = [:]

    public init() {}

    /// Registers how values of `type` are written (`encode`) and read back (`decode`); `name`
    /// tags them where the type is not known (user info) and must be unique. `describe`, when
    /// given, is how an argument of the type is shown and matched instead (without the parts that
    /// differ from run to run, such as an archive).
    public mutating func register<T>(
        _ type: T.Type, name: String, encode: @escaping @Sendable (T, CassetteCodecs) throws -> CassetteJSON,
        decode: @escaping @Sendable (CassetteJSON, CassetteCodecs) throws -> T,
        describe: (@Sendable (T, CassetteCodecs) throws -> CassetteJSON)? = nil
    ) {
        // The closures are only ever called with a T (the codec is found by the value's type).
        var describeAny: (@Sendable (Any, CassetteCodecs) throws -> CassetteJSON)?
        if let describe { describeAny = { value, codecs in try describe(value as! T, codecs) } }
        let codec = Codec(
            name: name, matches: { $0 is T },
            encode: { value, codecs in try encode(value as! T, codecs) },
            decode: { json, codecs in try decode(json, codecs) },
            describe: describeAny)
        byType[ObjectIdentifier(type)] = codec
        byName[name] = codec
        ordered.append(codec)
    }

    /// Errors in `model`'s domain are read back as its error type, as the SDK throws them; the
    /// SDK's own Swift errors the model recognises (``ErrorModel/swiftErrors``) are recorded by
    /// their code and read back as the SDK's type.
    public mutating func register(errorModel model: ErrorModel) {
        errorModels[model.domain] = model
    }

    /// The calls of the described type `type` (its call ids, `fetchRecord`; operations by their
    /// key, `modifyRecordsOperation`): a cassette that holds a call of `type` with another id is
    /// refused when it opens, naming the file and line. Types never registered are not checked.
    public mutating func register(calls ids: [String], of type: String) {
        calls[type, default: []].formUnion(ids)
    }

    /// Strings, numbers, flags, dates (seconds since 1970), data (base64), URLs and `Void`.
    public static var standard: CassetteCodecs {
        var codecs = CassetteCodecs()
        codecs.register(Void.self, name: "Void", encode: { _, _ in .null }, decode: { _, _ in () })
        codecs.register(String.self, name: "String", encode: { value, _ in .string(value) }, decode: { json, _ in try json.string() })
        codecs.register(Bool.self, name: "Bool", encode: { value, _ in .bool(value) }) { json, _ in
            guard case .bool(let value) = json else { throw CassetteError.unreadable("a Bool", json) }
            return value
        }
        codecs.register(Int.self, name: "Int", encode: { value, _ in .int(value) }, decode: { json, _ in try json.int() })
        codecs.register(UInt.self, name: "UInt", encode: { value, _ in .int(Int(truncatingIfNeeded: value)) }) { json, _ in
            UInt(truncatingIfNeeded: try json.int())
        }
        codecs.register(Int64.self, name: "Int64", encode: { value, _ in .int(Int(value)) }, decode: { json, _ in Int64(try json.int()) })
        codecs.register(Date.self, name: "Date", encode: { value, _ in .double(value.timeIntervalSince1970) }) { json, _ in
            Date(timeIntervalSince1970: try json.double())
        }
        codecs.register(Data.self, name: "Data", encode: { value, _ in .string(value.base64EncodedString()) }) { json, _ in
            try json.base64()
        }
        codecs.register(URL.self, name: "URL", encode: { value, _ in .string(value.absoluteString) }) { json, _ in
            guard let url = URL(string: try json.string()) else { throw CassetteError.unreadable("a URL", json) }
            return url
        }
        // Last, so that a bridged number the exact lookup misses is read as a Double first.
        codecs.register(Double.self, name: "Double", encode: { value, _ in .double(value) }, decode: { json, _ in try json.double() })
        return codecs
    }

    // MARK: Values of a known type

    /// Whether a value of `type` can be written and read back.
    public func supports(_ type: Any.Type) -> Bool {
        if byType[ObjectIdentifier(type)] != nil { return true }
        if let optional = type as? any CassetteOptional.Type { return supports(optional.wrappedType) }
        if let array = type as? any CassetteArray.Type { return supports(array.elementType) }
        if let map = type as? any CassetteItemMap.Type { return supports(map.keyType) && supports(map.successType) }
        if let result = type as? any CassetteResult.Type { return supports(result.successType) }
        if type is any TapedOperation.Type { return true }
        if let raw = type as? any RawRepresentable.Type { return supportsRaw(raw) }
        return false
    }

    private func supportsRaw<R: RawRepresentable>(_: R.Type) -> Bool { supports(R.RawValue.self) }

    /// `value`, bare. Throws when nothing knows its type.
    public func encode(_ value: Any) throws -> CassetteJSON {
        if let codec = codec(for: value) { return try codec.encode(value, self) }
        if let optional = value as? any CassetteOptional {
            guard let wrapped = optional.wrappedAny else { return .null }
            return try encode(wrapped)
        }
        if let array = value as? any CassetteArray { return .array(try array.elements.map { try encode($0) }) }
        if let map = value as? any CassetteItemMap { return try encode(itemMap: map) }
        if let result = value as? any CassetteResult { return try encode(result: result.anyResult) }
        if let outcome = value as? any TapedOperation { return try encode(outcome: outcome) }
        if let raw = value as? any RawRepresentable { return try encode(raw.rawValue) }
        throw CassetteError.noCodec(String(reflecting: type(of: value)))
    }

    /// Reads a `type` back from its bare form.
    public func decode<T>(_ type: T.Type, from json: CassetteJSON) throws -> T {
        let value = try decodeAny(type, from: json)
        guard let typed = value as? T else { throw CassetteError.unreadable(String(reflecting: T.self), json) }
        return typed
    }

    func decodeAny(_ type: Any.Type, from json: CassetteJSON) throws -> Any {
        if let codec = byType[ObjectIdentifier(type)] { return try codec.decode(json, self) }
        if let optional = type as? any CassetteOptional.Type {
            return optional.wrapping(json == .null ? nil : try decodeAny(optional.wrappedType, from: json))
        }
        if let array = type as? any CassetteArray.Type {
            guard let elements = json.arrayValue else { throw CassetteError.unreadable("an array", json) }
            return array.make(try elements.map { try decodeAny(array.elementType, from: $0) })
        }
        if let map = type as? any CassetteItemMap.Type { return try decode(itemMap: map, from: json) }
        if let result = type as? any CassetteResult.Type { return result.make(try decode(result: result.successType, from: json)) }
        if let outcome = type as? any TapedOperation.Type { return try decode(outcome: outcome, from: json) }
        if let raw = type as? any RawRepresentable.Type { return try decode(raw: raw, from: json) }
        throw CassetteError.noCodec(String(reflecting: type))
    }

    private func decode<R: RawRepresentable>(raw _: R.Type, from json: CassetteJSON) throws -> R {
        let rawValue = try decode(R.RawValue.self, from: json)
        guard let value = R(rawValue: rawValue) else { throw CassetteError.unreadable(String(reflecting: R.self), json) }
        return value
    }

    private func codec(for value: Any) -> Codec? {
        if let exact = byType[ObjectIdentifier(type(of: value))] { return exact }
        if value is any CassetteOptional { return nil }
        return ordered.last { $0.matches(value) }
    }

    // MARK: Per-item results

    /// `[{"key": …, "value": …}` or `{"key": …, "error": …}]`, sorted by key so the order does
    /// not depend on hashing.
    private func encode(itemMap: any CassetteItemMap) throws -> CassetteJSON {
        let entries = try itemMap.entries.map { entry -> CassetteJSON in
            let key = try encode(entry.key)
            switch entry.result {
            case .success(let value): return .object(["key": key, "value": try encode(value)])
            case .failure(let error): return .object(["key": key, "error": encodeError(error)])
            }
        }
        return .array(entries.sorted { ($0["key"]?.line ?? "") < ($1["key"]?.line ?? "") })
    }

    private func decode(itemMap type: any CassetteItemMap.Type, from json: CassetteJSON) throws -> Any {
        guard let entries = json.arrayValue else { throw CassetteError.unreadable("a list of item results", json) }
        return type.make(
            try entries.map { entry in
                guard let key = entry["key"] else { throw CassetteError.unreadable("an item result with a key", entry) }
                let result: Result<Any, any Error>
                if let error = entry["error"] {
                    result = .failure(try decodeError(error))
                } else {
                    result = .success(try decodeAny(type.successType, from: entry["value"] ?? .null))
                }
                return (try decodeAny(type.keyType, from: key), result)
            })
    }

    // MARK: Results

    /// `{"value": …}` or `{"error": …}`.
    func encode(result: Result<Any, any Error>) throws -> CassetteJSON {
        switch result {
        case .success(let value): return .object(["value": try encode(value)])
        case .failure(let error): return .object(["error": encodeError(error)])
        }
    }

    func decode(result successType: Any.Type, from json: CassetteJSON) throws -> Result<Any, any Error> {
        if let error = json["error"] { return .failure(try decodeError(error)) }
        guard let value = json["value"] else { throw CassetteError.unreadable("a result ({\"value\": …} or {\"error\": …})", json) }
        return .success(try decodeAny(successType, from: value))
    }

    // MARK: Values of any type

    /// `{"Name": bare}` for a registered type; errors, lists and maps by shape; anything else
    /// `{"unencoded": "Type"}`, which reads back as nothing.
    public func encodeTagged(_ value: Any) -> CassetteJSON {
        if let optional = value as? any CassetteOptional {
            guard let wrapped = optional.wrappedAny else { return .null }
            return encodeTagged(wrapped)
        }
        if let codec = codec(for: value), let json = try? codec.encode(value, self) { return .object([codec.name: json]) }
        if let error = value as? any Error { return .object(["error": encodeError(error)]) }
        if let dictionary = value as? [AnyHashable: Any] {
            let entries = dictionary.map { CassetteJSON.object(["key": encodeTagged($0.key.base), "value": encodeTagged($0.value)]) }
            return .object(["map": .array(entries.sorted { $0.line < $1.line })])
        }
        if let list = value as? [Any] { return .object(["list": .array(list.map(encodeTagged))]) }
        return .object(["unencoded": .string(String(reflecting: type(of: value)))])
    }

    /// Reads a tagged value back; `nil` for null and for `unencoded`.
    public func decodeTagged(_ json: CassetteJSON) throws -> Any? {
        guard let object = json.objectValue, object.count == 1, let (tag, body) = object.first else {
            if json == .null { return nil }
            throw CassetteError.unreadable("a tagged value ({\"Type\": value})", json)
        }
        switch tag {
        case "unencoded": return nil
        case "error": return try decodeError(body) as NSError
        case "list": return try (body.arrayValue ?? []).compactMap { try decodeTagged($0) }
        case "map":
            var dictionary: [AnyHashable: Any] = [:]
            for entry in body.arrayValue ?? [] {
                guard let key = try decodeTagged(entry["key"] ?? .null) as? AnyHashable,
                    let value = try decodeTagged(entry["value"] ?? .null)
                else { continue }
                dictionary[key] = value
            }
            return dictionary
        default:
            guard let codec = byName[tag] else { throw CassetteError.noCodec(tag) }
            return try codec.decode(body, self)
        }
    }

    // MARK: Errors

    /// `{"domain": …, "code": …, "userInfo": {key: tagged value}}`.
    public func encodeError(_ error: any Error) -> CassetteJSON {
        for (domain, model) in errorModels.sorted(by: { $0.key < $1.key }) {
            guard let swiftError = model.swiftErrors.first(where: { $0.recognises(error) }) else { continue }
            return .object(["domain": .string(domain), "code": .int(swiftError.code), "userInfo": .object([:])])
        }
        let error = error as NSError
        var userInfo: [String: CassetteJSON] = [:]
        for (key, value) in error.userInfo { userInfo[key] = encodeTagged(value) }
        return .object(["domain": .string(error.domain), "code": .int(error.code), "userInfo": .object(userInfo)])
    }

    /// The error back, as its domain's error type when a model for it is registered.
    public func decodeError(_ json: CassetteJSON) throws -> any Error {
        guard let domain = json["domain"]?.stringValue, let code = json["code"]?.intValue else {
            throw CassetteError.unreadable("an error with a domain and a code", json)
        }
        var userInfo: [String: Any] = [:]
        for (key, value) in json["userInfo"]?.objectValue ?? [:] {
            if let decoded = try decodeTagged(value) { userInfo[key] = decoded }
        }
        if let swiftError = errorModels[domain]?.swiftErrors.first(where: { $0.code == code }) { return swiftError.make() }
        let error = NSError(domain: domain, code: code, userInfo: userInfo)
        return errorModels[domain]?.errorType?(error) ?? error
    }

    // MARK: Arguments

    /// A call's arguments as the cassette shows and matches them; never fails. Labelled tuples
    /// become objects, values nothing knows `{"unencoded": "Type"}` (matched by type only).
    public func describe(_ arguments: Any) -> CassetteJSON {
        if let codec = codec(for: arguments), let json = try? (codec.describe ?? codec.encode)(arguments, self) { return json }
        if let array = arguments as? any CassetteArray { return .array(array.elements.map(describe)) }
        if let raw = arguments as? any RawRepresentable, let json = try? encode(raw.rawValue) { return json }
        let mirror = Mirror(reflecting: arguments)
        if mirror.displayStyle == .tuple {
            let children = Array(mirror.children)
            if children.isEmpty { return .null }
            if children.allSatisfy({ $0.label.map { !$0.hasPrefix(".") } ?? false }) {
                return .object(Dictionary(children.map { ($0.label!, describe($0.value)) }, uniquingKeysWith: { first, _ in first }))
            }
            return .array(children.map { describe($0.value) })
        }
        if let optional = arguments as? any CassetteOptional {
            return optional.wrappedAny.map(describe) ?? .null
        }
        if let list = arguments as? [Any] { return .array(list.map(describe)) }
        return .object(["unencoded": .string(String(reflecting: type(of: arguments)))])
    }
}

/// Why a cassette could not be written or read.
public enum CassetteError: Error, CustomStringConvertible {
    case noCodec(String)
    case unreadable(String, CassetteJSON)
    case file(String)

    public var description: String {
        switch self {
        case .noCodec(let type): return "No cassette codec is registered for \(type)."
        case .unreadable(let expected, let json): return "Expected \(expected) in the cassette, found \(json.line)."
        case .file(let message): return message
        }
    }
}

extension CassetteJSON {
    func string() throws -> String {
        guard let value = stringValue else { throw CassetteError.unreadable("a string", self) }
        return value
    }

    func int() throws -> Int {
        guard let value = intValue else { throw CassetteError.unreadable("an integer", self) }
        return value
    }

    func double() throws -> Double {
        guard let value = doubleValue else { throw CassetteError.unreadable("a number", self) }
        return value
    }

    func base64() throws -> Data {
        guard let text = stringValue, let data = Data(base64Encoded: text) else { throw CassetteError.unreadable("base64 data", self) }
        return data
    }
}
