import CloudDoubleRuntime
import Testing

/// Exploration from Swift Testing: `check` throws the report, so the `@Test` fails with it; no
/// trait or extra dependency is needed.
@Suite struct ExplorationSwiftTestingTests {
    let exploration = FaultExploration(seeds: 1...50, plan: Uploader.family, errorModel: .cloudKit)

    @Test func aCorrectAppPasses() async throws {
        let report = try await exploration.check(Uploader.scenario(buggy: false))
        #expect(report.seedsRun == 50)
    }

    @Test func aBuggyAppFailsTheTestWithTheReproduction() async throws {
        let error = await #expect(throws: ExplorationReport.self) {
            try await exploration.check(Uploader.scenario(buggy: true))
        }
        #expect(error?.reproduction?.contains(".nth(") == true)
    }
}
