@_spi(Generated) import CloudDoubleRuntime
import CloudDoubleTesting
import Testing

/// A store that fails now and then, and an uploader that retries: correct, or dropping an item
/// after its second failure in a row (the bug the trait must find).
enum Uploads {
    static let errorModel = ErrorModel(domain: "CKErrorDomain", catalogue: .cloudKit)
    static let family = FaultPlan {
        FaultRule(.type("Store"), probability: 0.2, latency: FaultLatency(0, jitter: 1), outcome: .fail(codes: [WeightedCode(.trait(.network))], retryAfter: nil))
    }

    static func upload(_ run: ExplorationRun, buggy: Bool) async throws {
        var stored = 0
        for _ in 1...20 {
            var failures = 0
            while true {
                do {
                    try await run.faults.perform("Store", "upload") { () }
                    stored += 1
                    break
                } catch {
                    failures += 1
                    if buggy && failures == 2 { break }
                    if failures == 10 { throw error }
                    try await run.time.sleep(1)
                }
            }
        }
        try run.expect(stored == 20, "stored \(stored) of 20 items")
    }
}

@Suite struct ExploringFaultsTraitTests {
    /// The trait as a user writes it: the test runs once per seed, its run in `current`.
    @Test(.exploringFaults(FaultExploration(seeds: 1...40, plan: Uploads.family, errorModel: Uploads.errorModel)))
    func aCorrectUploaderPassesEverySeed() async throws {
        let run = try #require(ExplorationRun.current)
        try await Uploads.upload(run, buggy: false)
    }

    /// Outside a trait there is no run.
    @Test func thereIsNoRunOutsideTheTrait() {
        #expect(ExplorationRun.current == nil)
    }

    /// The trait's scope runs the body once per seed, each with its own seed, and throws the
    /// report, with the shrunk reproduction, when a seed fails.
    @Test func theScopeRunsEachSeedAndThrowsTheShrunkReport() async throws {
        let trait = ExploringFaultsTrait(FaultExploration(seeds: 1...200, plan: Uploads.family, errorModel: Uploads.errorModel))
        let seeds = Locked<[UInt64]>([])
        let test = try #require(Test.current)
        let report = await #expect(throws: ExplorationReport.self) {
            try await trait.provideScope(for: test, testCase: Test.Case.current) {
                let run = try #require(ExplorationRun.current)
                seeds.withLock { $0.append(run.seed) }
                try await Uploads.upload(run, buggy: true)
            }
        }
        let failure = try #require(report?.failure)
        // Seeds ran in order up to the failing one (then the shrinker's reruns of it).
        #expect(Array(seeds.snapshot.prefix(Int(failure.seed))) == Array(1...failure.seed))
        #expect(failure.isReproducible)
        #expect(failure.minimalFaultCount == 2)
        #expect(report?.reproduction?.contains(".nth(") == true)
    }
}
