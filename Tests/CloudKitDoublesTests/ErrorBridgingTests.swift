import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// App code written the recommended way (`catch CKError.zoneBusy`, `error as? CKError`) behaves
/// the same against the doubles as against CloudKit (issue #12, point 14): every error the
/// store, the mocks' error model and the fault wrappers make is a `CKError`, on Linux too, where
/// Foundation never bridges an `NSError` to it.
final class ErrorBridgingTests: XCTestCase {
    func testAnInjectedFaultIsACKError() async {
        let database = FaultInjectingCloudDatabase(
            wrapping: InMemoryCloudKit().mockDatabase(),
            plan: FaultPlan {
                FaultRule.fail(.call(CloudDatabaseCall.fetchRecord), with: "zoneBusy", retryAfter: 2)
            })
        do {
            _ = try await database.record(for: CKRecord.ID(recordName: "a"))
            XCTFail("the plan fails the call")
        } catch CKError.zoneBusy {
            // Matched by CloudKit's own code constant, as app code does.
        } catch {
            XCTFail("not caught as CKError.zoneBusy: \(type(of: error)) \(error)")
        }
    }

    func testAnInjectedFaultCarriesItsRetryAfterThroughCKError() async {
        let database = FaultInjectingCloudDatabase(
            wrapping: InMemoryCloudKit().mockDatabase(),
            plan: FaultPlan {
                FaultRule.fail(.call(CloudDatabaseCall.fetchRecord), with: "zoneBusy", retryAfter: 2)
            })
        do {
            _ = try await database.record(for: CKRecord.ID(recordName: "a"))
            XCTFail("the plan fails the call")
        } catch let error as CKError {
            XCTAssertEqual(error.retryAfterSeconds, 2)
        } catch {
            XCTFail("not a CKError: \(type(of: error)) \(error)")
        }
    }

    func testTheStoresErrorsAreCKErrors() async {
        let database = InMemoryCloudKit().mockDatabase()
        do {
            _ = try await database.record(for: CKRecord.ID(recordName: "missing"))
            XCTFail("there is no such record")
        } catch let error as CKError where error.code == .unknownItem {
            XCTAssertEqual(error.errorCode, 11)
        } catch {
            XCTFail("not a CKError: \(type(of: error)) \(error)")
        }
    }

    func testAConflictCarriesItsRecordsThroughCKError() async throws {
        let cloud = InMemoryCloudKit()
        let stored = cloud.privateDatabase.seed([CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "a"))])[0]
        cloud.privateDatabase.modifyFromAnotherDevice(stored.recordID) { $0["title"] = "theirs" }
        do {
            _ = try await cloud.mockDatabase().save(stored)
            XCTFail("the record changed on the server")
        } catch let error as CKError where error.code == .serverRecordChanged {
            XCTAssertEqual(error.serverRecord?["title"] as? String, "theirs")
            XCTAssertNotNil(error.clientRecord)
            XCTAssertNotNil(error.ancestorRecord)
        }
    }

    func testItemFailuresAndPartialFailuresAreCKErrors() async throws {
        let database = FaultInjectingCloudDatabase(
            wrapping: InMemoryCloudKit().mockDatabase(),
            plan: FaultPlan {
                FaultRule.failItems(
                    .call(CloudDatabaseCall.fetchRecords), [CKRecord.ID(recordName: "b")], with: "networkFailure", topLevelPartialFailure: true)
            })
        do {
            _ = try await database.records(for: [CKRecord.ID(recordName: "b")], desiredKeys: nil)
            XCTFail("a top-level partial failure was asked for")
        } catch let error as CKError where error.code == .partialFailure {
            let item = try XCTUnwrap(error.partialErrorsByItemID?[CKRecord.ID(recordName: "b")])
            XCTAssertEqual((item as? CKError)?.code, .networkFailure)
        }
    }
}
