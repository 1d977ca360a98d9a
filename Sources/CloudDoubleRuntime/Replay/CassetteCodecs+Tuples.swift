/// Tuples and values made by a function of several values (an enum case of an operation's
/// events): written element by element, read back through the function that makes them.
///
/// Swift cannot build a tuple or an enum case from a list of values at run time, so reading one
/// goes through a function that takes its elements, typed by a parameter pack: the pack says
/// which codec reads each element. Generic functions with parameter packs deploy back to every OS
/// the runtime supports (swiftlang/swift#65926: "Variadic functions can backward deploy"; only
/// variadic generic *types* need macOS 14 / iOS 17).
extension CassetteCodecs {
    /// Registers a tuple type: written as an object by `labels` (or a list when `labels` is
    /// `nil`), read back through `make`, which builds the tuple from its elements in order:
    ///
    ///     codecs.register(tuple: (serverChangeToken: CKServerChangeToken, moreComing: Bool).self,
    ///                     name: "DatabaseChangesResult", labels: ["serverChangeToken", "moreComing"]) {
    ///         (serverChangeToken: $0, moreComing: $1)
    ///     }
    public mutating func register<each Element, Tuple>(
        tuple _: Tuple.Type, name: String, labels: [String]?, make: @escaping @Sendable (repeat each Element) -> Tuple
    ) {
        register(
            Tuple.self, name: name,
            encode: { tuple, codecs in
                let elements = try Mirror(reflecting: tuple).children.map { try codecs.encode($0.value) }
                guard let labels else { return .array(elements) }
                return .object(Dictionary(zip(labels, elements), uniquingKeysWith: { first, _ in first }))
            },
            decode: { json, codecs in
                let parts = labels.map { labels in labels.map { json[$0] ?? .null } } ?? (json.arrayValue ?? [])
                return try codecs.decode(parts, make)
            })
    }

    /// Calls `make` with `parts` read as its parameters' types, in order.
    func decode<each Element, Made>(_ parts: [CassetteJSON], _ make: (repeat each Element) -> Made) throws -> Made {
        var index = 0
        func next<T>(_ type: T.Type) throws -> T {
            defer { index += 1 }
            guard index < parts.count else { throw CassetteError.unreadable("\(index + 1) values", .array(parts)) }
            return try decode(T.self, from: parts[index])
        }
        return try make(repeat next((each Element).self))
    }
}
