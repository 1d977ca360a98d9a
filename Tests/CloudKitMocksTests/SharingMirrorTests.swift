import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// Share metadata and user identities are mirrors (`CloudShareMetadata`, `CloudUserIdentity`):
/// a test makes them, stubs answer with them, and the store answers with them without minting
/// Apple's objects (issue 33, item 1).
final class SharingMirrorTests: XCTestCase, StoreTestSupport {
    let cloud = InMemoryCloudKit(userRecordName: "_alice", containerIdentifier: "iCloud.com.example.notes")
    lazy var bobDevice = cloud.device(signedInAs: "_bob")

    override func setUp() {
        super.setUp()
        cloud.privateDatabase.seed(zones: [CKRecordZone(zoneID: notes)])
    }

    /// Alice shares a list with Bob; the share as saved, with its URL.
    func shareList() async throws -> CKShare {
        let list = note("list", "groceries", zone: notes)
        let share = CKShare(rootRecord: list)
        share.addParticipant(try cloud.shareParticipant(forUserRecordID: CKRecord.ID(recordName: "_bob")))
        let results = try await cloud.mockDatabase().modifyRecords(saving: [list, share], deleting: [])
        return try XCTUnwrap(results.saveResults[share.recordID]?.get() as? CKShare)
    }

    func testTheStoreAcceptsMetadataATestMade() async throws {
        let share = try await shareList()
        let made = CloudShareMetadata(
            containerIdentifier: "iCloud.com.example.notes", share: share, hierarchicalRootRecordID: nil, participantRole: .privateUser,
            participantStatus: .pending, participantPermission: .readOnly,
            ownerIdentity: CloudUserIdentity(userRecordID: CKRecord.ID(recordName: "_alice"), nameComponents: nil, hasiCloudAccount: true),
            rootRecord: nil)
        let accepted = try await bobDevice.mockContainer().accept(made)
        XCTAssertEqual(accepted.currentUserParticipant?.acceptanceStatus, .accepted, "the store reads the share's URL from the mirror")
        XCTAssertEqual(bobDevice.sharedDatabase.zoneIDs, [CKRecordZone.ID(zoneName: "Notes", ownerName: "_alice")])
    }

    func testTheStoresMetadataIsAMirrorOfWhatBobSees() async throws {
        let share = try await shareList()
        let metadatas = try await bobDevice.mockContainer().shareMetadatas(for: [try XCTUnwrap(share.url)])
        let metadata = try XCTUnwrap(metadatas[share.url!]?.get())
        XCTAssertEqual(metadata.containerIdentifier, "iCloud.com.example.notes")
        XCTAssertEqual(metadata.participantRole, .privateUser)
        XCTAssertEqual(metadata.participantStatus, .pending)
        XCTAssertEqual(metadata.participantPermission, .readOnly)
        XCTAssertEqual(metadata.hierarchicalRootRecordID?.zoneID.ownerName, "_alice", "named as Bob's shared database names it")
        XCTAssertNil(metadata.rootRecord, "only shouldFetchRootRecord fetches it")
        XCTAssertNil(metadata.sdkValue_, "no Apple metadata is minted for the calls")
        XCTAssertEqual(metadata.ownerIdentity.userRecordID?.recordName, "_alice", "the share's owner, named as Bob sees her")
        XCTAssertTrue(metadata.ownerIdentity.hasiCloudAccount)
    }

    func testTheOwnerSeesTheirOwnIdentityAsTheCurrentUser() async throws {
        let share = try await shareList()
        let metadata = try await cloud.mockContainer().shareMetadata(for: try XCTUnwrap(share.url))
        XCTAssertEqual(metadata.ownerIdentity.userRecordID?.recordName, CKCurrentUserDefaultName, "as the owner participant shows it to her")
    }

    func testAStubAnswersWithMetadataATestMade() async throws {
        let container = MockCloudContainer()
        let share = CKShare(recordZoneID: CKRecordZone.ID(zoneName: "Photos"))
        container.stub(
            .shareMetadata,
            .value(
                CloudShareMetadata(
                    containerIdentifier: "iCloud.other", share: share, hierarchicalRootRecordID: nil, participantRole: .publicUser,
                    participantStatus: .pending, participantPermission: .readWrite,
                    ownerIdentity: CloudUserIdentity(userRecordID: CKRecord.ID(recordName: "_carol"), nameComponents: nil, hasiCloudAccount: true),
                    rootRecord: nil)))
        let metadata = try await container.shareMetadata(for: URL(string: "https://www.icloud.com/share/0stub")!)
        XCTAssertEqual(metadata.containerIdentifier, "iCloud.other", "the sample apps' guard can be tested with any container")
        XCTAssertEqual(metadata.share.recordID, share.recordID)
        XCTAssertEqual(metadata.ownerIdentity.userRecordID?.recordName, "_carol", "a test-made metadata names its owner")
    }

    @available(*, deprecated, message: "exercises the deprecated identity discovery on purpose")
    func testTheStoreDiscoversUsersByRecordID() async throws {
        let container = cloud.mockContainer()
        let bob = CKRecord.ID(recordName: "_bob")
        let identity = try await container.userIdentity(forUserRecordID: bob)
        XCTAssertEqual(identity?.userRecordID, bob)
        XCTAssertEqual(identity?.hasiCloudAccount, true, "every user record name is a user with an account (our choice)")
        XCTAssertNil(identity?.nameComponents, "the store knows no names")
        let carol = CKRecord.ID(recordName: "_carol")
        let identities = try await container.userIdentities(forUserRecordIDs: [bob, carol])
        XCTAssertEqual(identities[carol]?.userRecordID, carol)
        XCTAssertEqual(identities.count, 2)

        cloud.simulateAccountChange(to: .noAccount)
        do {
            _ = try await container.userIdentity(forUserRecordID: bob)
            XCTFail("no account, no discovery")
        } catch {
            XCTAssertEqual((error as? CKError)?.code, .notAuthenticated)
        }
    }

    @available(*, deprecated, message: "exercises the deprecated identity discovery on purpose")
    func testAStubAnswersDiscoveryByEmailWithAnIdentityATestMade() async throws {
        let container = MockCloudContainer()
        var name = PersonNameComponents()
        name.givenName = "Bob"
        container.stub(
            .userIdentityForEmail,
            .value(CloudUserIdentity(userRecordID: CKRecord.ID(recordName: "_bob"), nameComponents: name, hasiCloudAccount: true)))
        let identity = try await container.userIdentity(forEmailAddress: "bob@example.com")
        XCTAssertEqual(identity?.nameComponents?.givenName, "Bob")
    }
}
