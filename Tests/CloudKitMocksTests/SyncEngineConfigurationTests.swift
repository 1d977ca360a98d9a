import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// Making an in-memory engine (`CKSyncEngine(configuration)`), starting it from a saved state, and
/// the `stateUpdate` events that keep that saved state current.
final class SyncEngineConfigurationTests: XCTestCase, SyncEngineTestSupport {
    let zone = CKRecordZone.ID(zoneName: "Notes")
    let clock = VirtualClock()

    /// Event.StateUpdate: "This event will also happen when you change the state yourself." A
    /// change the app adds and never sends reaches the app's persisted serialization, so it
    /// survives a relaunch.
    func testAChangeTheAppAddsAndNeverSendsSurvivesARelaunch() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        let delegate = RecordingSyncDelegate()
        let first = engine(cloud, delegate)
        let change = CKSyncEngine.PendingRecordZoneChange.saveRecord(CKRecord.ID(recordName: "a", zoneID: zone))
        first.state.add(pendingRecordZoneChanges: [change])
        first.state.add(pendingDatabaseChanges: [.saveZone(CKRecordZone(zoneID: zone))])
        await first.waitForScheduledWork()

        XCTAssertFalse(delegate.names.isEmpty)
        XCTAssertEqual(Set(delegate.names), ["stateUpdate"], "no sync ran; the state updates came by themselves")
        let saved = try XCTUnwrap(delegate.lastSerialization)
        let relaunched = engine(cloud, RecordingSyncDelegate(), state: saved)
        XCTAssertEqual(relaunched.state.pendingRecordZoneChanges, [change])
        XCTAssertEqual(relaunched.state.pendingDatabaseChanges.count, 1)

        // Removing it is a change too.
        first.state.remove(pendingRecordZoneChanges: [change])
        first.state.hasPendingUntrackedChanges = true
        await first.waitForScheduledWork()
        let again = engine(cloud, RecordingSyncDelegate(), state: try XCTUnwrap(delegate.lastSerialization))
        XCTAssertEqual(again.state.pendingRecordZoneChanges, [])
        XCTAssertTrue(again.state.hasPendingUntrackedChanges)
    }

    /// `CKSyncEngine.init(_:)` does not throw. A serialization this engine cannot read starts it
    /// fresh (as a first launch: the next sync posts `signIn`), and the engine says so in
    /// `unreadableStateSerialization` (our choice).
    func testAnUnreadableSerializationStartsFreshAndSaysSo() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        let junk = SyncEngineStateSerialization(data: Data("junk".utf8))
        let delegate = RecordingSyncDelegate()
        let engine = engine(cloud, delegate, state: junk)
        XCTAssertEqual(engine.unreadableStateSerialization?.serialization, junk)
        XCTAssertTrue(
            engine.unreadableStateSerialization?.description.contains("fresh state") ?? false,
            "\(String(describing: engine.unreadableStateSerialization))")
        XCTAssertEqual(engine.state.pendingRecordZoneChanges, [])
        try await engine.fetchChanges()
        XCTAssertEqual(delegate.steps.first, "accountChange")

        // A readable one: no complaint.
        let restored = self.engine(cloud, RecordingSyncDelegate(), state: engine.currentStateSerialization)
        XCTAssertNil(restored.unreadableStateSerialization)
    }

    /// A serialization whose change token no longer decodes keeps its pending changes; the token
    /// is dropped (the next fetch starts from the beginning, which loses nothing) and the engine
    /// says so.
    func testAnUnreadableChangeTokenIsDroppedAndTheRestKept() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        cloud.privateDatabase.seed([record("a", "1")])
        let delegate = RecordingSyncDelegate()
        let first = engine(cloud, delegate)
        try await first.fetchChanges()
        first.state.add(pendingRecordZoneChanges: [.saveRecord(CKRecord.ID(recordName: "b", zoneID: zone))])
        var json = try XCTUnwrap(JSONSerialization.jsonObject(with: first.currentStateSerialization.data) as? [String: Any])
        json["databaseToken"] = Data("not an archive".utf8).base64EncodedString()
        let damaged = SyncEngineStateSerialization(data: try JSONSerialization.data(withJSONObject: json))

        let relaunchedDelegate = RecordingSyncDelegate()
        let relaunched = engine(cloud, relaunchedDelegate, state: damaged)
        XCTAssertTrue(relaunched.unreadableStateSerialization?.reason.contains("database change token") ?? false)
        XCTAssertEqual(relaunched.state.pendingRecordZoneChanges.count, 1)
        try await relaunched.fetchChanges()
        XCTAssertTrue(relaunchedDelegate.names.contains("fetchedDatabaseChanges"), "fetched from the start")
        XCTAssertFalse(relaunchedDelegate.names.contains("accountChange"), "the account was still read")
    }

    /// Configuration.automaticallySync: "When you add pending changes to the state, the sync
    /// engine will automatically schedule a sync task to send changes." On: the change goes out
    /// with no call, for reason `.scheduled`. Off: "the sync engine will not perform any
    /// operations unless you tell it to do so".
    func testAutomaticallySyncSendsWhatTheAppAdds() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        cloud.privateDatabase.seed(zones: [CKRecordZone(zoneID: zone)])
        let automatic = RecordingSyncDelegate()
        let engine = engine(cloud, automatic, automaticallySync: true)
        automatic.put(record("a", "1"))
        engine.state.add(pendingRecordZoneChanges: [.saveRecord(CKRecord.ID(recordName: "a", zoneID: zone))])
        await engine.waitForScheduledWork()
        XCTAssertEqual(cloud.privateDatabase.records(in: zone).count, 1)
        XCTAssertEqual(engine.state.pendingRecordZoneChanges, [])
        let reasons = automatic.events.snapshot.compactMap { event -> CKSyncEngine.SyncReason? in
            if case .willSendChanges(let will) = event { return will.context.reason }
            return nil
        }
        XCTAssertEqual(reasons, [.scheduled])

        let manual = RecordingSyncDelegate()
        let off = self.engine(cloud, manual)
        manual.put(record("b", "2"))
        off.state.add(pendingRecordZoneChanges: [.saveRecord(CKRecord.ID(recordName: "b", zoneID: zone))])
        await off.waitForScheduledWork()
        XCTAssertEqual(cloud.privateDatabase.records(in: zone).count, 1, "nothing sent without a call")
        XCTAssertEqual(manual.steps, [])
    }
}
