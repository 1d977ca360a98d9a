import Dispatch

/// An operation class the description covers, as its generated outcome type presents it
/// (`CloudFetchRecordsOutcome` for `CKFetchRecordsOperation`).
///
/// The operation dispatch is written once, here: a generated mock's or fault wrapper's
/// `add(_:)` hands the app's operation over with the outcome types its call covers, and the
/// runtime finds the one whose class the operation is (in the description's order) and runs it.
/// So the generated code lists the operations; it does not switch over them once per type and
/// per artifact.
public protocol DescribedOperation {
    /// The SDK's operation class (`CKFetchRecordsOperation`).
    associatedtype Operation: AnyObject
    /// The operation's key in mocks and fault rules (`fetchRecordsOperation`).
    static var key: String { get }
    /// The whole operation fails with `error`.
    static func failure(_ error: any Error) -> Self
    /// Calls `operation`'s blocks with a whole outcome, in the SDK's order.
    static func replay(_ operation: Operation, errorModel: ErrorModel) -> OperationReplay<Self>
    /// Runs `operation` under item faults: the items chosen to fail never reach the SDK.
    static func intercept(_ operation: Operation, faults: ItemFaults, errorModel: ErrorModel)
    /// What a mock's backing (an in-memory store) answers for `operation`; `nil` when the backing
    /// does not answer this operation.
    static func backed(by backing: AnyObject, _ operation: Operation) -> Self?
}

extension DescribedOperation {
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
    @_spi(Generated) public func run(_ operation: AnyObject, type: String, as described: [any DescribedOperation.Type], proceed: @escaping () -> Void) {
        for outcome in described where run(operation, type: type, as: outcome, proceed: proceed) { return }
        proceed()
    }

    private func run<Outcome: DescribedOperation>(_ operation: AnyObject, type: String, as outcome: Outcome.Type, proceed: @escaping () -> Void) -> Bool {
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
