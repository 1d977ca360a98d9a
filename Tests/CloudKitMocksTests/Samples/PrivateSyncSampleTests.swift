import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// apple/sample-cloudkit-privatedb-sync (`PrivateSyncTests/PrivateSyncTests.swift`) on the
/// in-memory CloudKit. The view model's read loop (`fetchLatestChanges`) is
/// `ChangeFetchCallTests.SampleModel`; this file adds what the sample does around it
/// (`PrivateSync/ViewModel.swift`): the "Contacts" zone, the zone subscription, adding and
/// deleting contacts.
final class PrivateSyncSampleTests: XCTestCase {
    /// The sample's view model on our protocols. Changes it forces: the container is handed in;
    /// the "isZoneCreated" and "isSubscribed" flags and the cache live in the instance, not in
    /// `UserDefaults.standard` (one fresh install per view model, so tests do not share them).
    final class ViewModel {
        enum PrivateSyncError: Error { case contactNotFound }

        private let database: any CloudDatabase
        private let zone = CKRecordZone(zoneName: "Contacts")
        private let subscriptionID = "changes-subscription-id"
        private let reader = ChangeFetchCallTests.SampleModel(field: "name")
        private var isZoneCreated = false
        private var isSubscribed = false

        init(container: any CloudContainer) { database = container.privateCloudDatabase }

        var contactNames: [String] { reader.titles.values.sorted() }
        var lastChangeToken: CKServerChangeToken? {
            reader.archivedToken.flatMap { try? NSKeyedUnarchiver.unarchivedObject(ofClass: CKServerChangeToken.self, from: $0) }
        }

        func initialize() async throws {
            try await createZoneIfNeeded()
            try await createSubscriptionIfNeeded()
        }

        func fetchLatestChanges() async throws {
            _ = try await reader.fetchChanges(in: database, zoneID: zone.zoneID)
        }

        func addContact(name: String) async throws {
            let newRecord = CKRecord(recordType: "Contact", recordID: CKRecord.ID(zoneID: zone.zoneID))
            newRecord["name"] = name
            let savedRecord = try await database.save(newRecord)
            reader.titles[savedRecord.recordID.recordName] = name
        }

        func deleteContact(name: String) async throws {
            guard let matchingID = reader.titles.first(where: { _, value in name == value })?.key else {
                throw PrivateSyncError.contactNotFound
            }
            try await database.deleteRecord(withID: CKRecord.ID(recordName: matchingID, zoneID: zone.zoneID))
            reader.titles[matchingID] = nil
        }

        func createZoneIfNeeded() async throws {
            guard !isZoneCreated else { return }
            _ = try await database.modifyRecordZones(saving: [zone], deleting: [])
            isZoneCreated = true
        }

        func createSubscriptionIfNeeded() async throws {
            guard !isSubscribed else { return }
            let foundSubscription = try? await database.subscription(for: subscriptionID)
            guard foundSubscription == nil else {
                isSubscribed = true
                return
            }
            let subscription = CKRecordZoneSubscription(zoneID: zone.zoneID, subscriptionID: subscriptionID)
            let notificationInfo = CKSubscription.NotificationInfo()
            notificationInfo.shouldSendContentAvailable = true
            subscription.notificationInfo = notificationInfo
            _ = try await database.modifySubscriptions(saving: [subscription], deleting: [])
            isSubscribed = true
        }
    }

    let cloud = InMemoryCloudKit(containerIdentifier: "iCloud.com.apple.samples.cloudkit.PrivateSync")

    /// The sample's `setUp`: a fresh view model creates the zone.
    override func setUp() async throws {
        try await ViewModel(container: cloud.mockContainer()).createZoneIfNeeded()
    }

    /// `test_CloudKitReadiness`.
    func testCloudKitReadiness() async {
        let failure = await SampleReadiness.failure(of: cloud.mockContainer())
        XCTAssertNil(failure)
    }

    /// `testFetchingChangesAndUpdatingToken`: a new view model has no token; after a fetch it has one.
    func testFetchingChangesAndUpdatingToken() async throws {
        let viewModel = ViewModel(container: cloud.mockContainer())
        XCTAssertNil(viewModel.lastChangeToken, "a new view model starts without a token")
        try await viewModel.fetchLatestChanges()
        XCTAssertNotNil(viewModel.lastChangeToken, "a fetch leaves a token")
    }

    /// Beyond the sample's tests: the sample's `initialize()` on two installs subscribes once (the
    /// second finds the subscription), and one install sees what the other adds and deletes.
    func testTwoInstallsSubscribeOnceAndSeeEachOthersContacts() async throws {
        let phone = ViewModel(container: cloud.mockContainer())
        let laptop = ViewModel(container: cloud.mockContainer())
        try await phone.initialize()
        try await laptop.initialize()
        let subscriptions = try await cloud.mockDatabase().allSubscriptions()
        XCTAssertEqual(subscriptions.map(\.subscriptionID), ["changes-subscription-id"])
        let zoneSubscription = try XCTUnwrap(subscriptions.first as? CKRecordZoneSubscription)
        XCTAssertEqual(zoneSubscription.zoneID, CKRecordZone.ID(zoneName: "Contacts"))
        XCTAssertEqual(zoneSubscription.notificationInfo?.shouldSendContentAvailable, true)

        try await phone.addContact(name: "Madi")
        try await phone.addContact(name: "Simon")
        try await laptop.fetchLatestChanges()
        XCTAssertEqual(laptop.contactNames, ["Madi", "Simon"])
        try await laptop.deleteContact(name: "Madi")
        try await phone.fetchLatestChanges()
        XCTAssertEqual(phone.contactNames, ["Simon"])
        do {
            try await phone.deleteContact(name: "Madi")
            XCTFail("expected contactNotFound")
        } catch ViewModel.PrivateSyncError.contactNotFound {}
    }
}
