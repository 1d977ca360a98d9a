import Dispatch

/// Runs a scenario once per seed under a family of fault plans, on a virtual clock, until a seed
/// makes it fail; then shrinks that failure to a smallest explicit plan that still fails and
/// writes it as Swift a test can paste (``ExplorationReport``).
///
/// The family is usually one plan of rates (`probability`, item `rate`, codes by trait, latency
/// with jitter): each seed draws a different schedule of faults from it. Same seed, same plan,
/// same code: same run, as long as the scenario makes its calls one after another (calls made
/// concurrently reach the injector in an order the scheduler picks; the report says when the
/// failing seed did not fail again).
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
        for seed in seeds {
            let plan = family(seed)
            let outcome = await Self.once(seed: seed, plan: plan, errorModel: errorModel, body)
            report.seedsRun += 1
            report.faultsInjected += outcome.events.count
            report.virtualSeconds += outcome.virtualSeconds
            if let error = outcome.error {
                report.failure = await examine(seed: seed, plan: plan, first: outcome, error: error, body)
                break
            }
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

    struct Outcome {
        var error: (any Error)?
        var events: [FaultEvent]
        var virtualSeconds: Double
    }

    static func once(seed: UInt64, plan: FaultPlan, errorModel: ErrorModel, _ body: Body) async -> Outcome {
        let run = ExplorationRun(seed: seed, plan: plan, errorModel: errorModel)
        var error: (any Error)?
        do { try await body(run) } catch let thrown { error = thrown }
        return Outcome(error: error, events: run.faults.events, virtualSeconds: run.clock.now)
    }

    // MARK: A failing seed

    /// Checks the failure comes back, then shrinks it.
    private func examine(seed: UInt64, plan: FaultPlan, first: Outcome, error: any Error, _ body: @escaping Body) async -> ExplorationReport.Failure {
        var failure = ExplorationReport.Failure(seed: seed, message: "\(error)", events: first.events)
        let again = await Self.once(seed: seed, plan: plan, errorModel: errorModel, body)
        failure.isReproducible = again.error != nil && again.events == first.events
        guard failure.isReproducible else { return failure }
        let faults = first.events.compactMap { event in
            ExplicitFault(event, rule: plan.rules.indices.contains(event.rule) ? plan.rules[event.rule] : nil)
        }
        var shrinker = Shrinker(seed: seed, errorModel: errorModel, limit: shrinkLimit, body: body)
        if let minimal = await shrinker.shrink(faults) {
            failure.minimal = minimal.faults
            failure.minimalMessage = minimal.message
        }
        failure.shrinkRuns = shrinker.runs
        failure.reachedShrinkLimit = shrinker.runs >= shrinkLimit
        return failure
    }
}
