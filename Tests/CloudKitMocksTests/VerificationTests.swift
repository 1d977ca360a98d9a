import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import Testing

// The test-facing API of the generated mocks under Swift Testing: typed keys shared by mocks and
// fault rules, checks that throw a readable `VerificationFailure`, and the description's error model.

@Suite struct VerificationTests {
    let zone = CKRecordZone.ID(zoneName: "Notes")

    func record(_ name: String) -> CKRecord {
        CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: name, zoneID: zone))
    }

    @Test func callsGivesTheArgumentsAndOnlyThrowsWithTheCallsListed() async throws {
        let database = MockCloudDatabase(delivery: .immediate)
        database.stub(.saveRecord, .handler { $0 })
        _ = try await database.save(record("a"))
        #expect(try database.calls(.saveRecord).only().recordID.recordName == "a")
        try database.calls(.deleteRecord).expectNone()

        _ = try await database.save(record("b"))
        let failure = #expect(throws: VerificationFailure.self) { try database.calls(.saveRecord).only() }
        #expect(failure?.message.hasPrefix("MockCloudDatabase.saveRecord was called 2 times, expected exactly once:") == true)
        #expect(failure?.message.contains("\n  2. ") == true)
        #expect(failure?.location.fileID.hasSuffix("VerificationTests.swift") == true)
        #expect(throws: VerificationFailure.self) { try database.calls(.saveRecord).expectCount(3) }
        try database.calls(.saveRecord).expectCount(2)
    }

    @Test func expectOrderFollowsOneLogAcrossMocksAndShowsItWhenWrong() async throws {
        let log = CallLog()
        let container = MockCloudContainer(log: log, delivery: .immediate)
        let database = MockCloudDatabase(log: log, delivery: .immediate)
        container.stub(.accountStatus, .value(.available))
        database.stub(.saveRecord, .handler { $0 })
        _ = try await container.accountStatus()
        _ = try await database.save(record("a"))

        try log.expectOrder(CloudContainerCall.accountStatus, CloudDatabaseCall.saveRecord)
        let failure = #expect(throws: VerificationFailure.self) {
            try log.expectOrder(CloudDatabaseCall.saveRecord, CloudContainerCall.accountStatus)
        }
        #expect(failure?.message.contains("Container.accountStatus is missing") == true)
        #expect(failure?.message.contains("#2 Database.saveRecord") == true)
        #expect(log.records(of: CloudDatabaseCall.saveRecord).map(\.sequence) == [2])
    }

    @Test func faultRulesTakeTheMocksKeysForCallsAndOperations() async throws {
        let database = MockCloudDatabase(delivery: .immediate)
        database.stub(.saveRecord, .handler { $0 })
        let faulty = FaultInjectingCloudDatabase(
            wrapping: database,
            plan: FaultPlan {
                FaultRule.fail(.call(CloudDatabaseCall.saveRecord), on: .nth(1), with: "zoneBusy")
                FaultRule.fail(.call(CloudDatabaseCall.fetchRecordsOperation), with: "networkUnavailable")
            })
        await #expect(throws: CKError.self) { try await faulty.save(record("a")) }
        _ = try await faulty.save(record("a"))
        #expect(database.callCount(.saveRecord) == 1)  // the failed call never reached the mock

        let operation = CKFetchRecordsOperation(recordIDs: [record("a").recordID])
        faulty.add(operation)
        await database.settled()
        #expect(database.callCount(.fetchRecordsOperation) == 0)  // whole failure: never added to the mock
        #expect(faulty.faults.events.map(\.call) == ["saveRecord", "fetchRecordsOperation"])
        #expect(CloudDatabaseCall.fetchRecordsOperation.description == "Database.fetchRecordsOperation")
    }

    @Test func theDescriptionsErrorModelIsPublicAPI() throws {
        // Declared once, in the protocols file, from the description: what a release build's
        // retry policy reads errors with.
        let policy = RetryPolicy(maxAttempts: 3, errorModel: .cloudKit)
        #expect(policy.errorModel.domain == CKErrorDomain)
        #expect(ErrorModel.cloudKit.catalogue[name: "zoneBusy"]?.isRetryable == true)
        #expect(ErrorModel.cloudKit.error(23) is CKError)
    }
}
