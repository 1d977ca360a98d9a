import CloudDoubleRuntime
import CloudDoubleTestSupport
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// App code still written against the blocks CloudKit deprecated in iOS 15. Set through a
/// protocol with deprecated witnesses so this test target compiles without warnings.
protocol LegacyApp {
    func fetch(_ operation: CKFetchRecordsOperation, trace: Trace)
    func modify(_ operation: CKModifyRecordsOperation, trace: Trace)
}

struct LegacyAppCode: LegacyApp {
    @available(*, deprecated, message: "uses deprecated blocks on purpose")
    func fetch(_ operation: CKFetchRecordsOperation, trace: Trace) {
        operation.perRecordCompletionBlock = { record, id, error in
            trace.add("legacy record \(record?.recordID.recordName ?? "nil") \(id?.recordName ?? "nil") \(describe(error))")
        }
        operation.fetchRecordsCompletionBlock = { records, error in
            trace.add("legacy final \(records.map { $0.keys.map(\.recordName).sorted() }?.description ?? "nil") \(describe(error))")
        }
    }

    @available(*, deprecated, message: "uses deprecated blocks on purpose")
    func modify(_ operation: CKModifyRecordsOperation, trace: Trace) {
        operation.perRecordCompletionBlock = { record, error in trace.add("legacy saved \(record.recordID.recordName) \(describe(error))") }
        operation.modifyRecordsCompletionBlock = { saved, deleted, error in
            trace.add("legacy final \(saved?.map(\.recordID.recordName) ?? []) \(deleted?.map(\.recordName) ?? []) \(describe(error))")
        }
    }
}

/// Operations added to generated mocks and fault wrappers: blocks are called in CloudKit's order,
/// with results from stubs, failures or a real run with items rewritten.
final class OperationTests: FailureCapturingTestCase {
    let model = ErrorModel.cloudKit

    func note(_ name: String) -> CKRecord {
        CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: name))
    }

    func error(_ name: String) -> any Error {
        model.error(named: name)!
    }

    /// Stubs fetches from a set of existing records: the others are `unknownItem`, as CloudKit says.
    func stubFetches(_ mock: MockCloudDatabase, existing: [CKRecord]) {
        let unknown = error("unknownItem")
        mock.stub(
            .fetchRecordsOperation,
            .handler { operation in
                CloudFetchRecordsOutcome(
                    records: (operation.recordIDs ?? []).map { id in
                        (id, existing.first { $0.recordID == id }.map { .success($0) } ?? .failure(unknown))
                    })
            })
    }

    func fetch(_ ids: [String], trace: Trace) -> CKFetchRecordsOperation {
        let operation = CKFetchRecordsOperation(recordIDs: ids.map { CKRecord.ID(recordName: $0) })
        operation.perRecordProgressBlock = { id, progress in trace.add("progress \(id.recordName) \(progress)") }
        operation.perRecordResultBlock = { id, result in trace.add("record \(id.recordName) \(describe(result))") }
        operation.fetchRecordsResultBlock = { result in trace.add("final \(describe(result))") }
        operation.completionBlock = { trace.add("completion") }
        return operation
    }

    // MARK: Mocks

    func testARecordThatExistsAndOneThatDoesNotInTheSDKsOrder() {
        let mock = MockCloudDatabase()
        stubFetches(mock, existing: [note("a")])
        let trace = Trace()
        let operation = fetch(["a", "b"], trace: trace)
        let caller = Thread.current
        let ran = expectation(description: "final block")
        let onCaller = Locked(true)
        operation.fetchRecordsResultBlock = { result in
            onCaller.withLock { $0 = Thread.current == caller }
            trace.add("final \(describe(result))")
            ran.fulfill()
        }

        mock.add(operation)
        wait(for: [ran], timeout: 5)
        XCTAssertFalse(onCaller.snapshot, "blocks run on another queue, as in the SDK")
        let settled = expectation(description: "settled")
        Task {
            await mock.settled()
            settled.fulfill()
        }
        wait(for: [settled], timeout: 5)

        XCTAssertEqual(
            trace.lines,
            [
                "progress a 1.0", "record a ok", "progress b 1.0", "record b unknownItem", "final partialFailure[\"b\"]", "completion",
            ])
        XCTAssertTrue(mock.arguments(.addOperation).first === operation, "the call log holds the app's own operation")
        XCTAssertTrue(mock.arguments(.fetchRecordsOperation).first === operation)
        XCTAssertEqual(mock.log.records.map(\.call), ["addOperation"], "one log entry per add")
    }

    func testImmediateDeliveryCallsEveryBlockBeforeAddReturns() {
        let mock = MockCloudDatabase(delivery: .immediate)
        stubFetches(mock, existing: [note("a")])
        let trace = Trace()
        mock.add(fetch(["a"], trace: trace))
        XCTAssertEqual(trace.lines, ["progress a 1.0", "record a ok", "final ok", "completion"])
    }

    func testAnErrorOnTheWholeOperationReachesEveryBlock() async {
        let mock = MockCloudDatabase()
        mock.stub(.fetchRecordsOperation, .error(error("networkUnavailable")))
        let trace = Trace()
        mock.add(fetch(["a", "b"], trace: trace))
        await mock.settled()
        XCTAssertEqual(
            trace.lines,
            [
                "progress a 1.0", "record a networkUnavailable", "progress b 1.0", "record b networkUnavailable", "final networkUnavailable",
                "completion",
            ])
    }

    func testAnUnstubbedOperationFailsAndSaysWhatToStub() async {
        let mock = MockCloudDatabase(delivery: .immediate)
        let operation = CKFetchRecordsOperation(recordIDs: [])
        let final = Locked<(any Error)?>(nil)
        operation.fetchRecordsResultBlock = { result in if case .failure(let error) = result { final.withLock { $0 = error } } }
        let failures = expectFailures { mock.add(operation) }
        let message = String(describing: final.snapshot.map { $0 } as Any)
        XCTAssertTrue(message.contains("fetchRecordsOperation"), message)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.contains("mock.stub(.fetchRecordsOperation, .value(<CloudFetchRecordsOutcome>))") == true, "\(failures)")
    }

    func testLegacyBlocksServeOlderAppCode() async {
        let mock = MockCloudDatabase()
        stubFetches(mock, existing: [note("a")])
        let trace = Trace()
        let operation = CKFetchRecordsOperation(recordIDs: [CKRecord.ID(recordName: "a"), CKRecord.ID(recordName: "b")])
        (LegacyAppCode() as any LegacyApp).fetch(operation, trace: trace)
        mock.add(operation)
        await mock.settled()
        XCTAssertEqual(
            trace.lines,
            [
                "legacy record a a ok", "legacy record nil b unknownItem", "legacy final [\"a\"] partialFailure[\"b\"]",
            ])
    }

    func testResultBlocksWinOverLegacyBlocksWhenBothAreSet() async {
        let mock = MockCloudDatabase()
        stubFetches(mock, existing: [note("a")])
        let trace = Trace()
        let operation = fetch(["a"], trace: trace)
        (LegacyAppCode() as any LegacyApp).fetch(operation, trace: trace)
        mock.add(operation)
        await mock.settled()
        XCTAssertEqual(trace.lines, ["progress a 1.0", "record a ok", "final ok", "completion"])
    }

    func testPostingANewRecord() async {
        let mock = MockCloudDatabase()
        mock.stub(
            .modifyRecordsOperation,
            .handler { operation in
                CloudModifyRecordsOutcome(
                    saves: (operation.recordsToSave ?? []).map { ($0.recordID, .success($0)) },
                    deletes: (operation.recordIDsToDelete ?? []).map { ($0, .success(())) })
            })
        let trace = Trace()
        let record = note("new")
        let operation = CKModifyRecordsOperation(recordsToSave: [record], recordIDsToDelete: [CKRecord.ID(recordName: "old")])
        operation.perRecordProgressBlock = { record, progress in trace.add("progress \(record.recordID.recordName) \(progress)") }
        operation.perRecordSaveBlock = { id, result in trace.add("saved \(id.recordName) \(describe(result))") }
        operation.perRecordDeleteBlock = { id, result in trace.add("deleted \(id.recordName) \(describe(result))") }
        operation.modifyRecordsResultBlock = { result in trace.add("final \(describe(result))") }
        mock.add(operation)
        await mock.settled()
        XCTAssertEqual(trace.lines, ["progress new 1.0", "saved new ok", "deleted old ok", "final ok"])
        XCTAssertEqual(mock.arguments(.modifyRecordsOperation).first?.recordsToSave?.first, record)
    }

    func testLegacyModifyBlocksGetTheRecordEvenWhenItFailed() async {
        let mock = MockCloudDatabase()
        let changed = error("serverRecordChanged")
        mock.stub(
            .modifyRecordsOperation,
            .handler { operation in
                CloudModifyRecordsOutcome(
                    saves: (operation.recordsToSave ?? []).map { record in
                        (record.recordID, record.recordID.recordName == "b" ? .failure(changed) : .success(record))
                    })
            })
        let trace = Trace()
        let operation = CKModifyRecordsOperation(recordsToSave: [note("a"), note("b")])
        (LegacyAppCode() as any LegacyApp).modify(operation, trace: trace)
        mock.add(operation)
        await mock.settled()
        XCTAssertEqual(
            trace.lines,
            [
                "legacy saved a ok", "legacy saved b serverRecordChanged", "legacy final [\"a\"] [] partialFailure[\"b\"]",
            ])
    }

    func testAnOperationNoDescriptionCoversIsOnlyCompleted() async {
        final class ShareOperation: CKDatabaseOperation, @unchecked Sendable {}
        let mock = MockCloudDatabase()
        let completed = expectation(description: "completionBlock")
        let operation = ShareOperation()
        operation.completionBlock = { completed.fulfill() }
        mock.add(operation)
        await fulfillment(of: [completed], timeout: 5)
        XCTAssertEqual(mock.callCount(.addOperation), 1)
    }

    func testAContainerCompletesDatabaseOperationsToo() async {
        let container = MockCloudContainer(delivery: .immediate)
        container.stub(.fetchRecordsOperation, .value(CloudFetchRecordsOutcome(records: [(CKRecord.ID(recordName: "a"), .success(note("a")))])))
        let trace = Trace()
        container.add(fetch(["a"], trace: trace))
        XCTAssertEqual(trace.lines, ["progress a 1.0", "record a ok", "final ok", "completion"])
    }

    // MARK: Fault wrappers

    func testAFaultPlanFailsAWholeOperationSelectedByClass() async {
        let mock = MockCloudDatabase()
        stubFetches(mock, existing: [note("a")])
        let database = FaultInjectingCloudDatabase(
            wrapping: mock,
            plan: FaultPlan {
                FaultRule.fail(.call(CloudDatabaseCall.fetchRecordsOperation), with: "networkUnavailable")
            })
        let trace = Trace()
        database.add(fetch(["a", "b"], trace: trace))
        await waitUntil { trace.lines.last == "completion" }
        XCTAssertEqual(
            trace.lines,
            [
                "progress a 1.0", "record a networkUnavailable", "progress b 1.0", "record b networkUnavailable", "final networkUnavailable",
                "completion",
            ])
        XCTAssertEqual(mock.callCount(.addOperation), 0, "a failed operation never reaches the wrapped database")
        XCTAssertEqual(database.faults.events.map(\.call), ["fetchRecordsOperation"])
    }

    func testAnItemFaultKeepsTheChosenItemOutOfTheRealRun() async {
        let mock = MockCloudDatabase()
        let asked = Trace()
        let unknown = error("unknownItem")
        let existing = [note("a"), note("b"), note("c")]
        mock.stub(
            .fetchRecordsOperation,
            .handler { operation in
                asked.add((operation.recordIDs ?? []).map(\.recordName).joined(separator: ","))
                return CloudFetchRecordsOutcome(
                    records: (operation.recordIDs ?? []).map { id in
                        (id, existing.first { $0.recordID == id }.map { .success($0) } ?? .failure(unknown))
                    })
            })
        let database = FaultInjectingCloudDatabase(
            wrapping: mock,
            plan: FaultPlan {
                FaultRule.failItems(.call(CloudDatabaseCall.fetchRecordsOperation), [CKRecord.ID(recordName: "b")], with: "zoneBusy", retryAfter: 3)
            })
        let trace = Trace()
        let operation = fetch(["a", "b", "c"], trace: trace)
        database.add(operation)
        await waitUntil { trace.lines.last == "completion" }
        // "b" never reaches the wrapped database, so it reports no progress for it; its failure
        // comes before the final block, which reports it.
        XCTAssertEqual(
            trace.lines,
            [
                "progress a 1.0", "record a ok", "progress c 1.0", "record c ok", "record b zoneBusy",
                "final partialFailure[\"b\"]", "completion",
            ])
        XCTAssertEqual(asked.lines, ["a,c"], "the wrapped database was asked for the other items only")
        XCTAssertEqual(operation.recordIDs?.map(\.recordName), ["a", "b", "c"], "the app gets its request back")
        XCTAssertEqual(mock.callCount(.addOperation), 1, "the wrapped database ran it")
        XCTAssertNotNil(operation.perRecordProgressBlock, "the app's blocks are given back afterwards")
        XCTAssertEqual(database.faults.events.first?.items.count, 1, "one item failed, and the event log says so")
    }

    func testADelayHoldsTheOperationBack() async {
        let mock = MockCloudDatabase()
        stubFetches(mock, existing: [note("a")])
        let clock = VirtualClock()
        let faults = FaultInjector(
            plan: FaultPlan { FaultRule.delay(.call(CloudDatabaseCall.fetchRecordsOperation), by: FaultLatency(3)) }, errorModel: model,
            time: clock.timeSource)
        let database = FaultInjectingCloudDatabase(wrapping: mock, faults: faults)
        let trace = Trace()
        database.add(fetch(["a"], trace: trace))
        await waitUntil { trace.lines.last == "completion" }
        XCTAssertEqual(trace.lines, ["progress a 1.0", "record a ok", "final ok", "completion"])
        XCTAssertEqual(clock.now, 3)
    }

    func testRulesForOtherClassesLeaveAnOperationAlone() async {
        let mock = MockCloudDatabase()
        stubFetches(mock, existing: [note("a")])
        let database = FaultInjectingCloudDatabase(
            wrapping: mock,
            plan: FaultPlan {
                FaultRule.fail(.call(CloudDatabaseCall.modifyRecordsOperation), with: "quotaExceeded")
            })
        let trace = Trace()
        database.add(fetch(["a"], trace: trace))
        await waitUntil { trace.lines.last == "completion" }
        XCTAssertEqual(trace.lines, ["progress a 1.0", "record a ok", "final ok", "completion"])
        XCTAssertTrue(database.faults.events.isEmpty)
    }

    /// Polls until `condition` holds (fault wrappers deliver on background queues).
    func waitUntil(_ condition: @escaping @Sendable () -> Bool, file: StaticString = #filePath, line: UInt = #line) async {
        for _ in 0..<500 where !condition() {
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        XCTAssertTrue(condition(), "timed out", file: file, line: line)
    }
}
