import CloudDoubleRuntime
import NotesApp
import Foundation
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
}
