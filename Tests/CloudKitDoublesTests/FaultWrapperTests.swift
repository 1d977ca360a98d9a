import CloudDoubleRuntime
import CloudDoubleTestSupport
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// The generated fault wrappers over mocks, in every form.
final class FaultWrapperTests: XCTestCase {
    func notes(_ count: Int) -> [CKRecord] {
        (1...count).map { CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "note-\($0)")) }
    }

    /// The issue's example: "the third save fails with zoneBusy and a 2 s retry-after, then 30% of
    /// fetched records fail with networkFailure, seed 7".
    func testTheReadableScenario() async throws {
        let mock = MockCloudDatabase()
        let records = notes(20)
        mock.stub(.saveRecord, .handler { $0 })
        mock.stub(
            .fetchRecords,
            .handler { arguments in
                Dictionary(uniqueKeysWithValues: arguments.ids.map { ($0, .success(CKRecord(recordType: "Note", recordID: $0))) })
            })
        let database = FaultInjectingCloudDatabase(
            wrapping: mock,
            plan: FaultPlan {
                FaultRule.fail(.call(CloudDatabaseCall.saveRecord), on: .nth(3), with: "zoneBusy", retryAfter: 2)
                FaultRule.failItems(.call(CloudDatabaseCall.fetchRecords), rate: 0.3, with: "networkFailure")
            }, seed: 7)

        var outcomes: [Bool] = []
        for record in records.prefix(4) {
            do {
                _ = try await database.save(record)
                outcomes.append(true)
            } catch {
                outcomes.append(false)
                XCTAssertEqual(CKError.Code(rawValue: (error as NSError).code), .zoneBusy)
                XCTAssertEqual((error as NSError).userInfo[CKErrorRetryAfterKey] as? Double, 2)
            }
        }
        XCTAssertEqual(outcomes, [true, true, false, true])
        XCTAssertEqual(mock.callCount(.saveRecord), 3, "the failed save never reached the mock")

        let fetched = try await database.records(for: records.map(\.recordID))
        let failed = fetched.filter { if case .failure = $0.value { return true } else { return false } }
        XCTAssertEqual(fetched.count, 20)
        XCTAssertGreaterThan(failed.count, 0)
        XCTAssertLessThan(failed.count, 20)

        // Same seed, same calls: exactly the same faults.
        let again = FaultInjectingCloudDatabase(
            wrapping: mock, faults: FaultInjector(plan: database.faults.plan, seed: 7, errorModel: ErrorModel.cloudKit))
        for record in records.prefix(4) { _ = try? await again.save(record) }
        let refetched = try await again.records(for: records.map(\.recordID))
        XCTAssertEqual(Set(refetched.filter { if case .failure = $0.value { return true } else { return false } }.keys), Set(failed.keys))
    }

    /// The CloudKit description names the codes the runtime's roles take (the runtime knows none
    /// by name): a cancelled call fails with `operationCancelled`, and a `limitExceeded` batch is
    /// split. Apple, `CKError.Code.limitExceeded`: "If your app receives this error, it must split
    /// the operation in half and try both requests again"; `operationCancelled`: the operation
    /// was explicitly cancelled.
    func testTheCloudKitModelNamesItsCancelledAndRequestTooLargeCodes() async throws {
        XCTAssertEqual(ErrorModel.cloudKit.requestTooLargeCode, CKError.Code.limitExceeded.rawValue)
        XCTAssertEqual(ErrorModel.cloudKit.cancelledCode, CKError.Code.operationCancelled.rawValue)
        let mock = MockCloudDatabase()
        mock.stub(.saveRecord, .handler { $0 })
        let database = FaultInjectingCloudDatabase(wrapping: mock, plan: FaultPlan { FaultRule.cancel(.call(CloudDatabaseCall.saveRecord)) })
        do {
            _ = try await database.save(notes(1)[0])
            XCTFail("the cancelled save succeeded")
        } catch let error as CKError {
            XCTAssertEqual(error.code, .operationCancelled)
        }
        XCTAssertTrue(ErrorModel.cloudKit.isLimitExceeded(ErrorModel.cloudKit.error(CKError.Code.limitExceeded.rawValue)))
    }

    func testCompletionAndResultFormsDeliverTheInjectedErrorTheSDKWay() async {
        let mock = MockCloudDatabase()
        let faults = FaultInjector(
            plan: FaultPlan { FaultRule.fail(.type("Database"), with: "serviceUnavailable", retryAfter: 5) }, errorModel: .cloudKit,
            time: VirtualClock().timeSource)
        let database = FaultInjectingCloudDatabase(wrapping: mock, faults: faults)
        let first = expectation(description: "completion")
        database.fetch(withRecordID: CKRecord.ID(recordName: "x")) { record, error in
            XCTAssertNil(record)
            XCTAssertEqual((error as NSError?)?.code, 6)
            first.fulfill()
        }
        let second = expectation(description: "result")
        database.modifyRecords(saving: [], deleting: []) { result in
            if case .failure(let error) = result { XCTAssertEqual((error as NSError).code, 6) } else { XCTFail("should fail") }
            second.fulfill()
        }
        await fulfillment(of: [first, second], timeout: 5)
        XCTAssertEqual(mock.log.count, 0, "failed calls never reach the wrapped instance")
        XCTAssertEqual(faults.events.map(\.form), [.completion, .result])
    }

    func testPartialFailureOfNamedItemsInTheResultForm() async {
        let mock = MockCloudDatabase()
        let records = notes(3)
        mock.stub(
            .modifyRecords,
            .handler { arguments in
                (saveResults: Dictionary(uniqueKeysWithValues: arguments.recordsToSave.map { ($0.recordID, .success($0)) }), deleteResults: [:])
            })
        let database = FaultInjectingCloudDatabase(
            wrapping: mock,
            plan: FaultPlan {
                FaultRule.failItems(.call(CloudDatabaseCall.modifyRecords), [records[1].recordID], with: "serverRecordChanged")
            })
        let done = expectation(description: "result")
        database.modifyRecords(saving: records, deleting: []) { result in
            guard case .success(let value) = result else { return XCTFail("should succeed") }
            let saves = value.saveResults
            let codes = records.map { record -> Int in
                if case .failure(let error) = saves[record.recordID]! { return (error as NSError).code }
                return 0
            }
            XCTAssertEqual(codes, [0, 14, 0])
            done.fulfill()
        }
        await fulfillment(of: [done], timeout: 5)
        XCTAssertEqual(mock.callCount(.modifyRecords), 1, "the wrapped instance ran the call")
    }

    func testReferencesAreWrappedUnderTheSamePlanAndPassThroughIsUntouched() async throws {
        let container = MockCloudContainer()
        let faults = FaultInjector(
            plan: FaultPlan { FaultRule.fail(.call(CloudDatabaseCall.saveRecord), with: "quotaExceeded") }, errorModel: .cloudKit)
        let wrapped = FaultInjectingCloudContainer(wrapping: container, faults: faults)
        let database = try XCTUnwrap(wrapped.privateCloudDatabase as? FaultInjectingCloudDatabase)
        XCTAssertTrue(database.faults === faults)
        XCTAssertTrue(wrapped.database(with: .private) is FaultInjectingCloudDatabase)
        await XCTAssertThrowsErrorAsync(try await database.save(CKRecord(recordType: "Note")))
        container.stub(.accountStatus, .value(.available))
        let status = try await wrapped.accountStatus()
        XCTAssertEqual(status, .available)
    }
}
