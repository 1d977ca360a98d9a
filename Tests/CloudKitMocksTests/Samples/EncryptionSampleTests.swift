import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// apple/sample-cloudkit-encryption (`EncryptionTests/EncryptionTests.swift`) on the in-memory
/// CloudKit: the view model (`Encryption/ViewModels/ViewModel.swift`) keeps contacts in an
/// "EncryptedContacts" zone with the phone number in `encryptedValues`.
@MainActor
final class EncryptionSampleTests: XCTestCase {
    /// The sample's `Contact` (`Encryption/Models/Contact.swift`): a record with a plain name and
    /// an encrypted phone number.
    struct Contact {
        let id: String
        let name: String
        let phoneNumber: String
        let associatedRecord: CKRecord

        init?(record: CKRecord) {
            guard let name = record["name"] as? String, let phoneNumber = record.encryptedValues["phoneNumber"] as? String else { return nil }
            id = record.recordID.recordName
            self.name = name
            self.phoneNumber = phoneNumber
            associatedRecord = record
        }
    }

    /// The sample's view model on our protocols. Changes it forces: the container is handed in;
    /// "isZoneCreated" lives in the instance, not in `UserDefaults.standard`; logging is left out.
    @MainActor final class ViewModel {
        private let database: any CloudDatabase
        let recordZone = CKRecordZone(zoneName: "EncryptedContacts")
        private var isZoneCreated = false

        init(container: any CloudContainer) { database = container.privateCloudDatabase }

        func initialize() async throws {
            guard !isZoneCreated else { return }
            _ = try await database.modifyRecordZones(saving: [recordZone], deleting: [])
            isZoneCreated = true
        }

        func fetchContacts() async throws -> [Contact] {
            let changes = try await database.recordZoneChanges(inZoneWith: recordZone.zoneID, since: nil)
            return changes.modificationResultsByID.values.compactMap { try? $0.get().record }.compactMap { Contact(record: $0) }
        }

        func addContact(name: String, phoneNumber: String) async throws -> Contact? {
            let record = CKRecord(recordType: "Contact", recordID: CKRecord.ID(zoneID: recordZone.zoneID))
            record["name"] = name
            record.encryptedValues["phoneNumber"] = phoneNumber
            return Contact(record: try await database.save(record))
        }

        func deleteContacts(_ contacts: [Contact]) async throws {
            let recordIDs = contacts.map(\.associatedRecord.recordID)
            guard !recordIDs.isEmpty else { return }
            _ = try await database.modifyRecords(saving: [], deleting: recordIDs)
        }
    }

    let cloud = InMemoryCloudKit(containerIdentifier: "iCloud.com.apple.samples.cloudkit.encryption")
    var viewModel: ViewModel!
    var contactsToDelete: [Contact] = []

    /// The sample's `setUp`: the view model creates its zone.
    override func setUp() async throws {
        viewModel = ViewModel(container: cloud.mockContainer())
        try await viewModel.initialize()
    }

    /// The sample's `tearDown`: the contacts the test made are deleted.
    override func tearDown() async throws {
        guard !contactsToDelete.isEmpty else { return }
        try await viewModel.deleteContacts(contactsToDelete)
        let left = try await viewModel.fetchContacts()
        XCTAssertTrue(left.isEmpty)
    }

    /// `test_CloudKitReadiness`.
    func testCloudKitReadiness() async {
        let failure = await SampleReadiness.failure(of: cloud.mockContainer())
        XCTAssertNil(failure)
    }

    /// `testCreatingAndFetchingContact`: the saved record makes a contact (its encrypted phone
    /// number comes back), a later fetch finds it by id, with the same phone number.
    func testCreatingAndFetchingContact() async throws {
        let contact = try await viewModel.addContact(name: "TestContact-\(UUID().uuidString)", phoneNumber: "555-123-4567")
        let created = try XCTUnwrap(contact, "the saved record carries the encrypted phone number")
        contactsToDelete.append(created)
        let contacts = try await viewModel.fetchContacts()
        let found = try XCTUnwrap(contacts.first { $0.id == created.id }, "found in a later fetch")
        XCTAssertEqual(found.phoneNumber, created.phoneNumber)
        XCTAssertNil(found.associatedRecord["phoneNumber"] as? String, "the phone number is only among the encrypted values")
    }
}
