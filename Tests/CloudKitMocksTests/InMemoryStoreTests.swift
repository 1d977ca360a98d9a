import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// Mocks backed by the in-memory CloudKit: no stubs, and the data behaves as the service's would,
/// whichever way the app reaches it.
final class InMemoryStoreTests: XCTestCase, StoreTestSupport {

    func testWhatOneFormSavesEveryOtherFormFinds() async throws {
        let cloud = InMemoryCloudKit()
        let database = cloud.mockDatabase(delivery: .immediate)
        let saved = try await database.save(note("a", "Groceries"))
        XCTAssertEqual(saved["title"] as? String, "Groceries")

        let viaHandler = Locked<CKRecord?>(nil)
        database.fetch(withRecordID: saved.recordID) { record, _ in viaHandler.withLock { $0 = record } }
        XCTAssertEqual(viaHandler.snapshot?["title"] as? String, "Groceries")

        let viaOperation = Locked<[String]>([])
        let operation = CKFetchRecordsOperation(recordIDs: [saved.recordID, CKRecord.ID(recordName: "missing")])
        operation.perRecordResultBlock = { id, result in
            viaOperation.withLock { $0.append("\(id.recordName) \((try? result.get())?["title"] as? String ?? self.code(result.failureError))") }
        }
        database.add(operation)
        XCTAssertEqual(viaOperation.snapshot, ["a Groceries", "missing unknownItem"])

        let results = try await database.records(for: [saved.recordID])
        XCTAssertNotNil(try results[saved.recordID]?.get())
        XCTAssertEqual(database.callCount(.saveRecord), 1, "the mock still records every call")
    }

    func testRecordsHandedOutAreCopies() async throws {
        let cloud = InMemoryCloudKit()
        cloud.privateDatabase.seed([note("a", "Original")])
        let database = cloud.mockDatabase()
        let fetched = try await database.record(for: CKRecord.ID(recordName: "a"))
        fetched["title"] = "Changed locally"
        XCTAssertEqual(cloud.privateDatabase.record(CKRecord.ID(recordName: "a"))?["title"] as? String, "Original")

        let fetchedAgain = try await database.records(for: [CKRecord.ID(recordName: "a")], desiredKeys: [])
        XCTAssertNil(try fetchedAgain.values.first?.get()["title"], "desiredKeys strips the copy")
        XCTAssertEqual(cloud.privateDatabase.record(CKRecord.ID(recordName: "a"))?["title"] as? String, "Original", "but never the stored record")
    }

    func testMissingRecordsAndZones() async {
        let database = InMemoryCloudKit().mockDatabase()
        do {
            _ = try await database.record(for: CKRecord.ID(recordName: "nope"))
            XCTFail("expected unknownItem")
        } catch { XCTAssertEqual(code(error), "unknownItem") }
        do {
            _ = try await database.save(note("a", "x", zone: notes))
            XCTFail("expected zoneNotFound")
        } catch { XCTAssertEqual(code(error), "zoneNotFound") }
    }

    func testAStaleChangeTagConflictsAndCarriesTheServerRecord() async throws {
        let cloud = InMemoryCloudKit()
        let database = cloud.mockDatabase()
        let mine = try await database.save(note("a", "Mine"))
        cloud.privateDatabase.modifyFromAnotherDevice(mine.recordID) { $0["title"] = "Theirs" }

        mine["title"] = "Mine, edited"
        do {
            _ = try await database.save(mine)
            XCTFail("expected serverRecordChanged")
        } catch {
            XCTAssertEqual(code(error), "serverRecordChanged")
            let server = try XCTUnwrap(model.serverRecord(of: error) as? CKRecord)
            XCTAssertEqual(server["title"] as? String, "Theirs")
            XCTAssertTrue(model.clientRecord(of: error) === mine)
            // Resolve: apply the change to the server's record and save that.
            server["title"] = "Theirs + mine"
            let resolved = try await database.save(server)
            XCTAssertEqual(resolved["title"] as? String, "Theirs + mine")
        }
        do {
            _ = try await database.save(note("a", "A new record with a taken ID"))
            XCTFail("a record made by the app has no change tag")
        } catch { XCTAssertEqual(code(error), "serverRecordChanged") }

        let overwrite = try await database.modifyRecords(saving: [note("a", "Forced")], deleting: [], savePolicy: .allKeys)
        XCTAssertEqual(try overwrite.saveResults.values.first?.get()["title"] as? String, "Forced")
    }

    func testAtomicBatchesInCustomZonesFailWhole() async throws {
        let cloud = InMemoryCloudKit()
        cloud.privateDatabase.seed(zones: [CKRecordZone(zoneID: notes)])
        let database = cloud.mockDatabase()
        let stale = try await database.save(note("a", "v1", zone: notes))
        cloud.privateDatabase.modifyFromAnotherDevice(stale.recordID) { $0["title"] = "v2" }

        let atomic = try await database.modifyRecords(saving: [stale, note("b", "new", zone: notes)], deleting: [], atomically: true)
        XCTAssertEqual(code(atomic.saveResults[stale.recordID]?.failureError), "serverRecordChanged")
        XCTAssertEqual(code(atomic.saveResults[CKRecord.ID(recordName: "b", zoneID: notes)]?.failureError), "batchRequestFailed")
        XCTAssertNil(cloud.privateDatabase.record(CKRecord.ID(recordName: "b", zoneID: notes)), "nothing of the zone was applied")

        let partial = try await database.modifyRecords(saving: [stale, note("b", "new", zone: notes)], deleting: [], atomically: false)
        XCTAssertEqual(code(partial.saveResults[stale.recordID]?.failureError), "serverRecordChanged")
        XCTAssertNotNil(cloud.privateDatabase.record(CKRecord.ID(recordName: "b", zoneID: notes)))
    }

    func testQueriesFilterSortLimitAndContinueWithACursor() async throws {
        let cloud = InMemoryCloudKit()
        cloud.privateDatabase.seed(
            (1...5).map { note("n\($0)", "Note \($0)") } + [CKRecord(recordType: "Tag", recordID: CKRecord.ID(recordName: "t"))])
        let database = cloud.mockDatabase()
        let query = CKQuery(recordType: "Note", predicate: NSPredicate { record, _ in (record as? CKRecord)?.recordID.recordName != "n3" })
        query.sortDescriptors = [NSSortDescriptor(keyPath: \CKRecord.recordID.recordName, ascending: false)]

        let first = try await database.records(matching: query, resultsLimit: 2)
        XCTAssertEqual(first.matchResults.map(\.0.recordName), ["n5", "n4"])
        let cursor = try XCTUnwrap(first.queryCursor)
        let second = try await database.records(continuingMatchFrom: cursor, resultsLimit: 2)
        XCTAssertEqual(second.matchResults.map(\.0.recordName), ["n2", "n1"])
        XCTAssertNil(second.queryCursor)

        // The same through an operation and its blocks.
        let names = Locked<[String]>([])
        let operation = CKQueryOperation(query: query)
        operation.resultsLimit = 3
        operation.recordMatchedBlock = { id, _ in names.withLock { $0.append(id.recordName) } }
        let more = Locked<Bool?>(nil)
        operation.queryResultBlock = { result in more.withLock { $0 = (try? result.get()) != nil } }
        database.add(operation)
        await database.settled()
        XCTAssertEqual(names.snapshot, ["n5", "n4", "n2"])
        XCTAssertEqual(more.snapshot, true)
        let everything = try await database.records(matching: CKQuery(recordType: "Note", predicate: NSPredicate(value: true)))
        XCTAssertEqual(everything.matchResults.count, 5)
    }

    func testZoneAndDatabaseChangesSinceAToken() async throws {
        let cloud = InMemoryCloudKit()
        cloud.privateDatabase.seed(zones: [CKRecordZone(zoneID: notes)])
        let database = cloud.mockDatabase(delivery: .immediate)
        _ = try await database.modifyRecords(saving: [note("a", "A", zone: notes), note("b", "B", zone: notes)], deleting: [])

        let first = changes(database, since: nil)
        XCTAssertEqual(first.lines, ["changed a", "changed b", "zone Notes ok"])
        let token = try XCTUnwrap(first.token)

        cloud.privateDatabase.modifyFromAnotherDevice(CKRecord.ID(recordName: "a", zoneID: notes)) { $0["title"] = "A2" }
        _ = try await database.deleteRecord(withID: CKRecord.ID(recordName: "b", zoneID: notes))
        XCTAssertEqual(changes(database, since: token).lines, ["changed a", "deleted b Note", "zone Notes ok"])

        let databaseChanges = Locked<[String]>([])
        let operation = CKFetchDatabaseChangesOperation(previousServerChangeToken: nil)
        operation.recordZoneWithIDChangedBlock = { zone in databaseChanges.withLock { $0.append(zone.zoneName) } }
        database.add(operation)
        XCTAssertEqual(databaseChanges.snapshot, ["Notes"])

        cloud.privateDatabase.expireChangeTokens()
        XCTAssertEqual(changes(database, since: token).lines, ["zone Notes changeTokenExpired"])
    }

    func changes(_ database: MockCloudDatabase, since token: CKServerChangeToken?) -> (lines: [String], token: CKServerChangeToken?) {
        let lines = Locked<[String]>([])
        let latest = Locked<CKServerChangeToken?>(nil)
        let operation = CKFetchRecordZoneChangesOperation(
            recordZoneIDs: [notes], configurationsByRecordZoneID: [notes: .init(previousServerChangeToken: token)])
        operation.recordWasChangedBlock = { id, _ in lines.withLock { $0.append("changed \(id.recordName)") } }
        operation.recordWithIDWasDeletedBlock = { id, type in lines.withLock { $0.append("deleted \(id.recordName) \(type)") } }
        operation.recordZoneFetchResultBlock = { zone, result in
            lines.withLock { $0.append("zone \(zone.zoneName) \(result.failureError.map { self.code($0) } ?? "ok")") }
            latest.withLock { $0 = try? result.get().serverChangeToken }
        }
        database.add(operation)
        return (lines.snapshot, latest.snapshot)
    }

    func testStubsAndFaultPlansStillWinOverTheStore() async throws {
        let cloud = InMemoryCloudKit()
        cloud.privateDatabase.seed((1...5).map { note("n\($0)", "Note \($0)") })
        let mock = cloud.mockDatabase()
        let database = FaultInjectingCloudDatabase(
            wrapping: mock,
            plan: FaultPlan {
                FaultRule.fail(.call(CloudDatabaseCall.fetchRecord), on: .nth(2), with: "networkFailure")
            })
        _ = try await database.record(for: CKRecord.ID(recordName: "n1"))
        do {
            _ = try await database.record(for: CKRecord.ID(recordName: "n2"))
            XCTFail("the plan fails the second fetch")
        } catch { XCTAssertEqual(code(error), "networkFailure") }
        _ = try await database.record(for: CKRecord.ID(recordName: "n3"))

        mock.stub(.fetchRecord, .value(note("stubbed", "From the stub")))
        let stubbed = try await mock.record(for: CKRecord.ID(recordName: "n4"))
        XCTAssertEqual(stubbed.recordID.recordName, "stubbed")
    }

    func testEveryServiceIsItsOwn() async throws {
        let one = InMemoryCloudKit()
        let two = InMemoryCloudKit()
        _ = try await one.mockDatabase().save(note("a", "only in one"))
        XCTAssertEqual(one.privateDatabase.records().count, 1)
        XCTAssertEqual(two.privateDatabase.records().count, 0)
        XCTAssertEqual(one.publicDatabase.records().count, 0, "scopes are separate databases")
    }

    func testAContainersDatabasesAreBacked() async throws {
        let cloud = InMemoryCloudKit()
        let container = cloud.mockContainer()
        XCTAssertEqual(container.log.count, 0)
        _ = try await container.privateCloudDatabase.save(note("a", "x"))
        let found = try await container.database(with: .private).record(for: CKRecord.ID(recordName: "a"))
        XCTAssertEqual(found["title"] as? String, "x")
    }
}

extension Result {
    var failureError: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
