import CloudDoubleRuntime
import CloudDoubleTestSupport
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// A described type passed non-optional to an error-first block (`Section.touch`), as Firebase's
/// write blocks pass the reference written: the wrapper of the object in every double, and the
/// object the call was made on beside an error (`"errorValue": "self"`).
final class DescribedHandlerValueTests: XCTestCase {
    func testTheMockPassesItsChildElseItselfWithAnError() {
        let mock = MockSinkSection(delivery: .immediate)
        let delivered = Locked<(error: (any Error)?, section: (any SinkSection)?)>((nil, nil))
        mock.touch { error, section in delivered.withLock { $0 = (error, section) } }
        XCTAssertNil(delivered.snapshot.error)
        XCTAssertTrue(delivered.snapshot.section is MockSinkSection)
        XCTAssertFalse(delivered.snapshot.section === mock, "unstubbed, the handler gets the call's child mock")

        mock.stub(.touch, .error(SettingsBusy(message: "busy")))
        mock.touch { error, section in delivered.withLock { $0 = (error, section) } }
        XCTAssertTrue(delivered.snapshot.error is SettingsBusy)
        XCTAssertTrue(delivered.snapshot.section === mock, "with an error, the section the call was made on")
    }

    func testTheFaultWrapperWrapsWhatItGetsAndPassesItselfWithAFault() async {
        let mock = MockSinkSection(delivery: .immediate)
        let faulty = FaultInjectingSinkSection(wrapping: mock, plan: FaultPlan { FaultRule.fail(.call(SinkSectionCall.touch), on: .nth(2), with: 1) })
        let first: (failed: Bool, wrapped: Bool) = await withCheckedContinuation { done in
            faulty.touch { error, section in done.resume(returning: (error != nil, section is FaultInjectingSinkSection)) }
        }
        XCTAssertEqual(first.failed, false)
        XCTAssertEqual(first.wrapped, true, "the child mock the wrapped section passes is wrapped under the same faults")
        let second: (failed: Bool, isSelf: Bool) = await withCheckedContinuation { done in
            faulty.touch { error, section in done.resume(returning: (error != nil, section === faulty)) }
        }
        XCTAssertEqual(second.failed, true)
        XCTAssertEqual(second.isSelf, true, "an injected fault passes the wrapper the call was made on")
    }

    func testTheLiveAdapterWrapsTheSDKObject() {
        let live = LiveSinkSection(SettingsSection(name: "general"))
        let name = Locked<String?>(nil)
        live.touch { _, section in name.withLock { $0 = (section as? LiveSinkSection)?.base.name } }
        XCTAssertEqual(name.snapshot, "general")
    }

    /// A `Result` handler (`Section.parent`): its success is the wrapper in every double.
    func testAResultHandlerGetsTheWrapper() async {
        let mock = MockSinkSection(delivery: .immediate)
        let fromMock = Locked<(any SinkSection)?>(nil)
        mock.parent { result in fromMock.withLock { $0 = try? result.get() } }
        XCTAssertTrue(fromMock.snapshot is MockSinkSection, "unstubbed, the call's child mock")

        let faulty = FaultInjectingSinkSection(wrapping: mock, plan: FaultPlan())
        let wrapped: Bool = await withCheckedContinuation { done in
            faulty.parent { result in done.resume(returning: (try? result.get()) is FaultInjectingSinkSection) }
        }
        XCTAssertTrue(wrapped)

        let live = LiveSinkSection(SettingsSection(name: "a/b"))
        let name = Locked<String?>(nil)
        live.parent { result in name.withLock { $0 = ((try? result.get()) as? LiveSinkSection)?.base.name } }
        XCTAssertEqual(name.snapshot, "a")
    }
}
