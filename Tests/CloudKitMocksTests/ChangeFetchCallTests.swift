import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// `recordZoneChanges(inZoneWith:since:)` and `databaseChanges(since:)` answered by the in-memory
/// CloudKit with mirrors, as Apple's sample apps read changes (sample-cloudkit-privatedb-sync,
/// `ViewModel.fetchChanges`: fetch since the stored token, apply modifications and deletions,
/// store the new token, ask again while `moreComing`).
final class ChangeFetchCallTests: XCTestCase, StoreTestSupport {
    /// What the sample's view model keeps: its records by name, and its persisted token (archived,
    /// as the sample writes it to UserDefaults).
    final class SampleModel {
        /// The field the sample shows ("name" in the sample's contacts).
        let field: CKRecord.FieldKey
        var titles: [String: String] = [:]
        var archivedToken: Data?

        init(field: CKRecord.FieldKey = "title") { self.field = field }

        /// The sample's read path, unchanged but for the protocol it talks to.
        func fetchChanges(in database: any CloudDatabase, zoneID: CKRecordZone.ID, resultsLimit: Int? = nil) async throws -> Int {
            var awaitingChanges = true
            var rounds = 0
            var token = try archivedToken.flatMap { try NSKeyedUnarchiver.unarchivedObject(ofClass: CKServerChangeToken.self, from: $0) }
            while awaitingChanges {
                let changes = try await database.recordZoneChanges(inZoneWith: zoneID, since: token, desiredKeys: nil, resultsLimit: resultsLimit)
                let changedRecords = changes.modificationResultsByID.compactMapValues { try? $0.get().record }
                for (id, record) in changedRecords { titles[id.recordName] = record[field] as? String }
                for deletion in changes.deletions { titles[deletion.recordID.recordName] = nil }
                token = changes.changeToken
                archivedToken = try NSKeyedArchiver.archivedData(withRootObject: changes.changeToken, requiringSecureCoding: true)
                awaitingChanges = changes.moreComing
                rounds += 1
            }
            return rounds
        }
    }

    func testTheSampleAppliesChangesPersistsTheTokenAndThenFindsNothingNew() async throws {
        let cloud = InMemoryCloudKit()
        let database = cloud.mockDatabase()
        _ = try await database.save(CKRecordZone(zoneID: notes))
        for (name, title) in [("a", "Groceries"), ("b", "Books"), ("c", "Chores")] { _ = try await database.save(note(name, title, zone: notes)) }
        let model = SampleModel()
        _ = try await model.fetchChanges(in: database, zoneID: notes)
        XCTAssertEqual(model.titles, ["a": "Groceries", "b": "Books", "c": "Chores"])

        // Another device deletes one and adds one.
        let other = cloud.mockDatabase()
        _ = try await other.deleteRecord(withID: CKRecord.ID(recordName: "b", zoneID: notes))
        _ = try await other.save(note("d", "Dentist", zone: notes))
        let changes = try await database.recordZoneChanges(
            inZoneWith: notes, since: try NSKeyedUnarchiver.unarchivedObject(ofClass: CKServerChangeToken.self, from: XCTUnwrap(model.archivedToken)))
        XCTAssertEqual(changes.modificationResultsByID.keys.map(\.recordName), ["d"])
        XCTAssertEqual(changes.deletions.map(\.recordID.recordName), ["b"])
        XCTAssertEqual(changes.deletions.map(\.recordType), ["Note"])

        _ = try await model.fetchChanges(in: database, zoneID: notes)
        XCTAssertEqual(model.titles, ["a": "Groceries", "c": "Chores", "d": "Dentist"])
        let again = try await database.recordZoneChanges(
            inZoneWith: notes, since: try NSKeyedUnarchiver.unarchivedObject(ofClass: CKServerChangeToken.self, from: XCTUnwrap(model.archivedToken)))
        XCTAssertTrue(again.modificationResultsByID.isEmpty)
        XCTAssertTrue(again.deletions.isEmpty)
        XCTAssertFalse(again.moreComing)
        XCTAssertEqual(database.callCount(.recordZoneChanges), 4)
    }

    func testALimitedFetchComesInPagesUntilMoreComingIsFalse() async throws {
        let cloud = InMemoryCloudKit()
        let database = cloud.mockDatabase(delivery: .immediate)
        _ = try await database.save(CKRecordZone(zoneID: notes))
        for index in 0..<5 { _ = try await database.save(note("n\(index)", "Note \(index)", zone: notes)) }

        let first = try await database.recordZoneChanges(inZoneWith: notes, since: nil, resultsLimit: 2)
        XCTAssertEqual(first.modificationResultsByID.count, 2)
        XCTAssertTrue(first.moreComing)

        let model = SampleModel()
        let rounds = try await model.fetchChanges(in: database, zoneID: notes, resultsLimit: 2)
        XCTAssertEqual(rounds, 3, "2 + 2 + 1")
        XCTAssertEqual(model.titles.count, 5)

        // The result form answers the same.
        let viaHandler = Locked<Int?>(nil)
        database.fetchRecordZoneChanges(inZoneWith: notes, since: nil) { result in
            viaHandler.withLock { $0 = try? result.get().modificationResultsByID.count }
        }
        XCTAssertEqual(viaHandler.snapshot, 5)
    }

    func testAFaultPlanFailsChosenModificationsItemByItem() async throws {
        let cloud = InMemoryCloudKit()
        let database = cloud.mockDatabase()
        _ = try await database.save(CKRecordZone(zoneID: notes))
        for name in ["a", "b"] { _ = try await database.save(note(name, name, zone: notes)) }
        let failed = CKRecord.ID(recordName: "b", zoneID: notes)
        let faulty = FaultInjectingCloudDatabase(
            wrapping: database, plan: FaultPlan { FaultRule.failItems(.call(CloudDatabaseCall.recordZoneChanges), [failed], with: "zoneBusy") })
        let changes = try await faulty.recordZoneChanges(inZoneWith: notes, since: nil)
        XCTAssertEqual(try changes.modificationResultsByID[CKRecord.ID(recordName: "a", zoneID: notes)]?.get().record["title"] as? String, "a")
        XCTAssertThrowsError(try changes.modificationResultsByID[failed]?.get()) { XCTAssertEqual(self.code($0), "zoneBusy") }
    }

    func testDatabaseChangesReportChangedAndDeletedZones() async throws {
        let cloud = InMemoryCloudKit()
        let database = cloud.mockDatabase()
        let work = CKRecordZone.ID(zoneName: "Work")
        for zone in [notes, work] {
            _ = try await database.save(CKRecordZone(zoneID: zone))
            _ = try await database.save(note("first", "x", zone: zone))
        }
        let all = try await database.databaseChanges(since: nil)
        XCTAssertEqual(Set(all.modifications.map(\.zoneID.zoneName)), ["Notes", "Work"])
        XCTAssertFalse(all.moreComing)

        _ = try await database.deleteRecordZone(withID: work)
        let later = try await database.databaseChanges(since: all.changeToken)
        XCTAssertEqual(later.deletions.map(\.zoneID.zoneName), ["Work"])
        XCTAssertTrue(later.modifications.isEmpty)
        let none = try await database.databaseChanges(since: later.changeToken)
        XCTAssertTrue(none.modifications.isEmpty && none.deletions.isEmpty)
    }

    /// A test makes the changes a stub answers with: the mirrors have public initialisers.
    func testAStubAnswersWithMirrorsTheTestMakes() async throws {
        let cloud = InMemoryCloudKit()
        let source = cloud.mockDatabase()
        _ = try await source.save(CKRecordZone(zoneID: notes))
        let token = try await source.recordZoneChanges(inZoneWith: notes, since: nil).changeToken

        let mock = MockCloudDatabase()
        let record = note("a", "Stubbed", zone: notes)
        mock.stub(
            .recordZoneChanges,
            .value(
                (
                    modificationResultsByID: [record.recordID: .success(CloudRecordZoneChangeModification(record: record))],
                    deletions: [CloudRecordZoneChangeDeletion(recordID: CKRecord.ID(recordName: "gone", zoneID: notes), recordType: "Note")],
                    changeToken: token, moreComing: false
                )))
        let model = SampleModel()
        model.titles["gone"] = "Old"
        _ = try await model.fetchChanges(in: mock, zoneID: notes)
        XCTAssertEqual(model.titles, ["a": "Stubbed"])
        XCTAssertEqual(mock.arguments(.recordZoneChanges).first?.zoneID, notes)
    }
}
