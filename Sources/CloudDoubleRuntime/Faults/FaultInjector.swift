import Foundation

/// The fault-plan engine. Generated `FaultInjecting…` wrappers ask it, for every call, whether
/// to delay, fail, fail some items, hang or let the call through.
///
/// All state (the plan, the rules' call counts, the event log, the random generator) belongs to
/// the instance and is guarded by a lock: share one injector between the wrappers of a container
/// and its databases, make a new one per test. With no rules it does nothing.
///
/// A call that no rule's selector matches (or any call when there is no plan or injection is
/// off) goes through after one look at the index of the plan's selectors, made whenever the plan
/// or ``isEnabled`` changes.
///
/// It also notices `async` calls that overlap in time (one starts while another is in flight):
/// then the order in which calls reach it, and so the faults each gets, is the scheduler's
/// choice (``callsOverlapped``).
///
/// The injector is given its SDK's error model; nothing defaults to CloudKit's. Every plan it is
/// given is checked against that model (``FaultPlan/validate(for:)``): a rule that draws a code by
/// a trait the catalogue has no code for, or that lists no codes, stops the program with a
/// message naming the rule, the trait and the domain, when the plan is installed.
public final class FaultInjector: Sendable {
    /// How injected errors are built (domain, keys, catalogue).
    public let errorModel: ErrorModel
    /// How latency is waited for; a ``VirtualClock`` makes tests instant.
    public let time: TimeSource
    /// Where the wrappers' `async` calls are recorded or played back from; `nil`: nowhere.
    public let cassette: Cassette?
    let random: RandomSource

    private struct State {
        var plan: FaultPlan
        var counts: [Int]
        /// How many calls of each `type.call[form]` some rule's selector matched since the plan
        /// was installed: the ``FaultEvent/callNumber`` of each fault.
        var callNumbers: [CallIdentity: Int] = [:]
        var isEnabled: Bool
        var printsEvents = false
        var events: [FaultEvent] = []
        var hung: [UncheckedBox<() -> Void>] = []
        /// The selectors of the current plan; `nil` when no call can fire (no rules, or off).
        var index: RuleIndex?
        /// `async` calls started and not yet finished.
        var inFlight = 0
        /// Listener events and errors on their way to the app later (a delay) and not arrived.
        var pendingDeliveries = 0
        /// Whether an `async` call ever started while another was in flight.
        var callsOverlapped = false
    }

    private let state: Locked<State>
    /// The handle-style listeners registered through the wrappers, by handle (`Listeners/`).
    let taps = Locked<[TapKey: WeakTap]>([:])
    /// Every listener's tap with the wrapper it was registered through (`Listeners/`).
    let ownedTaps = Locked<[OwnedTap]>([])
    /// The codes each trait draws from in the model's catalogue (those any call can get), by raw value.
    private let traitCodes: [ErrorTrait: [Int]]
    /// Faults that choose no item, for calls no item rule fires on.
    @usableFromInline
    let inert = ItemFaults()

    /// - Parameters:
    ///   - plan: the rules; none by default, so nothing is injected until a plan is set.
    ///   - seed: the same seed and the same sequence of calls give the same faults, everywhere.
    ///     `nil` draws from the system generator instead (not reproducible).
    ///   - errorModel: the SDK's error model (domain, keys, catalogue); generated wrappers pass
    ///     the description's (`ErrorModel.cloudKit`).
    ///   - cassette: records what the wrapped objects' `async` calls answered (the live
    ///     adapter's traffic), or answers them from the cassette without calling them
    ///     (docs/Cassettes.md).
    /// - Precondition: every trait the plan draws codes by has a code in `errorModel`'s catalogue,
    ///   and no rule lists no codes (``FaultPlan/validate(for:)`` reports it as an error instead).
    public init(plan: FaultPlan = .none, seed: UInt64? = 0, errorModel: ErrorModel, time: TimeSource = .system, cassette: Cassette? = nil) {
        Self.check(plan, errorModel)
        self.errorModel = errorModel
        self.time = time
        self.cassette = cassette
        self.random = seed.map { RandomSource(seed: $0) } ?? .system()
        self.traitCodes = Dictionary(
            uniqueKeysWithValues: ErrorTrait.allCases.map { trait in
                (trait, errorModel.catalogue.codes(drawnBy: trait).map(\.rawValue))
            })
        self.state = Locked(State(plan: plan, counts: Array(repeating: 0, count: plan.rules.count), isEnabled: true))
        state.withLock { reindex(&$0) }
    }

    /// Stops the program when `plan` cannot work with `model`, with the reason.
    private static func check(_ plan: FaultPlan, _ model: ErrorModel) {
        if let problem = plan.fatalProblem(in: model) {
            preconditionFailure("CloudDouble: \(problem.message)")
        }
    }

    // MARK: Control

    /// Turns injection on or off without forgetting the plan. Off, every call goes through.
    public var isEnabled: Bool {
        get { state.withLock { $0.isEnabled } }
        set {
            state.withLock { state in
                state.isEnabled = newValue
                reindex(&state)
            }
        }
    }

    /// Prints each injected fault as it happens (for debug builds and manual QA).
    public var printsEvents: Bool {
        get { state.withLock { $0.printsEvents } }
        set { state.withLock { $0.printsEvents = newValue } }
    }

    /// The current plan.
    public var plan: FaultPlan { state.withLock { $0.plan } }

    /// Installs a new plan (its rules' counts start from zero) and returns the old one.
    ///
    /// - Precondition: the plan works with ``errorModel`` (see ``init(plan:seed:errorModel:time:cassette:)``).
    @discardableResult
    public func replacePlan(_ plan: FaultPlan) -> FaultPlan {
        Self.check(plan, errorModel)
        return state.withLock { state in
            let old = state.plan
            state.plan = plan
            state.counts = Array(repeating: 0, count: plan.rules.count)
            state.callNumbers = [:]
            reindex(&state)
            return old
        }
    }

    /// Runs `body` under `plan`, then puts the previous plan back.
    public func withPlan<R>(_ plan: FaultPlan, _ body: () async throws -> R) async rethrows -> R {
        let previous = replacePlan(plan)
        defer { replacePlan(previous) }
        return try await body()
    }

    /// Every fault injected so far, in order.
    public var events: [FaultEvent] { state.withLock { $0.events } }

    /// Whether an `async` call through this injector ever started while another was still in
    /// flight, since it was made: calls made concurrently (`async let`, task groups, tasks of
    /// their own) reach it in an order the scheduler picks, so the same seed need not give the
    /// same faults. Exploration reports such a scenario as not reproducible and does not shrink
    /// it. An element asked for from a stream under element rules counts as a call in flight
    /// while the app waits for it; a listener event or error delayed by a rule counts from the
    /// event until it reaches the app, and a call, an element or another event decided
    /// meanwhile overlaps it. Completion-handler calls and operations are not counted: the
    /// injector does not see when they end.
    public var callsOverlapped: Bool { state.withLock { $0.callsOverlapped } }

    /// Fails every hung completion-handler call with a cancellation error.
    public func cancelHungCalls() {
        let hung = state.withLock { state in
            defer { state.hung.removeAll() }
            return state.hung
        }
        for call in hung { call.value() }
    }

    // MARK: Used by generated wrappers

    /// An `async throws` call: latency, then the fault or the wrapped call. The call counts as
    /// in flight (``callsOverlapped``) until it returns or throws.
    ///
    /// It runs on the caller's actor (`isolation`), so `body` is never sent anywhere: a wrapper
    /// isolated to the main actor (an app target with default `MainActor` isolation) compiles.
    @inlinable
    @_spi(Generated) public func perform<Value>(
        _ type: String, _ call: String, _ form: CallForm = .async, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Value
    ) async throws -> Value {
        let mayFire = start(type, call, form)
        defer { finish() }
        if mayFire { _ = try await prepare(type, call, form) }
        return try await body()
    }

    /// The same, with the call's arguments for the injector's ``cassette``: the outcome the app
    /// sees (faults included) is recorded, or in playback answered from the cassette.
    @inlinable
    @_spi(Generated) public func perform<Arguments, Value>(
        _ type: String, _ call: String, _ form: CallForm = .async, arguments: Arguments, isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Value
    ) async throws -> Value {
        guard let cassette else { return try await perform(type, call, form, isolation: isolation, body) }
        return try await cassette.respond(type: type, call: call, form: form, arguments: arguments, isolation: isolation) {
            try await perform(type, call, form, isolation: isolation, body)
        }
    }

    /// An `async throws` call with per-item results. When an item rule fires, `request` tells
    /// the faults which items the app asked for, `body` sends only the items not chosen to fail
    /// (`ItemFaults.kept(_:input:)`), and `merge` adds the chosen items' failures to the SDK's
    /// answer and fails chosen returned items. Otherwise `body` gets faults that choose nothing.
    /// It runs on the caller's actor, as the form without items does.
    @inlinable
    @_spi(Generated) public func perform<Value>(
        _ type: String, _ call: String, _ form: CallForm = .async, isolation: isolated (any Actor)? = #isolation,
        request: (ItemFaults) -> Void, merge: (Value, ItemFaults) -> Value, _ body: (ItemFaults) async throws -> Value
    ) async throws -> Value {
        let mayFire = start(type, call, form)
        defer { finish() }
        var faults: ItemFaults?
        if mayFire { faults = try await prepare(type, call, form) }
        if let faults { request(faults) }
        let value = try await body(faults ?? inert)
        guard let faults else { return value }
        return try faults.finish(merge(value, faults))
    }

    /// The same, with the call's arguments for the injector's ``cassette``.
    @inlinable
    @_spi(Generated) public func perform<Arguments, Value>(
        _ type: String, _ call: String, _ form: CallForm = .async, arguments: Arguments, isolation: isolated (any Actor)? = #isolation,
        request: (ItemFaults) -> Void, merge: (Value, ItemFaults) -> Value, _ body: (ItemFaults) async throws -> Value
    ) async throws -> Value {
        guard let cassette else { return try await perform(type, call, form, isolation: isolation, request: request, merge: merge, body) }
        return try await cassette.respond(type: type, call: call, form: form, arguments: arguments, isolation: isolation) {
            try await perform(type, call, form, isolation: isolation, request: request, merge: merge, body)
        }
    }

    /// A synchronous `throws` call: a rule that fires with an error (`fail`, `cancel`) throws it
    /// at once, without calling `body`. A synchronous call cannot wait, so latency is not applied
    /// and a hang or item faults let the call through.
    @inlinable
    @_spi(Generated) public func performThrowing<Value>(_ type: String, _ call: String, _ body: () throws -> Value) throws -> Value {
        if mayFire(type, call, .sync) { try failNow(type, call) }
        return try body()
    }

    @usableFromInline
    func failNow(_ type: String, _ call: String) throws {
        guard let decision = decide(type, call, .sync), case .fail(let error) = decision.outcome else { return }
        throw error
    }

    /// What a rule that fires on an async call does before the wrapped call: waits its latency,
    /// then throws its error, hangs, or returns the item faults the call is to apply (`nil`: the
    /// call goes through as it is).
    @usableFromInline
    func prepare(_ type: String, _ call: String, _ form: CallForm) async throws -> ItemFaults? {
        guard let decision = decide(type, call, form) else { return nil }
        if decision.latency > 0 { try await time.sleep(decision.latency) }
        switch decision.outcome {
        case .proceed, .stream: return nil
        case .items(let faults): return faults
        case .fail(let error): throw error
        case .hang: try await Self.hangUntilCancelled()
        }
    }

    /// A completion-handler call: latency, then `fail` with the fault (always asynchronously, as
    /// the SDK delivers), or `proceed` to make the wrapped call.
    ///
    /// The closures are not required to be `Sendable` because they carry the app's arguments and
    /// handler across exactly one hand-off, as the SDK itself does.
    @inlinable
    @_spi(Generated) public func complete(
        _ type: String, _ call: String, _ form: CallForm, fail: @escaping (any Error) -> Void, proceed: @escaping () -> Void
    ) {
        guard mayFire(type, call, form) else { return proceed() }
        completeDeciding(type, call, form, fail: fail, proceed: proceed)
    }

    @usableFromInline
    func completeDeciding(_ type: String, _ call: String, _ form: CallForm, fail: @escaping (any Error) -> Void, proceed: @escaping () -> Void) {
        guard let decision = decide(type, call, form) else { return proceed() }
        dispatch(decision, fail: fail, proceed: proceed)
    }

    /// A `Result` completion call with per-item results, as ``perform(_:_:_:request:merge:_:)``:
    /// `proceed` sends only the items not chosen to fail, and its answer passes through `merge`
    /// before it reaches `deliver`.
    @_spi(Generated) public func complete<Value>(
        _ type: String, _ call: String, _ form: CallForm, deliver: @escaping (Result<Value, any Error>) -> Void,
        request: (ItemFaults) -> Void, merge: @escaping (Value, ItemFaults) -> Value,
        proceed: @escaping (_ items: ItemFaults, _ deliver: @escaping @Sendable (Result<Value, any Error>) -> Void) -> Void
    ) {
        let handler = UncheckedBox(deliver)
        let inert = self.inert
        guard let decision = decide(type, call, form) else {
            return proceed(inert) { handler.value($0) }
        }
        guard case .items(let faults) = decision.outcome else {
            return dispatch(decision, fail: { deliver(.failure($0)) }, proceed: { proceed(inert) { handler.value($0) } })
        }
        request(faults)
        let merger = UncheckedBox(merge)
        let work = UncheckedBox {
            proceed(faults) { result in
                let merged = result.map { merger.value($0, faults) }
                if case .success = merged, let error = faults.topLevelError {
                    handler.value(.failure(error))
                } else {
                    handler.value(merged)
                }
            }
        }
        decision.latency > 0 ? time.schedule(decision.latency) { work.value() } : work.value()
    }

    /// An operation handed to the SDK (`database.add(operation)`), selected by its class name.
    /// A whole failure is replayed to the operation's blocks without running it. Item faults
    /// run it through `intercept`, which takes the items chosen to fail out of the request, so
    /// the SDK never sees them, and passes each callback to the app's blocks as the SDK makes it
    /// (chosen returned items failed), before the operation finishes. A delay holds it back.
    ///
    /// - Parameters:
    ///   - replay: calls the app's blocks (read before `intercept` swaps them).
    ///   - failure: the outcome of a whole failure with an error.
    ///   - intercept: applies item faults to the operation, before it is handed on.
    ///   - proceed: hands the operation to the wrapped object.
    @_spi(Generated) public func run<Outcome>(
        _ type: String, operation operationClass: String, replay: OperationReplay<Outcome>,
        failure: @escaping (any Error) -> Outcome, intercept: @escaping (ItemFaults) -> Void, proceed: @escaping () -> Void
    ) {
        guard let decision = decide(type, operationClass, .operation) else { return proceed() }
        guard case .items(let faults) = decision.outcome else {
            return dispatch(decision, fail: { replay(failure($0)) }, proceed: proceed)
        }
        let work = UncheckedBox {
            intercept(faults)
            proceed()
        }
        decision.latency > 0 ? time.schedule(decision.latency) { work.value() } : work.value()
    }

    // MARK: The first look

    /// Makes the index of the current plan (or `nil` when nothing can fire). Called under the
    /// lock whenever the plan or `isEnabled` changes.
    private func reindex(_ state: inout State) {
        state.index = state.isEnabled && !state.plan.rules.isEmpty ? RuleIndex(state.plan.rules.map(\.selector)) : nil
    }

    /// Whether a rule could fire on this call: `false` when injection is off, the plan is empty
    /// or no rule's selector matches.
    @usableFromInline
    func mayFire(_ type: String, _ call: String, _ form: CallForm) -> Bool {
        state.withLock { $0.index?.couldMatch(type: type, call: call, form: form) ?? false }
    }

    /// An `async` call starts: it is in flight until ``finish()``; returns whether a rule could
    /// fire on it (as ``mayFire(_:_:_:)``), under the same lock.
    @usableFromInline
    func start(_ type: String, _ call: String, _ form: CallForm) -> Bool {
        state.withLock { state in
            if state.inFlight > 0 || state.pendingDeliveries > 0 { state.callsOverlapped = true }
            state.inFlight += 1
            return state.index?.couldMatch(type: type, call: call, form: form) ?? false
        }
    }

    /// An `async` call started by ``start(_:_:_:)`` returned or threw.
    @usableFromInline
    func finish() {
        state.withLock { $0.inFlight -= 1 }
    }

    /// A listener event is decided: if a delayed one has not reached the app yet, which of the
    /// two the app sees first is the scheduler's choice (``callsOverlapped``).
    func deliveryStarts() {
        state.withLock { state in
            if state.pendingDeliveries > 0 { state.callsOverlapped = true }
        }
    }

    /// Runs `work` (a listener's delayed event or error) `seconds` later on the time source. Until
    /// it has run, it is on its way as an `async` call is in flight: a call, an element asked for
    /// or another event decided meanwhile races it (``callsOverlapped``).
    func deliverLater(_ seconds: Double, _ work: @escaping @Sendable () -> Void) {
        state.withLock { $0.pendingDeliveries += 1 }
        time.schedule(seconds) {
            work()
            self.state.withLock { $0.pendingDeliveries -= 1 }
        }
    }

    // MARK: Decisions

    /// One call's identity, as a selector names it exactly.
    struct CallIdentity: Hashable {
        let type: String
        let call: String
        let form: CallForm
    }

    struct Decision {
        enum Outcome {
            case proceed
            case fail(any Error)
            case items(ItemFaults)
            case hang
            /// A stream call's faults, with the error a `fail` draws.
            case stream(StreamFault, error: (any Error)?)
        }

        var latency: Double
        var outcome: Outcome
    }

    /// The first rule that fires decides; `nil` means the call goes through untouched.
    func decide(_ type: String, _ call: String, _ form: CallForm) -> Decision? {
        state.withLock { state in
            guard let index = state.index, index.couldMatch(type: type, call: call, form: form) else { return nil }
            let identity = CallIdentity(type: type, call: call, form: form)
            let callNumber = state.callNumbers[identity, default: 0] + 1
            state.callNumbers[identity] = callNumber
            var decision: Decision?
            for index in state.plan.rules.indices {
                let rule = state.plan.rules[index]
                guard rule.selector.matches(type: type, call: call, form: form) else { continue }
                // Every matching rule counts the call, also after an earlier rule fired on it,
                // so `.nth(n)` is the nth call its selector matches whatever the other rules do.
                state.counts[index] += 1
                guard decision == nil, rule.schedule.admits(state.counts[index]) else { continue }
                guard rule.probability >= 1 || (rule.probability > 0 && random.unit() < rule.probability) else { continue }
                decision = fire(rule, index: index, call: identity, number: callNumber, state: &state)
            }
            return decision
        }
    }

    private func fire(_ rule: FaultRule, index: Int, call identity: CallIdentity, number: Int, state: inout State) -> Decision {
        let latency = rule.latency.map { $0.fixed + ($0.jitter > 0 ? random.unit() * $0.jitter : 0) } ?? 0
        let decision: Decision
        let effect: FaultEvent.Effect
        switch rule.outcome {
        case .passThrough:
            decision = Decision(latency: latency, outcome: .proceed)
            effect = .delayed
        case .fail(let codes, let retryAfter):
            let error = makeError(codes: codes, retryAfter: retryAfter)
            decision = Decision(latency: latency, outcome: .fail(error))
            effect = .failed(code: errorModel.code(of: error) ?? (error as NSError).code, retryAfter: errorModel.retryAfter(of: error))
        case .failItems(let failure):
            let faults = ItemFaults(failure, injector: self, eventIndex: state.events.count)
            decision = Decision(latency: latency, outcome: .items(faults))
            effect = .failedItems(count: 0)
        case .hang:
            decision = Decision(latency: latency, outcome: .hang)
            effect = .hung
        case .cancel:
            let error = cancellationError()
            decision = Decision(latency: latency, outcome: .fail(error))
            effect = .cancelled
        case .stream(let fault):
            (decision, effect) = streamDecision(fault, latency: latency)
        }
        var event = FaultEvent(
            sequence: state.events.count + 1, time: time.now(), type: identity.type, call: identity.call, form: identity.form,
            callNumber: number, rule: index,
            latency: latency, effect: effect, items: [])
        if case .failed(let code, _) = effect, let info = errorModel.catalogue[code] { event.codeNames[code] = info.name }
        if case .failedStream(_, let code, _) = effect, let info = errorModel.catalogue[code] { event.codeNames[code] = info.name }
        state.events.append(event)
        if state.printsEvents { print("[CloudDouble fault] \(event)") }
        return decision
    }

    private func dispatch(_ decision: Decision, fail: @escaping (any Error) -> Void, proceed: @escaping () -> Void) {
        switch decision.outcome {
        case .proceed, .items, .stream:
            if decision.latency > 0 {
                let work = UncheckedBox(proceed)
                time.schedule(decision.latency) { work.value() }
            } else {
                proceed()
            }
        case .fail(let error):
            let work = UncheckedBox { fail(error) }
            time.schedule(decision.latency) { work.value() }
        case .hang:
            let error = cancellationError()
            state.withLock { $0.hung.append(UncheckedBox { fail(error) }) }
        }
    }

    // MARK: Errors

    /// An error with a code drawn by weight (a trait draws among the catalogue's codes with it);
    /// retryable codes carry the retry-after.
    func makeError(codes: [WeightedCode], retryAfter: RetryAfterChoice?) -> any Error {
        guard var pick = codes.first?.code else {
            return planError("A fault rule fails calls but lists no error codes to fail them with.")
        }
        let total = codes.reduce(0) { $0 + $1.weight }
        if codes.count > 1, total > 0 {
            var draw = random.unit() * total
            for code in codes {
                draw -= code.weight
                if draw < 0 {
                    pick = code.code
                    break
                }
            }
        }
        guard let raw = resolve(pick) else {
            return planError("The fault plan names the error code '\(pick)', which the catalogue of \(errorModel.domain) does not have.")
        }
        var seconds: Double?
        if let retryAfter, errorModel.catalogue[raw]?.isRetryable ?? true {
            switch retryAfter {
            case .fixed(let value): seconds = value
            case .range(let range): seconds = random.uniform(in: range)
            }
        }
        return errorModel.error(raw, retryAfter: seconds)
    }

    private func resolve(_ code: ErrorCodeRef) -> Int? {
        switch code {
        case .raw(let raw): return raw
        case .named(let name): return errorModel.catalogue[name: name]?.rawValue
        case .trait(let trait):
            // Uniform among the trait's codes, from the injector's seeded source.
            guard let candidates = traitCodes[trait], !candidates.isEmpty else { return nil }
            return candidates.count == 1 ? candidates[0] : candidates[min(candidates.count - 1, Int(random.unit() * Double(candidates.count)))]
        }
    }

    private func planError(_ message: String) -> NSError {
        NSError(domain: "CloudDouble.FaultPlan", code: 1, userInfo: [NSLocalizedDescriptionKey: message])
    }

    /// The model's cancelled code (CloudKit's `operationCancelled`), else Swift's `CancellationError`.
    private func cancellationError() -> any Error {
        if let cancelled = errorModel.cancelledCode { return errorModel.error(cancelled) }
        return CancellationError()
    }

    func noteFailedItem(_ key: String, code: Int, event index: Int) {
        state.withLock { state in
            guard state.events.indices.contains(index) else { return }
            state.events[index].items.append(key)
            state.events[index].itemCodes.append(code)
            if let info = errorModel.catalogue[code] { state.events[index].codeNames[code] = info.name }
            state.events[index].effect = .failedItems(count: state.events[index].items.count)
        }
    }

    /// Suspends until the task is cancelled, then throws `CancellationError`.
    static func hangUntilCancelled() async throws -> Never {
        let waiter = Locked<CheckedContinuation<Void, any Error>?>(nil)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                waiter.withLock { $0 = continuation }
                if Task.isCancelled {
                    waiter.withLock {
                        $0?.resume(throwing: CancellationError())
                        $0 = nil
                    }
                }
            }
        } onCancel: {
            waiter.withLock {
                $0?.resume(throwing: CancellationError())
                $0 = nil
            }
        }
        throw CancellationError()
    }
}
