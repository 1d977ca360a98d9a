import CloudDoubleRuntime
import Foundation
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// Listener calls (`"listener"`): a handle-style one (`observe`, removed by `removeObserver`) and
/// an object-style one (`addListener`, one closure for values and errors, removed by `remove()`
/// on what it returns), through the mock, the fault wrapper and the live adapter.
final class ListenerTests: XCTestCase {
    /// What an app's listener saw.
    final class Seen: Sendable {
        private let state = Locked<(values: [String], errors: [Int])>(([], []))
        var values: [String] { state.snapshot.values }
        var errors: [Int] { state.snapshot.errors }
        func value(_ value: String) { state.withLock { $0.values.append(value) } }
        func error(_ error: any Error) { state.withLock { $0.errors.append((error as NSError).code) } }
        func either(_ value: String?, _ error: (any Error)?) {
            if let error { self.error(error) } else if let value { self.value(value) }
        }
    }

    func testTheMockKeepsEachRegistrationApartAndSeesItRemoved() throws {
        let mock = MockSinkFeed()
        let first = Seen()
        let second = Seen()
        let one = mock.observe("a", with: first.value, withCancel: first.error)
        let two = mock.observe("b", with: second.value, withCancel: nil)
        XCTAssertNotEqual(one, two, "each registration has its own handle")

        let registrations = mock.registrations(.observe)
        XCTAssertEqual(registrations.map(\.number), [1, 2])
        XCTAssertTrue(registrations[0].emit("x"))
        registrations[1].emit("y")
        XCTAssertEqual(first.values, ["x"])
        XCTAssertEqual(second.values, ["y"])

        mock.removeObserver(withHandle: two)
        XCTAssertTrue(registrations[1].isRemoved)
        XCTAssertFalse(registrations[0].isRemoved)
        XCTAssertFalse(registrations[1].emit("z"), "a removed registration takes no event")
        XCTAssertEqual(second.values, ["y"])

        XCTAssertTrue(registrations[0].fail(NSError(domain: "KitchenSinkSDK.Settings", code: 3)))
        XCTAssertEqual(first.errors, [3])
        XCTAssertFalse(registrations[0].isActive, "an error ends the registration")
        XCTAssertFalse(registrations[0].emit("late"))
        XCTAssertEqual(first.values, ["x"])

        XCTAssertEqual(mock.callCount(.observe), 2)
        XCTAssertEqual(mock.arguments(.observe).map(\.key), ["a", "b"])
        XCTAssertEqual(
            mock.log.records.map { "\($0.call) \($0.form)" }, ["observe sync", "observe sync", "removeObserver sync", "observe remove"])
    }

    func testAnObjectStyleRegistrationIsRemovedThroughWhatTheListenerReturned() {
        let mock = MockSinkFeed()
        let seen = Seen()
        let registration = mock.addListener(seen.either)
        let registered = try! XCTUnwrap(mock.registrations(.addListener).first)
        registered.emit("x")
        registered.fail(NSError(domain: "KitchenSinkSDK.Settings", code: 1))
        XCTAssertEqual(seen.values, ["x"])
        XCTAssertEqual(seen.errors, [1], "one closure for both: the error comes as (nil, error)")

        let other = Seen()
        let second = mock.addListener(other.either)
        XCTAssertFalse(mock.registrations(.addListener)[1].isRemoved)
        second.remove()
        XCTAssertTrue(mock.registrations(.addListener)[1].isRemoved)
        XCTAssertFalse(mock.registrations(.addListener)[1].emit("y"))
        XCTAssertEqual(other.values, [])
        _ = registration
        XCTAssertEqual(mock.log.calls.last, "Feed.addListener")
        XCTAssertEqual(mock.log.records.last?.form, .remove)
    }

    func testAFaultPlanFailsDropsAndDelaysListenerEvents() async throws {
        let mock = MockSinkFeed()
        let clock = VirtualClock()
        let plan = FaultPlan {
            FaultRule.dropEvents(.listener(SinkFeedListener.observe), on: .nth(2))
            FaultRule.delayEvents(.listener(SinkFeedListener.observe), on: .nth(3), by: FaultLatency(2))
            FaultRule.failListener(.listener(SinkFeedListener.observe), on: .nth(4), with: "readOnly")
        }
        let faulty = FaultInjectingSinkFeed(wrapping: mock, plan: plan, time: clock.timeSource)
        let seen = Seen()
        _ = faulty.observe("a", with: seen.value, withCancel: seen.error)
        let registration = try XCTUnwrap(mock.registrations(.observe).first)

        for value in ["1", "2", "3"] { registration.emit(value) }
        try await waitUntil { seen.values.count == 2 }
        // Sent after the delayed event arrived: a registration that ends drops what is still on its way.
        for value in ["4", "5"] { registration.emit(value) }

        XCTAssertEqual(seen.values, ["1", "3"], "2 was dropped, 3 delayed, 4 became the error and ended the listener")
        XCTAssertEqual(seen.errors, [3], "readOnly, the catalogue's 3")
        XCTAssertEqual(clock.delays, [2])
        XCTAssertEqual(
            faulty.faults.events.map(\.description),
            [
                "#1 t=0.0 Feed.observe [listener] event 2 rule 0: dropped",
                "#2 t=0.0 Feed.observe [listener] event 3 rule 1: +2.0s delayed",
                "#3 t=2.0 Feed.observe [listener] event 4 rule 2: failed readOnly (3)",
            ])
    }

    func testAPlanWrittenForCallsLeavesListenerEventsAlone() {
        let mock = MockSinkFeed()
        let faulty = FaultInjectingSinkFeed(
            wrapping: mock, plan: FaultPlan([FaultRule.fail(with: "busy"), FaultRule.fail(.call(SinkFeedCall.observe), with: "busy")]))
        let seen = Seen()
        _ = faulty.observe("a", with: seen.value, withCancel: seen.error)
        mock.registrations(.observe)[0].emit("x")
        XCTAssertEqual(seen.values, ["x"])
        XCTAssertEqual(faulty.faults.events, [])
    }

    func testAnEventStillDelayedWhenTheAppRemovesTheListenerIsDropped() async throws {
        let mock = MockSinkFeed()
        let held = Locked<[@Sendable () -> Void]>([])
        let time = TimeSource(now: { 0 }, sleep: { _ in }, schedule: { _, work in held.withLock { $0.append(work) } })
        let faulty = FaultInjectingSinkFeed(
            wrapping: mock, plan: FaultPlan { FaultRule.delayEvents(.listener(SinkFeedListener.observe), by: FaultLatency(1)) }, time: time)
        let seen = Seen()
        let handle = faulty.observe("a", with: seen.value, withCancel: nil)
        mock.registrations(.observe)[0].emit("late")
        faulty.removeObserver(withHandle: handle)
        for work in held.snapshot { work() }
        XCTAssertEqual(seen.values, [])
        XCTAssertTrue(mock.registrations(.observe)[0].isRemoved)
    }

    func testRemovingAnObjectStyleRegistrationThroughTheWrapperDropsItsDelayedEvents() {
        let mock = MockSinkFeed()
        let held = Locked<[@Sendable () -> Void]>([])
        let time = TimeSource(now: { 0 }, sleep: { _ in }, schedule: { _, work in held.withLock { $0.append(work) } })
        let faulty = FaultInjectingSinkFeed(
            wrapping: mock, plan: FaultPlan { FaultRule.delayEvents(.listener(SinkFeedListener.addListener), by: FaultLatency(1)) }, time: time)
        let seen = Seen()
        let registration = faulty.addListener(seen.either)
        mock.registrations(.addListener)[0].emit("late")
        registration.remove()
        for work in held.snapshot { work() }
        XCTAssertEqual(seen.values, [])
        XCTAssertTrue(mock.registrations(.addListener)[0].isRemoved, "the wrapped object's registration is removed too")
    }

    func testTheFaultWrapperPassesTheSDKsOwnEventsAndErrorsOn() {
        let feed = SettingsFeed()
        let faulty = FaultInjectingSinkFeed(wrapping: LiveSinkFeed(feed), plan: .none)
        let seen = Seen()
        let combined = Seen()
        _ = faulty.observe("a", with: seen.value, withCancel: seen.error)
        let registration = faulty.addListener(combined.either)
        feed.publish("x")
        registration.remove()
        feed.publish("y")
        feed.fail(NSError(domain: "KitchenSinkSDK.Settings", code: 2))
        XCTAssertEqual(seen.values, ["x", "y"])
        XCTAssertEqual(seen.errors, [2])
        XCTAssertEqual(combined.values, ["x"])
        XCTAssertEqual(combined.errors, [])
    }

    /// Delivery on the virtual clock is asynchronous: wait for it, a bounded number of times.
    private func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<1000 where !condition() { try await Task.sleep(nanoseconds: 1_000_000) }
    }
}
