import Dispatch
import Foundation

/// Time as the runtime sees it: what time it is, how to wait in async code, and how to run a
/// block later for completion handlers. Injected, so tests run on a ``VirtualClock`` instantly
/// and can assert the delays that were asked for.
public struct TimeSource: Sendable {
    /// Seconds since an arbitrary origin.
    public var now: @Sendable () -> Double
    /// Suspends for the given seconds; throws `CancellationError` when the task is cancelled.
    public var sleep: @Sendable (Double) async throws -> Void
    /// Runs the block after the given seconds, on a background queue.
    public var schedule: @Sendable (Double, @escaping @Sendable () -> Void) -> Void

    public init(
        now: @escaping @Sendable () -> Double, sleep: @escaping @Sendable (Double) async throws -> Void,
        schedule: @escaping @Sendable (Double, @escaping @Sendable () -> Void) -> Void
    ) {
        self.now = now
        self.sleep = sleep
        self.schedule = schedule
    }

    /// The wall clock.
    public static let system = TimeSource(
        now: { ProcessInfo.processInfo.systemUptime },
        sleep: { seconds in
            guard seconds > 0 else { return try Task.checkCancellation() }
            try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
        },
        schedule: { seconds, work in
            DispatchQueue.global().asyncAfter(deadline: .now() + max(0, seconds), execute: work)
        })
}

/// A clock that never waits: sleeping moves its time forward at once and records the delay.
/// Scheduled blocks run (asynchronously) at once, with the time moved forward too.
public final class VirtualClock: Sendable {
    private struct State {
        var now: Double = 0
        var delays: [Double] = []
    }

    private let state = Locked(State())

    public init() {}

    /// The virtual time: the sum of every delay asked for so far.
    public var now: Double { state.withLock { $0.now } }

    /// Every delay asked for, in order.
    public var delays: [Double] { state.withLock { $0.delays } }

    public func advance(by seconds: Double) {
        state.withLock {
            $0.now += max(0, seconds)
            $0.delays.append(seconds)
        }
    }

    /// This clock as a ``TimeSource``.
    public var timeSource: TimeSource {
        TimeSource(
            now: { [self] in now },
            sleep: { [self] seconds in
                try Task.checkCancellation()
                advance(by: seconds)
            },
            schedule: { [self] seconds, work in
                advance(by: seconds)
                DispatchQueue.global().async(execute: work)
            })
    }
}
