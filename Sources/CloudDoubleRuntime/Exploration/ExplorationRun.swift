/// What one run of an exploration gives its body: the seed, a virtual clock and a fault
/// injector under that seed's plan. The body builds its doubles with them (the injector in its
/// fault-injecting wrappers, the clock's ``time`` in the app and the injector), runs the
/// scenario, and throws when the app misbehaves.
public struct ExplorationRun: Sendable {
    /// The seed of this run: of the injector's draws, and of ``random``.
    public let seed: UInt64
    /// The run's clock: backoff and injected latency take no wall time.
    public let clock: VirtualClock
    /// The run's fault engine, under the seed's plan (or a reproduction's explicit plan).
    public let faults: FaultInjector
    /// A source seeded by the run's seed, for the app's own draws (backoff jitter), so the app
    /// is as reproducible as the faults. Its sequence is not the injector's.
    public let random: RandomSource

    /// The run the current task belongs to, when a test runs under an exploration trait
    /// (`.exploringFaults` in CloudDoubleTesting); `nil` elsewhere.
    @TaskLocal public static var current: ExplorationRun?

    /// The clock as a ``TimeSource``, for the app and for anything else that waits.
    public var time: TimeSource { clock.timeSource }

    init(seed: UInt64, plan: FaultPlan, errorModel: ErrorModel) {
        self.seed = seed
        clock = VirtualClock()
        faults = FaultInjector(plan: plan, seed: seed, errorModel: errorModel, time: clock.timeSource)
        // Another stream than the injector's (SplitMix64 seeds next to each other are unrelated).
        random = RandomSource(seed: ~seed)
    }

    /// Throws an ``ExplorationFailure`` with `message` unless `condition` holds: how a body says
    /// the app misbehaved. (A `#expect` or `XCTAssert` inside the body would fail the test
    /// itself on every run the shrinker makes; a thrown error is what exploration sees.)
    public func expect(
        _ condition: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "", file: StaticString = #fileID, line: UInt = #line
    ) throws {
        guard try condition() else { throw ExplorationFailure(message: message(), file: "\(file)", line: line) }
    }
}

/// A broken expectation of an exploration's body (``ExplorationRun/expect(_:_:file:line:)``).
public struct ExplorationFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String
    public let file: String
    public let line: UInt

    public init(message: String, file: String = #fileID, line: UInt = #line) {
        self.message = message
        self.file = file
        self.line = line
    }

    public var description: String {
        "\(file):\(line): expectation failed" + (message.isEmpty ? "" : ": \(message)")
    }
}
