import CloudDoubleRuntime
import CloudDoubleTesting
import Testing

/// The trait over `Uploader` (ExplorationTests.swift): a correct uploader, and one that drops an
/// item after its second failure in a row.
@Suite struct ExploringFaultsTraitTests {
    /// The trait as a user writes it: the test runs once per seed, its run in `current`.
    @Test(.exploringFaults(FaultExploration(seeds: 1...40, plan: Uploader.family, errorModel: .cloudKit)))
    func aCorrectUploaderPassesEverySeed() async throws {
        let run = try #require(ExplorationRun.current)
        try await Uploader.scenario(buggy: false)(run)
    }

    /// Outside a trait there is no run.
    @Test func thereIsNoRunOutsideTheTrait() {
        #expect(ExplorationRun.current == nil)
    }

    /// The trait's scope runs the body once per seed, each with its own seed, and throws the
    /// report, with the shrunk reproduction, when a seed fails.
    @Test func theScopeRunsEachSeedAndThrowsTheShrunkReport() async throws {
        let trait = ExploringFaultsTrait(FaultExploration(seeds: 1...200, plan: Uploader.family, errorModel: .cloudKit))
        let seeds = Locked<[UInt64]>([])
        let test = try #require(Test.current)
        let report = await #expect(throws: ExplorationReport.self) {
            try await trait.provideScope(for: test, testCase: Test.Case.current) {
                let run = try #require(ExplorationRun.current)
                seeds.withLock { $0.append(run.seed) }
                try await Uploader.scenario(buggy: true)(run)
            }
        }
        let failure = try #require(report?.failure)
        // Every seed up to the failing one ran (seeds run at once, so not necessarily in order;
        // then the shrinker's reruns of it).
        #expect(Set(1...failure.seed).isSubset(of: Set(seeds.snapshot)))
        #expect(failure.isReproducible)
        #expect(failure.minimalFaultCount == 2)
        #expect(report?.reproduction?.contains(".nth(") == true)
    }
}
