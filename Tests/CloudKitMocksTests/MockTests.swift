import CloudDoubleRuntime
import CloudDoubleTestSupport
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// App-style code driving the generated mocks in every form.
final class MockTests: FailureCapturingTestCase {
    let record = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "n1"))

    func testAsyncFormReturnsTheStubAndIsRecorded() async throws {
        let database = MockCloudDatabase()
        database.stub(.fetchRecord, .value(record))
        let fetched = try await database.record(for: record.recordID)
        XCTAssertTrue(fetched === record)
        XCTAssertEqual(database.arguments(.fetchRecord), [record.recordID])
        XCTAssertEqual(database.callCount(.fetchRecord), 1)
        XCTAssertEqual(database.log.records.map(\.form), [.async])
    }

    func testCompletionFormIsCalledAsynchronouslyWithTheSameStub() {
        let database = MockCloudDatabase()
        database.stub(.fetchRecord, .value(record))
        let done = expectation(description: "completion")
        let caller = UncheckedThread(Thread.current)
        let expected = record.recordID
        database.fetch(withRecordID: record.recordID) { fetched, error in
            XCTAssertFalse(Thread.current === caller.thread, "called on the caller's thread")
            XCTAssertEqual(fetched?.recordID, expected)
            XCTAssertNil(error)
            done.fulfill()
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(database.log.records.map(\.form), [.completion])
        XCTAssertEqual(database.callCount(.fetchRecord), 1, "one call, whichever form")
    }

    func testImmediateDeliveryAndErrorsInEveryForm() async {
        let database = MockCloudDatabase(delivery: .immediate)
        let error = CKError(.zoneBusy)
        database.stub(.saveRecord, .error(error))
        let completionError = Locked<(any Error)?>(nil)
        database.save(record) { _, error in completionError.withLock { $0 = error } }
        XCTAssertEqual((completionError.snapshot as NSError?)?.code, 23)
        do {
            _ = try await database.save(record)
            XCTFail("should throw")
        } catch {
            XCTAssertEqual((error as NSError).code, 23)
        }
        XCTAssertEqual(database.callCount(.saveRecord), 2)
    }

    func testResultFormAndPerItemStubHandler() async {
        let database = MockCloudDatabase(delivery: .immediate)
        database.stub(
            .fetchRecords,
            .handler { arguments in
                Dictionary(
                    uniqueKeysWithValues: arguments.ids.map { id in
                        (id, id.recordName == "missing" ? .failure(CKError(.unknownItem)) : .success(CKRecord(recordType: "Note", recordID: id)))
                    })
            })
        let ids = [CKRecord.ID(recordName: "a"), CKRecord.ID(recordName: "missing")]
        let box = Locked<[CKRecord.ID: Result<CKRecord, any Error>]?>(nil)
        database.fetch(withRecordIDs: ids) { result in box.withLock { $0 = try? result.get() } }
        let delivered = box.snapshot
        XCTAssertNoThrow(try delivered?[ids[0]]?.get())
        XCTAssertThrowsError(try delivered?[ids[1]]?.get())
        XCTAssertEqual(database.arguments(.fetchRecords).first?.desiredKeys, nil, "the default argument overload passed nil")
    }

    func testQueuedResponsesThenTheLastRepeats() async throws {
        let database = MockCloudDatabase()
        database.stub(.saveRecord, [.error(CKError(.networkFailure)), .value(record)])
        await XCTAssertThrowsErrorAsync(try await database.save(record))
        let saved1 = try await database.save(record)
        let saved2 = try await database.save(record)
        XCTAssertTrue(saved1 === record && saved2 === record)
    }

    func testUnstubbedCallsFailClearlyOrDefault() async throws {
        let database = MockCloudDatabase()
        let failures = await expectFailures {
            do {
                _ = try await database.record(for: record.recordID)
                XCTFail("should throw")
            } catch let error as UnstubbedCallError {
                XCTAssertEqual(
                    error.description,
                    """
                    MockCloudDatabase.fetchRecord was called (async form) with CKRecord.ID(n1, _defaultZone) but has no stub and no \
                    default result; stub it first: mock.stub(.fetchRecord, .value(<CKRecord>))
                    """)
            } catch {
                XCTFail("\(error)")
            }
        }
        XCTAssertEqual(failures.count, 1, "the test fails where the call is made, whatever the app does with the error")
        XCTAssertTrue(failures.first?.contains("CloudDouble: MockCloudDatabase.fetchRecord was called") == true, "\(failures)")
        let zones = try await database.allRecordZones()
        XCTAssertEqual(zones, [], "an array result defaults to empty")
        XCTAssertEqual(database.databaseScope, .private, "the description's mockDefault")
        let done = expectation(description: "unstubbed completion still called")
        let completionFailures = expectFailures {
            database.fetch(withRecordZoneID: CKRecordZone.ID(zoneName: "z")) { zone, error in
                XCTAssertNil(zone)
                XCTAssertTrue(error is UnstubbedCallError)
                done.fulfill()
            }
        }
        XCTAssertEqual(completionFailures.count, 1, "recorded when the call is made, before the handler runs")
        await fulfillment(of: [done], timeout: 5)
    }

    /// An app that swallows errors (a `try?`, a retry loop that gives up quietly) cannot hide a
    /// missing stub: the failure is recorded before the error reaches it.
    func testAnUnstubbedCallFailsTheTestEvenWhenTheAppSwallowsTheError() async {
        let database = MockCloudDatabase()
        let failures = await expectFailures {
            _ = try? await database.save(CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "swallowed")))
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.contains("MockCloudDatabase.saveRecord was called (async form) with") == true, "\(failures)")
        XCTAssertTrue(failures.first?.contains("mock.stub(.saveRecord, .value(<CKRecord>))") == true, "\(failures)")
    }

    func testChildMocksShareTheLogAndAreStable() async throws {
        let container = MockCloudContainer()
        let privateDatabase = try XCTUnwrap(container.privateCloudDatabase as? MockCloudDatabase)
        XCTAssertTrue(container.privateCloudDatabase === privateDatabase)
        XCTAssertFalse(container.publicCloudDatabase === privateDatabase)
        XCTAssertTrue(container.database(with: .shared) === container.database(with: .shared))
        privateDatabase.stub(.saveRecord, .value(record))
        container.stub(.accountStatus, .value(.available))
        let status = try await container.accountStatus()
        _ = try await container.privateCloudDatabase.save(record)
        XCTAssertEqual(status, .available)
        XCTAssertEqual(
            container.log.calls,
            [
                "Container.privateCloudDatabase", "Container.privateCloudDatabase", "Container.publicCloudDatabase", "Container.database",
                "Container.database",
                "Container.accountStatus", "Container.privateCloudDatabase", "Database.saveRecord",
            ])
    }

    func testNonOptionalHandlerValueGetsTheErrorValue() async {
        let container = MockCloudContainer(delivery: .immediate)
        container.stub(.accountStatus, .error(CKError(.notAuthenticated)))
        let status = Locked<CKAccountStatus?>(nil)
        container.accountStatus { value, _ in status.withLock { $0 = value } }
        XCTAssertEqual(status.snapshot, .couldNotDetermine)
    }

    func testSettledWaitsForEveryHandler() async {
        let database = MockCloudDatabase()
        database.stub(.saveRecord, .value(record))
        let count = Locked(0)
        for _ in 0..<20 { database.save(record) { _, _ in count.withLock { $0 += 1 } } }
        await database.settled()
        XCTAssertEqual(count.snapshot, 20)
    }

    func testConcurrentCallersLeaveExactCountsAndLog() async {
        let database = MockCloudDatabase()
        let record = self.record
        database.stub(.saveRecord, .value(record))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<200 { _ = try? await database.save(record) } }
            }
        }
        XCTAssertEqual(database.callCount(.saveRecord), 1600)
        XCTAssertEqual(database.log.records.map(\.sequence), Array(1...1600))
    }
}

struct UncheckedThread: @unchecked Sendable {
    let thread: Thread
    init(_ thread: Thread) { self.thread = thread }
}
