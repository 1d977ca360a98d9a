import CloudDoubleRuntime
import Foundation
import NotesApp
import XCTest

final class NoteSaverTests: XCTestCase {
    func testSavesThroughTheGeneratedMockAndRetriesInjectedFaults() async throws {
        let mock = MockCloudStore()
        mock.stub(.value, .value("hello"))
        let faulty = FaultInjectingCloudStore(
            wrapping: mock, plan: FaultPlan { FaultRule.fail(.call(CloudStoreCall.put), on: .nth(1), with: "offline") }, seed: 1)
        let saver = NoteSaver(store: faulty)

        let value = try await saver.save("hello", as: "note")

        XCTAssertEqual(value, "hello")
        XCTAssertEqual(mock.callCount(.put), 1, "the first put failed in the fault wrapper, the retry reached the mock")
        XCTAssertEqual(faulty.faults.events.count, 1)
        XCTAssertEqual(mock.log.calls, ["Store.put", "Store.value"])
    }

    /// The generic preset draws its network errors from RemoteStore's own catalogue (`offline`,
    /// marked `"network": true`), never from CloudKit's.
    func testFlakyNetworkPresetFailsWithRemoteStoresNetworkCode() async {
        XCTAssertEqual(ErrorModel.remoteStore.catalogue.codes(with: .network).map(\.name), ["offline"])
        let mock = MockCloudStore()
        mock.stub(.value, .value("hello"))
        let faulty = FaultInjectingCloudStore(
            wrapping: mock, plan: .flakyNetwork(failureRate: 0.5, latency: FaultLatency(0)), seed: 5, time: VirtualClock().timeSource)
        var failures: [NSError] = []
        for _ in 0..<40 {
            do {
                _ = try await faulty.value(forKey: "k")
            } catch {
                failures.append(error as NSError)
            }
        }
        XCTAssertFalse(failures.isEmpty)
        XCTAssertEqual(Set(failures.map(\.domain)), ["RemoteStoreErrorDomain"])
        XCTAssertEqual(Set(failures.map(\.code)), [1], "offline, RemoteStore's only network code")
        XCTAssertEqual(mock.callCount(.value), 40 - failures.count, "a failed call never reached the mock")
        XCTAssertEqual(faulty.faults.events.filter { $0.effect == .failed(code: 1, retryAfter: nil) }.count, failures.count)
    }

    func testCompletionFormIsCalled() async {
        let mock = MockCloudStore()
        mock.stub(.value, .error(NSError(domain: "RemoteStoreErrorDomain", code: 2)))
        let done = expectation(description: "handler")
        mock.fetchValue(forKey: "k") { value, error in
            XCTAssertNil(value)
            XCTAssertEqual((error as NSError?)?.code, 2)
            done.fulfill()
        }
        await fulfillment(of: [done], timeout: 5)
    }

    /// RemoteStore's description names its own codes for the runtime's roles (not CloudKit's
    /// `operationCancelled`/`limitExceeded`): a cancelled call fails with `aborted`, and a batch
    /// answered `payloadTooLarge` is split.
    func testTheDescriptionsCancelledAndRequestTooLargeCodesDriveTheRuntime() async throws {
        let mock = MockCloudStore()
        let faulty = FaultInjectingCloudStore(wrapping: mock, plan: FaultPlan { FaultRule.cancel(.call(CloudStoreCall.put)) })
        do {
            try await faulty.put("hello", forKey: "note")
            XCTFail("the cancelled put succeeded")
        } catch {
            XCTAssertEqual((error as NSError).domain, "RemoteStoreErrorDomain")
            XCTAssertEqual((error as NSError).code, 4, "aborted")
        }
        let model = ErrorModel.remoteStore
        let sent = try await model.splittingOnLimitExceeded(["a", "b", "c", "d"]) { batch in
            if batch.count > 2 { throw model.error(3) }
            return batch
        }
        XCTAssertEqual(sent, [["a", "b"], ["c", "d"]])
    }
}
