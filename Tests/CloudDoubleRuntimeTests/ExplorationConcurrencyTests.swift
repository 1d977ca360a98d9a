@_spi(Generated) import CloudDoubleRuntime
import Foundation
import XCTest

/// A toy client that uploads four batches at once (`async let`) and drops a batch whose upload
/// fails twice in a row: the order its calls reach the injector is the scheduler's, so no seed
/// of it is reproducible, whatever a rerun happens to do.
enum BatchUploader {
    static let family = FaultPlan {
        FaultRule(.type("Store"), probability: 0.3, outcome: .fail(codes: [WeightedCode(.trait(.network))], retryAfter: nil))
    }

    static func upload(_ run: ExplorationRun) async throws -> Bool {
        for _ in 1...2 {
            do {
                // A suspension inside the call, as a real request has: other batches' calls start meanwhile.
                try await run.faults.perform("Store", "modifyRecords") { await Task.yield() }
                return true
            } catch {
                try await run.time.sleep(1)
            }
        }
        return false
    }

    static let scenario: FaultExploration.Body = { run in
        async let first = upload(run)
        async let second = upload(run)
        async let third = upload(run)
        async let fourth = upload(run)
        let stored = try await [first, second, third, fourth].filter { $0 }.count
        try run.expect(stored == 4, "stored \(stored) of 4 batches")
    }
}

final class ExplorationConcurrencyTests: XCTestCase {
    /// Sixty explorations, each in its own schedules: every failing seed is reported as
    /// concurrent and none is shrunk as if it were deterministic.
    func testOverlappingCallsAreNeverShrunkAsDeterministic() async throws {
        for start in stride(from: UInt64(1), through: 600, by: 10) {
            let exploration = FaultExploration(seeds: start...(start + 9), plan: BatchUploader.family, errorModel: .cloudKit)
            let report = await exploration.run(BatchUploader.scenario)
            guard let failure = report.failure else { continue }
            XCTAssertTrue(failure.callsOverlapped, "seed \(failure.seed)")
            XCTAssertFalse(failure.isReproducible, "seed \(failure.seed)")
            XCTAssertNil(failure.minimal, "seed \(failure.seed) was shrunk:\n\(report)")
            XCTAssertNil(report.reproduction)
            XCTAssertTrue(report.description.contains("overlapped in time"), report.description)
        }
    }

    /// Calls made one after another never count as overlapping, so a sequential scenario is
    /// still shrunk.
    func testCallsOneAfterAnotherDoNotOverlap() async throws {
        let injector = FaultInjector(errorModel: .cloudKit)
        for _ in 1...3 { try await injector.perform("Store", "modifyRecords") { await Task.yield() } }
        XCTAssertFalse(injector.callsOverlapped)
        async let first: Void = injector.perform("Store", "modifyRecords") { try await Task.sleep(nanoseconds: 20_000_000) }
        async let second: Void = injector.perform("Store", "modifyRecords") { try await Task.sleep(nanoseconds: 20_000_000) }
        _ = try await (first, second)
        XCTAssertTrue(injector.callsOverlapped)
    }
}
