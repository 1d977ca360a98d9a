/// The state and behaviour every generated mock delegates to: recording into the call log,
/// per-call argument history, stubs (value, error, handler, or a queue of them), property
/// storage, child mocks, completion delivery, and the log's ``Cassette`` when one is attached.
/// The mock's state is behind its own lock; a call takes it for its history and its stub, then
/// the log's for its place in the log (``CallLog``), never both at once.
///
/// Generated mock members are one-line calls into this class, which keeps the generated code
/// small and quick to type-check.
public final class MockRecorder: Sendable {
    /// The mock's class name, used in error messages (`MockCloudDatabase`).
    public let mockName: String
    /// The described type's name, used in the call log (`Database`).
    public let typeName: String
    /// The log this mock appends to; share one between mocks to see a single ordered sequence.
    public let log: CallLog
    /// How completion handlers are called.
    @_spi(Generated) public let deliverer: CompletionDeliverer
    /// The member that handed this mock out as a child (`Settings.section(general)`); `nil` for
    /// a mock the test made. Set once, when the mock is made, so it is read without the lock.
    @usableFromInline let origin: MockOrigin?

    /// The mock's state.
    @usableFromInline
    struct State {
        /// Per call id (or property name): its history and stubs.
        @usableFromInline var calls: [String: CallState] = [:]
        /// The values the app set, per property name.
        var properties: [String: Any] = [:]
        /// The child mocks made for members, by property name, or call and arguments.
        var children: [String: AnyObject] = [:]
        /// Every listener registered on the mock, oldest first (`Listeners/MockRegistration.swift`).
        var registrations: [any AnyMockRegistration] = []
        /// What each `newEachCall` call handed out, oldest first, per call id.
        var handedOut: [String: [Any]] = [:]
        var backing: AnyObject?
        /// The streams handed out, per call id, oldest first (`StreamFeed`s).
        var feeds: [String: [AnyObject]] = [:]
    }

    @usableFromInline let state = Locked(State())

    @_spi(Generated) public init(
        mockName: String, typeName: String, log: CallLog, delivery: CompletionDelivery = .asynchronous, origin: MockOrigin? = nil
    ) {
        self.mockName = mockName
        self.typeName = typeName
        self.log = log
        self.deliverer = CompletionDeliverer(delivery)
        self.origin = origin
    }

    /// What answers store calls no stub answers (the generated mock's typed `backing`).
    @_spi(Generated) public var backing: AnyObject? {
        get { state.withLock { $0.backing } }
        set { state.withLock { $0.backing = newValue } }
    }

    // MARK: Stubbing and inspection

    /// Sets the response for a call, replacing any earlier one.
    @_spi(Generated) public func stub<Key: CallKey>(_ key: Key, _ response: Stub<Key.Arguments_, Key.Value_>) {
        setStubs(key.id, [response])
    }

    /// Queues responses: each call takes the next one; the last one answers every later call.
    @_spi(Generated) public func stub<Key: CallKey>(_ key: Key, _ responses: [Stub<Key.Arguments_, Key.Value_>]) {
        setStubs(key.id, responses)
    }

    /// The arguments of every call to `key`, oldest first, whatever form was used.
    @_spi(Generated) public func arguments<Key: CallKey>(_ key: Key) -> [Key.Arguments_] {
        history(key.id, as: Key.Arguments_.self)
    }

    /// How many times `key` was called, whatever form was used.
    @_spi(Generated) public func callCount<Key: CallKey>(_ key: Key) -> Int {
        count(key.id)
    }

    /// The calls to `key` so far, with checks that explain themselves when they fail.
    @_spi(Generated) public func calls<Key: CallKey>(_ key: Key) -> RecordedCalls<Key.Arguments_> {
        calls(key.id, as: Key.Arguments_.self)
    }

    // MARK: Answering calls (generated members reach these through MockRecorder+Members.swift)

    /// Records a call and returns its stubbed response; without a stub, what the backing says
    /// (`backed`), else `fallback`. Throws ``UnstubbedCallError`` when there is none of them, after
    /// recording it as a failure of the running test.
    ///
    /// The recording path is inlinable, so a generated mock's call is specialised for its
    /// argument and value types: left generic, each call looks up their metadata at run time,
    /// which takes it over the 1 µs a call may cost (Benchmarks/README.md, target d).
    /// `recorded`, when given, is what the history and the log keep instead of `arguments` (a
    /// non-escaping closure's placeholder: `RecordingMock+NonEscaping.swift`).
    @inlinable
    func respond<A, V>(_ call: String, _ form: CallForm, _ arguments: A, recorded: A? = nil, backed: ((A) throws -> V)?, fallback: V?) throws -> V {
        let (stub, cassette): (Stub<A, V>?, Cassette?) = record(call, form, recorded ?? arguments)
        guard let cassette else { return try answer(call, form, arguments, stub, backed, fallback) }
        return try cassette.respond(type: typeName, call: call, form: form, arguments: recorded ?? arguments, stubbed: stub != nil) {
            try answer(call, form, arguments, stub, backed, fallback)
        }
    }

    /// The answer without a cassette: the stub, else the backing, else `fallback`.
    @inlinable
    func answer<A, V>(
        _ call: String, _ form: CallForm, _ arguments: A, _ stub: Stub<A, V>?, _ backed: ((A) throws -> V)?, _ fallback: V?
    ) throws -> V {
        if let stub { return try stub.resolve(arguments) }
        if let backed { return try backed(arguments) }
        if let fallback { return fallback }
        throw unstubbed(call, form, arguments, V.self)
    }

    /// The error of a call with nothing to answer it, recorded first as a failure of the running
    /// test, so that the app's own error handling cannot hide it.
    @usableFromInline
    func unstubbed<A, V>(_ call: String, _ form: CallForm, _ arguments: A, _ value: V.Type) -> UnstubbedCallError {
        let error = UnstubbedCallError(mock: mockName, call: call, form: form, arguments: arguments, value: value)
        TestFailure.record("CloudDouble: \(error.description)")
        return error
    }

    /// Records a call that cannot fail (a synchronous, non-throwing member). A stubbed error, or a
    /// handler that throws, gives `fallback`, since such a member has no way to report a failure.
    /// Inlinable, as `respond` is.
    @inlinable
    func respondWithoutFailing<A, V>(
        _ call: String, _ form: CallForm, _ arguments: A, recorded: A? = nil, backed: ((A) throws -> V)?, fallback: V
    ) -> V {
        let (stub, cassette): (Stub<A, V>?, Cassette?) = record(call, form, recorded ?? arguments)
        func answer() -> V {
            if let stub, let value = try? stub.resolve(arguments) { return value }
            if let backed, let value = try? backed(arguments) { return value }
            return fallback
        }
        guard let cassette else { return answer() }
        return (try? cassette.respond(type: typeName, call: call, form: form, arguments: recorded ?? arguments, stubbed: stub != nil, answer: answer))
            ?? fallback
    }

    /// Records a completion-handler call and delivers its stubbed result the way the SDK would
    /// (asynchronously unless the mock is in immediate mode). The handler is always called exactly
    /// once: an unstubbed call with no fallback delivers ``UnstubbedCallError``.
    func deliver<A, V>(
        _ call: String, _ form: CallForm, _ arguments: A, backed: ((A) throws -> V)?, fallback: V?,
        to handler: @escaping (Result<V, any Error>) -> Void
    ) {
        let result = UncheckedBox(Result { try respond(call, form, arguments, backed: backed, fallback: fallback) })
        let handler = UncheckedBox(handler)
        deliverer.deliver { handler.value(result.value) }
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
        let (stub, cassette): (Stub<Operation, Outcome>?, Cassette?) = record(call, .operation, operation, logged: false)
        func answer() throws -> Outcome {
            if let stub { return try stub.resolve(operation) }
            if let backed, let answer = backed(operation) { return answer }
            throw unstubbed(call, .operation, operation, Outcome.self)
        }
        let outcome: Outcome
        do {
            if let cassette {
                outcome = try cassette.respond(
                    type: typeName, call: call, form: .operation, arguments: operation, stubbed: stub != nil, answer: answer)
            } else {
                outcome = try answer()
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
    func read<V>(_ name: String, backed: (() throws -> V)?, fallback: V) -> V {
        let byTest = TestSetUp.isActive
        let (stored, stub): (Any?, Stub<Void, V>?) = state.withLock { state in
            (state.properties[name], byTest ? state.calls[name]?.peek(Void.self, V.self) : Self.record(name, (), in: &state))
        }
        let cassette = byTest ? nil : log.appendReadingCassette(type: typeName, call: name, form: .get, arguments: ())
        // The app's own write wins, with or without a cassette.
        if let stored, let value = stored as? V { return value }
        func answer() -> V {
            if let stub, let value = try? stub.resolve(()) { return value }
            if let backed, let value = try? backed() { return value }
            return fallback
        }
        guard let cassette else { return answer() }
        return (try? cassette.respond(type: typeName, call: name, form: .get, arguments: (), stubbed: stub != nil, answer: answer)) ?? fallback
    }

    /// A property write: recorded, and returned by later reads.
    @_spi(Generated) public func set<V>(_ name: String, _ value: V) {
        let byTest = TestSetUp.isActive
        state.withLock { state in
            state.properties[name] = value
            if !byTest { state.calls[name, default: CallState()].arguments.append(value) }
        }
        if !byTest { log.append(type: typeName, call: name, form: .set, arguments: value) }
    }

    /// Waits until every completion handler delivered so far has run.
    @_spi(Generated) public func settled() async {
        await deliverer.settled()
    }

    // MARK: Recording

    func setStubs<A, V>(_ call: String, _ responses: [Stub<A, V>]) {
        state.withLock { $0.calls[call, default: CallState()].stubs = StubQueue(responses: responses) }
    }

    func history<A>(_ call: String, as type: A.Type) -> [A] {
        state.withLock { $0.calls[call]?.arguments(as: type) ?? [] }
    }

    func count(_ call: String) -> Int {
        state.withLock { $0.calls[call]?.arguments.count ?? 0 }
    }

    func calls<A>(_ call: String, as type: A.Type) -> RecordedCalls<A> {
        RecordedCalls(name: "\(mockName).\(call)", arguments: history(call, as: type))
    }

    /// Appends the call to its history and, unless `logged` is `false`, to the log; returns the
    /// response that answers this call (taken from the queue when more responses follow), and
    /// the log's cassette.
    @inlinable
    func record<A, V>(_ call: String, _ form: CallForm, _ arguments: A, logged: Bool = true) -> (stub: Stub<A, V>?, cassette: Cassette?) {
        // The test's own call: answered, not recorded.
        if TestSetUp.isActive { return (state.withLock { $0.calls[call]?.peek(A.self, V.self) }, nil) }
        let stub: Stub<A, V>? = state.withLock { Self.record(call, arguments, in: &$0) }
        let cassette = logged ? log.appendReadingCassette(type: typeName, call: call, form: form, arguments: arguments) : log.cassette
        return (stub, cassette)
    }

    /// Appends `arguments` to the history of `call` and takes its next stubbed response.
    @inlinable
    static func record<A, V>(_ call: String, _ arguments: A, in state: inout State) -> Stub<A, V>? {
        state.calls[call, default: CallState()].record(arguments)
    }
}

/// Carries a value the compiler cannot prove `Sendable` across one hand-off that the caller
/// knows is safe (a result computed under a lock, then given to exactly one handler).
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
