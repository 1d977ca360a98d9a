/// What generated mocks call: each generated member's body is one `self.…_` call below, and each
/// of a mock's typed key entry points (`stub`, `callCount`, …) forwards to one. Their names end
/// in `_`, a spelling no described member can take.
///
/// Shaped for the type checker, since a mock's type-checking is mostly these calls:
/// - members of the mock itself, so a body looks up one member (`self.respond_`), not two
///   (`self.recorder_.respond`);
/// - the entry point implies the call's form (an implicit `.async` argument is one more lookup
///   and more constraints in every body);
/// - no argument is defaulted (a defaulted argument of a generic parameter's type is solved as an
///   expression of its own at every call), and the backed versions have their own names (an
///   overload set is a disjunction to solve);
/// - the value type comes from the member's result or handler type (no `as: T.self`);
/// - the key entry points take the key as `any CallKey`: the mock's own entry point already
///   ties its arguments' and value's types to the key, so the runtime needs only its id, and an
///   existential is quicker to check than a generic key with its associated types.
///
/// A fallback is a plain value, made at each call: the generator passes a literal, a
/// description's `mockDefault` (see docs/DescriptionFormat.md) or a child mock.
extension RecordingMock {
    // MARK: Key entry points

    /// Sets the response for a call, replacing any earlier one.
    @_spi(Generated) public func stub_<A, V>(_ key: any CallKey, _ response: Stub<A, V>) {
        recorder_.setStubs(key.id, [response])
    }

    /// Queues responses: each call takes the next one; the last one answers every later call.
    @_spi(Generated) public func stubQueue_<A, V>(_ key: any CallKey, _ responses: [Stub<A, V>]) {
        recorder_.setStubs(key.id, responses)
    }

    /// How many times `key` was called, whatever form was used.
    @_spi(Generated) public func callCount_(_ key: any CallKey) -> Int {
        recorder_.count(key.id)
    }

    /// The arguments of every call to `key` that were an `A`, oldest first.
    @_spi(Generated) public func arguments_<A>(_ key: any CallKey) -> [A] {
        recorder_.history(key.id, as: A.self)
    }

    /// The calls to `key` so far, with checks that explain themselves when they fail.
    @_spi(Generated) public func calls_<A>(_ key: any CallKey) -> RecordedCalls<A> {
        recorder_.calls(key.id, as: A.self)
    }

    // MARK: Properties

    /// A property read: the last value the app set, else the stub, else `fallback`.
    @_spi(Generated) public func get_<V>(_ name: String, fallback: V) -> V {
        recorder_.read(name, backed: nil, fallback: fallback)
    }

    /// A property read the backing answers when nothing else does.
    @_spi(Generated) public func getBacked_<V>(_ name: String, backed: (() throws -> V)?, fallback: V) -> V {
        recorder_.read(name, backed: backed, fallback: fallback)
    }

    /// A property write: recorded, and returned by later reads.
    @_spi(Generated) public func set_<V>(_ name: String, _ value: V) {
        recorder_.set(name, value)
    }

    // MARK: Synchronous members

    /// A synchronous, non-throwing member: the stub, else `fallback` (a stubbed error too).
    @inlinable
    @_spi(Generated) public func respondWithoutFailing_<A, V>(_ call: String, _ arguments: A, fallback: V) -> V {
        recorder_.respondWithoutFailing(call, .sync, arguments, backed: nil, fallback: fallback)
    }

    /// The same, answered by the backing when no stub does.
    @inlinable
    @_spi(Generated) public func respondWithoutFailingBacked_<A, V>(_ call: String, _ arguments: A, backed: ((A) throws -> V)?, fallback: V) -> V {
        recorder_.respondWithoutFailing(call, .sync, arguments, backed: backed, fallback: fallback)
    }

    /// A synchronous `throws` member: the stub, else `fallback`; with neither, ``UnstubbedCallError``.
    @inlinable
    @_spi(Generated) public func respondThrowing_<A, V>(_ call: String, _ arguments: A, fallback: V?) throws -> V {
        try recorder_.respond(call, .sync, arguments, backed: nil, fallback: fallback)
    }

    /// The same, answered by the backing when no stub does.
    @inlinable
    @_spi(Generated) public func respondThrowingBacked_<A, V>(_ call: String, _ arguments: A, backed: ((A) throws -> V)?, fallback: V?) throws -> V {
        try recorder_.respond(call, .sync, arguments, backed: backed, fallback: fallback)
    }

    // MARK: async throws

    /// An `async throws` member: the stub, else `fallback`; with neither, ``UnstubbedCallError``.
    @inlinable
    @_spi(Generated) public func respond_<A, V>(_ call: String, _ arguments: A, fallback: V?) throws -> V {
        try recorder_.respond(call, .async, arguments, backed: nil, fallback: fallback)
    }

    /// The same, answered by the backing when no stub does.
    @inlinable
    @_spi(Generated) public func respondBacked_<A, V>(_ call: String, _ arguments: A, backed: ((A) throws -> V)?, fallback: V?) throws -> V {
        try recorder_.respond(call, .async, arguments, backed: backed, fallback: fallback)
    }

    // MARK: Completion handlers

    /// A `(T?, Error?)` handler, called the way the SDK would (see ``CompletionDelivery``).
    @_spi(Generated) public func deliverOptional_<A, V>(
        _ call: String, _ arguments: A, fallback: V?, to handler: @escaping (V?, (any Error)?) -> Void
    ) {
        recorder_.deliver(call, .completion, arguments, backed: nil, fallback: fallback, to: MockRecorder.optional(handler))
    }

    @_spi(Generated) public func deliverOptionalBacked_<A, V>(
        _ call: String, _ arguments: A, backed: ((A) throws -> V)?, fallback: V?, to handler: @escaping (V?, (any Error)?) -> Void
    ) {
        recorder_.deliver(call, .completion, arguments, backed: backed, fallback: fallback, to: MockRecorder.optional(handler))
    }

    /// A `(T, Error?)` handler whose value is not optional: with an error the SDK passes
    /// `errorValue` (e.g. `.couldNotDetermine` for an account status).
    @_spi(Generated) public func deliverValue_<A, V>(
        _ call: String, _ arguments: A, fallback: V?, errorValue: V, to handler: @escaping (V, (any Error)?) -> Void
    ) {
        recorder_.deliver(call, .completion, arguments, backed: nil, fallback: fallback, to: MockRecorder.value(handler, errorValue: errorValue))
    }

    @_spi(Generated) public func deliverValueBacked_<A, V>(
        _ call: String, _ arguments: A, backed: ((A) throws -> V)?, fallback: V?, errorValue: V, to handler: @escaping (V, (any Error)?) -> Void
    ) {
        recorder_.deliver(call, .completion, arguments, backed: backed, fallback: fallback, to: MockRecorder.value(handler, errorValue: errorValue))
    }

    /// An `(Error?)` handler (calls with no result).
    @_spi(Generated) public func deliverError_<A>(_ call: String, _ arguments: A, to handler: @escaping ((any Error)?) -> Void) {
        recorder_.deliver(call, .completion, arguments, backed: nil, fallback: (), to: MockRecorder.error(handler))
    }

    @_spi(Generated) public func deliverErrorBacked_<A>(
        _ call: String, _ arguments: A, backed: ((A) throws -> Void)?, to handler: @escaping ((any Error)?) -> Void
    ) {
        recorder_.deliver(call, .completion, arguments, backed: backed, fallback: (), to: MockRecorder.error(handler))
    }

    /// A `Result` handler.
    @_spi(Generated) public func deliverResult_<A, V>(
        _ call: String, _ arguments: A, fallback: V?, to handler: @escaping (Result<V, any Error>) -> Void
    ) {
        recorder_.deliver(call, .result, arguments, backed: nil, fallback: fallback, to: handler)
    }

    @_spi(Generated) public func deliverResultBacked_<A, V>(
        _ call: String, _ arguments: A, backed: ((A) throws -> V)?, fallback: V?, to handler: @escaping (Result<V, any Error>) -> Void
    ) {
        recorder_.deliver(call, .result, arguments, backed: backed, fallback: fallback, to: handler)
    }
}

// The handler shapes, as the `Result` handler `deliver` calls.
extension MockRecorder {
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
