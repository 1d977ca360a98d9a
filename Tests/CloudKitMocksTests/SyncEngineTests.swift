import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// The in-memory engine against the doc comments of Apple's CloudKit interface (CKSyncEngine,
/// CKSyncEngineDelegate, CKSyncEngine.State, CKSyncEngine.RecordZoneChangeBatch); each test
/// quotes the text it follows.
final class SyncEngineTests: XCTestCase, SyncEngineTestSupport {
    let zone = CKRecordZone.ID(zoneName: "Notes")
    let clock = VirtualClock()

    // MARK: Event order

    /// CKSyncEngine: "Generally, you'll receive events in this order: 1. willFetchChanges. 2. ...
    /// batches of them in fetchedDatabaseChanges events. 3. ... willFetchRecordZoneChanges for
    /// each zone that has new changes. 4. ... fetchedRecordZoneChanges events. 5. ...
    /// didFetchRecordZoneChanges for each zone that had changes to fetch. 6. ... didFetchChanges".
    func testFetchingPostsApplesEventOrder() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        let other = CKRecordZone.ID(zoneName: "Archive")
        cloud.privateDatabase.seed([record("a", "1"), record("b", "2"), record("c", "3", zone: other)])
        let delegate = RecordingSyncDelegate()
        let engine = engine(cloud, delegate)

        try await engine.fetchChanges()

        XCTAssertEqual(
            delegate.steps,
            [
                "accountChange",  // first sync: the signed-in user
                "willFetchChanges", "fetchedDatabaseChanges",
                "willFetchRecordZoneChanges", "fetchedRecordZoneChanges", "didFetchRecordZoneChanges",
                "willFetchRecordZoneChanges", "fetchedRecordZoneChanges", "didFetchRecordZoneChanges",
                "didFetchChanges",
            ])
        let fetched = delegate.events.snapshot.compactMap { event -> [String]? in
            if case .fetchedRecordZoneChanges(let changes) = event { return changes.modifications.map(\.record.recordID.recordName).sorted() }
            return nil
        }
        XCTAssertEqual(fetched, [["c"], ["a", "b"]], "zones in name order: Archive, then Notes")
        XCTAssertTrue(engine.state.zoneIDsWithUnfetchedServerChanges.isEmpty)

        // Nothing new: the brackets, no fetched events.
        delegate.events.withLock { $0.removeAll() }
        try await engine.fetchChanges()
        XCTAssertEqual(delegate.steps, ["willFetchChanges", "didFetchChanges"])
    }

    /// CKSyncEngine: "2. You receive willSendChanges ... 3. If there are pending database changes,
    /// the sync engine sends the next batch. 4. ... sentDatabaseChanges ... 6. The sync engine
    /// asks for the next batch of record zone changes by calling nextRecordZoneChangeBatch ...
    /// 8. ... sentRecordZoneChanges ... 10. When all pending changes are sent, your delegate
    /// receives didSendChanges."
    func testSendingPostsApplesEventOrderAndEmptiesThePendingList() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        let delegate = RecordingSyncDelegate()
        let engine = engine(cloud, delegate)
        let notes = [record("a", "1"), record("b", "2")]
        notes.forEach(delegate.put)
        engine.state.add(pendingDatabaseChanges: [.saveZone(CKRecordZone(zoneID: zone))])
        engine.state.add(pendingRecordZoneChanges: notes.map { .saveRecord($0.recordID) })

        try await engine.sendChanges()

        XCTAssertEqual(delegate.steps, ["accountChange", "willSendChanges", "sentDatabaseChanges", "sentRecordZoneChanges", "didSendChanges"])
        XCTAssertEqual(delegate.sent().first?.savedRecords.map(\.recordID.recordName), ["a", "b"])
        // CKSyncEngine.State: "when it successfully saves a record, it will remove that change from this list."
        XCTAssertTrue(engine.state.pendingRecordZoneChanges.isEmpty)
        XCTAssertTrue(engine.state.pendingDatabaseChanges.isEmpty)
        XCTAssertEqual(cloud.privateDatabase.records(in: zone).count, 2)

        // Nothing pending: sendChanges posts nothing.
        delegate.events.withLock { $0.removeAll() }
        try await engine.sendChanges()
        XCTAssertEqual(delegate.steps, [])
    }

    // MARK: State

    /// CKSyncEngine.State.pendingRecordZoneChanges: "if you add a pending save for record A, then
    /// record B, then record A again, this will result in a list of [saveRecordA, saveRecordB].
    /// Similarly, if you add a pending save for record A, then add a pending delete for the same
    /// record A, this will result in a single pending change of [deleteRecordA]."
    func testPendingChangesAreDeduplicatedAsAppleDescribes() throws {
        let engine = engine(InMemoryCloudKit(notificationCenter: NotificationCenter()), RecordingSyncDelegate())
        let a = CKRecord.ID(recordName: "A", zoneID: zone)
        let b = CKRecord.ID(recordName: "B", zoneID: zone)
        engine.state.add(pendingRecordZoneChanges: [.saveRecord(a), .saveRecord(b), .saveRecord(a)])
        XCTAssertEqual(engine.state.pendingRecordZoneChanges, [.saveRecord(a), .saveRecord(b)])
        engine.state.add(pendingRecordZoneChanges: [.deleteRecord(a)])
        XCTAssertEqual(engine.state.pendingRecordZoneChanges, [.saveRecord(b), .deleteRecord(a)])
        engine.state.remove(pendingRecordZoneChanges: [.saveRecord(b)])
        XCTAssertEqual(engine.state.pendingRecordZoneChanges, [.deleteRecord(a)])
    }

    /// Event.StateUpdate: "The next time your process launches, use this latest state
    /// serialization in Configuration.stateSerialization to initialize your sync engine." The
    /// serialization is Codable and brings back the pending changes and the change tokens: a
    /// relaunched engine fetches only what is new.
    func testTheStateSerializationRoundTrips() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        cloud.privateDatabase.seed([record("a", "1")])
        let delegate = RecordingSyncDelegate()
        let first = engine(cloud, delegate)
        try await first.fetchChanges()
        first.state.add(pendingRecordZoneChanges: [
            .saveRecord(CKRecord.ID(recordName: "x", zoneID: zone)), .deleteRecord(CKRecord.ID(recordName: "y", zoneID: zone)),
        ])
        first.state.add(pendingDatabaseChanges: [.saveZone(CKRecordZone(zoneID: CKRecordZone.ID(zoneName: "Other")))])
        try await first.fetchChanges()  // reports the app's change in a stateUpdate
        let serialization = try XCTUnwrap(delegate.lastSerialization)
        XCTAssertEqual(
            serialization, first.currentStateSerialization,
            "\(String(decoding: serialization.data, as: UTF8.self)) \(String(decoding: first.currentStateSerialization.data, as: UTF8.self))")

        let persisted = try JSONEncoder().encode(serialization)
        let restored = try JSONDecoder().decode(SyncEngineStateSerialization.self, from: persisted)
        XCTAssertEqual(restored, serialization)

        let relaunchedDelegate = RecordingSyncDelegate()
        let relaunched = engine(cloud, relaunchedDelegate, state: restored)
        XCTAssertEqual(relaunched.state.pendingRecordZoneChanges, first.state.pendingRecordZoneChanges)
        XCTAssertEqual(relaunched.state.pendingDatabaseChanges, first.state.pendingDatabaseChanges)
        XCTAssertEqual(relaunched.currentStateSerialization, serialization)

        cloud.privateDatabase.modifyFromAnotherDevice(CKRecord.ID(recordName: "a", zoneID: zone)) { $0["text"] = "new" }
        try await relaunched.fetchChanges()
        XCTAssertFalse(relaunchedDelegate.names.contains("accountChange"), "same account as the serialization says")
        let fetched = relaunchedDelegate.events.snapshot.compactMap { event -> [String]? in
            if case .fetchedRecordZoneChanges(let changes) = event { return changes.modifications.map { $0.record["text"] as? String ?? "" } }
            return nil
        }
        XCTAssertEqual(fetched, [["new"]], "only the change since the restored token")
        XCTAssertNil(relaunched.unreadableStateSerialization)
    }

    // MARK: Error routing

    /// CKSyncEngine: "the sync engine will handle the following errors on your behalf: ...
    /// networkFailure ... requestRateLimited ... When the sync engine encounters one of these
    /// errors, it will wait ... and try again. For example, if the server sends back a
    /// .requestRateLimited error, the sync engine will respect this throttle and try again after
    /// the retry-after time."
    func testTheEngineRetriesNetworkAndThrottlingErrorsItself() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        cloud.privateDatabase.seed(zones: [CKRecordZone(zoneID: zone)])
        let faulty = FaultInjectingCloudDatabase(
            wrapping: cloud.mockDatabase(),
            plan: FaultPlan {
                FaultRule.fail(.call(CloudDatabaseCall.modifyRecords), on: .first(1), with: "requestRateLimited", retryAfter: 7)
                FaultRule.fail(.call(CloudDatabaseCall.modifyRecords), on: .nth(2), with: "networkFailure")
                FaultRule.fail(.call(CloudDatabaseCall.fetchDatabaseChangesOperation), on: .first(1), with: "serviceUnavailable", retryAfter: 3)
            }, seed: 1, time: clock.timeSource)
        let delegate = RecordingSyncDelegate()
        let engine = engine(cloud, delegate, database: faulty)
        delegate.put(record("a", "1"))
        engine.state.add(pendingRecordZoneChanges: [.saveRecord(CKRecord.ID(recordName: "a", zoneID: zone))])

        try await engine.sendChanges()
        XCTAssertEqual(delegate.sent().flatMap(\.failedRecordSaves).count, 0, "the app never sees what the engine retries")
        XCTAssertEqual(delegate.sent().flatMap(\.savedRecords).count, 1)
        XCTAssertTrue(clock.delays.contains { $0 >= 7 }, "waited the retry-after: \(clock.delays)")
        XCTAssertTrue(engine.state.pendingRecordZoneChanges.isEmpty)

        try await engine.fetchChanges()
        XCTAssertTrue(clock.delays.contains { $0 >= 3 && $0 < 7 }, "\(clock.delays)")
        XCTAssertTrue(delegate.names.contains("fetchedDatabaseChanges"))
    }

    /// CKSyncEngine.State: "If it fails to send a change due to some retryable error (e.g. a
    /// network failure), it will keep that change in this list." Apple's sample app
    /// (SyncedDatabase.swift) receives these in `failedRecordSaves`: "There are several errors
    /// that the sync engine will automatically retry, let's just log and move on."
    func testAChangeThatFailedWithARetryableErrorStaysPending() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        cloud.privateDatabase.seed(zones: [CKRecordZone(zoneID: zone)])
        let faulty = FaultInjectingCloudDatabase(
            wrapping: cloud.mockDatabase(),
            plan: FaultPlan {
                FaultRule.failItems(
                    .call(CloudDatabaseCall.modifyRecords), [CKRecord.ID(recordName: "b", zoneID: zone)], with: "zoneBusy", retryAfter: 2)
            }, seed: 1, time: clock.timeSource)
        let delegate = RecordingSyncDelegate()
        let engine = engine(cloud, delegate, database: faulty, attempts: 3)
        [record("a", "1"), record("b", "2")].forEach(delegate.put)
        engine.state.add(pendingRecordZoneChanges: ["a", "b"].map { .saveRecord(CKRecord.ID(recordName: $0, zoneID: zone)) })

        // The engine waits out zoneBusy round after round; after `attempts` rounds it gives up
        // and the send throws, the change still pending.
        let thrown = await sendFailure(engine)
        XCTAssertEqual(thrown?.code, .partialFailure)
        XCTAssertEqual(thrown?.partialErrorsByItemID?.count, 1)
        XCTAssertEqual(delegate.sent().count, 3, "one round per attempt")
        XCTAssertEqual(clock.delays.count, 2, "a wait between rounds: \(clock.delays)")
        XCTAssertTrue(clock.delays.allSatisfy { $0 >= 2 }, "the item's retry-after: \(clock.delays)")
        let failures = delegate.sent().flatMap(\.failedRecordSaves)
        XCTAssertFalse(failures.isEmpty)
        XCTAssertTrue(failures.allSatisfy { $0.error.code == .zoneBusy && $0.record.recordID.recordName == "b" })
        XCTAssertEqual(engine.state.pendingRecordZoneChanges, [.saveRecord(CKRecord.ID(recordName: "b", zoneID: zone))])
        XCTAssertEqual(delegate.steps.last, "didSendChanges", "one didSendChanges for every willSendChanges")
        XCTAssertEqual(cloud.privateDatabase.records(in: zone).map(\.recordID.recordName), ["a"])
    }

    /// CKSyncEngine: "CKSyncEngine will not handle errors that require application-specific
    /// logic. For example, if you try to save a record and get a serverRecordChanged, you need to
    /// handle that error yourself." The conflict carries the server record (Apple's sample reads
    /// `failedRecordSave.error.serverRecord`); the change leaves the list, and the sample adds it
    /// again after merging. `zoneNotFound` and `unknownItem` go to the app the same way.
    func testErrorsTheAppMustHandleReachItInTheEvent() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        let stored = cloud.privateDatabase.seed([record("conflict", "server")])
        cloud.privateDatabase.modifyFromAnotherDevice(stored[0].recordID) { $0["text"] = "theirs" }
        let delegate = RecordingSyncDelegate()
        let engine = engine(cloud, delegate)
        let stale = stored[0]
        stale["text"] = "ours"
        let missingZone = CKRecordZone.ID(zoneName: "Gone")
        let unknown = CKRecord.ID(recordName: "never-saved", zoneID: zone)
        delegate.put(stale)
        delegate.put(record("lost", "x", zone: missingZone))
        engine.state.add(pendingRecordZoneChanges: [
            .saveRecord(stale.recordID), .saveRecord(CKRecord.ID(recordName: "lost", zoneID: missingZone)), .deleteRecord(unknown),
        ])

        let thrown = await sendFailure(engine)
        let sent = try XCTUnwrap(delegate.sent().first)
        let byName = Dictionary(uniqueKeysWithValues: sent.failedRecordSaves.map { ($0.record.recordID.recordName, $0.error) })
        XCTAssertEqual(byName["conflict"]?.code, .serverRecordChanged)
        XCTAssertEqual(byName["conflict"]?.serverRecord?["text"] as? String, "theirs")
        XCTAssertEqual(byName["lost"]?.code, .zoneNotFound)
        XCTAssertEqual(sent.failedRecordDeletes[unknown]?.code, .unknownItem)
        XCTAssertTrue(engine.state.pendingRecordZoneChanges.isEmpty, "the app decides what to send again")
        XCTAssertEqual(delegate.sent().count, 1, "nothing is retried behind the app's back")
        XCTAssertEqual(thrown?.code, .partialFailure, "our choice of error: the round's failures")
        XCTAssertEqual(
            Set((thrown?.partialErrorsByItemID ?? [:]).values.map { ($0 as? CKError)?.code }), [.serverRecordChanged, .zoneNotFound, .unknownItem])
    }

    /// RecordZoneChangeBatch.atomicByZone: "If this is true, and if any record change fails, then
    /// any other changes from that zone in this batch will also fail with batchRequestFailed."
    func testAtomicByZoneFailsTheZonesOtherChangesWithBatchRequestFailed() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        let stored = cloud.privateDatabase.seed([record("conflict", "server")])
        cloud.privateDatabase.modifyFromAnotherDevice(stored[0].recordID) { $0["text"] = "theirs" }
        let delegate = RecordingSyncDelegate(atomicByZone: true)
        let engine = engine(cloud, delegate, attempts: 2)
        delegate.put(stored[0])
        delegate.put(record("fine", "ok"))
        engine.state.add(pendingRecordZoneChanges: [.saveRecord(stored[0].recordID), .saveRecord(CKRecord.ID(recordName: "fine", zoneID: zone))])

        _ = await sendFailure(engine)
        let first = try XCTUnwrap(delegate.sent().first)
        let codes = Dictionary(uniqueKeysWithValues: first.failedRecordSaves.map { ($0.record.recordID.recordName, $0.error.code) })
        XCTAssertEqual(codes, ["conflict": .serverRecordChanged, "fine": .batchRequestFailed])
        XCTAssertEqual(delegate.sent().count, 1, "a conflict ends the send")
        XCTAssertEqual(
            engine.state.pendingRecordZoneChanges, [.saveRecord(CKRecord.ID(recordName: "fine", zoneID: zone))],
            "the untouched change stays pending; the conflicting one is the app's")

        try await engine.sendChanges()
        XCTAssertEqual(delegate.sent().last?.savedRecords.map(\.recordID.recordName), ["fine"], "sent at the next call")
        XCTAssertEqual(engine.state.pendingRecordZoneChanges, [])
    }

    /// CKFetchRecordZoneChangesOperation.h: on changeTokenExpired "the client should toss its
    /// local cache and re-fetch the changes in this record zone starting with a nil
    /// previousServerChangeToken". CKSyncEngine keeps the tokens, so it does this itself.
    func testAnExpiredTokenIsRefetchedByTheEngine() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        cloud.privateDatabase.seed([record("a", "1")])
        let delegate = RecordingSyncDelegate()
        let engine = engine(cloud, delegate)
        try await engine.fetchChanges()
        cloud.privateDatabase.expireChangeTokens()
        cloud.privateDatabase.modifyFromAnotherDevice(CKRecord.ID(recordName: "a", zoneID: zone)) { $0["text"] = "2" }
        delegate.events.withLock { $0.removeAll() }

        try await engine.fetchChanges()
        let zoneEvents = delegate.events.snapshot.compactMap { event -> CKError?? in
            if case .didFetchRecordZoneChanges(let did) = event { return .some(did.error) }
            return nil
        }
        XCTAssertEqual(zoneEvents.count, 1)
        XCTAssertNil(zoneEvents.first ?? nil)
        let texts = delegate.events.snapshot.flatMap { event -> [String] in
            if case .fetchedRecordZoneChanges(let changes) = event { return changes.modifications.compactMap { $0.record["text"] as? String } }
            return []
        }
        XCTAssertEqual(texts, ["2"])
    }

    /// Event.AccountChange: "When the logged-in account changes, the sync engine will reset its
    /// internal state under the hood. This means that it will clear any pending database or
    /// record zone changes that you may have added." And CKSyncEngine: "if the user isn't signed
    /// in to an account, the sync engine won't perform any sync tasks at all."
    func testAnAccountChangeIsPostedAndResetsTheState() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        cloud.privateDatabase.seed([record("first", "the first user's")])
        let delegate = RecordingSyncDelegate()
        let engine = engine(cloud, delegate)
        try await engine.fetchChanges()
        XCTAssertTrue(delegate.names.contains("fetchedRecordZoneChanges"))
        let user = try cloud.userRecordID()
        engine.state.add(pendingRecordZoneChanges: [.saveRecord(CKRecord.ID(recordName: "a", zoneID: zone))])

        cloud.simulateAccountChange(to: .noAccount)
        delegate.events.withLock { $0.removeAll() }
        try await engine.sendChanges()
        try await engine.fetchChanges()
        XCTAssertEqual(delegate.steps, ["accountChange"], "signed out: dormant")
        // (The stateUpdate for the change the app added may come first: it is posted in the background.)
        guard case .accountChange(let change) = delegate.events.snapshot.first(where: { $0.name == "accountChange" }) else { return XCTFail() }
        XCTAssertEqual(change.changeType, .signOut(previousUser: user))
        XCTAssertTrue(engine.state.pendingRecordZoneChanges.isEmpty)

        cloud.simulateAccountChange(to: .available, newUser: true)
        try await engine.fetchChanges()
        let newUser = try cloud.userRecordID()
        let changes = delegate.events.snapshot.compactMap { event -> SyncEngineEvent.AccountChange.ChangeType? in
            if case .accountChange(let change) = event { return change.changeType }
            return nil
        }
        XCTAssertEqual(changes.last, .signIn(currentUser: newUser))
        // The new user's private database: nothing of the first user's comes back.
        XCTAssertFalse(delegate.names.contains("fetchedRecordZoneChanges"))
    }

    /// CKSyncEngine.Configuration.database: "you might make multiple CKSyncEngine instances to
    /// simulate multiple devices syncing back and forth."
    func testTwoEnginesOnOneCloudAreTwoDevices() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        let phoneDelegate = RecordingSyncDelegate()
        let laptopDelegate = RecordingSyncDelegate()
        let phone = engine(cloud, phoneDelegate)
        let laptop = engine(cloud, laptopDelegate)
        phoneDelegate.put(record("a", "from the phone"))
        phone.state.add(pendingDatabaseChanges: [.saveZone(CKRecordZone(zoneID: zone))])
        phone.state.add(pendingRecordZoneChanges: [.saveRecord(CKRecord.ID(recordName: "a", zoneID: zone))])
        try await phone.sendChanges()
        try await laptop.fetchChanges()
        let received = laptopDelegate.events.snapshot.flatMap { event -> [String] in
            if case .fetchedRecordZoneChanges(let changes) = event { return changes.modifications.compactMap { $0.record["text"] as? String } }
            return []
        }
        XCTAssertEqual(received, ["from the phone"])
    }

    /// CKSyncEngine.cancelOperations(): "Cancels any currently executing or pending sync operations."
    func testCancelStopsTheSyncInProgress() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        cloud.privateDatabase.seed([record("a", "1")])
        let delegate = CancellingDelegate()
        let engine = engine(cloud, delegate)
        do {
            try await engine.fetchChanges()
            XCTFail("expected operationCancelled")
        } catch let error as CKError {
            XCTAssertEqual(error.code, .operationCancelled)
        }
        XCTAssertEqual(engine.postedEvents.last?.name, "didFetchChanges")
    }
}

/// Cancels as soon as fetching starts.
final class CancellingDelegate: CloudSyncEngineDelegate {
    func handleEvent(_ event: SyncEngineEvent, syncEngine: any CloudSyncEngine) async {
        if case .willFetchChanges = event { await syncEngine.cancelOperations() }
    }

    func nextRecordZoneChangeBatch(
        _ context: SyncEngineSendChangesContext, syncEngine: any CloudSyncEngine
    ) async -> CKSyncEngine.RecordZoneChangeBatch? { nil }
}
