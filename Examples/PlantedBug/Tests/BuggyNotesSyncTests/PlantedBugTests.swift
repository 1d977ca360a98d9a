import BuggyNotesSync
import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// The fault-exploration worked example (docs/FaultExploration.md): seeds are run under a family
/// of fault plans until one loses a note in the engine with the planted bug, and the failure is
/// shrunk to an explicit plan of at most three faults. `NotesSyncTests` runs the same scenario
/// on the original engine, which loses nothing.
final class PlantedBugTests: XCTestCase {
    /// The family: a share of calls fail with a retryable code after some latency, a share of
    /// batches fail some items with a retryable code, some calls are only slow.
    static let family = FaultPlan {
        FaultRule(
            .type("Database"), probability: 0.1, latency: FaultLatency(0, jitter: 2),
            outcome: .fail(codes: [WeightedCode(.trait(.retryable))], retryAfter: .range(1...5)))
        FaultRule(
            .call(CloudDatabaseCall.modifyRecords), probability: 0.2,
            outcome: .failItems(ItemFailure(.rate(0.1), codes: [WeightedCode(.trait(.retryable))])))
        FaultRule.delay(.type("Database"), probability: 0.2, by: FaultLatency(0.1, jitter: 0.5))
    }

    let exploration = FaultExploration(seeds: 1...200, plan: family, errorModel: .cloudKit)

    /// Ten notes are synced until nothing is pending (or twenty syncs have passed); a note that
    /// is no longer pending must be on the server with its text.
    let scenario: FaultExploration.Body = { run in
        let cloud = InMemoryCloudKit()
        let database = FaultInjectingCloudDatabase(wrapping: cloud.mockDatabase(), faults: run.faults)
        let phone = NotesSyncEngine(database: database, time: run.time, random: run.random)
        for id in 1...10 {
            await phone.save(Note(id: "note-\(id)", text: "text \(id)", modified: Date(timeIntervalSince1970: 1_700_000_000 + Double(id))))
        }
        for _ in 0..<20 {
            try? await phone.sync()
            if await phone.isUpToDate { break }
        }
        let local = await phone.notes
        let pending = await phone.pendingSaves
        let server = Dictionary(
            uniqueKeysWithValues: cloud.privateDatabase.records(in: phone.zoneID).map { ($0.recordID.recordName, $0["text"] as? String) })
        for (id, note) in local.sorted(by: { $0.key < $1.key }) where !pending.contains(id) {
            try run.expect(server[id] == note.text, "\(id) is saved on the device but not on the server")
        }
    }

    func testExplorationFindsThePlantedBugAndShrinksIt() async throws {
        let report = await exploration.run(scenario)
        print(report)
        let failure = try XCTUnwrap(report.failure, "the planted bug was not found in \(report.seedsRun) seeds")
        XCTAssertLessThanOrEqual(report.seedsRun, 200)
        XCTAssertTrue(failure.isReproducible)
        let count = try XCTUnwrap(failure.minimalFaultCount, "not shrunk")
        XCTAssertGreaterThan(count, 0)
        XCTAssertLessThanOrEqual(count, 3)
        XCTAssertLessThan(count, failure.events.count, "shrinking dropped faults")

        // The minimal plan fails the scenario again, with no other fault.
        let plan = try XCTUnwrap(failure.minimalPlan)
        do {
            try await exploration.reproduce(seed: failure.seed, plan: plan, scenario)
            XCTFail("the minimal plan did not fail the scenario")
        } catch is ExplorationFailure {}
        // check throws the same report.
        do {
            try await FaultExploration(seeds: failure.seed...failure.seed, plan: Self.family, errorModel: .cloudKit).check(scenario)
            XCTFail("check did not throw")
        } catch let thrown as ExplorationReport {
            XCTAssertEqual(thrown.failure?.seed, failure.seed)
        }
    }

    /// The reproduction the exploration printed (docs/FaultExploration.md), pasted as it is:
    /// it fails until the bug is fixed.
    func testTheReproductionAsPrinted() async throws {
        let exploration = self.exploration
        let scenario = self.scenario
        do {
            try await exploration.reproduce(
                seed: 4,
                plan: FaultPlan {
                    FaultRule.failItems(
                        .named("modifyRecords", type: "Database", form: .async), on: .nth(1), keys: ["Notes/note-9": "serverResponseLost"])
                }, scenario)
            XCTFail("the reproduction passed")
        } catch let failure as ExplorationFailure {
            XCTAssertEqual(failure.message, "note-9 is saved on the device but not on the server")
        }
    }
}
