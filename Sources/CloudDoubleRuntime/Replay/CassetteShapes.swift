/// The generic shapes a cassette reads and writes without a codec of their own: optionals,
/// arrays and per-item result maps, opened at run time through these protocols.
protocol CassetteOptional {
    static var wrappedType: Any.Type { get }
    var wrappedAny: Any? { get }
    static func wrapping(_ value: Any?) -> Self
}

extension Optional: CassetteOptional {
    static var wrappedType: Any.Type { Wrapped.self }
    var wrappedAny: Any? { map { $0 as Any } }
    // Only called with a value decoded as `Wrapped`.
    static func wrapping(_ value: Any?) -> Self { value.map { $0 as! Wrapped } }
}

protocol CassetteArray {
    static var elementType: Any.Type { get }
    var elements: [Any] { get }
    static func make(_ elements: [Any]) -> Self
}

extension Array: CassetteArray {
    static var elementType: Any.Type { Element.self }
    var elements: [Any] { map { $0 as Any } }
    static func make(_ elements: [Any]) -> Self { elements.map { $0 as! Element } }
}

/// `Result<Success, any Error>`, as item maps hold it.
protocol CassetteResult {
    static var successType: Any.Type { get }
    var anyResult: Result<Any, any Error> { get }
    static func make(_ result: Result<Any, any Error>) -> Self
}

extension Result: CassetteResult where Failure == any Error {
    static var successType: Any.Type { Success.self }
    var anyResult: Result<Any, any Error> { map { $0 as Any } }
    static func make(_ result: Result<Any, any Error>) -> Self { result.map { $0 as! Success } }
}

protocol CassetteItemMap {
    static var keyType: Any.Type { get }
    static var successType: Any.Type { get }
    var entries: [(key: Any, result: Result<Any, any Error>)] { get }
    static func make(_ entries: [(Any, Result<Any, any Error>)]) -> Self
}

extension Dictionary: CassetteItemMap where Value: CassetteResult {
    static var keyType: Any.Type { Key.self }
    static var successType: Any.Type { Value.successType }
    var entries: [(key: Any, result: Result<Any, any Error>)] { map { ($0.key as Any, $0.value.anyResult) } }
    static func make(_ entries: [(Any, Result<Any, any Error>)]) -> Self {
        Dictionary(entries.map { ($0.0 as! Key, Value.make($0.1)) }, uniquingKeysWith: { _, last in last })
    }
}
