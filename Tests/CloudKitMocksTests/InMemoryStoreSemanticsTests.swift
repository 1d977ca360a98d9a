import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// The in-memory store's CloudKit rules that depend on what only the server sets (change tags,
/// zone capabilities) and on the header-documented semantics of save policies, conflicts,
/// cross-zone queries, paged change fetches and the account (issue #12, points 6–12).
final class InMemoryStoreSemanticsTests: XCTestCase, StoreTestSupport {

    // MARK: 6. Change tags travel with the record

    func testACopyAndARecordRebuiltFromItsSystemFieldsSaveLikeTheOriginal() async throws {
        let cloud = InMemoryCloudKit()
        let database = cloud.mockDatabase()
        let saved = try await database.save(note("a", "v1"))
        XCTAssertNotNil(saved.recordChangeTag, "a record the store hands out carries its tag")
        XCTAssertEqual(saved.changedKeys(), [], "like a record fetched from the server")

        let copy = saved.copy() as! CKRecord
        copy["title"] = "v2 from a copy"
        let afterCopy = try await database.save(copy)
        XCTAssertNotEqual(afterCopy.recordChangeTag, saved.recordChangeTag, "every save gives a new tag")

        // The usual cache: system fields archived, the record rebuilt later with its fields set again.
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        afterCopy.encodeSystemFields(with: archiver)
        archiver.finishEncoding()
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        let rebuilt = try XCTUnwrap(CKRecord(coder: unarchiver))
        XCTAssertEqual(rebuilt.recordChangeTag, afterCopy.recordChangeTag)
        XCTAssertEqual(rebuilt.changedKeys(), [], "CKRecord.h: the reconstituted record's changedKeys will be empty")
        rebuilt["title"] = "v3 from cached system fields"
        _ = try await database.save(rebuilt)
        XCTAssertEqual(cloud.privateDatabase.record(saved.recordID)?["title"] as? String, "v3 from cached system fields")

        // The stale original still conflicts.
        do {
            _ = try await database.save(saved)
            XCTFail("expected serverRecordChanged")
        } catch { XCTAssertEqual(code(error), "serverRecordChanged") }
    }

    func testARecordFetchedByAnotherDeviceSavesThere() async throws {
        let cloud = InMemoryCloudKit()
        let phone = cloud.mockDatabase()
        let laptop = cloud.mockDatabase()
        let saved = try await phone.save(note("a", "from the phone"))
        let onLaptop = try await laptop.record(for: saved.recordID)
        onLaptop["title"] = "edited on the laptop"
        _ = try await laptop.save(onLaptop)
        XCTAssertEqual(cloud.privateDatabase.record(saved.recordID)?["title"] as? String, "edited on the laptop")
    }

    // MARK: 7. Zone capabilities come from the server

    func testAtomicityComesFromTheStoredZoneNotTheAppsZoneObject() async throws {
        let cloud = InMemoryCloudKit()
        let database = cloud.mockDatabase()
        let local = CKRecordZone(zoneID: notes)
        XCTAssertEqual(local.capabilities, [], "CKRecordZone.h: not valid until the zone is saved")
        let savedZone = try await database.save(local)
        XCTAssertTrue(savedZone.capabilities.contains([.fetchChanges, .atomic]), "the saved zone has the server's capabilities")
        let fetchedZone = try await database.recordZone(for: notes)
        XCTAssertEqual(fetchedZone.capabilities, savedZone.capabilities)
        XCTAssertEqual(cloud.privateDatabase.capabilities(of: .default), [], "the default zone has none")

        let stale = try await database.save(note("a", "v1", zone: notes))
        cloud.privateDatabase.modifyFromAnotherDevice(stale.recordID) { $0["title"] = "v2" }
        let results = try await database.modifyRecords(saving: [stale, note("b", "new", zone: notes)], deleting: [])
        XCTAssertEqual(code(results.saveResults[CKRecord.ID(recordName: "b", zoneID: notes)]?.failureError), "batchRequestFailed")
    }

    // MARK: 8. No zone: every zone

    func testAQueryWithoutAZoneSearchesEveryZone() async throws {
        let cloud = InMemoryCloudKit()
        cloud.privateDatabase.seed(zones: [CKRecordZone(zoneID: notes)])
        cloud.privateDatabase.seed([note("a", "default zone"), note("b", "Notes zone", zone: notes)])
        let database = cloud.mockDatabase()
        let query = CKQuery(recordType: "Note", predicate: NSPredicate(value: true))
        let everywhere = try await database.records(matching: query)
        XCTAssertEqual(everywhere.matchResults.map(\.0.recordName), ["a", "b"])
        let onlyNotes = try await database.records(matching: query, inZoneWith: notes)
        XCTAssertEqual(onlyNotes.matchResults.map(\.0.recordName), ["b"])

        let shared = cloud.mockDatabase(.shared)
        do {
            _ = try await shared.records(matching: query)
            XCTFail("cross-zone queries are not supported in the shared database")
        } catch { XCTAssertEqual(code(error), "invalidArguments") }
    }

    // MARK: 9. Results limits, moreComing, token updates

    func testZoneChangesComeInBatchesOfTheResultsLimit() async throws {
        let cloud = InMemoryCloudKit()
        cloud.privateDatabase.seed(zones: [CKRecordZone(zoneID: notes)])
        cloud.privateDatabase.seed((1...5).map { note("n\($0)", "\($0)", zone: notes) })
        let database = cloud.mockDatabase(delivery: .immediate)

        // fetchAllChanges (default): every batch, token updates between batches, moreComing false.
        let all = zoneChanges(database, since: nil, limit: 2, fetchAll: true)
        XCTAssertEqual(all.lines, ["n1", "n2", "token", "n3", "n4", "token", "n5", "zone more=false"])

        // Without it: one batch, moreComing true, and the token continues from there.
        var token: CKServerChangeToken?
        var names: [String] = []
        var rounds = 0
        repeat {
            let page = zoneChanges(database, since: token, limit: 2, fetchAll: false)
            XCTAssertFalse(page.lines.contains("token"), "no token updates when fetchAllChanges is NO")
            names += page.lines.filter { $0.hasPrefix("n") }
            token = page.token
            rounds += 1
            if page.lines.last == "zone more=false" { break }
        } while rounds < 10
        XCTAssertEqual(names, ["n1", "n2", "n3", "n4", "n5"])
        XCTAssertEqual(rounds, 3)
    }

    func zoneChanges(
        _ database: MockCloudDatabase, since token: CKServerChangeToken?, limit: Int, fetchAll: Bool
    ) -> (lines: [String], token: CKServerChangeToken?) {
        let lines = Locked<[String]>([])
        let latest = Locked<CKServerChangeToken?>(nil)
        let operation = CKFetchRecordZoneChangesOperation(
            recordZoneIDs: [notes], configurationsByRecordZoneID: [notes: .init(previousServerChangeToken: token, resultsLimit: limit)])
        operation.fetchAllChanges = fetchAll
        operation.recordWasChangedBlock = { id, _ in lines.withLock { $0.append(id.recordName) } }
        operation.recordZoneChangeTokensUpdatedBlock = { _, _, _ in lines.withLock { $0.append("token") } }
        operation.recordZoneFetchResultBlock = { _, result in
            let value = try? result.get()
            lines.withLock { $0.append("zone more=\(value?.moreComing ?? false)") }
            latest.withLock { $0 = value?.serverChangeToken }
        }
        database.add(operation)
        return (lines.snapshot, latest.snapshot)
    }

    func testDatabaseChangesComeInBatchesOfTheResultsLimit() async throws {
        let cloud = InMemoryCloudKit()
        cloud.privateDatabase.seed(zones: ["A", "B", "C"].map { CKRecordZone(zoneName: $0) })
        let database = cloud.mockDatabase(delivery: .immediate)

        func fetch(since token: CKServerChangeToken?, fetchAll: Bool) -> (lines: [String], token: CKServerChangeToken?) {
            let lines = Locked<[String]>([])
            let latest = Locked<CKServerChangeToken?>(nil)
            let operation = CKFetchDatabaseChangesOperation(previousServerChangeToken: token)
            operation.resultsLimit = 2
            operation.fetchAllChanges = fetchAll
            operation.recordZoneWithIDChangedBlock = { zone in lines.withLock { $0.append(zone.zoneName) } }
            operation.changeTokenUpdatedBlock = { _ in lines.withLock { $0.append("token") } }
            operation.fetchDatabaseChangesResultBlock = { result in
                let value = try? result.get()
                lines.withLock { $0.append("more=\(value?.moreComing ?? false)") }
                latest.withLock { $0 = value?.serverChangeToken }
            }
            database.add(operation)
            return (lines.snapshot, latest.snapshot)
        }

        XCTAssertEqual(fetch(since: nil, fetchAll: true).lines, ["A", "B", "token", "C", "more=false"])
        let first = fetch(since: nil, fetchAll: false)
        XCTAssertEqual(first.lines, ["A", "B", "more=true"])
        XCTAssertEqual(fetch(since: first.token, fetchAll: false).lines, ["C", "more=false"])
    }

    // MARK: 10. changedKeys saves only the changed keys

    func testChangedKeysKeepsAnotherDevicesEditOfAnotherKey() async throws {
        let cloud = InMemoryCloudKit()
        let database = cloud.mockDatabase()
        let record = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "x"))
        record["a"] = "a1"
        record["b"] = "b1"
        let mine = try await database.save(record)
        cloud.privateDatabase.modifyFromAnotherDevice(mine.recordID) { $0["b"] = "b2 from B" }

        mine["a"] = "a2 from me"
        XCTAssertEqual(mine.changedKeys(), ["a"])
        let results = try await database.modifyRecords(saving: [mine], deleting: [], savePolicy: .changedKeys)
        XCTAssertNotNil(try results.saveResults[mine.recordID]?.get(), "changedKeys does not compare change tags")
        let stored = try XCTUnwrap(cloud.privateDatabase.record(mine.recordID))
        XCTAssertEqual(stored["a"] as? String, "a2 from me")
        XCTAssertEqual(stored["b"] as? String, "b2 from B")
    }

    func testAllKeysKeepsKeysOnlyTheServerHas() async throws {
        let cloud = InMemoryCloudKit()
        let database = cloud.mockDatabase()
        let mine = try await database.save(note("x", "mine"))
        cloud.privateDatabase.modifyFromAnotherDevice(mine.recordID) { $0["added"] = "by B" }
        _ = try await database.modifyRecords(saving: [mine], deleting: [], savePolicy: .allKeys)
        XCTAssertEqual(
            cloud.privateDatabase.record(mine.recordID)?["added"] as? String, "by B",
            "CKModifyRecordsOperation.h: keys present only on the server remain unchanged")
    }

    // MARK: 11. The conflict's ancestor

    func testAConflictCarriesTheAncestor() async throws {
        let cloud = InMemoryCloudKit()
        let database = cloud.mockDatabase()
        let mine = try await database.save(note("a", "original"))
        cloud.privateDatabase.modifyFromAnotherDevice(mine.recordID) { $0["title"] = "theirs" }
        mine["title"] = "mine"
        do {
            _ = try await database.save(mine)
            XCTFail("expected serverRecordChanged")
        } catch {
            let ancestor = try XCTUnwrap(model.ancestorRecord(of: error) as? CKRecord)
            XCTAssertEqual(ancestor["title"] as? String, "original", "the version the client record was based on")
            XCTAssertEqual(ancestor.recordChangeTag, mine.recordChangeTag)
            XCTAssertEqual((model.serverRecord(of: error) as? CKRecord)?["title"] as? String, "theirs")
            XCTAssertTrue(model.clientRecord(of: error) === mine)
            XCTAssertEqual(ancestor.changedKeys(), [], "as the server handed that version out")
            XCTAssertEqual(ancestor.modificationDate, mine.modificationDate)
            ancestor["title"] = "changed by the app"
        }
        // Each conflict gets an ancestor of its own (a copy of that version's hand-out).
        do {
            _ = try await database.save(mine)
            XCTFail("expected serverRecordChanged")
        } catch {
            XCTAssertEqual((model.ancestorRecord(of: error) as? CKRecord)?["title"] as? String, "original")
        }
    }

    // MARK: 12. The account

    func testAccountStatusUserRecordIDAndAnAccountChange() async throws {
        let center = NotificationCenter()
        let cloud = InMemoryCloudKit(notificationCenter: center)
        XCTAssertEqual(try cloud.accountStatus(), .available)
        let user = try cloud.userRecordID()
        XCTAssertTrue(user.recordName.hasPrefix("_"))
        XCTAssertEqual(try cloud.userRecordID(), user, "stable per container")

        let posted = Locked(0)
        let observer = center.addObserver(forName: .CKAccountChanged, object: nil, queue: nil) { _ in posted.withLock { $0 += 1 } }
        defer { center.removeObserver(observer) }
        cloud.simulateAccountChange(to: .noAccount)
        XCTAssertEqual(posted.snapshot, 1)
        XCTAssertEqual(try cloud.accountStatus(), .noAccount)

        let database = cloud.mockDatabase()
        do {
            _ = try await database.save(note("a", "x"))
            XCTFail("no account")
        } catch { XCTAssertEqual(code(error), "notAuthenticated") }
        XCTAssertThrowsError(try cloud.userRecordID())

        cloud.simulateAccountChange(to: .temporarilyUnavailable)
        do {
            _ = try await database.record(for: CKRecord.ID(recordName: "a"))
            XCTFail("account not ready")
        } catch { XCTAssertEqual(code(error), "accountTemporarilyUnavailable") }

        cloud.simulateAccountChange(to: .available)
        _ = try await database.save(note("a", "x"))
    }
}
