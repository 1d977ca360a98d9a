import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import NotesSync
import XCTest

/// The control for the fault-exploration example (`PlantedBugTests`): the same family of fault
/// plans and the same scenario, on the original engine, lose no note over as many seeds.
final class NotesSyncExplorationTests: XCTestCase {
    func testExplorationFindsNoLostNote() async throws {
        let family = FaultPlan {
            FaultRule(
                .type("Database"), probability: 0.1, latency: FaultLatency(0, jitter: 2),
                outcome: .fail(codes: [WeightedCode(.trait(.retryable))], retryAfter: .range(1...5)))
            FaultRule(
                .call(CloudDatabaseCall.modifyRecords), probability: 0.2,
                outcome: .failItems(ItemFailure(.rate(0.1), codes: [WeightedCode(.trait(.retryable))])))
            FaultRule.delay(.type("Database"), probability: 0.2, by: FaultLatency(0.1, jitter: 0.5))
        }
        let report = try await FaultExploration(seeds: 1...40, plan: family, errorModel: .cloudKit).check { run in
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
        XCTAssertEqual(report.seedsRun, 40)
        XCTAssertGreaterThan(report.faultsInjected, 40)
    }
}
