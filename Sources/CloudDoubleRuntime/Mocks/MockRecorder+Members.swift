/// The entry points generated mock members call: one per kind of member, each also as
/// `…Backed` for members the description marks with a store action.
///
/// Shaped for the type checker, since every generated member's body is one call to one of these
/// (docs/Benchmarks.md, "Where the mocks' time goes"): the entry point implies the call's form
/// (an implicit `.async` argument is a member lookup and more constraints in every body), no
/// argument is defaulted (a defaulted argument of a generic parameter's type is solved as an
/// expression of its own at every call), the backed and unbacked versions have distinct names
/// (overloads are a disjunction to solve), and the value type comes from the member's own
/// result or handler type (no `as: T.self`).
///
/// A fallback is a plain value, made at each call: the generator passes a literal, a
/// description's `mockDefault` or a child mock, so nothing is deferred that could be seen.
extension MockRecorder {
    // MARK: Properties

    /// A property read: the last value the app set, else the stub, else `fallback`.
    @_spi(Generated) public func get<V>(_ name: String, fallback: V) -> V {
        read(name, backed: nil, fallback: fallback)
    }

    /// A property read the backing answers when nothing else does.
    @_spi(Generated) public func getBacked<V>(_ name: String, backed: (() throws -> V)?, fallback: V) -> V {
        read(name, backed: backed, fallback: fallback)
    }

    // MARK: Synchronous members

    /// A synchronous, non-throwing member: the stub, else `fallback` (a stubbed error too).
    @inlinable
    @_spi(Generated) public func respondWithoutFailing<A, V>(_ call: String, _ arguments: A, fallback: V) -> V {
        respondWithoutFailing(call, .sync, arguments, backed: nil, fallback: fallback)
    }

    /// The same, answered by the backing when no stub does.
    @inlinable
    @_spi(Generated) public func respondWithoutFailingBacked<A, V>(_ call: String, _ arguments: A, backed: ((A) throws -> V)?, fallback: V) -> V {
        respondWithoutFailing(call, .sync, arguments, backed: backed, fallback: fallback)
    }

    // MARK: async throws

    /// An `async throws` member: the stub, else `fallback`; with neither, ``UnstubbedCallError``.
    @inlinable
    @_spi(Generated) public func respond<A, V>(_ call: String, _ arguments: A, fallback: V?) throws -> V {
        try respond(call, .async, arguments, backed: nil, fallback: fallback)
    }

    /// The same, answered by the backing when no stub does.
    @inlinable
    @_spi(Generated) public func respondBacked<A, V>(_ call: String, _ arguments: A, backed: ((A) throws -> V)?, fallback: V?) throws -> V {
        try respond(call, .async, arguments, backed: backed, fallback: fallback)
    }

    // MARK: Completion handlers

    /// A `(T?, Error?)` handler, called the way the SDK would (see ``CompletionDelivery``).
    @_spi(Generated) public func deliverOptional<A, V>(_ call: String, _ arguments: A, fallback: V?, to handler: @escaping (V?, (any Error)?) -> Void) {
        deliver(call, .completion, arguments, backed: nil, fallback: fallback, to: Self.optional(handler))
    }

    @_spi(Generated) public func deliverOptionalBacked<A, V>(
        _ call: String, _ arguments: A, backed: ((A) throws -> V)?, fallback: V?, to handler: @escaping (V?, (any Error)?) -> Void
    ) {
        deliver(call, .completion, arguments, backed: backed, fallback: fallback, to: Self.optional(handler))
    }

    /// A `(T, Error?)` handler whose value is not optional: with an error the SDK passes
    /// `errorValue` (e.g. `.couldNotDetermine` for an account status).
    @_spi(Generated) public func deliverValue<A, V>(
        _ call: String, _ arguments: A, fallback: V?, errorValue: V, to handler: @escaping (V, (any Error)?) -> Void
    ) {
        deliver(call, .completion, arguments, backed: nil, fallback: fallback, to: Self.value(handler, errorValue: errorValue))
    }

    @_spi(Generated) public func deliverValueBacked<A, V>(
        _ call: String, _ arguments: A, backed: ((A) throws -> V)?, fallback: V?, errorValue: V, to handler: @escaping (V, (any Error)?) -> Void
    ) {
        deliver(call, .completion, arguments, backed: backed, fallback: fallback, to: Self.value(handler, errorValue: errorValue))
    }

    /// An `(Error?)` handler (calls with no result).
    @_spi(Generated) public func deliverError<A>(_ call: String, _ arguments: A, to handler: @escaping ((any Error)?) -> Void) {
        deliver(call, .completion, arguments, backed: nil, fallback: (), to: Self.error(handler))
    }

    @_spi(Generated) public func deliverErrorBacked<A>(_ call: String, _ arguments: A, backed: ((A) throws -> Void)?, to handler: @escaping ((any Error)?) -> Void) {
        deliver(call, .completion, arguments, backed: backed, fallback: (), to: Self.error(handler))
    }

    /// A `Result` handler.
    @_spi(Generated) public func deliverResult<A, V>(_ call: String, _ arguments: A, fallback: V?, to handler: @escaping (Result<V, any Error>) -> Void) {
        deliver(call, .result, arguments, backed: nil, fallback: fallback, to: handler)
    }

    @_spi(Generated) public func deliverResultBacked<A, V>(
        _ call: String, _ arguments: A, backed: ((A) throws -> V)?, fallback: V?, to handler: @escaping (Result<V, any Error>) -> Void
    ) {
        deliver(call, .result, arguments, backed: backed, fallback: fallback, to: handler)
    }

    // The handler shapes, as the `Result` handler `deliver` calls.

    static func optional<V>(_ handler: @escaping (V?, (any Error)?) -> Void) -> (Result<V, any Error>) -> Void {
        { result in
            switch result {
            case .success(let value): handler(value, nil)
            case .failure(let error): handler(nil, error)
            }
        }
    }

    static func value<V>(_ handler: @escaping (V, (any Error)?) -> Void, errorValue: V) -> (Result<V, any Error>) -> Void {
        let errorValue = UncheckedBox(errorValue)
        return { result in
            switch result {
            case .success(let value): handler(value, nil)
            case .failure(let error): handler(errorValue.value, error)
            }
        }
    }

    static func error(_ handler: @escaping ((any Error)?) -> Void) -> (Result<Void, any Error>) -> Void {
        { result in
            switch result {
            case .success: handler(nil)
            case .failure(let error): handler(error)
            }
        }
    }
}
