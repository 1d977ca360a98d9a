import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import Testing
import XCTest

/// What Apple's sharing samples rely on beyond record shares (issue 35, items 2, 3, 7 and 8):
/// sources and choices in docs/InMemoryStore.md, "Sharing".
final class ContainerAndZoneSharingTests: XCTestCase, StoreTestSupport {
    let cloud = InMemoryCloudKit(userRecordName: "_alice", containerIdentifier: "iCloud.com.example.notes")
    lazy var alice = cloud.mockDatabase()
    lazy var bobDevice = cloud.device(signedInAs: "_bob")

    override func setUp() {
        super.setUp()
        cloud.privateDatabase.seed(zones: [CKRecordZone(zoneID: notes)])
    }

    /// Shares the Notes zone with Bob (read-write), as the zone-sharing sample does.
    func shareZone() async throws -> CKShare {
        let share = CKShare(recordZoneID: notes)
        let participant = try cloud.shareParticipant(forUserRecordID: CKRecord.ID(recordName: "_bob"))
        participant.permission = .readWrite
        share.addParticipant(participant)
        let saved = try await alice.save(share)
        return try XCTUnwrap(saved as? CKShare)
    }

    // MARK: 2. The container's identifier

    func testShareMetadataAndTheMockContainerCarryTheContainersIdentifier() async throws {
        XCTAssertEqual(cloud.mockContainer().containerIdentifier, "iCloud.com.example.notes")
        XCTAssertEqual(bobDevice.mockContainer().containerIdentifier, "iCloud.com.example.notes", "every device is the same container")
        let share = try await shareZone()
        let metadata = try bobDevice.shareMetadata(for: try XCTUnwrap(share.url))
        XCTAssertEqual(metadata.containerIdentifier, "iCloud.com.example.notes", "the samples compare it with their container's")
        XCTAssertEqual(InMemoryCloudKit().containerIdentifier, InMemoryCloudKit.defaultContainerIdentifier)
        let container = cloud.mockContainer()
        container.stub(.containerIdentifier, .value("iCloud.other"))
        XCTAssertEqual(container.containerIdentifier, "iCloud.other", "a test's stub wins")
    }

    // MARK: 3. A zone's share

    func testAFetchedZoneCarriesItsZoneWideShare() async throws {
        let before = try await alice.recordZone(for: notes)
        XCTAssertNil(before.share, "no zone-wide share yet")
        let share = try await shareZone()
        let fetched = try await alice.recordZone(for: notes)
        XCTAssertEqual(fetched.share?.recordID, share.recordID, "CKRecordZone.h: set on zones fetched from the server when a zone-wide share exists")
        let all = try await alice.allRecordZones()
        XCTAssertEqual(all.first { $0.zoneID == notes }?.share?.recordID, share.recordID)

        let metadata = try bobDevice.shareMetadata(for: try XCTUnwrap(share.url))
        _ = try bobDevice.accept(metadata)
        let sharedNotes = CKRecordZone.ID(zoneName: "Notes", ownerName: "_alice")
        let seenByBob = try await bobDevice.mockDatabase(.shared).recordZone(for: sharedNotes)
        XCTAssertEqual(
            seenByBob.share?.recordID, CKRecord.ID(recordName: CKRecordNameZoneWideShare, zoneID: sharedNotes), "named in Bob's shared database")

        _ = try await alice.deleteRecord(withID: share.recordID)
        let after = try await alice.recordZone(for: notes)
        XCTAssertNil(after.share, "gone with the share")
    }

    // MARK: 7. Zones in the public database

    func testThePublicDatabaseRefusesToModifyZonesWithBadDatabase() async throws {
        let publicDatabase = cloud.mockDatabase(.public)
        let results = try await publicDatabase.modifyRecordZones(saving: [CKRecordZone(zoneID: notes)], deleting: [.default])
        for result in [results.saveResults[notes].map { $0.map { _ in () } }, results.deleteResults[.default]] {
            guard case .failure(let failure)? = result else { return XCTFail("expected badDatabase") }
            XCTAssertEqual(code(failure), "badDatabase", "CKError.h: likely caused by attempting to modify zones in the public database")
        }
    }

    // MARK: 8. The share the app saved

    func testTheSavedShareCarriesTheURLTheAppsOwnInstanceDoesNot() async throws {
        let appsShare = CKShare(recordZoneID: notes)
        let result = try await alice.save(appsShare)
        let saved = try XCTUnwrap(result as? CKShare)
        XCTAssertNotNil(saved.url, "the share the save hands back has the server's URL")
        XCTAssertNil(
            appsShare.url,
            "Apple updates the saved instance in place (decompiled -[CKRecord updateWithSavedRecordXPCMetadata:…]); no public API lets a store do it")
    }
}

/// `-[CKShare addParticipant:]` asserts (decompiled): "You can only add PrivateUsers as
/// participants on a share", raised as an Objective-C exception that ends the app. The stand-in
/// stops the process the same way, so the test runs it in a process of its own.
@Suite struct ParticipantRoleTests {
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    @Test func addingAParticipantWhoIsNotAPrivateUserEndsTheProcess() async throws {
        await #expect(processExitsWith: .failure) {
            let share = CKShare(recordZoneID: CKRecordZone.ID(zoneName: "Notes"))
            let participant = try InMemoryCloudKit().shareParticipant(forUserRecordID: CKRecord.ID(recordName: "_bob"))
            participant.role = .publicUser
            share.addParticipant(participant)
        }
    }

    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    @Test func addingAPrivateUserDoesNot() throws {
        let share = CKShare(recordZoneID: CKRecordZone.ID(zoneName: "Notes"))
        let participant = try InMemoryCloudKit().shareParticipant(forUserRecordID: CKRecord.ID(recordName: "_bob"))
        share.addParticipant(participant)
        #expect(share.participants.count == 2)
    }
}
