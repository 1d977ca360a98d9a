import Dispatch
import Foundation

/// Runs a scenario once per seed under a family of fault plans, on a virtual clock, until a seed
/// makes it fail; then shrinks that failure to a smallest explicit plan that still fails and
/// writes it as Swift a test can paste (``ExplorationReport``).
///
/// The family is usually one plan of rates (`probability`, item `rate`, codes by trait, latency
/// with jitter): each seed draws a different schedule of faults from it. Same seed, same plan,
/// same code: same run, as long as the scenario makes its calls one after another. Calls made
/// concurrently reach the injector in an order the scheduler picks: when any run of the failing
/// seed has `async` calls that overlap in time (``FaultInjector/callsOverlapped``), the report
/// says the scenario is concurrent and does not shrink it; it also says when the failing seed
/// did not fail again the same way.
///
/// Seeds run ``parallelism`` at a time (each with its own clock and injector, so the scenario
/// must build its own doubles, as above); their outcomes are taken in seed order, so the report
/// is the one a run of one seed after another gives: the lowest failing seed, and the seeds
/// before it counted. Seeds already started above a failing one finish and are not counted.
///
/// ```swift
/// let exploration = FaultExploration(seeds: 1...200, plan: family, errorModel: .cloudKit)
/// try await exploration.check { run in
///     let database = FaultInjectingCloudDatabase(wrapping: cloud.mockDatabase(), faults: run.faults)
///     …
///     try run.expect(server == local, "a note was lost")
/// }
/// ```
public struct FaultExploration: Sendable {
    /// A scenario: builds the app on the run's injector and clock, throws when it misbehaves.
    public typealias Body = @Sendable (ExplorationRun) async throws -> Void

    /// The seeds to run, in order.
    public var seeds: ClosedRange<UInt64>
    /// The plan each seed runs under.
    public var family: @Sendable (UInt64) -> FaultPlan
    /// The error model the injector builds errors with and the reproduction names codes by.
    public var errorModel: ErrorModel
    /// At most this many runs are spent shrinking a failure.
    public var shrinkLimit: Int
    /// How many seeds run at once: the machine's active processors unless set (1 runs them one
    /// after another). Shrinking runs one at a time.
    public var parallelism = ProcessInfo.processInfo.activeProcessorCount

    /// Every seed runs under `plan`.
    public init(seeds: ClosedRange<UInt64> = 1...200, plan: FaultPlan, errorModel: ErrorModel, shrinkLimit: Int = 400) {
        self.init(seeds: seeds, errorModel: errorModel, shrinkLimit: shrinkLimit) { _ in plan }
    }

    /// Each seed runs under the plan `family` gives it (to vary rates or codes by seed).
    public init(
        seeds: ClosedRange<UInt64> = 1...200, errorModel: ErrorModel, shrinkLimit: Int = 400, family: @escaping @Sendable (UInt64) -> FaultPlan
    ) {
        self.seeds = seeds
        self.family = family
        self.errorModel = errorModel
        self.shrinkLimit = shrinkLimit
    }

    /// Runs `body` for each seed until one fails, shrinks the failure, and returns the report.
    public func run(_ body: @escaping Body) async -> ExplorationReport {
        let started = DispatchTime.now().uptimeNanoseconds
        var report = ExplorationReport(errorModel: errorModel)
        let errorModel = self.errorModel
        var failing: (seed: UInt64, plan: FaultPlan, outcome: Outcome)?
        await withTaskGroup(of: (seed: UInt64, outcome: Outcome).self) { group in
            var unstarted = seeds.makeIterator()
            var launched: [(seed: UInt64, plan: FaultPlan)] = []
            var finished: [UInt64: Outcome] = [:]
            func start() {
                guard let seed = unstarted.next() else { return }
                let plan = family(seed)
                launched.append((seed, plan))
                group.addTask { (seed, await Self.once(seed: seed, plan: plan, errorModel: errorModel, body)) }
            }
            for _ in 0..<max(1, parallelism) { start() }
            var counted = 0
            while let (seed, outcome) = await group.next() {
                finished[seed] = outcome
                // In seed order: a seed counts only once every seed before it has.
                while counted < launched.count, let outcome = finished.removeValue(forKey: launched[counted].seed) {
                    let (seed, plan) = launched[counted]
                    counted += 1
                    report.seedsRun += 1
                    report.faultsInjected += outcome.events.count
                    report.virtualSeconds += outcome.virtualSeconds
                    if outcome.failure != nil {
                        failing = (seed, plan, outcome)
                        break
                    }
                }
                if failing != nil { break }  // the seeds still running finish uncounted
                start()
            }
        }
        if let failing, let message = failing.outcome.failure {
            report.failure = await examine(seed: failing.seed, plan: failing.plan, first: failing.outcome, message: message, body)
        }
        report.wallSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return report
    }

    /// Runs `body` for each seed and throws the report when one fails: the helper for an XCTest
    /// `func test…() async throws` and a Swift Testing `@Test`, which fail with its text.
    @discardableResult
    public func check(_ body: @escaping Body) async throws -> ExplorationReport {
        let report = await run(body)
        if report.failure != nil { throw report }
        return report
    }

    /// Runs `body` once under `seed` and `plan`, and throws what it throws: a reproduction, as
    /// a report prints it.
    public func reproduce(seed: UInt64, plan: FaultPlan, _ body: @escaping Body) async throws {
        try await body(ExplorationRun(seed: seed, plan: plan, errorModel: errorModel))
    }

    // MARK: One run

    struct Outcome: Sendable {
        /// What the body threw, as the report prints it; `nil` when it passed.
        var failure: String?
        var events: [FaultEvent]
        var virtualSeconds: Double
        /// Whether the run's `async` calls overlapped in time.
        var callsOverlapped: Bool
    }

    static func once(seed: UInt64, plan: FaultPlan, errorModel: ErrorModel, _ body: Body) async -> Outcome {
        let run = ExplorationRun(seed: seed, plan: plan, errorModel: errorModel)
        var failure: String?
        do { try await body(run) } catch { failure = "\(error)" }
        return Outcome(failure: failure, events: run.faults.events, virtualSeconds: run.clock.now, callsOverlapped: run.faults.callsOverlapped)
    }

    // MARK: A failing seed

    /// Checks the failure comes back, and that the calls of neither run overlapped, then shrinks
    /// it; a shrinking run whose calls overlap stops the shrinking, and the seed is reported as
    /// concurrent.
    private func examine(seed: UInt64, plan: FaultPlan, first: Outcome, message: String, _ body: @escaping Body) async -> ExplorationReport.Failure {
        var failure = ExplorationReport.Failure(seed: seed, message: message, events: first.events)
        let again = await Self.once(seed: seed, plan: plan, errorModel: errorModel, body)
        failure.callsOverlapped = first.callsOverlapped || again.callsOverlapped
        failure.isReproducible = !failure.callsOverlapped && again.failure != nil && again.events == first.events
        guard failure.isReproducible else { return failure }
        let faults = first.events.compactMap { event in
            ExplicitFault(event, rule: plan.rules.indices.contains(event.rule) ? plan.rules[event.rule] : nil)
        }
        var shrinker = Shrinker(seed: seed, errorModel: errorModel, limit: shrinkLimit, body: body)
        let minimal = await shrinker.shrink(faults)
        failure.shrinkRuns = shrinker.runs
        if shrinker.callsOverlapped {
            failure.callsOverlapped = true
            failure.isReproducible = false
            return failure
        }
        if let minimal {
            failure.minimal = minimal.faults
            failure.minimalMessage = minimal.message
        }
        failure.reachedShrinkLimit = shrinker.runs >= shrinkLimit
        return failure
    }
}
