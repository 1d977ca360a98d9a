import CloudDoubleRuntime
import CloudDoubleTestSupport
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// The test's own calls on mocks (`TestSetUp.run`) are answered but not counted as the app's: no
/// history, no log entry, no stub taken from a queue.
final class TestSetUpTests: XCTestCase {
    func testReachingAChildMockIsNotTheAppsCall() async throws {
        let mock = MockSinkSettings()
        let child = try await TestSetUp.run { try await mock.section(named: "general") as! MockSinkSection }
        child.stub(.name, .value("General"))
        XCTAssertEqual(mock.callCount(.section), 0)
        XCTAssertTrue(mock.log.records.isEmpty)

        // The app's call gets the same child, and is the only one counted.
        let section = try await mock.section(named: "general")
        XCTAssertTrue(section === child)
        XCTAssertEqual(section.name, "General")
        XCTAssertEqual(mock.callCount(.section), 1)
        XCTAssertEqual(child.callCount(.name), 1)
        XCTAssertEqual(mock.log.calls, ["Settings.section", "Section.name"])
    }

    func testReadingAndSettingPropertiesToAssertAreNotTheAppsCalls() {
        let mock = MockSinkSettings()
        mock.stub(.default, [.value("first"), .value("second")])
        XCTAssertEqual(TestSetUp.run { mock.default }, "first")
        XCTAssertEqual(TestSetUp.run { mock.default }, "first", "the test's read takes no stub from the queue")
        TestSetUp.run { mock.isEnabled = true }

        XCTAssertEqual(mock.default, "first")
        XCTAssertEqual(mock.default, "second")
        XCTAssertTrue(mock.isEnabled, "the app reads what the test set")
        XCTAssertEqual(mock.callCount(.default), 2)
        XCTAssertEqual(mock.callCount(.isEnabled), 1, "the app's read only")
        XCTAssertEqual(mock.log.records.map { "\($0.call) \($0.form)" }, ["default get", "default get", "isEnabled get"])
    }
}
