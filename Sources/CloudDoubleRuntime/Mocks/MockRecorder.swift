/// The state and behaviour every generated mock delegates to: recording into the call log,
/// per-call argument history, stubs (value, error, handler, or a queue of them), property
/// storage, child mocks and completion delivery. All of it is behind one lock per mock.
///
/// Generated mock members are one-line calls into this class, which keeps the generated code
/// small and quick to type-check (see docs/Benchmarks.md).
public final class MockRecorder: Sendable {
    /// The mock's class name, used in error messages (`MockCloudDatabase`).
    public let mockName: String
    /// The described type's name, used in the call log (`Database`).
    public let typeName: String
    /// The log this mock appends to; share one between mocks to see a single ordered sequence.
    public let log: CallLog
    /// How completion handlers are called.
    @_spi(Generated) public let deliverer: CompletionDeliverer

    private struct State {
        var stubs: [String: [Any]] = [:]
        var history: [String: [Any]] = [:]
        var properties: [String: Any] = [:]
        var children: [String: AnyObject] = [:]
        var backing: AnyObject?
    }

    private let state = Locked(State())

    @_spi(Generated) public init(mockName: String, typeName: String, log: CallLog, delivery: CompletionDelivery = .asynchronous) {
        self.mockName = mockName
        self.typeName = typeName
        self.log = log
        self.deliverer = CompletionDeliverer(delivery)
    }

    /// What answers store calls no stub answers (the generated mock's typed `backing`).
    @_spi(Generated) public var backing: AnyObject? {
        get { state.withLock { $0.backing } }
        set { state.withLock { $0.backing = newValue } }
    }

    // MARK: Stubbing and inspection

    /// Sets the response for a call, replacing any earlier one.
    @_spi(Generated) public func stub<Key: CallKey>(_ key: Key, _ response: Stub<Key.Arguments, Key.Value>) {
        state.withLock { $0.stubs[key.id] = [response] }
    }

    /// Queues responses: each call takes the next one; the last one answers every later call.
    @_spi(Generated) public func stub<Key: CallKey>(_ key: Key, _ responses: [Stub<Key.Arguments, Key.Value>]) {
        state.withLock { $0.stubs[key.id] = responses }
    }

    /// The arguments of every call to `key`, oldest first, whatever form was used.
    @_spi(Generated) public func arguments<Key: CallKey>(_ key: Key) -> [Key.Arguments] {
        state.withLock { ($0.history[key.id] ?? []).compactMap { $0 as? Key.Arguments } }
    }

    /// How many times `key` was called, whatever form was used.
    @_spi(Generated) public func callCount<Key: CallKey>(_ key: Key) -> Int {
        state.withLock { $0.history[key.id]?.count ?? 0 }
    }

    /// The calls to `key` so far, with checks that explain themselves when they fail.
    @_spi(Generated) public func calls<Key: CallKey>(_ key: Key) -> RecordedCalls<Key.Arguments> {
        RecordedCalls(name: "\(mockName).\(key.id)", arguments: arguments(key))
    }

    // MARK: Used by generated members

    /// Records a call and returns its stubbed response; without a stub, what the backing says
    /// (`backed`), else `fallback`. Throws ``UnstubbedCallError`` when there is none of them.
    @_spi(Generated) public func respond<A, V>(
        _ call: String, _ form: CallForm, _ arguments: A, backed: ((A) throws -> V)? = nil, fallback: V? = nil
    ) throws -> V {
        let stub: Stub<A, V>? = record(call, form, arguments)
        if let stub { return try stub.resolve(arguments) }
        if let backed { return try backed(arguments) }
        if let fallback { return fallback }
        throw UnstubbedCallError(mock: mockName, call: call, form: form)
    }

    /// Records a call that cannot fail (a synchronous, non-throwing member). A stubbed error, or a
    /// handler that throws, gives `fallback`, since such a member has no way to report a failure.
    @_spi(Generated) public func respondWithoutFailing<A, V>(
        _ call: String, _ form: CallForm, _ arguments: A, backed: ((A) throws -> V)? = nil, fallback: @autoclosure () -> V
    ) -> V {
        let stub: Stub<A, V>? = record(call, form, arguments)
        if let stub, let value = try? stub.resolve(arguments) { return value }
        if let backed, let value = try? backed(arguments) { return value }
        return fallback()
    }

    /// Records a completion-handler call and delivers its stubbed result the way the SDK would
    /// (asynchronously unless the mock is in immediate mode). The handler is always called exactly
    /// once: an unstubbed call with no default delivers ``UnstubbedCallError``.
    @_spi(Generated) public func deliverResult<A, V>(
        _ call: String, _ form: CallForm, _ arguments: A, as _: V.Type, backed: ((A) throws -> V)? = nil, fallback: V? = nil,
        to handler: @escaping (Result<V, any Error>) -> Void
    ) {
        let result = UncheckedBox(Result { try respond(call, form, arguments, backed: backed, fallback: fallback) as V })
        let handler = UncheckedBox(handler)
        deliverer.deliver { handler.value(result.value) }
    }

    /// The same for a `(T?, Error?)` handler.
    @_spi(Generated) public func deliverOptional<A, V>(
        _ call: String, _ form: CallForm, _ arguments: A, as type: V.Type, backed: ((A) throws -> V)? = nil, fallback: V? = nil,
        to handler: @escaping (V?, (any Error)?) -> Void
    ) {
        deliverResult(call, form, arguments, as: type, backed: backed, fallback: fallback) { result in
            switch result {
            case .success(let value): handler(value, nil)
            case .failure(let error): handler(nil, error)
            }
        }
    }

    /// The same for a `(T, Error?)` handler whose value is not optional: with an error the SDK
    /// passes `errorValue` (e.g. `.couldNotDetermine` for an account status).
    @_spi(Generated) public func deliverValue<A, V>(
        _ call: String, _ form: CallForm, _ arguments: A, as type: V.Type, backed: ((A) throws -> V)? = nil, fallback: V? = nil,
        errorValue: V, to handler: @escaping (V, (any Error)?) -> Void
    ) {
        let errorValue = UncheckedBox(errorValue)
        deliverResult(call, form, arguments, as: type, backed: backed, fallback: fallback) { result in
            switch result {
            case .success(let value): handler(value, nil)
            case .failure(let error): handler(errorValue.value, error)
            }
        }
    }

    /// The same for an `(Error?)` handler (calls with no result).
    @_spi(Generated) public func deliverError<A>(
        _ call: String, _ form: CallForm, _ arguments: A, backed: ((A) throws -> Void)? = nil, fallback: Void? = (),
        to handler: @escaping ((any Error)?) -> Void
    ) {
        deliverResult(call, form, arguments, as: Void.self, backed: backed, fallback: fallback) { result in
            switch result {
            case .success: handler(nil)
            case .failure(let error): handler(error)
            }
        }
    }

    /// Records an operation the app added and replays its stubbed outcome to the operation's
    /// blocks as the SDK would (later, on a background queue, unless the mock is in immediate
    /// mode). The history goes under `call` (`fetchRecordsOperation`) without a second log
    /// entry, since the `add` call that carried the operation is logged already. An unstubbed
    /// operation fails whole with ``UnstubbedCallError``; a stubbed error fails it whole too.
    @_spi(Generated) public func runOperation<Operation, Outcome>(
        _ call: String, _ operation: Operation, failure: (any Error) -> Outcome, replay: OperationReplay<Outcome>,
        backed: ((Operation) -> Outcome?)? = nil
    ) {
        let stub: Stub<Operation, Outcome>? = record(call, .operation, operation, logged: false)
        let outcome: Outcome
        do {
            if let stub {
                outcome = try stub.resolve(operation)
            } else if let backed, let answer = backed(operation) {
                outcome = answer
            } else {
                throw UnstubbedCallError(mock: mockName, call: call, form: .operation)
            }
        } catch {
            outcome = failure(error)
        }
        let box = UncheckedBox(outcome)
        deliverer.deliver { replay(box.value) }
    }

    /// An operation no description covers: the mock cannot drive its blocks, so it only calls
    /// its `completionBlock`, the way the SDK ends every operation.
    @_spi(Generated) public func finishOperation(completionBlock: (@Sendable () -> Void)?) {
        guard let completionBlock else { return }
        deliverer.deliver(completionBlock)
    }

    /// A property read: the last value the app set, else the stub, else what the backing says,
    /// else `fallback`.
    @_spi(Generated) public func get<V>(_ name: String, backed: (() throws -> V)? = nil, fallback: @autoclosure () -> V) -> V {
        let stored = state.withLock { $0.properties[name] }
        let stub: Stub<Void, V>? = record(name, .get, ())
        if let stored, let value = stored as? V { return value }
        if let stub, let value = try? stub.resolve(()) { return value }
        if let backed, let value = try? backed() { return value }
        return fallback()
    }

    /// A property write: recorded, and returned by later reads.
    @_spi(Generated) public func set<V>(_ name: String, _ value: V) {
        state.withLock { $0.properties[name] = value }
        _ = record(name, .set, value) as Stub<V, Void>?
    }

    /// The child mock for a described-type reference (a container's database), made once per key
    /// and shared afterwards, so `container.privateCloudDatabase` is the same mock every time.
    @_spi(Generated) public func child<C: AnyObject>(_ key: String, make: () -> C) -> C {
        state.withLock { state in
            if let existing = state.children[key] as? C { return existing }
            let made = make()
            state.children[key] = made
            return made
        }
    }

    /// Waits until every completion handler delivered so far has run.
    @_spi(Generated) public func settled() async {
        await deliverer.settled()
    }

    /// Appends to the log and history; returns the stub that answers this call, consuming it
    /// from the queue when more responses follow.
    private func record<A, V>(_ call: String, _ form: CallForm, _ arguments: A, logged: Bool = true) -> Stub<A, V>? {
        let next: Any? = state.withLock { state in
            state.history[call, default: []].append(arguments)
            guard var queue = state.stubs[call], let first = queue.first else { return nil }
            if queue.count > 1 {
                queue.removeFirst()
                state.stubs[call] = queue
            }
            return first
        }
        if logged { log.append(type: typeName, call: call, form: form, arguments: arguments) }
        return next as? Stub<A, V>
    }
}

/// Carries a value the compiler cannot prove `Sendable` across one hand-off that the caller
/// knows is safe (a result computed under a lock, then given to exactly one handler).
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
