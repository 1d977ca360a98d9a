import CloudDoubleRuntime
import CloudDoubleTestSupport
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// A call marked `newEachCall` (`Section.subsection()`, `Section.duplicate(named:)`): the mock
/// hands out a new child mock at each call, unless stubbed, and lists them for the test.
final class NewEachCallTests: XCTestCase {
    func testEachSyncCallGetsANewChildMockInOrder() {
        let mock = MockSinkSection()
        let first = mock.subsection()
        let second = mock.subsection()
        XCTAssertFalse(first === second, "a new child mock at each call")
        XCTAssertTrue(first is MockSinkSection)
        let handedOut = mock.newChildren(SinkSectionCall.subsection)
        XCTAssertEqual(handedOut.count, 2)
        XCTAssertTrue(handedOut[0] === first && handedOut[1] === second, "in the order the app got them")

        let stubbed = MockSinkSection()
        mock.stub(.subsection, .value(stubbed))
        XCTAssertTrue(mock.subsection() === stubbed, "a stub still answers")
        XCTAssertTrue(mock.newChildren(SinkSectionCall.subsection).last === stubbed)
        XCTAssertEqual(mock.callCount(.subsection), 3)
    }

    func testEachAsyncCallGetsANewChildMock() async throws {
        let mock = MockSinkSection()
        let first = try await mock.duplicate(named: "a")
        let second = try await mock.duplicate(named: "a")
        XCTAssertFalse(first === second, "not one child per arguments")
        XCTAssertEqual(mock.newChildren(SinkSectionCall.duplicate).count, 2)
    }

    func testTheTestsOwnCallsAreNotListed() {
        let mock = MockSinkSection()
        _ = TestSetUp.run { mock.subsection() }
        XCTAssertTrue(mock.newChildren(SinkSectionCall.subsection).isEmpty)
        XCTAssertEqual(mock.callCount(.subsection), 0)
    }

    func testTheLiveAdapterAndTheFaultWrapperWrapEachNewObject() async throws {
        let live = LiveSinkSection(SettingsSection(name: "root"))
        let one = live.subsection()
        let two = live.subsection()
        XCTAssertFalse(one === two)
        XCTAssertTrue(one.name.hasPrefix("root/"))

        let faulty = FaultInjectingSinkSection(wrapping: MockSinkSection(), plan: FaultPlan())
        let copy = try await faulty.duplicate(named: "b")
        XCTAssertTrue(copy is FaultInjectingSinkSection)
        let again = try await faulty.duplicate(named: "b")
        XCTAssertFalse(copy === again)
    }
}
