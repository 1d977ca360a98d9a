import CloudKit
import Foundation
import XCTest

@testable import CloudKitMocks

/// The sharing classes' archive formats (issue #24, point 6): the keys each writes and reads, as
/// a public decompilation of CloudKit.framework shows them (`-[CKShareParticipant initWithCoder:]`,
/// `-[CKShareMetadata initWithCoder:]`, `-[CKUserIdentity initWithCoder:]`), and the store minting
/// them the one public way, by decoding an archive. On a Mac these run against the real CloudKit.
final class SharingArchiveFormatTests: XCTestCase {
    private func keys(_ encode: (NSKeyedArchiver) -> Void) throws -> NSKeyedUnarchiver {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        encode(archiver)
        archiver.finishEncoding()
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        return unarchiver
    }

    let zoneID = CKRecordZone.ID(zoneName: "Notes")

    func testAUserIdentityIsMintedFromUserRecordID() throws {
        let identity = try XCTUnwrap(SharingArchive.userIdentity("_bob"))
        XCTAssertEqual(identity.userRecordID?.recordName, "_bob")
        XCTAssertTrue(identity.hasiCloudAccount)
        let written = try keys { identity.encode(with: $0) }
        XCTAssertEqual(written.decodeObject(of: CKRecord.ID.self, forKey: "UserRecordID")?.recordName, "_bob")
        XCTAssertTrue(written.decodeBool(forKey: "HasICloudAccount"))
    }

    func testAParticipantIsMintedWithApplesKeys() throws {
        let state = ParticipantState(participantID: "p1", userRecordName: "_bob", role: .privateUser, permission: .readWrite, acceptance: .accepted)
        let participant = try XCTUnwrap(SharingArchive.participant(state, asSeenBy: "_alice"))
        XCTAssertEqual(participant.role, .privateUser)
        XCTAssertEqual(participant.permission, .readWrite)
        XCTAssertEqual(participant.acceptanceStatus, .accepted)
        XCTAssertEqual(participant.userIdentity.userRecordID?.recordName, "_bob")
        let written = try keys { participant.encode(with: $0) }
        XCTAssertEqual(written.decodeObject(of: NSString.self, forKey: "ParticipantID"), "p1")
        XCTAssertEqual(written.decodeInt64(forKey: "Type"), 3, "the role, CKShareParticipantRolePrivateUser")
        XCTAssertEqual(written.decodeInt64(forKey: "AcceptanceStatus"), 2)
        XCTAssertEqual(written.decodeInt64(forKey: "Permission"), 3)
        XCTAssertFalse(written.decodeBool(forKey: "IsCurrentUser"))
        XCTAssertEqual(SharingArchive.participantID(of: participant), "p1")

        let asBob = try XCTUnwrap(SharingArchive.participant(state, asSeenBy: "_bob"))
        XCTAssertEqual(asBob.userIdentity.userRecordID?.recordName, CKCurrentUserDefaultName, "the viewer sees themself as the current user")
        XCTAssertEqual(asBob, participant, "CKShareParticipant.h: equal when participantID matches")
    }

    func testANewShareHasTheCurrentUserAsOwnerAndNoPublicPermission() throws {
        let root = CKRecord(recordType: "List", recordID: CKRecord.ID(recordName: "list", zoneID: zoneID))
        let share = CKShare(rootRecord: root)
        XCTAssertEqual(share.recordID.zoneID, zoneID, "in the root's zone")
        XCTAssertEqual(share.publicPermission, .none, "CKShare.h: by default, public permission is none")
        XCTAssertEqual(share.owner.role, .owner)
        XCTAssertTrue(share.currentUserParticipant === share.owner)
        XCTAssertNil(share.url, "CKShare.h: only available after the share record has been saved to the server")
        XCTAssertEqual(SharingArchive.rootRecordID(of: share), root.recordID)
        XCTAssertEqual(CKShare(recordZoneID: zoneID).recordID.recordName, CKRecordNameZoneWideShare)
        XCTAssertNil(SharingArchive.rootRecordID(of: CKShare(recordZoneID: zoneID)))

        let bob = try XCTUnwrap(
            SharingArchive.participant(
                ParticipantState(participantID: "b", userRecordName: "_bob", role: .privateUser, permission: .readOnly, acceptance: .unknown),
                asSeenBy: "_alice"))
        share.addParticipant(bob)
        let again = try XCTUnwrap(
            SharingArchive.participant(
                ParticipantState(participantID: "b2", userRecordName: "_bob", role: .privateUser, permission: .readWrite, acceptance: .unknown),
                asSeenBy: "_alice"))
        share.addParticipant(again)
        XCTAssertEqual(share.participants.count, 2, "CKShare.h: a participant with a matching userIdentity is updated, not added")
        XCTAssertEqual(share.participants[1].permission, .readWrite)
        share.removeParticipant(bob)
        XCTAssertEqual(share.participants.count, 1)
    }

    func testAShareArchivesItsSharingFieldsWithTheSystemFields() throws {
        let share = CKShare(recordZoneID: zoneID)
        share.publicPermission = .readOnly
        let written = try keys { share.encodeSystemFields(with: $0) }
        XCTAssertEqual(written.decodeInteger(forKey: "PublicPermission"), 2)
        XCTAssertEqual(
            (written.decodeObject(of: [NSArray.self, CKShare.Participant.self], forKey: "Participants") as? [CKShare.Participant])?.count, 1)
        let restored = try XCTUnwrap(CKShare(coder: try keys { share.encodeSystemFields(with: $0) }))
        XCTAssertEqual(restored.publicPermission, .readOnly)
        XCTAssertEqual(restored.owner.role, .owner)
        XCTAssertTrue(share.copy() is CKShare, "Apple's copy is of the receiver's class")
    }

    func testShareMetadataIsMintedWithApplesKeys() throws {
        let share = CKShare(recordZoneID: zoneID)
        let caller = ParticipantState(participantID: "b", userRecordName: "_bob", role: .privateUser, permission: .readOnly, acceptance: .pending)
        let metadata = try XCTUnwrap(
            SharingArchive.metadata(
                share: share, rootRecordID: nil, rootRecord: nil, caller: caller, owner: "_alice", viewer: "_bob",
                containerIdentifier: "iCloud.example"))
        XCTAssertEqual(metadata.participantRole, .privateUser)
        XCTAssertEqual(metadata.participantStatus, .pending)
        XCTAssertEqual(metadata.participantPermission, .readOnly)
        XCTAssertEqual(metadata.ownerIdentity.userRecordID?.recordName, "_alice")
        XCTAssertEqual(metadata.share.recordID, share.recordID)
        XCTAssertNil(metadata.hierarchicalRootRecordID)
        let written = try keys { metadata.encode(with: $0) }
        XCTAssertEqual(written.decodeInteger(forKey: "ParticipantType"), 3)
        XCTAssertEqual(written.decodeInteger(forKey: "ParticipantStatus"), 1)
        XCTAssertEqual(written.decodeInteger(forKey: "ParticipantPermission"), 2)
        XCTAssertNotNil(written.decodeObject(of: CKUserIdentity.self, forKey: "OwnerIdentity"))
    }

    func testMovingARecordRenamesEveryIDOfItsZone() throws {
        let shared = CKRecordZone.ID(zoneName: "Notes", ownerName: "_alice")
        let child = CKRecord(recordType: "Item", recordID: CKRecord.ID(recordName: "item", zoneID: zoneID))
        child.setParent(CKRecord.ID(recordName: "list", zoneID: zoneID))
        child["list"] = CKRecord.Reference(recordID: CKRecord.ID(recordName: "list", zoneID: zoneID), action: .deleteSelf)
        let moved = try XCTUnwrap(SharingArchive.moved(child, from: zoneID, to: shared))
        XCTAssertEqual(moved.recordID.zoneID, shared)
        XCTAssertEqual(moved.parent?.recordID.zoneID, shared)
        XCTAssertEqual((moved["list"] as? CKRecord.Reference)?.recordID.zoneID, shared)
        XCTAssertEqual(SharingArchive.moved(moved, from: shared, to: zoneID)?.recordID, child.recordID)
    }
}
