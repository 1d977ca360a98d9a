import Foundation

/// Calls an operation's blocks one callback at a time, in the SDK's order, and remembers what it
/// delivered for the final block: the events (legacy final blocks repeat them) and the failures
/// of requested items (which make the final result a partial failure).
///
/// Generated code makes one per operation, reading the app's blocks when it is made. A mock plays
/// a whole outcome through it (``OperationReplay``); a fault wrapper passes each callback the SDK
/// makes through it as it comes, so the app's blocks run before the operation finishes, as
/// CloudKit calls them.
///
/// The SDK makes an operation's callbacks one at a time on the operation's own queue; the lock
/// only keeps the record of them consistent. The blocks it holds are not `Sendable`, which is why
/// the type is `@unchecked Sendable`: each is called from that one queue, as the SDK would.
public final class OperationDelivery<Event, Final>: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [Event] = []
    private var failures: [(AnyHashable, any Error)] = []
    private let deliverEvent: (Event) -> (AnyHashable, any Error)?
    private let finishResult: (_ reported: Result<Final, any Error>?, _ events: [Event], _ failures: [(AnyHashable, any Error)]) -> Void
    private let completionBlock: (@Sendable () -> Void)?
    /// What records the run on a cassette (a fault wrapper's, in record mode), if anything.
    private var tap: OperationTap?

    /// - Parameters:
    ///   - deliver: calls the app's blocks for one event; returns the item and its error when the
    ///     event is the failure of an item the app requested.
    ///   - finish: calls the app's final block with the result the SDK reported (`nil`: none),
    ///     given the events delivered and the requested items' failures.
    ///   - completionBlock: the app's `completionBlock`, which a replay calls last.
    @_spi(Generated) public init(
        deliver: @escaping (Event) -> (AnyHashable, any Error)?,
        finish: @escaping (_ reported: Result<Final, any Error>?, _ events: [Event], _ failures: [(AnyHashable, any Error)]) -> Void,
        completionBlock: (@Sendable () -> Void)?
    ) {
        self.deliverEvent = deliver
        self.finishResult = finish
        self.completionBlock = completionBlock
    }

    /// Tells `tap` every event delivered from now on, and the final result.
    func record(to tap: OperationTap) {
        lock.withLock { self.tap = tap }
    }

    /// One per-item or event callback.
    @_spi(Generated) public func deliver(_ event: Event) {
        lock.withLock { tap }?.event(event)
        let failure = deliverEvent(event)
        lock.withLock {
            events.append(event)
            if let failure { failures.append(failure) }
        }
    }

    /// The final callback.
    @_spi(Generated) public func finish(_ reported: Result<Final, any Error>?) {
        let (events, failures, tap) = lock.withLock { (self.events, self.failures, self.tap) }
        tap?.finish(reported.map { $0 as Any })
        finishResult(reported, events, failures)
    }

    /// `completionBlock`, for doubles that complete the operation themselves (mocks); the SDK
    /// calls it itself when it runs the operation.
    @_spi(Generated) public func complete() {
        completionBlock?()
    }
}

/// What a recording cassette learns from an operation the SDK runs: each event the app's blocks
/// receive, in order, then the final result the SDK reported. `finished` is called once, with
/// them, before the app's final block runs.
final class OperationTap: Sendable {
    private let events = Locked<[Any]>([])
    private let finished: @Sendable (_ events: [Any], _ reported: Any?) -> Void

    init(finished: @escaping @Sendable (_ events: [Any], _ reported: Any?) -> Void) {
        self.finished = finished
    }

    func event(_ event: Any) {
        events.withLock { $0.append(event) }
    }

    func finish(_ reported: Any?) {
        finished(events.snapshot, reported)
    }
}
