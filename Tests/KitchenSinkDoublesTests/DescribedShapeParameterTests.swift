import CloudDoubleRuntime
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// Optional and array described types as parameters and properties (`"ref": "Section?"`,
/// `"[Section]"` on `Batch`): the live adapter hands the SDK its own objects, element by element;
/// the fault wrapper what each wraps; a mock records the optional or the array the app passed.
final class DescribedShapeParameterTests: XCTestCase {
    func testTheLiveAdapterPassesTheSDKEachOfItsObjects() async throws {
        let store = LiveSinkSettings(SettingsStore())
        let general = try await store.section(named: "general")
        let extra = try await store.section(named: "extra")
        let batch = store.batch()
        batch.deleteAll([general, extra])
        try await batch.deleteAllInBackground([extra])
        let deleted = expectation(description: "deleted")
        batch.deleteAllInBackground([]) { error in
            XCTAssertNil(error)
            deleted.fulfill()
        }
        await fulfillment(of: [deleted], timeout: 5)
        batch.move(under: general)
        batch.move(under: nil)
        let moved = expectation(description: "moved")
        batch.move(under: extra) { result in
            if case .failure(let error) = result { XCTFail("\(error)") }
            moved.fulfill()
        }
        await fulfillment(of: [moved], timeout: 5)
        let written = try await batch.commit()
        XCTAssertEqual(
            written, ["delete general", "delete extra", "delete extra", "move under general", "move under the top", "move under extra"])
    }

    func testTheLiveAdapterSetsAndReadsPropertiesOfEachShape() async throws {
        let store = FaultInjectingSinkSettings(wrapping: LiveSinkSettings(SettingsStore()), plan: FaultPlan())
        let general = try await store.section(named: "general")
        let extra = try await store.section(named: "extra")
        let batch = store.batch()
        XCTAssertNil(batch.anchor)
        batch.anchor = general
        XCTAssertEqual(batch.anchor?.name, "general")
        XCTAssertTrue(batch.anchor is FaultInjectingSinkSection, "read back wrapped as the batch's children")
        batch.anchor = nil
        XCTAssertNil(batch.anchor)
        batch.pinned = [extra, general]
        XCTAssertEqual(batch.pinned.map(\.name), ["extra", "general"])
    }

    func testTheMockRecordsItsOwnChildMocksThroughTheFaultWrapper() async throws {
        let mock = MockSinkSettings(delivery: .immediate)
        let faulty = FaultInjectingSinkSettings(wrapping: mock, plan: FaultPlan())
        let general = try await faulty.section(named: "general")
        let extra = try await faulty.section(named: "extra")
        let batch = faulty.batch()
        batch.deleteAll([general, extra])
        batch.move(under: general)
        batch.move(under: nil)
        batch.anchor = extra
        batch.pinned = [general]

        let (generalMock, extraMock) = (try await mock.section(named: "general"), try await mock.section(named: "extra"))
        let batchMock = try XCTUnwrap(mock.batch() as? MockSinkBatch)
        let all = try XCTUnwrap(batchMock.arguments(.deleteAll).first)
        XCTAssertEqual(all.count, 2)
        XCTAssertTrue(all[0] === generalMock && all[1] === extraMock, "each element is the mock's own child mock, in order")
        let moves = batchMock.arguments(.move)
        XCTAssertEqual(moves.count, 2)
        XCTAssertTrue(moves[0] === generalMock)
        XCTAssertNil(moves[1], "nil stays nil")
        XCTAssertTrue(batchMock.anchor === extraMock)
        XCTAssertTrue(batchMock.pinned.first === generalMock)
    }

    func testAMockAnswersPropertiesOfEachShape() throws {
        let batch = MockSinkBatch()
        let anchor = try XCTUnwrap(batch.anchor, "an optional described property hands out a child mock unless set")
        XCTAssertTrue(batch.anchor === anchor, "the same one each time")
        XCTAssertTrue(batch.pinned.isEmpty, "an array is empty unless set or stubbed")
        batch.anchor = nil
        XCTAssertNil(batch.anchor)
    }
}
