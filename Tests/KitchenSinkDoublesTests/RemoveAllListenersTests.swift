import CloudDoubleRuntime
import CloudDoubleTestSupport
import Foundation
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// A call described with `"removesListeners": true` (Firebase's `removeAllObservers()`): mocks
/// end every registration of the object, fault wrappers the taps of every listener registered
/// through them.
final class RemoveAllListenersTests: XCTestCase {
    typealias Seen = ListenerTests.Seen

    func testTheMockEndsEveryActiveRegistration() {
        let mock = MockSinkFeed()
        let (handled, combined, failed) = (Seen(), Seen(), Seen())
        _ = mock.observe("a", with: handled.value, withCancel: handled.error)
        _ = mock.addListener(combined.either)
        _ = mock.observe("b", with: failed.value, withCancel: failed.error)
        mock.registrations(.observe)[1].fail(NSError(domain: "KitchenSinkSDK.Settings", code: 3))
        mock.removeAllObservers()
        XCTAssertEqual(mock.registrations(.observe).map(\.isRemoved), [true, false], "a failed registration had ended already")
        XCTAssertEqual(mock.registrations(.addListener).map(\.isRemoved), [true])
        XCTAssertFalse(mock.registrations(.observe)[0].emit("x"))
        XCTAssertFalse(mock.registrations(.addListener)[0].emit("x"))
        XCTAssertEqual(handled.values + combined.values, [])
        XCTAssertEqual(
            mock.log.records.map { "\($0.call) \($0.form)" },
            ["observe sync", "addListener sync", "observe sync", "removeAllObservers sync", "observe remove", "addListener remove"])
    }

    func testTheFaultWrapperDropsTheDelayedEventsOfItsOwnListenersOnly() {
        let mock = MockSinkFeed()
        let held = Locked<[@Sendable () -> Void]>([])
        let time = TimeSource(now: { 0 }, sleep: { _ in }, schedule: { _, work in held.withLock { $0.append(work) } })
        let plan = FaultPlan {
            FaultRule.delayEvents(.listener(SinkFeedListener.observe), by: FaultLatency(1))
            FaultRule.delayEvents(.listener(SinkFeedListener.addListener), by: FaultLatency(1))
        }
        let injector = FaultInjector(plan: plan, errorModel: .kitchenSink, time: time)
        let faulty = FaultInjectingSinkFeed(wrapping: mock, faults: injector)
        let behindOther = MockSinkFeed()
        let other = FaultInjectingSinkFeed(wrapping: behindOther, faults: injector)
        let (handled, combined, elsewhere) = (Seen(), Seen(), Seen())
        _ = faulty.observe("a", with: handled.value, withCancel: nil)
        _ = faulty.addListener(combined.either)
        _ = other.observe("a", with: elsewhere.value, withCancel: nil)
        mock.registrations(.observe)[0].emit("late")
        mock.registrations(.addListener)[0].emit("late")
        behindOther.registrations(.observe)[0].emit("kept")
        faulty.removeAllObservers()
        for work in held.snapshot { work() }
        XCTAssertEqual(handled.values + combined.values, [], "the removed listeners' delayed events are dropped")
        XCTAssertEqual(elsewhere.values, ["kept"], "another wrapper's listener is not removed")
        XCTAssertEqual(
            mock.log.records.map { "\($0.call) \($0.form)" }.suffix(3), ["removeAllObservers sync", "observe remove", "addListener remove"],
            "the call reached the wrapped object, which ended its registrations")
    }
}
