import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// How a send ends when changes fail, after Apple's sample tests (apple/sample-cloudkit-sync-engine,
/// Tests/SyncTests.swift, run against the real engine) and the doc comment of
/// `CKSyncEngine.State.pendingRecordZoneChanges`.
final class SyncEngineSendingTests: XCTestCase, SyncEngineTestSupport {
    let zone = CKRecordZone.ID(zoneName: "Notes")
    let clock = VirtualClock()

    /// Apple's sample tests expect `sendChanges()` to throw after a `serverRecordChanged` on the
    /// losing device, and that device to hold 1 pending change afterwards: the change its
    /// delegate added again is not sent in the same call.
    func testAConflictMakesSendChangesThrowAndWhatTheAppAddsAgainWaitsForTheNextCall() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        let stored = cloud.privateDatabase.seed([record("a", "base")])
        cloud.privateDatabase.modifyFromAnotherDevice(stored[0].recordID) { $0["text"] = "theirs" }
        let delegate = RecordingSyncDelegate(addsFailuresAgain: true)
        let engine = engine(cloud, delegate)
        let ours = stored[0]
        ours["text"] = "ours"
        delegate.put(ours)
        engine.state.add(pendingRecordZoneChanges: [.saveRecord(ours.recordID)])

        let thrown = await sendFailure(engine)
        XCTAssertEqual((thrown?.partialErrorsByItemID?[ours.recordID] as? CKError)?.code, .serverRecordChanged)
        XCTAssertEqual(delegate.sent().count, 1, "not sent again in the same call")
        XCTAssertEqual(engine.state.pendingRecordZoneChanges.count, 1)
        XCTAssertEqual(delegate.steps.last, "didSendChanges", "one didSendChanges for every willSendChanges")

        // The app merges: it saves on top of the server's record at the next call.
        let server = try XCTUnwrap(thrown?.partialErrorsByItemID?[ours.recordID] as? CKError).serverRecord
        let merged = try XCTUnwrap(server)
        merged["text"] = "merged"
        delegate.put(merged)
        try await engine.sendChanges()
        XCTAssertEqual(engine.state.pendingRecordZoneChanges, [])
        XCTAssertEqual(cloud.privateDatabase.records(in: zone).first?["text"] as? String, "merged")
    }

    /// A database change the app must handle ends the send the same way: the zone's failure is in
    /// `sentDatabaseChanges`, `sendChanges()` throws, and no record batch is asked for.
    func testAZoneSaveTheAppMustHandleEndsTheSend() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        let faulty = FaultInjectingCloudDatabase(
            wrapping: cloud.mockDatabase(),
            plan: FaultPlan {
                FaultRule.fail(.call(CloudDatabaseCall.modifyRecordZones), on: .first(1), with: "quotaExceeded")
            }, seed: 1, time: clock.timeSource)
        let delegate = RecordingSyncDelegate()
        let engine = engine(cloud, delegate, database: faulty)
        delegate.put(record("a", "1"))
        engine.state.add(pendingDatabaseChanges: [.saveZone(CKRecordZone(zoneID: zone))])
        engine.state.add(pendingRecordZoneChanges: [.saveRecord(CKRecord.ID(recordName: "a", zoneID: zone))])

        let thrown = await sendFailure(engine)
        XCTAssertEqual(thrown?.code, .quotaExceeded, "the whole request failed: its error")
        XCTAssertEqual(delegate.steps.filter { $0.hasPrefix("sent") }, ["sentDatabaseChanges"])
        XCTAssertEqual(engine.state.pendingDatabaseChanges, [], "the app's to handle")
        XCTAssertEqual(engine.state.pendingRecordZoneChanges.count, 1, "not asked for in this call")
    }

    /// CKSyncEngine.State: "If it fails to send a change due to some retryable error (e.g. a
    /// network failure), it will keep that change in this list." `serverResponseLost` is
    /// retryable in the error catalogue but not among the codes the engine handles itself: the
    /// change stays pending, the send throws, the next call sends it.
    func testAChangeThatFailedWithServerResponseLostStaysPendingAndIsSentNextTime() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        cloud.privateDatabase.seed(zones: [CKRecordZone(zoneID: zone)])
        let lost = CKRecord.ID(recordName: "b", zoneID: zone)
        let faulty = FaultInjectingCloudDatabase(
            wrapping: cloud.mockDatabase(),
            plan: FaultPlan {
                FaultRule.failItems(.call(CloudDatabaseCall.modifyRecords), on: .first(1), [lost], with: "serverResponseLost")
            }, seed: 1, time: clock.timeSource)
        let delegate = RecordingSyncDelegate()
        let engine = engine(cloud, delegate, database: faulty)
        [record("a", "1"), record("b", "2")].forEach(delegate.put)
        engine.state.add(pendingRecordZoneChanges: ["a", "b"].map { .saveRecord(CKRecord.ID(recordName: $0, zoneID: zone)) })

        let thrown = await sendFailure(engine)
        XCTAssertEqual((thrown?.partialErrorsByItemID?[lost] as? CKError)?.code, .serverResponseLost)
        XCTAssertEqual(engine.state.pendingRecordZoneChanges, [.saveRecord(lost)])

        try await engine.sendChanges()
        XCTAssertEqual(engine.state.pendingRecordZoneChanges, [])
        XCTAssertEqual(cloud.privateDatabase.records(in: zone).map(\.recordID.recordName).sorted(), ["a", "b"])
    }

    /// Apple's sample lists `operationCancelled` among "several errors that the sync engine will
    /// automatically retry": a cancelled change is sent again, not dropped.
    func testACancelledChangeIsSentAgain() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        cloud.privateDatabase.seed(zones: [CKRecordZone(zoneID: zone)])
        let faulty = FaultInjectingCloudDatabase(
            wrapping: cloud.mockDatabase(),
            plan: FaultPlan {
                FaultRule.fail(.call(CloudDatabaseCall.modifyRecords), on: .first(1), with: "operationCancelled")
            }, seed: 1, time: clock.timeSource)
        let delegate = RecordingSyncDelegate()
        let engine = engine(cloud, delegate, database: faulty)
        delegate.put(record("a", "1"))
        engine.state.add(pendingRecordZoneChanges: [.saveRecord(CKRecord.ID(recordName: "a", zoneID: zone))])

        let thrown = await sendFailure(engine)
        XCTAssertEqual(thrown?.code, .operationCancelled)
        XCTAssertEqual(engine.state.pendingRecordZoneChanges.count, 1)
        try await engine.sendChanges()
        XCTAssertEqual(cloud.privateDatabase.records(in: zone).count, 1)
    }

    /// The project's own `flakyNetwork` plan on 300 uploads: every failure is a network code
    /// (`networkUnavailable`, `networkFailure`, `serverResponseLost`), so no change may leave the
    /// pending list unsent. The app calls `sendChanges()` until nothing is pending.
    func testNothingIsLostUnderAFlakyNetwork() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        cloud.privateDatabase.seed(zones: [CKRecordZone(zoneID: zone)])
        let faulty = FaultInjectingCloudDatabase(
            wrapping: cloud.mockDatabase(), plan: FaultPlan.flakyNetwork(failureRate: 0.3), seed: 22, time: clock.timeSource)
        let delegate = RecordingSyncDelegate(batchSize: 10)
        let engine = engine(cloud, delegate, database: faulty)
        let names = (0..<300).map { "r\($0)" }
        names.forEach { delegate.put(record($0, $0)) }
        engine.state.add(pendingRecordZoneChanges: names.map { .saveRecord(CKRecord.ID(recordName: $0, zoneID: zone)) })

        var calls = 0
        while !engine.state.pendingRecordZoneChanges.isEmpty && calls < 100 {
            calls += 1
            try? await engine.sendChanges()
        }
        XCTAssertEqual(engine.state.pendingRecordZoneChanges, [], "after \(calls) calls")
        XCTAssertEqual(cloud.privateDatabase.records(in: zone).count, 300)
        let failed = delegate.sent().flatMap(\.failedRecordSaves)
        XCTAssertGreaterThan(failed.filter { $0.error.code == .serverResponseLost }.count, 10, "the plan did fail uploads")
    }
}
