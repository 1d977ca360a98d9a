import CloudDoubleRuntime
import CloudDoubleTestSupport
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// Every described CloudKit operation on a cassette: recorded while the in-memory CloudKit runs
/// it, replayed with nothing behind, on mocks and through a fault wrapper. What the app's blocks
/// receive, in order, item failures and whole failures included, must be the same both times.
final class CassetteOperationTests: XCTestCase {
    private lazy var folder = temporaryFolder()

    private static let zone = CKRecordZone.ID(zoneName: "Notes")
    private static let shareURL = URL(string: "https://www.icloud.com/share/unknown")!

    /// Runs each operation of the scenario, one after another, and traces its blocks.
    private func scenario(_ container: any CloudContainer) async -> [String] {
        let database = container.privateCloudDatabase
        let trace = Trace()
        let zone = Self.zone
        let note = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "n1", zoneID: zone))
        note["title"] = "First"

        let modifyZones = CKModifyRecordZonesOperation(recordZonesToSave: [CKRecordZone(zoneID: zone)], recordZoneIDsToDelete: nil)
        modifyZones.perRecordZoneSaveBlock = { id, result in trace.add("zone saved \(id.zoneName) \(describe(result))") }
        modifyZones.modifyRecordZonesResultBlock = { trace.add("modify zones final \(describe($0))") }

        let modify = CKModifyRecordsOperation(recordsToSave: [note], recordIDsToDelete: [CKRecord.ID(recordName: "never", zoneID: zone)])
        modify.isAtomic = false
        modify.perRecordSaveBlock = { id, result in
            trace.add("saved \(id.recordName) \((try? result.get())?["title"] as? String ?? describe(result))")
        }
        modify.perRecordDeleteBlock = { id, result in trace.add("deleted \(id.recordName) \(describe(result))") }
        modify.modifyRecordsResultBlock = { trace.add("modify final \(describe($0))") }

        let fetch = CKFetchRecordsOperation(recordIDs: [note.recordID, CKRecord.ID(recordName: "gone", zoneID: zone)])
        fetch.perRecordResultBlock = { id, result in
            trace.add("fetched \(id.recordName) \((try? result.get())?["title"] as? String ?? describe(result))")
        }
        fetch.fetchRecordsResultBlock = { trace.add("fetch final \(describe($0))") }

        let query = CKQueryOperation(query: CKQuery(recordType: "Note", predicate: NSPredicate(value: true)))
        query.zoneID = zone
        query.recordMatchedBlock = { id, result in trace.add("matched \(id.recordName) \(describe(result))") }
        query.queryResultBlock = { result in trace.add("query final \(describe(result)) cursor \((try? result.get()) != nil ? "some" : "none")") }

        let databaseChanges = CKFetchDatabaseChangesOperation(previousServerChangeToken: nil)
        databaseChanges.recordZoneWithIDChangedBlock = { trace.add("zone changed \($0.zoneName)") }
        databaseChanges.changeTokenUpdatedBlock = { _ in trace.add("database token") }
        databaseChanges.fetchDatabaseChangesResultBlock = { result in
            trace.add("database final \(describe(result)) more \((try? result.get())?.moreComing.description ?? "-")")
        }

        let zoneChanges = CKFetchRecordZoneChangesOperation(recordZoneIDs: [zone], configurationsByRecordZoneID: nil)
        zoneChanges.recordWasChangedBlock = { id, result in trace.add("changed \(id.recordName) \(describe(result))") }
        zoneChanges.recordWithIDWasDeletedBlock = { id, type in trace.add("deleted \(id.recordName) \(type)") }
        zoneChanges.recordZoneFetchResultBlock = { id, result in
            trace.add("zone fetched \(id.zoneName) \(describe(result)) more \((try? result.get())?.moreComing.description ?? "-")")
        }
        zoneChanges.fetchRecordZoneChangesResultBlock = { trace.add("zone changes final \(describe($0))") }

        let fetchZones = CKFetchRecordZonesOperation(recordZoneIDs: [zone, CKRecordZone.ID(zoneName: "Missing")])
        fetchZones.perRecordZoneResultBlock = { id, result in trace.add("zone \(id.zoneName) \(describe(result))") }
        fetchZones.fetchRecordZonesResultBlock = { trace.add("fetch zones final \(describe($0))") }

        let modifySubscriptions = CKModifySubscriptionsOperation(
            subscriptionsToSave: [CKDatabaseSubscription(subscriptionID: "changes")], subscriptionIDsToDelete: nil)
        modifySubscriptions.perSubscriptionSaveBlock = { id, result in
            trace.add("subscription saved \(id) \((try? result.get())?.subscriptionID ?? describe(result))")
        }
        modifySubscriptions.modifySubscriptionsResultBlock = { trace.add("modify subscriptions final \(describe($0))") }

        let fetchSubscriptions = CKFetchSubscriptionsOperation(subscriptionIDs: ["changes", "none"])
        fetchSubscriptions.perSubscriptionResultBlock = { id, result in
            trace.add("subscription \(id) \((try? result.get())?.subscriptionID ?? describe(result))")
        }
        fetchSubscriptions.fetchSubscriptionsResultBlock = { trace.add("fetch subscriptions final \(describe($0))") }

        let metadata = CKFetchShareMetadataOperation(shareURLs: [Self.shareURL])
        metadata.perShareMetadataResultBlock = { url, result in trace.add("metadata \(url.lastPathComponent) \(describe(result))") }
        metadata.fetchShareMetadataResultBlock = { trace.add("metadata final \(describe($0))") }

        let operations: [CKDatabaseOperation] = [
            modifyZones, modify, fetch, query, databaseChanges, zoneChanges, fetchZones, modifySubscriptions, fetchSubscriptions,
        ]
        for operation in operations {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                operation.completionBlock = { done.resume() }
                database.add(operation)
            }
        }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            metadata.completionBlock = { done.resume() }
            container.add(metadata)
        }
        return trace.lines
    }

    /// The share URL is unknown: the service fails the item (stubbed in the recording, since the
    /// in-memory database does not answer share operations).
    private static let unknownShare = CloudFetchShareMetadataOutcome(
        metadatas: [(shareURL, .failure(ErrorModel.cloudKit.error(CKError.Code.unknownItem.rawValue)))])

    func testEveryOperationRoundTripsOnMocks() async throws {
        let file = folder.appendingPathComponent("mocks.jsonl")
        let recordingLog = CallLog()
        let service = InMemoryCloudKit().mockContainer(log: recordingLog)
        service.stub(.fetchShareMetadataOperation, .value(Self.unknownShare))
        let recorder = try Cassette(file: file, mode: .record, codecs: .cloudKit)
        recorder.attach(to: recordingLog)
        let recorded = await scenario(service)
        try recorder.finish()

        let playingLog = CallLog()
        let player = try Cassette(file: file, mode: .playback, codecs: .cloudKit)
        player.attach(to: playingLog)
        let replayed = await scenario(MockCloudContainer(log: playingLog))
        try player.finish()

        assertTheScenario(recorded)
        XCTAssertEqual(replayed, recorded, "\(replayed.difference(from: recorded))")
        let databaseChanges = try XCTUnwrap(player.interactions.first { $0.call == "fetchDatabaseChangesOperation" })
        guard case .value(let outcome) = databaseChanges.outcome else { return XCTFail("\(databaseChanges)") }
        XCTAssertEqual(
            outcome["events"]?.arrayValue?.first,
            .object([
                "stream": .string("changedZones"),
                "values": .array([.object(["zoneName": .string("Notes"), "ownerName": .string(CKCurrentUserDefaultName)])]),
            ]), "an event that is not an item's result is written by its values, in order")
        XCTAssertEqual(outcome["result"]?["value"]?["moreComing"], .bool(false), "a tuple is written by its labels")
        XCTAssertEqual(
            player.interactions.filter { $0.form == "operation" }.map(\.call),
            [
                "modifyRecordZonesOperation", "modifyRecordsOperation", "fetchRecordsOperation", "queryOperation", "fetchDatabaseChangesOperation",
                "fetchRecordZoneChangesOperation", "fetchRecordZonesOperation", "modifySubscriptionsOperation", "fetchSubscriptionsOperation",
                "fetchShareMetadataOperation",
            ])
    }

    func testEveryOperationRoundTripsThroughAFaultWrapper() async throws {
        let file = folder.appendingPathComponent("wrapper.jsonl")
        let service = InMemoryCloudKit().mockContainer()
        service.stub(.fetchShareMetadataOperation, .value(Self.unknownShare))
        let plan = FaultPlan([
            // An item fault: the SDK never sees the record chosen to fail.
            FaultRule.failItems(.call(CloudDatabaseCall.fetchRecordsOperation), [CKRecord.ID(recordName: "n1", zoneID: Self.zone)], with: "zoneBusy"),
            // A whole failure of one operation.
            FaultRule.fail(.call(CloudDatabaseCall.fetchSubscriptionsOperation), with: "networkFailure"),
        ])
        let recorder = try Cassette(file: file, mode: .record, codecs: .cloudKit)
        let recorded = await scenario(
            FaultInjectingCloudContainer(wrapping: service, faults: FaultInjector(plan: plan, errorModel: .cloudKit, cassette: recorder)))
        try recorder.finish()

        let player = try Cassette(file: file, mode: .playback, codecs: .cloudKit)
        let nothingBehind = MockCloudContainer()
        let replayed = await scenario(
            FaultInjectingCloudContainer(wrapping: nothingBehind, faults: FaultInjector(errorModel: .cloudKit, cassette: player)))
        try player.finish()

        XCTAssertTrue(recorded.contains("fetched n1 zoneBusy"), "\(recorded)")
        XCTAssertTrue(recorded.contains("subscription changes networkFailure"), "\(recorded)")
        XCTAssertTrue(recorded.contains("fetch subscriptions final networkFailure"), "\(recorded)")
        XCTAssertEqual(replayed, recorded, "\(replayed.difference(from: recorded))")
        XCTAssertEqual(nothingBehind.log.records.map(\.call).filter { $0 != "privateCloudDatabase" }, [], "playback never reached the wrapped object")
        XCTAssertEqual(player.interactions.count, 10)
    }

    /// What the in-memory CloudKit answers: each operation's blocks, item failures included.
    private func assertTheScenario(_ lines: [String], file: StaticString = #filePath, line: UInt = #line) {
        for expected in [
            "zone saved Notes ok", "saved n1 First", "deleted never unknownItem", "modify final partialFailure[\"never\"]",
            "fetched n1 First", "fetched gone unknownItem", "matched n1 ok", "query final ok cursor none", "zone changed Notes",
            "database final ok more false", "changed n1 ok", "zone fetched Notes ok more false", "zone Missing zoneNotFound",
            "subscription saved changes changes", "subscription changes changes", "subscription none unknownItem",
            "metadata unknown unknownItem", "metadata final partialFailure[]",
        ] {
            XCTAssertTrue(lines.contains(expected), "missing \(expected) in \(lines)", file: file, line: line)
        }
    }
}
