import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// apple/sample-cloudkit-queries (`Tests/QueriesTests.swift`, `QueriesTests`) on the in-memory
/// CloudKit: the view model (`Queries/ViewModel.swift`) saves contacts in a "Contacts" zone,
/// queries them by name prefix, and reads them all with zone changes.
@MainActor
final class QueriesSampleTests: XCTestCase {
    /// The sample's view model on our protocols. Changes it forces: the container is handed in;
    /// "contactZoneCreated" lives in the instance, not in `UserDefaults.standard`; off Apple
    /// platforms the prefix predicate is a block, because swift-corelibs-foundation has no
    /// `NSPredicate(format:)` (its declaration: "Predicate strings and key-value coding are not
    /// supported in swift-corelibs-foundation. Use a closure instead"). On Apple platforms it is
    /// the sample's format string: Apple's CKQuery page, "You can't use value or block-based
    /// predicates".
    @MainActor final class ViewModel {
        let database: any CloudDatabase
        private let contactsZoneID = CKRecordZone.ID(zoneName: "Contacts")
        private var contactZoneCreated = false

        init(container: any CloudContainer) { database = container.privateCloudDatabase }

        func initialize() async throws {
            guard !contactZoneCreated else { return }
            _ = try await database.modifyRecordZones(saving: [CKRecordZone(zoneID: contactsZoneID)], deleting: [])
            contactZoneCreated = true
        }

        func saveContacts(_ names: [String]) async throws -> [CKRecord.ID] {
            let records = names.map { name in
                let record = CKRecord(recordType: "Contact", recordID: CKRecord.ID(zoneID: contactsZoneID))
                record["name"] = name
                return record
            }
            let result = try await database.modifyRecords(saving: records, deleting: [], savePolicy: .allKeys)
            return result.saveResults.values.compactMap { try? $0.get() }.map(\.recordID)
        }

        func getContactNames(startingWith prefix: String?) async throws -> [String] {
            guard let prefix else { return try await getAllContactNames() }
            #if canImport(Darwin)
                let predicate = NSPredicate(format: "name BEGINSWITH %@", prefix)
            #else
                let predicate = NSPredicate { record, _ in ((record as? CKRecord)?["name"] as? String)?.hasPrefix(prefix) ?? false }
            #endif
            let query = CKQuery(recordType: "Contact", predicate: predicate)
            let (matchResults, _) = try await database.records(matching: query, inZoneWith: contactsZoneID)
            return matchResults.compactMap { _, result in try? result.get() }.compactMap { $0["name"] as? String }
        }

        func getAllContactNames() async throws -> [String] {
            var allContactNames: [String] = []
            var awaitingChanges = true
            var nextChangeToken: CKServerChangeToken? = nil
            while awaitingChanges {
                let changes = try await database.recordZoneChanges(inZoneWith: contactsZoneID, since: nextChangeToken)
                allContactNames += changes.modificationResultsByID.compactMap { _, result in try? result.get().record }.compactMap {
                    $0["name"] as? String
                }
                awaitingChanges = changes.moreComing
                nextChangeToken = changes.changeToken
            }
            return allContactNames
        }
    }

    let cloud = InMemoryCloudKit(containerIdentifier: "iCloud.com.apple.samples.cloudkit.queries")
    var viewModel: ViewModel!
    var idsToDelete: [CKRecord.ID] = []

    /// The sample's `setUpWithError`: the view model creates its zone.
    override func setUp() async throws {
        viewModel = ViewModel(container: cloud.mockContainer())
        try await viewModel.initialize()
    }

    /// The sample's `tearDownWithError`: a `CKModifyRecordsOperation` deletes what the test saved,
    /// and its result block reports success.
    override func tearDown() async throws {
        guard !idsToDelete.isEmpty else { return }
        let deleteOperation = CKModifyRecordsOperation(recordsToSave: nil, recordIDsToDelete: idsToDelete)
        let result = Locked<Result<Void, any Error>?>(nil)
        let done = expectation(description: "deleted")
        deleteOperation.modifyRecordsResultBlock = { outcome in
            result.withLock { $0 = outcome }
            done.fulfill()
        }
        viewModel.database.add(deleteOperation)
        await fulfillment(of: [done], timeout: 5)
        XCTAssertNoThrow(try result.snapshot?.get())
        XCTAssertEqual(cloud.privateDatabase.records(in: CKRecordZone.ID(zoneName: "Contacts")).count, 0)
    }

    /// `test_CloudKitReadiness` (the sample's completion-handler form, `fetchAllRecordZones`).
    func testCloudKitReadiness() async {
        let container = cloud.mockContainer()
        let error = Locked<(any Error)?>(nil)
        let done = expectation(description: "fetched")
        container.privateCloudDatabase.fetchAllRecordZones { _, failure in
            error.withLock { $0 = failure }
            done.fulfill()
        }
        await fulfillment(of: [done], timeout: 5)
        XCTAssertNil(error.snapshot)
        let failure = await SampleReadiness.failure(of: container)
        XCTAssertNil(failure)
    }

    /// `testSavingRecords`: three names are saved.
    func testSavingRecords() async throws {
        idsToDelete = try await viewModel.saveContacts(["Madi", "Simon", "Bob"])
        XCTAssertEqual(idsToDelete.count, 3)
    }

    /// `testQueryingRecords`: after saving "Madi" and "Simon", the prefix "M" finds at least one
    /// name, and every name found starts with "M". (The sample sleeps 5 s for the server's
    /// index; the in-memory store answers queries at once.)
    func testQueryingRecords() async throws {
        idsToDelete = try await viewModel.saveContacts(["Madi", "Simon"])
        let matches = try await viewModel.getContactNames(startingWith: "M")
        XCTAssertFalse(matches.isEmpty)
        for match in matches { XCTAssertTrue(match.starts(with: "M"), match) }
        XCTAssertEqual(matches, ["Madi"])
    }

    /// Beyond the sample's tests: with no prefix the view model reads every name through zone changes.
    func testNoPrefixReadsEveryNameThroughZoneChanges() async throws {
        idsToDelete = try await viewModel.saveContacts(["Madi", "Simon"])
        let names = try await viewModel.getContactNames(startingWith: nil)
        XCTAssertEqual(names.sorted(), ["Madi", "Simon"])
    }
}
