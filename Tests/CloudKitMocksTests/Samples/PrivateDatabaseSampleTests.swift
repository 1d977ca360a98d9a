import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// apple/sample-cloudkit-privatedb (`Tests/PrivateDatabaseTests.swift`, class `Tests`) on the
/// in-memory CloudKit: the view model (`PrivateDatabase/ViewModel.swift`) keeps one "Person"
/// record in the default zone, saved with `.allKeys` and read back.
@MainActor
final class PrivateDatabaseSampleTests: XCTestCase {
    /// The sample's view model on our protocols. Changes it forces: the container is handed in
    /// (the sample makes `CKContainer(identifier:)`), and error logging through `os_log` is left
    /// out (it does not change what the calls do).
    @MainActor final class ViewModel {
        private let database: any CloudDatabase
        private let lastPersonRecordID: CKRecord.ID
        var lastPerson = ""

        init(container: any CloudContainer, isTesting: Bool = false) {
            database = container.privateCloudDatabase
            lastPersonRecordID = CKRecord.ID(recordName: isTesting ? "lastPersonTest" : "lastPerson")
        }

        func saveRecord(name: String) async throws {
            let lastPersonRecord = CKRecord(recordType: "Person", recordID: lastPersonRecordID)
            lastPersonRecord["name"] = name
            let (saveResults, _) = try await database.modifyRecords(saving: [lastPersonRecord], deleting: [], savePolicy: .allKeys)
            switch saveResults[lastPersonRecordID]! {
            case .success: try await refreshLastPerson()
            case .failure(let recordError): throw recordError
            }
        }

        func deleteLastPerson() async throws {
            try await database.deleteRecord(withID: lastPersonRecordID)
        }

        func refreshLastPerson() async throws {
            let record = try await database.record(for: lastPersonRecordID)
            if let name = record["name"] as? String { lastPerson = name }
        }
    }

    let cloud = InMemoryCloudKit(containerIdentifier: "iCloud.com.example.private-database")

    /// `test_CloudKitReadiness`: the private database lists its zones.
    func testCloudKitReadiness() async {
        let failure = await SampleReadiness.failure(of: cloud.mockContainer())
        XCTAssertNil(failure)
    }

    /// `testWriteToAndReadFromCloudKit`: a random name written is the name read back; the record
    /// is then deleted.
    func testWriteToAndReadFromCloudKit() async throws {
        let viewModel = ViewModel(container: cloud.mockContainer(), isTesting: true)
        let randomName = UUID().uuidString
        try await viewModel.saveRecord(name: randomName)
        try await viewModel.refreshLastPerson()
        XCTAssertEqual(viewModel.lastPerson, randomName, "the value written is the value read")
        try await viewModel.deleteLastPerson()
        XCTAssertEqual(cloud.privateDatabase.records(in: .default).count, 0, "the test leaves nothing behind")
    }

    /// Beyond the sample's test: `.allKeys` overwrites the record the sample saves again with a
    /// fresh instance (no change tag), which is how the sample updates "lastPerson" every time.
    func testSavingAgainWithAFreshInstanceOverwrites() async throws {
        let viewModel = ViewModel(container: cloud.mockContainer(), isTesting: true)
        try await viewModel.saveRecord(name: "Ada")
        try await viewModel.saveRecord(name: "Grace")
        XCTAssertEqual(viewModel.lastPerson, "Grace")
    }
}
