// Linux only: the stand-in's payload initialisers are SPI, and its engine is inert.
#if os(Linux)
    @_spi(StandIn) import CloudKit
    import CloudKitDoubles
    import Foundation
    import XCTest

    /// The live adapter against the stand-in's `CKSyncEngine`: every real event becomes the mirror
    /// field by field, calls are forwarded, and serializations cross over intact. (The stand-in's
    /// payload initialisers are SPI, for these tests only.)
    final class LiveSyncEngineTests: XCTestCase {
        let zone = CKRecordZone.ID(zoneName: "Notes")

        func testEveryEventIsMirroredFieldByField() throws {
            let id = CKRecord.ID(recordName: "a", zoneID: zone)
            let record = CKRecord(recordType: "Note", recordID: id)
            let user = CKRecord.ID(recordName: "_user")
            let error = CKError(.serverRecordChanged)
            let serialization = try JSONDecoder().decode(CKSyncEngine.State.Serialization.self, from: JSONEncoder().encode(Data("state".utf8)))
            let fetchContext = CKSyncEngine.FetchChangesContext(reason: .scheduled, options: .init(scope: .zoneIDs([zone])))
            let sendContext = CKSyncEngine.SendChangesContext(reason: .manual, options: .init(scope: .recordIDs([id])))
            let events: [CKSyncEngine.Event] = [
                .stateUpdate(.init(stateSerialization: serialization)),
                .accountChange(.init(changeType: .switchAccounts(previousUser: user, currentUser: id))),
                .fetchedDatabaseChanges(.init(modifications: [.init(zoneID: zone)], deletions: [.init(zoneID: zone, reason: .purged)])),
                .fetchedRecordZoneChanges(.init(modifications: [.init(record: record)], deletions: [.init(recordID: id, recordType: "Note")])),
                .sentDatabaseChanges(
                    .init(
                        savedZones: [CKRecordZone(zoneID: zone)], failedZoneSaves: [.init(zone: CKRecordZone(zoneID: zone), error: error)],
                        deletedZoneIDs: [zone], failedZoneDeletes: [zone: error])),
                .sentRecordZoneChanges(
                    .init(
                        savedRecords: [record], failedRecordSaves: [.init(record: record, error: error)], deletedRecordIDs: [id],
                        failedRecordDeletes: [id: error])),
                .willFetchChanges(.init(context: fetchContext)),
                .willFetchRecordZoneChanges(.init(zoneID: zone)),
                .didFetchRecordZoneChanges(.init(zoneID: zone, error: error)),
                .didFetchChanges(.init(context: fetchContext)),
                .willSendChanges(.init(context: sendContext)),
                .didSendChanges(.init(context: sendContext)),
            ]
            let mirrored = events.compactMap(SyncEngineEvent.init)
            XCTAssertEqual(
                mirrored.map(\.name),
                [
                    "stateUpdate", "accountChange", "fetchedDatabaseChanges", "fetchedRecordZoneChanges", "sentDatabaseChanges",
                    "sentRecordZoneChanges",
                    "willFetchChanges", "willFetchRecordZoneChanges", "didFetchRecordZoneChanges", "didFetchChanges", "willSendChanges",
                    "didSendChanges",
                ])
            for event in mirrored {
                switch event {
                case .stateUpdate(let update):
                    let back = try update.stateSerialization.liveSerialization()
                    XCTAssertEqual(try JSONEncoder().encode(back), try JSONEncoder().encode(serialization))
                case .accountChange(let change):
                    XCTAssertEqual(change.changeType, .switchAccounts(previousUser: user, currentUser: id))
                case .fetchedDatabaseChanges(let changes):
                    XCTAssertEqual(changes.modifications, [.init(zoneID: zone)])
                    XCTAssertEqual(changes.deletions, [.init(zoneID: zone, reason: .purged)])
                case .fetchedRecordZoneChanges(let changes):
                    XCTAssertTrue(changes.modifications.first?.record === record)
                    XCTAssertEqual(changes.deletions, [.init(recordID: id, recordType: "Note")])
                case .sentDatabaseChanges(let sent):
                    XCTAssertEqual(sent.savedZones.map(\.zoneID), [zone])
                    XCTAssertEqual(sent.failedZoneSaves.map(\.error.code), [.serverRecordChanged])
                    XCTAssertEqual(sent.deletedZoneIDs, [zone])
                    XCTAssertEqual(sent.failedZoneDeletes[zone]?.code, .serverRecordChanged)
                case .sentRecordZoneChanges(let sent):
                    XCTAssertEqual(sent.savedRecords.map(\.recordID), [id])
                    XCTAssertEqual(sent.failedRecordSaves.map(\.record.recordID), [id])
                    XCTAssertEqual(sent.deletedRecordIDs, [id])
                    XCTAssertEqual(sent.failedRecordDeletes[id]?.code, .serverRecordChanged)
                case .willFetchChanges(let will):
                    XCTAssertEqual(will.context.reason, .scheduled)
                    XCTAssertTrue(will.context.options.scope.contains(zone))
                    XCTAssertFalse(will.context.options.scope.contains(CKRecordZone.ID(zoneName: "Other")))
                case .didFetchChanges(let did):
                    XCTAssertEqual(did.context.reason, .scheduled)
                case .willFetchRecordZoneChanges(let will):
                    XCTAssertEqual(will.zoneID, zone)
                case .didFetchRecordZoneChanges(let did):
                    XCTAssertEqual(did.zoneID, zone)
                    XCTAssertEqual(did.error?.code, .serverRecordChanged)
                case .willSendChanges(let will):
                    XCTAssertEqual(will.context.reason, .manual)
                    XCTAssertTrue(will.context.options.scope.contains(id))
                case .didSendChanges(let did):
                    XCTAssertTrue(did.context.options.scope.contains(id))
                }
            }
        }

        func testTheAdapterForwardsToTheRealEngine() async throws {
            final class Delegate: CloudSyncEngineDelegate {
                func handleEvent(_ event: SyncEngineEvent, syncEngine: any CloudSyncEngine) async {}
                func nextRecordZoneChangeBatch(
                    _ context: SyncEngineSendChangesContext, syncEngine: any CloudSyncEngine
                ) async -> CKSyncEngine.RecordZoneChangeBatch? { nil }
            }
            let delegate = Delegate()
            let database = CKContainer(identifier: "iCloud.test").privateCloudDatabase
            var configuration = SyncEngineConfiguration(database: database, stateSerialization: nil, delegate: delegate)
            configuration.automaticallySync = false
            configuration.subscriptionID = "notes"
            let engine = LiveCloudSyncEngine(configuration)
            XCTAssertTrue(engine.base.database === database)
            XCTAssertEqual(engine.base.configuration.automaticallySync, false)
            XCTAssertEqual(engine.base.configuration.subscriptionID, "notes")
            XCTAssertNil(engine.unreadableStateSerialization)
            engine.state.add(pendingRecordZoneChanges: [.saveRecord(CKRecord.ID(recordName: "a", zoneID: zone))])
            XCTAssertEqual(engine.base.state.pendingRecordZoneChanges, [.saveRecord(CKRecord.ID(recordName: "a", zoneID: zone))])
            engine.state.hasPendingUntrackedChanges = true
            XCTAssertTrue(engine.base.state.hasPendingUntrackedChanges)
            try await engine.fetchChanges()
            try await engine.sendChanges()
            await engine.cancelOperations()
            XCTAssertEqual(engine.base.invocations, ["fetchChangesWithOptions:", "sendChangesWithOptions:", "cancelOperations"])

            // Not a live engine's serialization: the real engine starts fresh, and the adapter says so.
            let junk = SyncEngineStateSerialization(data: Data("{".utf8))
            let fresh = LiveCloudSyncEngine(SyncEngineConfiguration(database: database, stateSerialization: junk, delegate: delegate))
            XCTAssertNil(fresh.base.configuration.stateSerialization)
            XCTAssertEqual(fresh.unreadableStateSerialization?.serialization, junk)
        }
    }
#endif
