import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import Foundation
import XCTest

@testable import CloudKitMocks

/// The in-memory CloudKit against Apple's ground truth (issue #22, points 1, 3, 4 and 5): tokens
/// and cursors carry their meaning in Apple's archive format, server-set fields are set, archive
/// format problems are reported, and each iCloud user has their own private database.
final class GroundTruthStoreTests: XCTestCase, StoreTestSupport {

    // MARK: 1. Tokens and cursors in Apple's format

    /// An app persists its token by archiving it. Apple's token decodes its bytes from
    /// "ChangeTokenData"; a token restored from the archive must still mean its point in history.
    func testAFetchSinceARestoredTokenReturnsTheChangesSinceIt() async throws {
        let cloud = InMemoryCloudKit()
        cloud.privateDatabase.seed(zones: [CKRecordZone(zoneID: notes)])
        let database = cloud.mockDatabase(delivery: .immediate)
        _ = try await database.save(note("a", "1", zone: notes))
        let first = try zoneChanges(database, since: nil)
        let archive = try NSKeyedArchiver.archivedData(withRootObject: first.token, requiringSecureCoding: true)

        _ = try await database.save(note("b", "2", zone: notes))
        _ = try await database.save(note("c", "3", zone: notes))
        let restored = try XCTUnwrap(NSKeyedUnarchiver.unarchivedObject(ofClass: CKServerChangeToken.self, from: archive))
        XCTAssertFalse(restored === first.token)
        let since = try zoneChanges(database, since: restored)
        XCTAssertEqual(since.changed, ["b", "c"])
        XCTAssertNotEqual(since.token, first.token, "tokens for different points in history differ")
    }

    /// The bytes sit under Apple's key, read back through `encode(with:)` as a Mac would.
    func testMintedTokensAndCursorsCarryTheirBytesUnderApplesKeys() throws {
        let token = Minted.token("t")
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        token.encode(with: archiver)
        archiver.finishEncoding()
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        XCTAssertNotNil(unarchiver.decodeObject(of: NSData.self, forKey: "ChangeTokenData"))

        let zone = CKRecordZone.ID(zoneName: "Z")
        let cursor = try XCTUnwrap(OpaqueValues.cursor(Data("c".utf8), zoneID: zone))
        let cursorArchiver = NSKeyedArchiver(requiringSecureCoding: true)
        cursor.encode(with: cursorArchiver)
        cursorArchiver.finishEncoding()
        let cursorUnarchiver = try NSKeyedUnarchiver(forReadingFrom: cursorArchiver.encodedData)
        XCTAssertEqual(cursorUnarchiver.decodeObject(of: NSData.self, forKey: "CursorData") as Data?, Data("c".utf8))
        XCTAssertEqual(cursorUnarchiver.decodeObject(of: CKRecordZone.ID.self, forKey: "ZoneID"), zone)
    }

    /// Apple's cursors compare by identity, so the store must find a restored cursor by its bytes.
    func testAQueryContinuesFromARestoredCursor() async throws {
        let cloud = InMemoryCloudKit()
        cloud.privateDatabase.seed((1...5).map { note("n\($0)", "\($0)") })
        let database = cloud.mockDatabase()
        let query = CKQuery(recordType: "Note", predicate: NSPredicate(value: true))
        query.sortDescriptors = [NSSortDescriptor(keyPath: \CKRecord.recordID.recordName, ascending: true)]
        let page = try await database.records(matching: query, inZoneWith: nil, desiredKeys: nil, resultsLimit: 2)
        let cursor = try XCTUnwrap(page.queryCursor)
        let archive = try NSKeyedArchiver.archivedData(withRootObject: cursor, requiringSecureCoding: true)
        let restored = try XCTUnwrap(NSKeyedUnarchiver.unarchivedObject(ofClass: CKQueryOperation.Cursor.self, from: archive))
        let next = try await database.records(continuingMatchFrom: restored, desiredKeys: nil, resultsLimit: 2)
        XCTAssertEqual(next.matchResults.map(\.0.recordName), ["n3", "n4"])
    }

    /// A token one database (or user) made means nothing to another.
    func testATokenFromAnotherDatabaseIsNotRecognised() async throws {
        let one = InMemoryCloudKit()
        let other = InMemoryCloudKit()
        for cloud in [one, other] { cloud.privateDatabase.seed(zones: [CKRecordZone(zoneID: notes)]) }
        let token = try zoneChanges(one.mockDatabase(delivery: .immediate), since: nil).token
        XCTAssertThrowsError(try zoneChanges(other.mockDatabase(delivery: .immediate), since: token)) {
            XCTAssertEqual(self.code($0), "changeTokenExpired")
        }
    }

    // MARK: 3. A changed archive format is reported, not silently lost

    /// A future SDK that writes the change tag under another key: the store falls back to
    /// identity, so the record still saves, and says so once.
    func testARenamedArchiveKeyIsReportedOnceAndTagsFallBackToIdentity() throws {
        let report = ArchiveFormatReport()
        let fields = SystemFields(report: report)
        let record = RenamedKeysRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "a"))
        let first = fields.record(record, changeTag: "7", server: nil)
        XCTAssertEqual(fields.changeTag(of: first), "7")
        _ = fields.record(record, changeTag: "8", server: nil)
        XCTAssertEqual(report.problems.count, 1, "reported once")
        XCTAssertTrue(report.problems.first?.contains("CKRecord's archive format") ?? false)
        XCTAssertTrue(first is RenamedKeysRecord, "decoded as the record's own class")
        XCTAssertNil(fields.changeTag(of: first.copy() as! CKRecord), "the fallback's stated limit")
    }

    func testTheShippedFormatsReportNothing() async throws {
        let cloud = InMemoryCloudKit()
        let database = cloud.mockDatabase()
        _ = try await database.save(CKRecordZone(zoneID: notes))
        _ = try await database.save(note("a", "1", zone: notes))
        _ = try zoneChanges(cloud.mockDatabase(delivery: .immediate), since: nil)
        XCTAssertEqual(cloud.archiveFormat.problems, [])
    }

    // MARK: 4. Server-set fields

    func testSavedAndFetchedRecordsCarryTheFieldsTheServerSets() async throws {
        let clock = Locked(Date(timeIntervalSince1970: 1_000))
        let cloud = InMemoryCloudKit(now: { clock.snapshot })
        let database = cloud.mockDatabase()
        let made = note("a", "1")
        XCTAssertNil(made.creationDate)
        let saved = try await database.save(made)
        XCTAssertEqual(saved.creationDate, Date(timeIntervalSince1970: 1_000))
        XCTAssertEqual(saved.modificationDate, saved.creationDate)
        XCTAssertEqual(saved.creatorUserRecordID?.recordName, CKCurrentUserDefaultName)
        XCTAssertEqual(saved.lastModifiedUserRecordID?.recordName, CKCurrentUserDefaultName)

        clock.withLock { $0 = Date(timeIntervalSince1970: 2_000) }
        saved["title"] = "2"
        let edited = try await database.save(saved)
        XCTAssertEqual(edited.creationDate, Date(timeIntervalSince1970: 1_000), "first saved")
        XCTAssertEqual(edited.modificationDate, Date(timeIntervalSince1970: 2_000), "last saved")
        let fetched = try await database.record(for: made.recordID)
        XCTAssertEqual(fetched.modificationDate, edited.modificationDate)
        XCTAssertEqual(fetched.creationDate, edited.creationDate)
    }

    /// "Keep the newer record" logic needs later saves to be newer, even within one clock tick.
    func testLaterSavesAreAlwaysNewer() async throws {
        let cloud = InMemoryCloudKit(now: { Date(timeIntervalSince1970: 5) })
        let database = cloud.mockDatabase()
        let first = try await database.save(note("a", "1"))
        let second = try await database.save(note("b", "2"))
        XCTAssertLessThan(try XCTUnwrap(first.modificationDate), try XCTUnwrap(second.modificationDate))
    }

    /// The records one request saves share its date (our choice, like the clock's direction); the
    /// next request's are newer. Seeding several records is one request.
    func testTheRecordsOfOneRequestShareItsDate() async throws {
        let cloud = InMemoryCloudKit(now: { Date(timeIntervalSince1970: 5) })
        let database = cloud.mockDatabase()
        let seeded = cloud.privateDatabase.seed([note("a", "1"), note("b", "2")])
        XCTAssertEqual(seeded[0].modificationDate, seeded[1].modificationDate)
        XCTAssertEqual(seeded[0].creationDate, seeded[1].creationDate)
        let saved = try await database.modifyRecords(
            saving: [note("c", "3"), note("d", "4")], deleting: [], savePolicy: .ifServerRecordUnchanged, atomically: false)
        let dates = try ["c", "d"].map { try saved.saveResults[CKRecord.ID(recordName: $0)]!.get().modificationDate }
        XCTAssertEqual(dates[0], dates[1])
        XCTAssertLessThan(try XCTUnwrap(seeded[0].modificationDate), try XCTUnwrap(dates[0]))
    }

    /// A record deleted and saved again is a new record: a new creation date.
    func testARecordSavedAgainAfterItsDeletionHasANewCreationDate() async throws {
        let clock = Locked(Date(timeIntervalSince1970: 1_000))
        let cloud = InMemoryCloudKit(now: { clock.snapshot })
        let database = cloud.mockDatabase()
        let first = try await database.save(note("a", "1"))
        _ = try await database.deleteRecord(withID: first.recordID)
        clock.withLock { $0 = Date(timeIntervalSince1970: 3_000) }
        let again = try await database.save(note("a", "1"))
        XCTAssertEqual(again.creationDate, Date(timeIntervalSince1970: 3_000))
    }

    /// Another user sees the creator by their record name; the creator sees `__defaultOwner__`.
    func testAnotherUserSeesTheCreatorsRecordName() async throws {
        let cloud = InMemoryCloudKit(userRecordName: "_alice")
        let database = cloud.mockDatabase(.public)
        let saved = try await database.save(note("a", "1"))
        XCTAssertEqual(saved.creatorUserRecordID?.recordName, CKCurrentUserDefaultName)
        cloud.simulateAccountChange(to: .available, userRecordName: "_bob")
        let seenByBob = try await database.record(for: saved.recordID)
        XCTAssertEqual(seenByBob.creatorUserRecordID?.recordName, "_alice")
        seenByBob["title"] = "bob's"
        let edited = try await database.save(seenByBob)
        XCTAssertEqual(edited.creatorUserRecordID?.recordName, "_alice")
        XCTAssertEqual(edited.lastModifiedUserRecordID?.recordName, CKCurrentUserDefaultName)
    }

    // MARK: 5. Each user has their own private database

    func testANewUserHasTheirOwnPrivateDatabaseAndTheFirstUsersDataComesBack() async throws {
        let cloud = InMemoryCloudKit(userRecordName: "_alice")
        let database = cloud.mockDatabase()
        _ = try await database.save(note("a", "alice's"))
        _ = try await cloud.mockDatabase(.public).save(note("p", "public"))

        cloud.simulateAccountChange(to: .available, newUser: true)
        XCTAssertEqual(cloud.privateDatabase.records().count, 0, "Apple: only the user can access their private database")
        do {
            _ = try await database.record(for: CKRecord.ID(recordName: "a"))
            XCTFail("another user's record")
        } catch { XCTAssertEqual(code(error), "unknownItem") }
        _ = try await database.save(note("b", "the new user's"))
        let publicRecord = try await cloud.mockDatabase(.public).record(for: CKRecord.ID(recordName: "p"))
        XCTAssertEqual(publicRecord["title"] as? String, "public", "the public database is everyone's")

        cloud.simulateAccountChange(to: .available, userRecordName: "_alice")
        XCTAssertEqual(cloud.privateDatabase.records().map(\.recordID.recordName), ["a"])
        let alices = try await database.record(for: CKRecord.ID(recordName: "a"))
        XCTAssertEqual(alices["title"] as? String, "alice's")
    }
}

/// A record as a future SDK might decode it: the change tag the store writes under "ETag" does
/// not come back. File-level: swift-corelibs-foundation archives only top-level classes.
final class RenamedKeysRecord: CKRecord, @unchecked Sendable {
    override var recordChangeTag: String? { nil }
}

/// Several users on one in-memory CloudKit (issue #24, point 1): each device signed in as its own
/// user, two devices per user.
final class SeveralUsersTests: XCTestCase, StoreTestSupport {
    func testAliceAndBobOnTheirOwnDevicesAndAliceOnTwo() async throws {
        let cloud = InMemoryCloudKit(userRecordName: "_alice")
        let alicePhone = cloud.mockDatabase()
        let aliceLaptop = cloud.device(signedInAs: "_alice").mockDatabase()
        let bob = cloud.device(signedInAs: "_bob")
        _ = try await alicePhone.save(note("a", "alice's"))
        _ = try await bob.mockDatabase().save(note("b", "bob's"))
        let onLaptop = try await aliceLaptop.record(for: CKRecord.ID(recordName: "a"))
        XCTAssertEqual(onLaptop["title"] as? String, "alice's", "a second device of the same user sees the same data")
        XCTAssertEqual(bob.privateDatabase.records().map(\.recordID.recordName), ["b"])
        XCTAssertEqual(cloud.privateDatabase.records().map(\.recordID.recordName), ["a"])

        _ = try await bob.mockDatabase(.public).save(note("p", "bob's public"))
        let seenByAlice = try await cloud.mockDatabase(.public).record(for: CKRecord.ID(recordName: "p"))
        XCTAssertEqual(seenByAlice.creatorUserRecordID?.recordName, "_bob")

        bob.simulateAccountChange(to: .noAccount)
        XCTAssertEqual(try cloud.accountStatus(), .available, "each device has its own account")
        XCTAssertEqual(try bob.accountStatus(), .noAccount)
    }

    func testATokenFromOneDeviceWorksOnTheUsersOtherDevice() async throws {
        let cloud = InMemoryCloudKit(userRecordName: "_alice")
        cloud.privateDatabase.seed(zones: [CKRecordZone(zoneID: notes)])
        let phone = cloud.mockDatabase(delivery: .immediate)
        let laptop = cloud.device(signedInAs: "_alice").mockDatabase(delivery: .immediate)
        _ = try await phone.save(note("a", "1", zone: notes))
        let token = try zoneChanges(phone, since: nil).token
        _ = try await phone.save(note("b", "2", zone: notes))
        XCTAssertEqual(try zoneChanges(laptop, since: token).changed, ["b"])
    }
}
