import Dispatch

/// How a double calls completion handlers.
public enum CompletionDelivery: Sendable, Hashable {
    /// Later, on a background queue, never on the caller's stack: what the SDK does, and the default.
    case asynchronous
    /// At once, on the caller's stack, before the call returns: simplest for small synchronous tests.
    case immediate
}

/// Runs completion handlers the chosen way and keeps count of those still in flight, so a test
/// can wait until every handler it triggered has run (`await mock.settled()`).
@_spi(Generated) public final class CompletionDeliverer: Sendable {
    private let mode: Locked<CompletionDelivery>
    private let inFlight = DispatchGroup()

    public init(_ mode: CompletionDelivery = .asynchronous) {
        self.mode = Locked(mode)
    }

    public var delivery: CompletionDelivery {
        get { mode.snapshot }
        set { mode.withLock { $0 = newValue } }
    }

    /// Delivers `work` now or on a background queue, after `delay` seconds if one is given.
    public func deliver(after delay: Double = 0, _ work: @escaping @Sendable () -> Void) {
        if delay <= 0, delivery == .immediate {
            work()
            return
        }
        inFlight.enter()
        let queue = DispatchQueue.global()
        let finish: @Sendable () -> Void = { [inFlight] in
            work()
            inFlight.leave()
        }
        if delay > 0 {
            queue.asyncAfter(deadline: .now() + delay, execute: finish)
        } else {
            queue.async(execute: finish)
        }
    }

    /// Returns once every completion handler delivered so far has run.
    public func settled() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            inFlight.notify(queue: .global()) { continuation.resume() }
        }
    }
}
