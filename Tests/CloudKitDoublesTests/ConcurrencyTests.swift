import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// Many concurrent callers through a fault wrapper, a backed mock and the in-memory store at
/// once: afterwards every count, log and stored record is exact. CI also runs this under the
/// thread sanitizer.
final class ConcurrencyTests: XCTestCase {
    func testFaultWrapperMockAndStoreUnderEightConcurrentCallers() async {
        let cloud = InMemoryCloudKit()
        let mock = cloud.mockDatabase(delivery: .immediate)
        let database = FaultInjectingCloudDatabase(
            wrapping: mock,
            plan: FaultPlan {
                FaultRule.fail(.call(CloudDatabaseCall.saveRecord), on: .nth(500), with: "zoneBusy")
                FaultRule.failItems(.call(CloudDatabaseCall.fetchRecordsOperation), on: .calls(1...10), rate: 1, with: "networkFailure")
            })
        let failures = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for index in 0..<100 {
                        let record = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "w\(worker)-\(index)"))
                        do { _ = try await database.save(record) } catch { failures.withLock { $0 += 1 } }
                    }
                }
            }
        }
        XCTAssertEqual(failures.snapshot, 1, "exactly the 500th save failed")
        XCTAssertEqual(mock.callCount(.saveRecord), 799, "the failed save never reached the mock")
        XCTAssertEqual(cloud.privateDatabase.records().count, 799)
        XCTAssertEqual(mock.log.records.map(\.sequence), Array(1...799))

        // Operations from many tasks: the first ten fail every item, the rest find them. (Their
        // records are seeded: which save was the 500th, and so missing, depends on timing.)
        cloud.privateDatabase.seed(
            (0..<8).flatMap { worker in
                (0..<5).map { CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "op\(worker)-\($0)")) }
            })
        let outcomes = Locked<[String: Int]>([:])
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for index in 0..<5 {
                        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                            let operation = CKFetchRecordsOperation(recordIDs: [CKRecord.ID(recordName: "op\(worker)-\(index)")])
                            operation.perRecordResultBlock = { _, result in
                                outcomes.withLock { $0[(try? result.get()) == nil ? "failed" : "found", default: 0] += 1 }
                            }
                            operation.completionBlock = { continuation.resume() }
                            database.add(operation)
                        }
                    }
                }
            }
        }
        XCTAssertEqual(outcomes.snapshot["failed"], 10)
        XCTAssertEqual(outcomes.snapshot["found"], 30)
        XCTAssertEqual(mock.callCount(.fetchRecordsOperation), 40)
        XCTAssertEqual(database.faults.events.count, 11)
        XCTAssertEqual(database.faults.events.map(\.sequence), Array(1...11))
    }

    func testTheKeyValueStoreUnderConcurrentWriters() async {
        let cloud = InMemoryKeyValueStore()
        let store = cloud.mock()
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for index in 0..<200 { store.set(Int64(index), forKey: "w\(worker)-\(index % 100)") }
                }
            }
        }
        XCTAssertEqual(cloud.contents.count, 800)
        XCTAssertEqual(store.callCount(.setLongLong), 1600)
        XCTAssertTrue(cloud.violations.isEmpty)
    }
}
