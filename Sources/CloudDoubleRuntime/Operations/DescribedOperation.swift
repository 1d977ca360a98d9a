import Dispatch

/// An operation class the description covers, as its generated outcome type presents it
/// (`CloudFetchRecordsOutcome` for `CKFetchRecordsOperation`).
///
/// The operation dispatch is written once, here: a generated mock's or fault wrapper's
/// `add(_:)` hands the app's operation over with the outcome types its call covers, and the
/// runtime finds the one whose class the operation is (in the description's order) and runs it.
/// So the generated code lists the operations; it does not switch over them once per type and
/// per artifact.
///
/// An outcome holds the callbacks before the final one, in the order the SDK makes them, then the
/// final result. Mocks complete the app's operation with one (stub it); fault wrappers build one
/// from a failure, or from a real run with chosen items failed. What is the same for every
/// operation is written here; the generated type holds only what differs per operation.
public protocol DescribedOperation {
    /// The SDK's operation class (`CKFetchRecordsOperation`).
    associatedtype Operation: AnyObject
    /// One callback before the final one (the generated outcome's `Event` enum).
    associatedtype Event
    /// The success value of the final `Result`.
    associatedtype Final
    /// What the outcome holds; read and set it through `events`, `result` and
    /// `failsRequestedItems`. (Names generated code declares for itself end in `_`.)
    var report_: OperationReport<Event, Final> { get set }
    /// No events, no result.
    init()
    /// The operation's key in mocks and fault rules (`fetchRecordsOperation`).
    static var key: String { get }
    /// The app's blocks of `operation`, read now, called one callback at a time in the SDK's
    /// order. A requested item's failure makes the final result a partial failure; a returned
    /// item's (a query match) does not: the final result is then what the SDK reported.
    static func delivery_(_ operation_: Operation, errorModel_: ErrorModel, inventsProgress_: Bool) -> OperationDelivery<Event, Final>
    /// The events a whole failure with `error` gives: each item the app asked for fails with it
    /// (none when the operation has no requested items).
    static func requestedFailures_(_ operation_: Operation, error_: any Error) -> [Event]
    /// Runs `operation` under item faults (a fault wrapper, before handing it to the SDK):
    /// requested items chosen to fail are taken out of the request, so the SDK never sees them;
    /// each callback the SDK makes reaches the app's blocks as it comes, returned items chosen to
    /// fail rewritten; the SDK's final callback gives the app back its request and blocks, fails
    /// the items kept out, then reports the final result, all before the operation finishes.
    /// Progress blocks are left alone: the app sees the SDK's progress as the SDK reports it.
    static func intercept(_ operation: Operation, faults: ItemFaults, errorModel: ErrorModel)
    /// What a mock's backing (an in-memory store) answers for `operation`: the answer of the
    /// operation's backing protocol when the backing conforms to it, else `nil`.
    static func backed(by backing: AnyObject, _ operation: Operation) -> Self?
}

/// The callbacks a described operation's outcome holds, then its final result.
public struct OperationReport<Event, Final> {
    var events: [Event] = []
    var result: Result<Final, any Error>?
    var failsRequestedItems = false

    @_spi(Generated) public init() {}
}

extension DescribedOperation {
    public init(events: [Event], result: Result<Final, any Error>? = nil) {
        self.init()
        report_.events = events
        report_.result = result
    }

    /// The callbacks before the final one, in order.
    public var events: [Event] {
        get { report_.events }
        set { report_.events = newValue }
    }

    /// The final result. `nil` means what the SDK reports after these events: a partial failure
    /// carrying each failed item's error when an item failed, else success.
    public var result: Result<Final, any Error>? {
        get { report_.result }
        set { report_.result = newValue }
    }

    /// Set by `failure(_:)`: each item the app asked for fails with the final error.
    public var failsRequestedItems: Bool {
        get { report_.failsRequestedItems }
        set { report_.failsRequestedItems = newValue }
    }

    /// The whole operation fails with `error`: each item the app asked for gets it, then the
    /// final block does, as when the SDK cannot run the operation at all.
    public static func failure(_ error: any Error) -> Self {
        var outcome = Self(events: [], result: .failure(error))
        outcome.failsRequestedItems = true
        return outcome
    }

    /// Calls `operation`'s blocks with a whole outcome in the SDK's order (a mock's answer):
    /// per event, a progress of 1.0, then the `Result` block or, when that is not set, the
    /// legacy one, or the event's blocks; then the final block (`Result`, else legacy); then
    /// `completionBlock`. The blocks are read now, so set them before adding the operation, as
    /// the SDK requires. A whole failure fails every item the app asked for, and only those.
    public static func replay(_ operation: Operation, errorModel: ErrorModel) -> OperationReplay<Self> {
        let delivery = delivery_(operation, errorModel_: errorModel, inventsProgress_: true)
        return OperationReplay { outcome in
            var events = outcome.events
            if outcome.failsRequestedItems, let error = OperationBlocks.error(of: outcome.result) {
                events = requestedFailures_(operation, error_: error)
            }
            for event in events { delivery.deliver(event) }
            delivery.finish(outcome.result)
            delivery.complete()
        }
    }

    /// Operations with no requested items: a whole failure reaches only the final block.
    public static func requestedFailures_(_ operation_: Operation, error_: any Error) -> [Event] { [] }

    /// Operations the description marks with no store action have no backing.
    public static func backed(by backing: AnyObject, _ operation: Operation) -> Self? { nil }
}

extension MockRecorder {
    /// `add(_:)` on a mock: `operation` is completed with its stub (else its backing's answer)
    /// through its own blocks when one of `described` is its class; an operation no description
    /// covers only has its `completionBlock` called, the way the SDK ends every operation.
    @_spi(Generated) public func run(
        _ operation: AnyObject, as described: [any DescribedOperation.Type], errorModel: ErrorModel,
        completionBlock: (@Sendable () -> Void)?
    ) {
        for type in described where run(operation, as: type, errorModel: errorModel) { return }
        finishOperation(completionBlock: completionBlock)
    }

    private func run<Outcome: DescribedOperation>(_ operation: AnyObject, as _: Outcome.Type, errorModel: ErrorModel) -> Bool {
        guard let operation = operation as? Outcome.Operation else { return false }
        let backing = self.backing
        runOperation(
            Outcome.key, operation, failure: Outcome.failure, replay: Outcome.replay(operation, errorModel: errorModel),
            backed: backing.map { backing in { Outcome.backed(by: backing, $0) } })
        return true
    }
}

extension FaultInjector {
    /// `add(_:)` on a fault wrapper: rules select the operation by its key under the described
    /// type `type`; a whole failure is replayed to the app's blocks without reaching the wrapped
    /// object, item faults run it with the chosen items taken out, delays hold it back. An
    /// operation no description covers cannot be faulted, so it goes through (`proceed`).
    @_spi(Generated) public func run(_ operation: AnyObject, type: String, as described: [any DescribedOperation.Type], proceed: @escaping () -> Void)
    {
        for outcome in described where run(operation, type: type, as: outcome, proceed: proceed) { return }
        proceed()
    }

    private func run<Outcome: DescribedOperation>(
        _ operation: AnyObject, type: String, as outcome: Outcome.Type, proceed: @escaping () -> Void
    ) -> Bool {
        if let cassette, cassette.mode != .live, let taped = outcome as? any TapedOperation.Type {
            return run(operation, type: type, as: taped, on: cassette, proceed: proceed)
        }
        guard let operation = operation as? Outcome.Operation else { return false }
        let errorModel = self.errorModel
        run(
            type, operation: Outcome.key, replay: Outcome.replay(operation, errorModel: errorModel), failure: Outcome.failure,
            intercept: { Outcome.intercept(operation, faults: $0, errorModel: errorModel) }, proceed: proceed)
        return true
    }
}

extension FaultInjector {
    /// `add(_:)` on a fault wrapper with a cassette. Playback: the recorded outcome is replayed
    /// to the app's blocks; neither the wrapped object nor the plan is asked. Record: the
    /// operation runs as without a cassette, through `intercept` even when no rule fires, so that
    /// each event the app's blocks receive (item faults included) and the final result the SDK
    /// reports are written to the operation's line, placed when it was added; a whole failure is
    /// written as the outcome the app's blocks receive.
    fileprivate func run<Outcome: TapedOperation>(
        _ operation: AnyObject, type: String, as _: Outcome.Type, on cassette: Cassette, proceed: @escaping () -> Void
    ) -> Bool {
        guard let operation = operation as? Outcome.Operation else { return false }
        let errorModel = self.errorModel
        let replay = Outcome.replay(operation, errorModel: errorModel)
        if cassette.mode == .playback {
            let outcome: Outcome
            do {
                outcome = try cassette.play(type, Outcome.key, .operation, cassette.codecs.describe(operation))
            } catch {
                outcome = Outcome.failure(error)
            }
            let work = UncheckedBox { replay(outcome) }
            DispatchQueue.global().async { work.value() }
            return true
        }
        let line = cassette.reserve(type, Outcome.key, .operation, operation)
        // Boxed: the outcome type's metatype is not `Sendable`, and the tap's closure must be.
        let written = UncheckedBox { (events: [Any], reported: Any?) in
            let outcome = Outcome(events: events.compactMap { $0 as? Outcome.Event }, result: reported as? Result<Outcome.Final, any Error>)
            line.fill(Result<Outcome, any Error>.success(outcome))
        }
        let tap = OperationTap { written.value($0, $1) }
        let intercepted = Locked(false)
        let box = UncheckedBox(operation)
        run(
            type, operation: Outcome.key,
            replay: OperationReplay { outcome in
                line.fill(Result<Outcome, any Error>.success(outcome))
                replay(outcome)
            },
            failure: Outcome.failure,
            intercept: { faults in
                intercepted.withLock { $0 = true }
                faults.record(to: tap)
                Outcome.intercept(box.value, faults: faults, errorModel: errorModel)
            },
            proceed: {
                if !intercepted.snapshot {
                    let faults = ItemFaults()
                    faults.record(to: tap)
                    Outcome.intercept(box.value, faults: faults, errorModel: errorModel)
                }
                proceed()
            })
        return true
    }
}
