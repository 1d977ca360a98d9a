import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// The store hands a stored version out again as a copy of the last copy it handed out (not
/// another archive round trip): each is still the app's own object, with the tag, server fields
/// and no changed keys, as its user sees them.
final class InMemoryHandOutTests: XCTestCase {
    func note(_ name: String, _ text: String) -> CKRecord {
        let record = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: name))
        record["text"] = text
        return record
    }

    func testEveryHandOutIsTheAppsOwnCopy() async throws {
        let cloud = InMemoryCloudKit()
        let database = cloud.mockDatabase()
        let saved = try await database.save(note("a", "1"))
        let first = try await database.record(for: saved.recordID)
        let second = try await database.record(for: saved.recordID)
        XCTAssertFalse(first === second)
        XCTAssertFalse(first === saved)
        for record in [first, second] {
            XCTAssertEqual(record.recordChangeTag, saved.recordChangeTag)
            XCTAssertEqual(record.changedKeys(), [])
            XCTAssertEqual(record.modificationDate, saved.modificationDate)
        }
        first["text"] = "edited here, not saved"
        let third = try await database.record(for: saved.recordID)
        XCTAssertEqual(third["text"] as? String, "1")
        XCTAssertEqual(third.changedKeys(), [])
        XCTAssertEqual(cloud.privateDatabase.records(in: .default).first?["text"] as? String, "1")
    }

    func testUsersTakingTurnsEachSeeTheirOwnView() async throws {
        let cloud = InMemoryCloudKit(userRecordName: "_alice")
        let database = cloud.mockDatabase(.public)
        let saved = try await database.save(note("a", "1"))
        for (user, creator) in [("_bob", "_alice"), ("_alice", CKCurrentUserDefaultName), ("_bob", "_alice")] {
            cloud.simulateAccountChange(to: .available, userRecordName: user)
            let seen = try await database.record(for: saved.recordID)
            XCTAssertEqual(seen.creatorUserRecordID?.recordName, creator, user)
        }
        let edited = try await database.save(try await database.record(for: saved.recordID))
        let fetched = try await database.record(for: saved.recordID)
        XCTAssertEqual(fetched.recordChangeTag, edited.recordChangeTag, "a new version is handed out, not the cached one")
        XCTAssertNotEqual(fetched.recordChangeTag, saved.recordChangeTag)
    }
}
