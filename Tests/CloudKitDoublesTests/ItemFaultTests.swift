@_spi(Generated) import CloudDoubleRuntime
import CloudDoubleTestSupport
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// Item faults as CloudKit would give them (issue #12, points 1–5): an item the plan fails never
/// reaches the wrapped SDK, an atomic zone fails as a whole and writes nothing, a query keeps its
/// cursor, and the app's operation blocks run as the SDK calls back, before it finishes.
final class ItemFaultTests: XCTestCase {
    let zone = CKRecordZone(zoneName: "Notes")

    func records(_ names: [String], in zoneID: CKRecordZone.ID) -> [CKRecord] {
        names.map { CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: $0, zoneID: zoneID)) }
    }

    func faulty(
        _ cloud: InMemoryCloudKit, failing name: String, in zoneID: CKRecordZone.ID, call: FaultSelector = .call(CloudDatabaseCall.modifyRecords)
    ) -> FaultInjectingCloudDatabase {
        FaultInjectingCloudDatabase(
            wrapping: cloud.mockDatabase(),
            plan: FaultPlan {
                FaultRule.failItems(call, [CKRecord.ID(recordName: name, zoneID: zoneID)], with: "zoneBusy", retryAfter: 1)
            })
    }

    func code(_ result: Result<some Any, any Error>?) -> String {
        switch result {
        case .success?: return "ok"
        case .failure(let error)?: return ErrorModel.cloudKit.info(of: error)?.name ?? "\(error)"
        case nil: return "missing"
        }
    }

    func storedNames(_ cloud: InMemoryCloudKit, _ zoneID: CKRecordZone.ID) -> [String] {
        cloud.privateDatabase.records(in: zoneID).map(\.recordID.recordName)
    }

    // MARK: Calls

    func testAFailedSaveIsNeverWrittenAndItsRetrySucceeds() async throws {
        let cloud = InMemoryCloudKit()
        let database = faulty(cloud, failing: "b", in: .default)
        let batch = records(["a", "b", "c"], in: .default)
        let first = try await database.modifyRecords(saving: batch, deleting: [], savePolicy: .ifServerRecordUnchanged, atomically: true)
        XCTAssertEqual(batch.map { code(first.saveResults[$0.recordID]) }, ["ok", "zoneBusy", "ok"], "the default zone is not atomic")
        XCTAssertEqual(storedNames(cloud, .default), ["a", "c"], "the save the app was told failed is not on the server")

        // The app retries the failed record as it is: it saves, no serverRecordChanged.
        database.faults.replacePlan(.none)
        let retry = try await database.modifyRecords(saving: [batch[1]], deleting: [], savePolicy: .ifServerRecordUnchanged, atomically: true)
        XCTAssertEqual(code(retry.saveResults[batch[1].recordID]), "ok")
        XCTAssertEqual(storedNames(cloud, .default), ["a", "b", "c"])
    }

    func testAnItemFaultInAnAtomicZoneFailsTheZoneAndWritesNothing() async throws {
        let cloud = InMemoryCloudKit()
        cloud.privateDatabase.seed(zones: [zone])
        cloud.privateDatabase.seed(records(["old"], in: zone.zoneID))
        let database = faulty(cloud, failing: "b", in: zone.zoneID)
        let batch = records(["a", "b", "c"], in: zone.zoneID)
        let oldID = CKRecord.ID(recordName: "old", zoneID: zone.zoneID)
        let result = try await database.modifyRecords(saving: batch, deleting: [oldID], savePolicy: .ifServerRecordUnchanged, atomically: true)
        XCTAssertEqual(batch.map { code(result.saveResults[$0.recordID]) }, ["batchRequestFailed", "zoneBusy", "batchRequestFailed"])
        XCTAssertEqual(code(result.deleteResults[oldID]), "batchRequestFailed")
        XCTAssertEqual(storedNames(cloud, zone.zoneID), ["old"], "nothing in the zone was written or deleted")
    }

    func testANonAtomicBatchInACustomZoneWritesTheOthers() async throws {
        let cloud = InMemoryCloudKit()
        cloud.privateDatabase.seed(zones: [zone])
        let database = faulty(cloud, failing: "b", in: zone.zoneID)
        let batch = records(["a", "b", "c"], in: zone.zoneID)
        let result = try await database.modifyRecords(saving: batch, deleting: [], savePolicy: .ifServerRecordUnchanged, atomically: false)
        XCTAssertEqual(batch.map { code(result.saveResults[$0.recordID]) }, ["ok", "zoneBusy", "ok"])
        XCTAssertEqual(storedNames(cloud, zone.zoneID), ["a", "c"])
    }

    func testTheResultFormKeepsTheFailedItemOutToo() async {
        let cloud = InMemoryCloudKit()
        cloud.privateDatabase.seed(zones: [zone])
        let database = faulty(cloud, failing: "b", in: zone.zoneID)
        let batch = records(["a", "b"], in: zone.zoneID)
        let answer = await withCheckedContinuation { continuation in
            database.modifyRecords(saving: batch, deleting: [], savePolicy: .ifServerRecordUnchanged, atomically: true) {
                continuation.resume(returning: $0)
            }
        }
        guard case .success(let result) = answer else { return XCTFail("an item fault is not a whole failure: \(answer)") }
        XCTAssertEqual(batch.map { code(result.saveResults[$0.recordID]) }, ["batchRequestFailed", "zoneBusy"])
        XCTAssertEqual(storedNames(cloud, zone.zoneID), [])
    }

    func testAFetchAsksTheSDKOnlyForTheItemsThatDidNotFail() async throws {
        let cloud = InMemoryCloudKit()
        cloud.privateDatabase.seed(records(["a", "b"], in: .default))
        let mock = cloud.mockDatabase()
        let database = FaultInjectingCloudDatabase(
            wrapping: mock,
            plan: FaultPlan {
                FaultRule.failItems(.call(CloudDatabaseCall.fetchRecords), [CKRecord.ID(recordName: "b")], with: "networkFailure")
            })
        let ids = ["a", "b"].map { CKRecord.ID(recordName: $0) }
        let result = try await database.records(for: ids, desiredKeys: nil)
        XCTAssertEqual(ids.map { code(result[$0]) }, ["ok", "networkFailure"])
        XCTAssertEqual(mock.arguments(.fetchRecords).first?.ids, [ids[0]])
    }

    // MARK: Operations

    func testAnOperationsFailedItemsAreNotWrittenAndItsAtomicZoneFailsTogether() async {
        let cloud = InMemoryCloudKit()
        cloud.privateDatabase.seed(zones: [zone])
        let database = faulty(cloud, failing: "b", in: zone.zoneID, call: .call(CloudDatabaseCall.modifyRecordsOperation))
        let trace = Trace()
        let operation = CKModifyRecordsOperation(recordsToSave: records(["a", "b"], in: zone.zoneID) + records(["d"], in: .default))
        operation.perRecordSaveBlock = { id, result in trace.add("saved \(id.recordName) \(describe(result))") }
        operation.modifyRecordsResultBlock = { result in trace.add("final \(describe(result))") }
        operation.completionBlock = { trace.add("completion") }
        database.add(operation)
        await waitUntil { trace.lines.last == "completion" }
        XCTAssertEqual(
            trace.lines,
            [
                "saved d ok", "saved a batchRequestFailed", "saved b zoneBusy", "final partialFailure[\"a\", \"b\"]", "completion",
            ])
        XCTAssertEqual(storedNames(cloud, zone.zoneID), [], "the atomic zone wrote nothing")
        XCTAssertEqual(storedNames(cloud, .default), ["d"], "the default zone is not atomic")
        XCTAssertEqual(operation.recordsToSave?.count, 3, "the app gets its request back")
    }

    func testAQueryItemFaultKeepsTheCursor() async {
        let cloud = InMemoryCloudKit()
        cloud.privateDatabase.seed(records(["a", "b", "c"], in: .default))
        let database = faulty(cloud, failing: "b", in: .default, call: .call(CloudDatabaseCall.queryOperation))
        let trace = Trace()
        let operation = CKQueryOperation(query: CKQuery(recordType: "Note", predicate: NSPredicate(value: true)))
        operation.resultsLimit = 2
        operation.recordMatchedBlock = { id, result in trace.add("matched \(id.recordName) \(describe(result))") }
        operation.queryResultBlock = { result in
            switch result {
            case .success(let cursor): trace.add("final cursor \(cursor == nil ? "nil" : "set")")
            case .failure(let error): trace.add("final \(describe(error))")
            }
        }
        operation.completionBlock = { trace.add("completion") }
        database.add(operation)
        await waitUntil { trace.lines.last == "completion" }
        XCTAssertEqual(trace.lines, ["matched a ok", "matched b zoneBusy", "final cursor set", "completion"])
    }

    /// The app's blocks run inside the SDK's own callbacks, one by one, not after the operation
    /// has finished: its final block has run by the time the SDK's final callback returns, and
    /// its `completionBlock` (which the SDK calls once the operation is finished) stays its own.
    func testTheAppsBlocksRunAsTheSDKCallsBackBeforeTheOperationFinishes() {
        let trace = Trace()
        let operation = CKModifyRecordsOperation(recordsToSave: records(["a", "b"], in: .default))
        operation.perRecordProgressBlock = { record, progress in trace.add("progress \(record.recordID.recordName) \(progress)") }
        operation.perRecordSaveBlock = { id, result in trace.add("saved \(id.recordName) \(describe(result))") }
        operation.modifyRecordsResultBlock = { result in trace.add("final \(describe(result))") }
        operation.completionBlock = { trace.add("completion") }
        let faults = FaultInjector(
            plan: FaultPlan {
                FaultRule.failItems(.call(CloudDatabaseCall.modifyRecordsOperation), [CKRecord.ID(recordName: "b")], with: "zoneBusy")
            }, errorModel: ErrorModel.cloudKit)
        let sdk = Trace()
        faults.run(
            "Database", operation: "modifyRecordsOperation", replay: CloudModifyRecordsOutcome.replay(operation, errorModel: faults.errorModel),
            failure: CloudModifyRecordsOutcome.failure,
            intercept: { CloudModifyRecordsOutcome.intercept(operation, faults: $0, errorModel: faults.errorModel) }
        ) { sdk.add("sent \((operation.recordsToSave ?? []).map(\.recordID.recordName))") }

        // Play the SDK: progress and a per-record callback for what it was sent, then the final.
        XCTAssertEqual(sdk.lines, ["sent [\"a\"]"])
        let saved = operation.recordsToSave![0]
        operation.perRecordProgressBlock?(saved, 0.5)
        XCTAssertEqual(trace.lines, ["progress a 0.5"], "progress passes through as the SDK reports it")
        operation.perRecordSaveBlock?(saved.recordID, .success(saved))
        XCTAssertEqual(trace.lines.last, "saved a ok", "delivered as the SDK called back")
        operation.modifyRecordsResultBlock?(.success(()))
        XCTAssertEqual(trace.lines, ["progress a 0.5", "saved a ok", "saved b zoneBusy", "final partialFailure[\"b\"]"])
        operation.completionBlock?()
        XCTAssertEqual(trace.lines.last, "completion", "completionBlock was never swapped")
    }

    func waitUntil(_ condition: @escaping @Sendable () -> Bool, file: StaticString = #filePath, line: UInt = #line) async {
        for _ in 0..<500 where !condition() {
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        XCTAssertTrue(condition(), "timed out", file: file, line: line)
    }
}
