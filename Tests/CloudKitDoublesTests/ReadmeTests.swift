import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import Testing
import XCTest

// The README's first test, as it is printed there (Swift Testing, then the XCTest variant), with
// the app code it tests: if this file stops compiling or passing, the README is wrong.

/// App code, written against the protocols: backs three notes up into their own zone, retrying
/// what CloudKit says is worth retrying.
struct Backup {
    let database: any CloudDatabase
    let zoneID = CKRecordZone.ID(zoneName: "Backup")
    var time: TimeSource = .system

    func run() async throws {
        let policy = RetryPolicy(maxAttempts: 8, errorModel: ErrorModel.cloudKit)
        _ = try await retrying(policy, time: time) { _ in try await database.save(CKRecordZone(zoneID: zoneID)) }
        let notes = (1...3).map { CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "note-\($0)", zoneID: zoneID)) }
        for note in notes {
            _ = try await retrying(policy, time: time) { _ in try await database.save(note) }
        }
    }
}

@Test func backupSurvivesAFlakyNetwork() async throws {
    let cloud = InMemoryCloudKit()  // no stubs: it behaves like CloudKit
    let clock = VirtualClock()  // latency and backoff take no time
    let database = FaultInjectingCloudDatabase(
        wrapping: cloud.mockDatabase(), plan: .flakyNetwork(failureRate: 0.3), seed: 7, time: clock.timeSource)
    let backup = Backup(database: database, time: clock.timeSource)
    try await backup.run()
    #expect(cloud.privateDatabase.records(in: backup.zoneID).count == 3)
    #expect(!database.faults.events.isEmpty)  // what was injected, in order
}

final class BackupTests: XCTestCase {
    func testBackupSurvivesAFlakyNetwork() async throws {
        let cloud = InMemoryCloudKit()
        let clock = VirtualClock()
        let database = FaultInjectingCloudDatabase(
            wrapping: cloud.mockDatabase(), plan: .flakyNetwork(failureRate: 0.3), seed: 7, time: clock.timeSource)
        let backup = Backup(database: database, time: clock.timeSource)
        try await backup.run()
        XCTAssertEqual(cloud.privateDatabase.records(in: backup.zoneID).count, 3)
        XCTAssertFalse(database.faults.events.isEmpty)
    }
}
