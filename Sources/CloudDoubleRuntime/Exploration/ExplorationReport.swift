/// What an exploration did: how many seeds ran, how long, what was injected, and for a failing
/// seed the failure, the faults of that run, and the shrunk plan as Swift to paste into a test.
/// Thrown by ``FaultExploration/check(_:)``, so a test fails with this text.
public struct ExplorationReport: Error, Sendable, CustomStringConvertible {
    /// A seed under which the scenario failed.
    public struct Failure: Sendable {
        public let seed: UInt64
        /// What the scenario threw.
        public let message: String
        /// Every fault injected in the failing run, in order.
        public let events: [FaultEvent]
        /// Whether the seed failed again with the same faults, and the calls of no run of it
        /// overlapped (not when the scenario's calls race each other, or it reads the wall clock).
        public internal(set) var isReproducible = false
        /// Whether the `async` calls of a run of this seed overlapped in time (one started while
        /// another was in flight): the scenario is concurrent, so the seed is not reproducible by
        /// construction and was not shrunk.
        public internal(set) var callsOverlapped = false
        /// The smallest explicit plan found that still fails; `nil` when the seed did not
        /// reproduce or the failure needs something an explicit plan does not hold.
        public internal(set) var minimal: [ExplicitFault]?
        /// What the scenario threw under the minimal plan (it may differ from ``message``:
        /// any failure counts).
        public internal(set) var minimalMessage: String?
        /// The runs the shrinker made.
        public internal(set) var shrinkRuns = 0
        /// Whether shrinking stopped at ``FaultExploration/shrinkLimit`` rather than when no
        /// step helped: the plan fails, but may not be as small as shrinking could make it.
        public internal(set) var reachedShrinkLimit = false

        init(seed: UInt64, message: String, events: [FaultEvent]) {
            self.seed = seed
            self.message = message
            self.events = events
        }

        /// The minimal plan, as a `FaultPlan` to run again.
        public var minimalPlan: FaultPlan? { minimal.map { FaultPlan($0.map(\.rule)) } }

        /// How many faults the minimal plan injects (one per failed item or dropped element).
        public var minimalFaultCount: Int? { minimal.map { $0.reduce(0) { $0 + $1.weight } } }
    }

    let errorModel: ErrorModel
    /// Seeds run, the failing one included.
    public internal(set) var seedsRun = 0
    /// Wall-clock seconds for the seeds and the shrinking.
    public internal(set) var wallSeconds = 0.0
    /// Virtual seconds the seeds' scenarios waited (backoff, latency), not spent.
    public internal(set) var virtualSeconds = 0.0
    /// Faults injected over every seed run.
    public internal(set) var faultsInjected = 0
    /// The first failing seed, if one failed.
    public internal(set) var failure: Failure?

    init(errorModel: ErrorModel) {
        self.errorModel = errorModel
    }

    /// The reproduction to paste into a test: the seed and the minimal plan, run by
    /// ``FaultExploration/reproduce(seed:plan:_:)`` on the scenario (`scenario` stands for the
    /// body that was explored).
    public var reproduction: String? {
        guard let failure, let minimal = failure.minimal else { return nil }
        var lines = ["try await exploration.reproduce(seed: \(failure.seed), plan: FaultPlan {"]
        lines += minimal.map { "    " + $0.source(names: errorModel) }
        lines.append("}, scenario)")
        return lines.joined(separator: "\n")
    }

    public var description: String {
        let timing =
            "\(seedsRun) seed(s) in \(Self.format(wallSeconds)) s (\(Self.format(virtualSeconds)) virtual s), \(faultsInjected) fault(s) injected"
        guard let failure else { return "Fault exploration passed: \(timing)." }
        var lines = [
            "Fault exploration failed at seed \(failure.seed): \(timing).",
            "Failure: \(failure.message)",
            "Injected in the failing run (\(failure.events.count)):",
        ]
        lines += failure.events.map { "  \($0)" }
        if failure.callsOverlapped {
            lines.append(
                "The scenario's calls overlapped in time (a call started while another was in flight): the order they reach the injector "
                    + "is the scheduler's, so the seed is not reproducible and was not shrunk. Make the calls one after another to shrink it.")
            return lines.joined(separator: "\n")
        }
        guard failure.isReproducible else {
            lines.append(
                "The seed did not fail the same way again: the scenario is not deterministic (concurrent calls, the wall clock?), so it was not shrunk."
            )
            return lines.joined(separator: "\n")
        }
        guard let minimal = failure.minimal, let reproduction else {
            lines.append(
                "Not shrunk: the injected faults as an explicit plan do not fail the scenario; reproduce with the seed and the exploration's plan.")
            return lines.joined(separator: "\n")
        }
        lines.append(
            "Shrunk in \(failure.shrinkRuns) run(s) to \(failure.minimalFaultCount ?? 0) fault(s)"
                + (failure.reachedShrinkLimit ? " (stopped at the run limit):" : ":"))
        lines += minimal.map { "  " + $0.description(names: errorModel) }
        if let message = failure.minimalMessage, message != failure.message { lines.append("Failure under the minimal plan: \(message)") }
        lines.append("Reproduction:")
        lines += reproduction.split(separator: "\n").map { "  " + $0 }
        return lines.joined(separator: "\n")
    }

    private static func format(_ seconds: Double) -> String {
        String((seconds * 100).rounded() / 100)
    }
}
