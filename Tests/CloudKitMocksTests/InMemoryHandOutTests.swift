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

    /// A copy keeps what Apple's `-[CKRecord copyWithZone:]` keeps (user fields, encrypted
    /// fields, system fields, changed keys) and shares nothing that can change: editing one
    /// hand-out (fields, list fields, encrypted fields, parent) never reaches the store, another
    /// hand-out of the same version, or the copy it was made from.
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    func testEditingAHandOutOrItsCopyReachesNothingElse() async throws {
        let cloud = InMemoryCloudKit()
        let database = cloud.mockDatabase()
        let parentID = CKRecord.ID(recordName: "parent")
        let record = note("a", "1")
        record["tags"] = ["x", "y"]
        record.encryptedValues["secret"] = "s"
        record.setParent(parentID)
        let seeded = cloud.privateDatabase.seed([CKRecord(recordType: "Note", recordID: parentID), record])[1]
        let fetched = try await database.record(for: record.recordID)
        let copy = seeded.copy() as! CKRecord
        XCTAssertEqual(copy.recordChangeTag, seeded.recordChangeTag)
        XCTAssertEqual(copy.creationDate, seeded.creationDate)
        XCTAssertEqual(copy.modificationDate, seeded.modificationDate)
        XCTAssertEqual(copy.creatorUserRecordID, seeded.creatorUserRecordID)
        XCTAssertEqual(copy.lastModifiedUserRecordID, seeded.lastModifiedUserRecordID)
        XCTAssertEqual(copy.changedKeys(), [])

        for edited in [seeded, copy] {
            edited["text"] = "edited"
            edited["tags"] = ["z"]
            edited.encryptedValues["secret"] = "t"
            edited.parent = nil
        }
        XCTAssertEqual(copy.changedKeys().sorted(), ["tags", "text"], "a copy's changed keys are its own")
        let again = try await database.record(for: record.recordID)
        for untouched in [fetched, again, try XCTUnwrap(cloud.privateDatabase.records(in: .default).first { $0.recordID == record.recordID })] {
            XCTAssertEqual(untouched["text"] as? String, "1")
            XCTAssertEqual(untouched["tags"] as? [String], ["x", "y"])
            XCTAssertEqual(untouched.encryptedValues["secret"] as? String, "s")
            XCTAssertEqual(untouched.parent?.recordID, parentID)
            XCTAssertEqual(untouched.changedKeys(), [])
        }
        let original = note("b", "1")
        let copied = original.copy() as! CKRecord
        copied["text"] = "2"
        XCTAssertEqual(original["text"] as? String, "1", "editing a copy leaves the original alone")
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
