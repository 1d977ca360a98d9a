import CloudDoubleRuntime
import CloudDoubleTestSupport
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// A call that takes a described type (`Batch.delete(_ section:)`, `"ref": "Section"`): the live
/// adapter hands the SDK its own object, the fault wrapper what it wraps, the mock records the
/// object the app passed, which the test compares with its child mocks.
final class DescribedParameterTests: XCTestCase {
    func testTheLiveAdapterPassesTheSDKItsOwnObject() async throws {
        let store = LiveSinkSettings(SettingsStore())
        let section = try await store.section(named: "general")
        let batch = store.batch()
        batch.delete(section)
        try await batch.rename(section, to: "main")
        let renamed = expectation(description: "renamed")
        batch.rename(section, to: "other") { error in
            XCTAssertNil(error)
            renamed.fulfill()
        }
        await fulfillment(of: [renamed], timeout: 5)
        let written = try await batch.commit()
        XCTAssertEqual(written, ["delete general", "rename general to main", "rename general to other"])
    }

    func testTheLiveAdapterTakesObjectsUnderAFaultWrapper() async throws {
        let store = FaultInjectingSinkSettings(wrapping: LiveSinkSettings(SettingsStore()), plan: FaultPlan())
        let section = try await store.section(named: "general")
        XCTAssertTrue(section is FaultInjectingSinkSection)
        let batch = store.batch()
        batch.delete(section)
        let written = try await batch.commit()
        XCTAssertEqual(written, ["delete general"])
    }

    func testTheMockRecordsTheChildMockThroughTheFaultWrapper() async throws {
        let mock = MockSinkSettings(delivery: .immediate)
        let faulty = FaultInjectingSinkSettings(wrapping: mock, plan: FaultPlan())
        let section = try await faulty.section(named: "general")
        let batch = faulty.batch()
        batch.delete(section)
        try await batch.rename(section, to: "main")

        let child = try await mock.section(named: "general")
        let batchMock = try XCTUnwrap(mock.batch() as? MockSinkBatch)
        XCTAssertEqual(batchMock.callCount(.delete), 1)
        XCTAssertTrue(batchMock.arguments(.delete).first === child, "the mock gets its own child mock, not the fault wrapper")
        XCTAssertTrue(batchMock.arguments(.rename).first?.section === child)
        XCTAssertEqual(batchMock.arguments(.rename).first?.name, "main")
        XCTAssertEqual(
            batchMock.log.records(of: SinkBatchCall.delete).map(\.description), ["#3 Batch.delete [sync] MockSinkSection(Settings.section(general))"],
            "the log says which child mock the app passed")
    }

    func testAFaultPlanFailsACallTakingADescribedObject() async throws {
        let mock = MockSinkSettings()
        let faulty = FaultInjectingSinkSettings(
            wrapping: mock, plan: FaultPlan { FaultRule.fail(.call(SinkBatchCall.rename), with: 1) })
        let section = try await faulty.section(named: "general")
        await XCTAssertThrowsErrorAsync(try await faulty.batch().rename(section, to: "main"))
        let batchMock = try XCTUnwrap(mock.batch() as? MockSinkBatch)
        XCTAssertEqual(batchMock.callCount(.rename), 0, "a failed call does not reach the mock")
    }
}
