@_spi(Generated) import CloudDoubleRuntime
import Foundation
import XCTest

/// A toy app for the exploration engine: it uploads twenty items, one call each, retrying a
/// failed upload. With `buggy`, an item whose upload fails twice in a row is silently dropped.
enum Uploader {
    static let family = FaultPlan {
        FaultRule(
            .type("Store"), probability: 0.2, latency: FaultLatency(0, jitter: 1),
            outcome: .fail(codes: [WeightedCode(.trait(.network))], retryAfter: nil))
        FaultRule.delay(.type("Store"), probability: 0.1, by: FaultLatency(0.5))
    }

    static func scenario(buggy: Bool) -> FaultExploration.Body {
        { run in
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
}

final class ExplorationTests: XCTestCase {
    let exploration = FaultExploration(seeds: 1...100, plan: Uploader.family, errorModel: .cloudKit)

    func testFindsTheBugAndShrinksItToTheTwoFailuresInARow() async throws {
        let report = await exploration.run(Uploader.scenario(buggy: true))
        let failure = try XCTUnwrap(report.failure)
        XCTAssertEqual(report.seedsRun, Int(failure.seed))
        XCTAssertTrue(failure.isReproducible)
        XCTAssertGreaterThan(failure.events.count, 2)
        let minimal = try XCTUnwrap(failure.minimal)
        XCTAssertEqual(minimal.count, 2, "\(report)")
        guard minimal.count == 2 else { return }
        XCTAssertEqual(minimal[1].callNumber, minimal[0].callNumber + 1, "two failures of one item's upload in a row")
        XCTAssertEqual(minimal.map(\.latency), [0, 0], "latency the failure does not need is dropped")
        XCTAssertEqual(failure.minimalMessage, failure.message)

        // The reproduction names the calls and codes as a test writes them, and its plan fails again.
        let reproduction = try XCTUnwrap(report.reproduction)
        let lines = reproduction.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "try await exploration.reproduce(seed: \(failure.seed), plan: FaultPlan {")
        XCTAssertEqual(lines.last, "}, scenario)")
        for (line, fault) in zip(lines.dropFirst().dropLast(), minimal) {
            guard case .fail(let raw, nil) = fault.effect, let name = ErrorCatalogue.cloudKit[raw]?.name else { return XCTFail("\(fault)") }
            XCTAssertEqual(
                line, "    FaultRule.fail(.named(\"upload\", type: \"Store\", form: .async), on: .nth(\(fault.callNumber)), with: \"\(name)\")")
        }
        XCTAssertTrue(report.description.contains(reproduction.split(separator: "\n")[1]), report.description)
        do {
            try await exploration.reproduce(seed: failure.seed, plan: try XCTUnwrap(failure.minimalPlan), Uploader.scenario(buggy: true))
            XCTFail("the minimal plan passed")
        } catch let error as ExplorationFailure {
            XCTAssertEqual(error.message, "stored 19 of 20 items")
        }
    }

    func testTheSameSeedsGiveTheSameReport() async throws {
        let first = await exploration.run(Uploader.scenario(buggy: true))
        let second = await exploration.run(Uploader.scenario(buggy: true))
        XCTAssertEqual(first.seedsRun, second.seedsRun)
        XCTAssertEqual(first.faultsInjected, second.faultsInjected)
        XCTAssertEqual(first.virtualSeconds, second.virtualSeconds)
        XCTAssertEqual(first.failure?.events, second.failure?.events)
        XCTAssertEqual(first.failure?.minimal, second.failure?.minimal)
        XCTAssertEqual(first.reproduction, second.reproduction)
    }

    func testACorrectAppPassesEverySeedAndTheReportSaysWhatRan() async {
        let report = await exploration.run(Uploader.scenario(buggy: false))
        XCTAssertNil(report.failure)
        XCTAssertEqual(report.seedsRun, 100)
        XCTAssertGreaterThan(report.faultsInjected, 100)
        XCTAssertGreaterThan(report.virtualSeconds, 0)
        XCTAssertTrue(report.description.hasPrefix("Fault exploration passed: 100 seed(s) in "), report.description)
        XCTAssertTrue(report.description.contains("\(report.faultsInjected) fault(s) injected"))
    }

    func testAFailureThatNeedsNoFaultShrinksToAnEmptyPlan() async throws {
        let report = await exploration.run { run in
            try await run.faults.perform("Store", "upload") { () }
            try run.expect(false, "always")
        }
        let failure = try XCTUnwrap(report.failure)
        XCTAssertEqual(failure.seed, 1)
        XCTAssertEqual(failure.minimal, [])
        XCTAssertEqual(report.reproduction, "try await exploration.reproduce(seed: 1, plan: FaultPlan {\n}, scenario)")
    }

    func testASeedThatDoesNotFailAgainIsReportedAndNotShrunk() async throws {
        let runs = Locked(0)
        var oneAtATime = exploration
        oneAtATime.parallelism = 1  // the runs share a counter, so they must take turns
        let report = await oneAtATime.run { run in
            try await run.faults.perform("Store", "upload") { () }
            let first = runs.withLock { count -> Bool in
                count += 1
                return count == 3
            }
            try run.expect(!first, "only the third run fails")
        }
        let failure = try XCTUnwrap(report.failure)
        XCTAssertEqual(failure.seed, 3)
        XCTAssertFalse(failure.isReproducible)
        XCTAssertNil(failure.minimal)
        XCTAssertNil(report.reproduction)
        XCTAssertTrue(report.description.contains("not deterministic"), report.description)
    }

    /// Seeds run at once, each on its own clock and injector, yet the report is the one a run of
    /// one seed after another gives: the lowest failing seed and the seeds up to it, even when
    /// a higher seed fails first.
    func testSeedsRunAtOnceAndTheLowestFailingSeedIsReported() async throws {
        var parallel = FaultExploration(seeds: 1...8, plan: Uploader.family, errorModel: .cloudKit)
        parallel.parallelism = 2
        let seedFourFailed = Locked(false)
        let report = await parallel.run { run in
            switch run.seed {
            case 3:
                // Fails only once seed 4 has failed: run one after the other, it would wait alone.
                let deadline = Date().addingTimeInterval(10)
                while !seedFourFailed.snapshot {
                    if Date() > deadline { throw ExplorationFailure(message: "seed 3 ran alone") }
                    try await Task.sleep(nanoseconds: 1_000_000)
                }
                throw ExplorationFailure(message: "seed 3 failed after seed 4")
            case 4:
                seedFourFailed.withLock { $0 = true }
                throw ExplorationFailure(message: "seed 4 failed")
            default:
                try await Uploader.scenario(buggy: false)(run)
            }
        }
        let failure = try XCTUnwrap(report.failure)
        XCTAssertEqual(failure.seed, 3)
        XCTAssertTrue(failure.message.hasSuffix("seed 3 failed after seed 4"), failure.message)
        XCTAssertEqual(report.seedsRun, 3, "seed 4 ran, but after the failing seed: not counted")
        var oneAtATime = exploration
        var several = exploration
        oneAtATime.parallelism = 1
        several.parallelism = 3
        let sequential = await oneAtATime.run(Uploader.scenario(buggy: true))
        let concurrent = await several.run(Uploader.scenario(buggy: true))
        XCTAssertNotNil(sequential.failure)
        XCTAssertEqual(concurrent.seedsRun, sequential.seedsRun)
        XCTAssertEqual(concurrent.faultsInjected, sequential.faultsInjected)
        XCTAssertEqual(concurrent.virtualSeconds, sequential.virtualSeconds)
        XCTAssertEqual(concurrent.failure?.seed, sequential.failure?.seed)
        XCTAssertEqual(concurrent.reproduction, sequential.reproduction)
    }

    func testShrinkingStopsAtItsRunLimitAndSaysSo() async throws {
        var limited = exploration
        limited.shrinkLimit = 3
        let report = await limited.run(Uploader.scenario(buggy: true))
        let failure = try XCTUnwrap(report.failure)
        XCTAssertTrue(failure.reachedShrinkLimit)
        XCTAssertEqual(failure.shrinkRuns, 3)
        XCTAssertNotNil(failure.minimal, "what it has is still a failing plan")
        XCTAssertTrue(report.description.contains("(stopped at the run limit)"), report.description)
        let full = await exploration.run(Uploader.scenario(buggy: true))
        XCTAssertEqual(full.failure?.reachedShrinkLimit, false)
    }

    /// `check`, the XCTest helper: throws the report, so the test fails with its text.
    func testCheckThrowsTheReport() async throws {
        try await exploration.check(Uploader.scenario(buggy: false))
        do {
            try await exploration.check(Uploader.scenario(buggy: true))
            XCTFail("check passed a failing exploration")
        } catch let report as ExplorationReport {
            XCTAssertNotNil(report.failure?.minimal)
            XCTAssertTrue("\(report)".contains("Reproduction:"))
        }
    }
}
