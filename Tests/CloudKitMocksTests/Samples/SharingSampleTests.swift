import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// apple/sample-cloudkit-sharing (`SharingTests/SharingTests.swift`) on the in-memory CloudKit,
/// as two users of one service: Alice runs the sample's test; Bob, invited to the share, accepts
/// it as the sample's scene delegate does and sees the contact among his shared contacts. The
/// view model is `Sharing/ViewModels/ViewModel.swift`: contacts in a "Contacts" zone, each shared
/// on its own with a record share.
@MainActor
final class SharingSampleTests: XCTestCase {
    static let containerIdentifier = "iCloud.com.apple.samples.cloudkit.sharing"

    /// The sample's `Contact` (`Sharing/Models/Contact.swift`).
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

    /// The sample's view model on our protocols. Changes it forces: the container is handed in;
    /// "isZoneCreated" lives in the instance, not in `UserDefaults.standard`; the discarded
    /// `save(_:)` result is assigned to `_` (our protocol's `save(_:)` is not
    /// `@discardableResult`, Apple's imported async method is).
    @MainActor final class ViewModel {
        enum ViewModelError: Error { case invalidRemoteShare }

        let container: any CloudContainer
        private var database: any CloudDatabase { container.privateCloudDatabase }
        let recordZone = CKRecordZone(zoneName: "Contacts")
        private var isZoneCreated = false

        init(container: any CloudContainer) { self.container = container }

        func initialize() async throws {
            guard !isZoneCreated else { return }
            _ = try await database.modifyRecordZones(saving: [recordZone], deleting: [])
            isZoneCreated = true
        }

        func fetchPrivateAndSharedContacts() async throws -> (private: [Contact], shared: [Contact]) {
            async let privateContacts = fetchContacts(scope: .private, in: [recordZone])
            async let sharedContacts = fetchSharedContacts()
            return (private: try await privateContacts, shared: try await sharedContacts)
        }

        func addContact(name: String, phoneNumber: String) async throws {
            let contactRecord = CKRecord(recordType: "SharedContact", recordID: CKRecord.ID(zoneID: recordZone.zoneID))
            contactRecord["name"] = name
            contactRecord["phoneNumber"] = phoneNumber
            _ = try await database.save(contactRecord)
        }

        func fetchOrCreateShare(contact: Contact) async throws -> (CKShare, any CloudContainer) {
            guard let existingShare = contact.associatedRecord.share else {
                let share = CKShare(rootRecord: contact.associatedRecord)
                share[CKShare.SystemFieldKey.title] = "Contact: \(contact.name)"
                _ = try await database.modifyRecords(saving: [contact.associatedRecord, share], deleting: [])
                return (share, container)
            }
            guard let share = try await database.record(for: existingShare.recordID) as? CKShare else {
                throw ViewModelError.invalidRemoteShare
            }
            return (share, container)
        }

        private func fetchContacts(scope: CKDatabase.Scope, in zones: [CKRecordZone]) async throws -> [Contact] {
            let database = container.database(with: scope)
            @Sendable func contactsInZone(_ zone: CKRecordZone) async throws -> [Contact] {
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
            return try await withThrowingTaskGroup(of: [Contact].self) { group in
                for zone in zones { group.addTask { try await contactsInZone(zone) } }
                var allContacts: [Contact] = []
                for try await contacts in group { allContacts += contacts }
                return allContacts
            }
        }

        private func fetchSharedContacts() async throws -> [Contact] {
            let sharedZones = try await container.sharedCloudDatabase.allRecordZones()
            guard !sharedZones.isEmpty else { return [] }
            return try await fetchContacts(scope: .shared, in: sharedZones)
        }
    }

    let cloud = InMemoryCloudKit(userRecordName: "_alice", containerIdentifier: SharingSampleTests.containerIdentifier)
    lazy var bobDevice = cloud.device(signedInAs: "_bob")
    var viewModel: ViewModel!
    var idsToDelete: [CKRecord.ID] = []
    let testContactName = "Test\(UUID().uuidString)"

    /// The sample's `setUp`: the view model creates its zone.
    override func setUp() async throws {
        viewModel = ViewModel(container: cloud.mockContainer())
        try await viewModel.initialize()
    }

    /// The sample's `tearDownWithError`: the records the test made are deleted.
    override func tearDown() async throws {
        guard !idsToDelete.isEmpty else { return }
        let results = try await cloud.mockContainer().privateCloudDatabase.modifyRecords(saving: [], deleting: idsToDelete)
        for result in results.deleteResults.values { XCTAssertNoThrow(try result.get()) }
        XCTAssertEqual(cloud.privateDatabase.records(in: CKRecordZone.ID(zoneName: "Contacts")).count, 0)
    }

    /// `test_CloudKitReadiness`, for both users.
    func testCloudKitReadiness() async {
        let alice = await SampleReadiness.failure(of: cloud.mockContainer())
        let bob = await SampleReadiness.failure(of: bobDevice.mockContainer())
        XCTAssertNil(alice)
        XCTAssertNil(bob)
    }

    /// `testCreatingShare`: the contact added is among the private contacts, and sharing it
    /// succeeds. Then, as two users: Alice's view model finds the share the next time (the
    /// root's `share` is set), invites Bob, and Bob's app accepts and lists the contact as shared.
    func testCreatingShare() async throws {
        try await viewModel.addContact(name: testContactName, phoneNumber: "555-123-4567")
        let privateContacts = try await viewModel.fetchPrivateAndSharedContacts().private
        let testContact = try XCTUnwrap(privateContacts.first { $0.name == testContactName }, "the test contact is among the private contacts")
        idsToDelete.append(testContact.associatedRecord.recordID)
        let (share, _) = try await viewModel.fetchOrCreateShare(contact: testContact)
        idsToDelete.append(share.recordID)

        // Alice again: the contact now names its share, and the view model fetches it.
        let refreshed = try await viewModel.fetchPrivateAndSharedContacts().private
        let sharedContact = try XCTUnwrap(refreshed.first { $0.name == testContactName })
        XCTAssertEqual(sharedContact.associatedRecord.share?.recordID, share.recordID, "the server sets the root's share")
        let (fetched, container) = try await viewModel.fetchOrCreateShare(contact: sharedContact)
        XCTAssertEqual(fetched.recordID, share.recordID)
        XCTAssertEqual(fetched[CKShare.SystemFieldKey.title] as? String, "Contact: \(testContactName)")
        XCTAssertEqual(container.containerIdentifier, Self.containerIdentifier)

        // The sharing controller invites Bob.
        let participant = try await container.shareParticipant(forUserRecordID: CKRecord.ID(recordName: "_bob"))
        participant.permission = .readOnly
        fetched.addParticipant(participant)
        let savedShare = try await container.privateCloudDatabase.save(fetched)
        let invited = try XCTUnwrap(savedShare as? CKShare)

        // Bob taps the link; the system hands his app the metadata.
        let bobsContainer = bobDevice.mockContainer()
        let metadata = try await SampleShareAcceptance.systemMetadata(for: try XCTUnwrap(invited.url), in: bobsContainer)
        let accepted = await SampleShareAcceptance.accept(metadata, in: bobsContainer, appContainerIdentifier: Self.containerIdentifier)
        XCTAssertNoThrow(try XCTUnwrap(accepted).get(), "the metadata names the sample's container, so the app accepts")

        // Bob's app, as its content view starts it (`ContentView.swift`: `initialize()` makes his
        // own "Contacts" zone, which the private fetch reads; without it that fetch is `zoneNotFound`).
        let bobsViewModel = ViewModel(container: bobsContainer)
        try await bobsViewModel.initialize()
        let bobsContacts = try await bobsViewModel.fetchPrivateAndSharedContacts()
        XCTAssertEqual(bobsContacts.private.count, 0, "Bob's own zone is empty")
        XCTAssertEqual(bobsContacts.shared.map(\.name), [testContactName])
        XCTAssertEqual(bobsContacts.shared.first?.phoneNumber, "555-123-4567")
    }

    /// The scene delegate's guard: metadata naming another container than the app's is not accepted.
    func testTheSampleIgnoresAShareFromAnotherContainer() async throws {
        try await viewModel.addContact(name: testContactName, phoneNumber: "555-123-4567")
        let contacts = try await viewModel.fetchPrivateAndSharedContacts().private
        let contact = try XCTUnwrap(contacts.first)
        idsToDelete.append(contact.associatedRecord.recordID)
        let (share, _) = try await viewModel.fetchOrCreateShare(contact: contact)
        idsToDelete.append(share.recordID)
        let saved = try await cloud.mockDatabase().record(for: share.recordID)
        let metadata = try await SampleShareAcceptance.systemMetadata(for: try XCTUnwrap((saved as? CKShare)?.url), in: cloud.mockContainer())
        XCTAssertEqual(metadata.containerIdentifier, Self.containerIdentifier)
        let accepted = await SampleShareAcceptance.accept(metadata, in: cloud.mockContainer(), appContainerIdentifier: "iCloud.com.example.other")
        XCTAssertNil(accepted)
    }
}
