import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// apple/sample-cloudkit-zonesharing (`ZoneSharingTests/ZoneSharingTests.swift`) on the
/// in-memory CloudKit, as two users of one service: Alice runs the sample's test; Bob, invited to
/// the zone's share, accepts it as the sample's scene delegate does and sees the group. The view
/// model is `ZoneSharing/ViewModels/ViewModel.swift`: one zone per contact group, each shared
/// whole with a zone-wide share that the view model finds through `CKRecordZone.share`.
@MainActor
final class ZoneSharingSampleTests: XCTestCase {
    static let containerIdentifier = "iCloud.com.apple.samples.cloudkit.zonesharing"

    /// The sample's `Contact` (`ZoneSharing/Models/Contact.swift`).
    struct Contact {
        let id: String
        let name: String
        let phoneNumber: String
        let associatedRecord: CKRecord

        init?(record: CKRecord) {
            guard let name = record["name"] as? String, let phoneNumber = record["phoneNumber"] as? String else { return nil }
            id = record.recordID.recordName
            self.name = name
            self.phoneNumber = phoneNumber
            associatedRecord = record
        }
    }

    /// The sample's `ContactGroup` (`ZoneSharing/Models/ContactGroup.swift`): a zone and its contacts.
    struct ContactGroup {
        let zone: CKRecordZone
        let contacts: [Contact]
        var name: String { zone.zoneID.zoneName }
    }

    /// The sample's view model on our protocols. Changes it forces: the container is handed in;
    /// the discarded `save(_:)` results are assigned to `_` (our protocol's `save(_:)` is not
    /// `@discardableResult`, Apple's imported async methods are).
    @MainActor final class ViewModel {
        enum ViewModelError: Error { case invalidRemoteShare }

        let container: any CloudContainer
        private var database: any CloudDatabase { container.privateCloudDatabase }

        init(container: any CloudContainer) { self.container = container }

        func fetchPrivateAndSharedContacts() async throws -> (private: [ContactGroup], shared: [ContactGroup]) {
            let privateZones = try await database.allRecordZones().filter { $0.zoneID != CKRecordZone.default().zoneID }
            let sharedZones = try await container.sharedCloudDatabase.allRecordZones()
            async let privateContacts = fetchContacts(scope: .private, in: privateZones)
            async let sharedContacts = fetchContacts(scope: .shared, in: sharedZones)
            return (private: try await privateContacts, shared: try await sharedContacts)
        }

        func addContact(name: String, phoneNumber: String, group: String) async throws {
            let zone = CKRecordZone(zoneName: group)
            _ = try await database.save(zone)
            let contactRecord = CKRecord(recordType: "SharedContact", recordID: CKRecord.ID(zoneID: zone.zoneID))
            contactRecord["name"] = name
            contactRecord["phoneNumber"] = phoneNumber
            _ = try await database.save(contactRecord)
        }

        func fetchOrCreateShare(contactGroup: ContactGroup) async throws -> (CKShare, any CloudContainer) {
            guard let existingShare = contactGroup.zone.share else {
                let share = CKShare(recordZoneID: contactGroup.zone.zoneID)
                share[CKShare.SystemFieldKey.title] = "Contact Group: \(contactGroup.name)"
                _ = try await database.modifyRecords(saving: [share], deleting: [])
                return (share, container)
            }
            guard let share = try await database.record(for: existingShare.recordID) as? CKShare else {
                throw ViewModelError.invalidRemoteShare
            }
            return (share, container)
        }

        private func fetchContacts(scope: CKDatabase.Scope, in zones: [CKRecordZone]) async throws -> [ContactGroup] {
            guard !zones.isEmpty else { return [] }
            let database = container.database(with: scope)
            @Sendable func contactsInZone(_ zone: CKRecordZone) async throws -> [Contact] {
                if zone.zoneID == CKRecordZone.default().zoneID { return [] }
                var allContacts: [Contact] = []
                var awaitingChanges = true
                var nextChangeToken: CKServerChangeToken? = nil
                while awaitingChanges {
                    let zoneChanges = try await database.recordZoneChanges(inZoneWith: zone.zoneID, since: nextChangeToken)
                    allContacts += zoneChanges.modificationResultsByID.values.compactMap { try? $0.get().record }.compactMap { Contact(record: $0) }
                    awaitingChanges = zoneChanges.moreComing
                    nextChangeToken = zoneChanges.changeToken
                }
                return allContacts
            }
            return try await withThrowingTaskGroup(of: ContactGroup.self) { group in
                for zone in zones { group.addTask { ContactGroup(zone: zone, contacts: try await contactsInZone(zone)) } }
                var allGroups: [ContactGroup] = []
                for try await contactGroup in group { allGroups.append(contactGroup) }
                return allGroups
            }
        }
    }

    let cloud = InMemoryCloudKit(userRecordName: "_alice", containerIdentifier: ZoneSharingSampleTests.containerIdentifier)
    lazy var bobDevice = cloud.device(signedInAs: "_bob")
    lazy var viewModel = ViewModel(container: cloud.mockContainer())
    var idsToDelete: [CKRecord.ID] = []
    var zoneIDsToDelete: [CKRecordZone.ID] = []
    let testContactName = "Test\(UUID().uuidString)"
    let testContactGroup = "Group\(UUID().uuidString)"

    /// The sample's `tearDownWithError`: the records, then the zones, the test made are deleted.
    override func tearDown() async throws {
        guard !idsToDelete.isEmpty else { return }
        let database = cloud.mockContainer().privateCloudDatabase
        let records = try await database.modifyRecords(saving: [], deleting: idsToDelete)
        for result in records.deleteResults.values { XCTAssertNoThrow(try result.get()) }
        let zones = try await database.modifyRecordZones(saving: [], deleting: zoneIDsToDelete)
        for result in zones.deleteResults.values { XCTAssertNoThrow(try result.get()) }
        XCTAssertEqual(cloud.privateDatabase.zoneIDs, [.default])
    }

    /// `test_CloudKitReadiness`, for both users.
    func testCloudKitReadiness() async {
        let alice = await SampleReadiness.failure(of: cloud.mockContainer())
        let bob = await SampleReadiness.failure(of: bobDevice.mockContainer())
        XCTAssertNil(alice)
        XCTAssertNil(bob)
    }

    /// `testCreatingShare`: the contact added to a new group is found in that group among the
    /// private groups, and sharing the group succeeds. Then, as two users: the zone fetched again
    /// names its share, the view model fetches it, Alice invites Bob, and Bob's app accepts and
    /// lists the group and its contact as shared.
    func testCreatingShare() async throws {
        try await viewModel.addContact(name: testContactName, phoneNumber: "555-123-4567", group: testContactGroup)
        let privateGroups = try await viewModel.fetchPrivateAndSharedContacts().private
        let group = try XCTUnwrap(privateGroups.first { $0.name == testContactGroup }, "the test group (zone) is among the private groups")
        let testContact = try XCTUnwrap(group.contacts.first { $0.name == testContactName }, "the test contact is in its group")
        idsToDelete.append(testContact.associatedRecord.recordID)
        zoneIDsToDelete.append(group.zone.zoneID)
        let (share, _) = try await viewModel.fetchOrCreateShare(contactGroup: group)
        idsToDelete.append(share.recordID)

        // Alice again: the fetched zone names its zone-wide share, and the view model fetches it.
        let refreshed = try await viewModel.fetchPrivateAndSharedContacts().private
        let sharedGroup = try XCTUnwrap(refreshed.first { $0.name == testContactGroup })
        XCTAssertEqual(sharedGroup.zone.share?.recordID, share.recordID, "CKRecordZone.h: set on zones fetched from the server")
        let (fetched, container) = try await viewModel.fetchOrCreateShare(contactGroup: sharedGroup)
        XCTAssertEqual(fetched.recordID, share.recordID)
        XCTAssertEqual(fetched[CKShare.SystemFieldKey.title] as? String, "Contact Group: \(testContactGroup)")

        // The sharing controller invites Bob.
        let participant = try await container.shareParticipant(forUserRecordID: CKRecord.ID(recordName: "_bob"))
        participant.permission = .readWrite
        fetched.addParticipant(participant)
        let savedShare = try await container.privateCloudDatabase.save(fetched)
        let invited = try XCTUnwrap(savedShare as? CKShare)

        // Bob taps the link; the system hands his app the metadata.
        let bobsContainer = bobDevice.mockContainer()
        let metadata = try await SampleShareAcceptance.systemMetadata(for: try XCTUnwrap(invited.url), in: bobsContainer)
        let accepted = await SampleShareAcceptance.accept(metadata, in: bobsContainer, appContainerIdentifier: Self.containerIdentifier)
        XCTAssertNoThrow(try XCTUnwrap(accepted).get(), "the metadata names the sample's container, so the app accepts")

        let bobsGroups = try await ViewModel(container: bobsContainer).fetchPrivateAndSharedContacts()
        XCTAssertEqual(bobsGroups.private.count, 0, "Bob has no zones of his own")
        XCTAssertEqual(bobsGroups.shared.map(\.name), [testContactGroup])
        XCTAssertEqual(bobsGroups.shared.first?.zone.zoneID.ownerName, "_alice")
        XCTAssertEqual(bobsGroups.shared.first?.contacts.map(\.name), [testContactName])
    }
}
