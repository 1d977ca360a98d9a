import CloudDoubleRuntime
import Foundation
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// `stream` forms (an `AsyncThrowingStream`, a paginator, `some AsyncSequence`) through the
/// generated live adapter, fault wrapper and mock.
final class StreamTests: XCTestCase {
    private func collect<E>(_ stream: AsyncThrowingStream<E, any Error>) async -> (elements: [E], error: (any Error)?) {
        var elements: [E] = []
        do {
            for try await element in stream { elements.append(element) }
            return (elements, nil)
        } catch {
            return (elements, error)
        }
    }

    /// The live adapter bridges the SDK's own sequences: an `AsyncThrowingStream` as it is, a
    /// paginator page by page.
    func testTheLiveAdapterBridgesTheSDKsSequences() async throws {
        let live = LiveSinkTicker(SettingsTicker(keys: ["a", "b", "c", "d", "e"]))
        let changes = await collect(live.changes(of: "k"))
        XCTAssertEqual(changes.elements, ["k=1", "k=2"])
        let pages = await collect(live.pages(pageSize: 2))
        XCTAssertEqual(pages.elements.map(\.keys), [["a", "b"], ["c", "d"], ["e"]])
        XCTAssertNil(pages.error)
        let collected1 = await collect(live.pages())
        XCTAssertEqual(collected1.elements.count, 1, "the default page size, from the protocol extension")
    }

    /// A stubbed list is sent and finished; a stubbed error fails the stream; the log shows each
    /// stream call and its end.
    func testAMockAnswersFromStubbedElementsAndLogsTheEnd() async throws {
        let mock = MockSinkTicker()
        mock.stub(.changes, [.value(["x", "y"]), .error(SettingsBusy())])
        let collected2 = await collect(mock.changes(of: "k"))
        XCTAssertEqual(collected2.elements, ["x", "y"])
        let failed = await collect(mock.changes(of: "k"))
        XCTAssertTrue(failed.elements.isEmpty)
        XCTAssertTrue(failed.error is SettingsBusy)
        XCTAssertEqual(mock.arguments(.changes), ["k", "k"])
        XCTAssertEqual(
            mock.log.records.map { "\($0.call) [\($0.form)] \($0.arguments)" },
            [
                "changes [stream] k", "changes [stream] finished after 2 element(s)", "changes [stream] k",
                "changes [stream] failed after 0 element(s): SettingsBusy(message: nil)",
            ])
    }

    /// Unstubbed, each call's stream is the test's to drive, kept apart per call, in order.
    func testTheTestFeedsFinishesAndFailsEachStream() async throws {
        let mock = MockSinkTicker()
        let first = mock.pages(pageSize: 1)
        let second = mock.pages(pageSize: 2)
        let feeds = mock.streams(.pages)
        XCTAssertEqual(feeds.count, 2)
        feeds[0].yield(SettingsPage(keys: ["a"], nextToken: 1))
        feeds[0].finish()
        feeds[1].yield(SettingsPage(keys: ["b", "c"], nextToken: 2))
        feeds[1].fail(SettingsBusy())
        let collected3 = await collect(first)
        XCTAssertEqual(collected3.elements.map(\.keys), [["a"]])
        let failed = await collect(second)
        XCTAssertEqual(failed.elements.map(\.keys), [["b", "c"]])
        XCTAssertTrue(failed.error is SettingsBusy)
        XCTAssertEqual(feeds.map(\.end), [.finished(elements: 1), .failed(elements: 1, error: "SettingsBusy(message: nil)")])
        XCTAssertEqual(mock.log.records.last?.description, "#4 Ticker.pages [stream] failed after 1 element(s): SettingsBusy(message: nil)")
    }

    /// A paginator fails on page 3: pages 1 and 2 arrive, the third is never fetched; the error is
    /// the catalogue's, and the event names what was done.
    func testAFaultPlanFailsAPaginatorOnALaterPage() async throws {
        let plan = FaultPlan { FaultRule.failPage(.call(SinkTickerCall.pages), 3, with: "busy") }
        let faulty = FaultInjectingSinkTicker(wrapping: LiveSinkTicker(SettingsTicker(keys: ["a", "b", "c", "d", "e", "f"])), plan: plan)
        let result = await collect(faulty.pages(pageSize: 2))
        XCTAssertEqual(result.elements.map(\.keys), [["a", "b"], ["c", "d"]])
        XCTAssertTrue(result.error is SettingsBusy, "the catalogue's Swift error: \(String(describing: result.error))")
        XCTAssertEqual(
            faulty.faults.events.map(\.description),
            ["#1 t=\(faulty.faults.events[0].time) Ticker.pages [stream] call 1 rule 0: failed after 2 element(s) with busy (1)"])
        let collected4 = await collect(faulty.pages(pageSize: 2))
        XCTAssertEqual(collected4.elements.count, 2, "the rule fires on every call")
    }

    /// Elements dropped, or delayed on the virtual clock; a whole-call failure fails the stream
    /// before its first element without calling the wrapped object.
    func testAFaultPlanDropsAndDelaysElementsAndFailsWholeStreams() async throws {
        let clock = VirtualClock()
        let mock = MockSinkTicker()
        mock.stub(.changes, .value(["1", "2", "3", "4"]))
        let plan = FaultPlan {
            FaultRule.dropElements(.call(SinkTickerCall.changes), on: .nth(1), 2, 4)
            FaultRule.delayElements(.call(SinkTickerCall.changes), on: .nth(2), by: FaultLatency(0.5))
            FaultRule.fail(.call(SinkTickerCall.changes), on: .nth(3), with: "busy")
        }
        let faulty = FaultInjectingSinkTicker(wrapping: mock, plan: plan, time: clock.timeSource)
        let collected5 = await collect(faulty.changes(of: "k"))
        XCTAssertEqual(collected5.elements, ["1", "3"])
        let collected6 = await collect(faulty.changes(of: "k"))
        XCTAssertEqual(collected6.elements, ["1", "2", "3", "4"])
        XCTAssertEqual(clock.delays, [0.5, 0.5, 0.5, 0.5])
        let failed = await collect(faulty.changes(of: "k"))
        XCTAssertTrue(failed.elements.isEmpty)
        XCTAssertTrue(failed.error is SettingsBusy)
        XCTAssertEqual(mock.callCount(.changes), 2, "the failed call never reached the mock")
        XCTAssertEqual(
            faulty.faults.events.map { $0.description.components(separatedBy: ": ").last! },
            ["dropped element(s) 2, 4", "delayed each element by 0.5s", "failed busy (1)"])
    }

    /// A stream failure draws its code by trait as other rules do, and a plan is checked
    /// against the catalogue before it is installed: no network code, no stream rule asking for one.
    func testAStreamFailureDrawsItsCodeByTraitAndIsValidated() async throws {
        let plan = FaultPlan { FaultRule.failStream(.call(SinkTickerCall.changes), afterElements: 1, with: .trait(.throttling)) }
        let faulty = FaultInjectingSinkTicker(wrapping: LiveSinkTicker(SettingsTicker()), plan: plan, seed: 5)
        let result = await collect(faulty.changes(of: "k"))
        XCTAssertEqual(result.elements, ["k=1"])
        XCTAssertEqual(result.error.flatMap { ErrorModel.kitchenSink.code(of: $0) }.map { [1, 2].contains($0) }, true, "a throttling code")
        let network = FaultPlan { FaultRule.failPage(.call(SinkTickerCall.pages), 2, with: .trait(.network)) }
        XCTAssertThrowsError(try network.validate(for: .kitchenSink)) { error in
            XCTAssertTrue("\(error)".contains("the trait 'network'"), "\(error)")
        }
    }

    /// Element rules decide at each element the app asks for, counted across the call's streams:
    /// a failed page is never fetched and ends the stream, a dropped one is skipped, a delayed one
    /// waits on the clock. A rule for calls (no form) never decides at elements.
    func testElementRulesDecideAtEachElementAcrossTheCallsStreams() async throws {
        let clock = VirtualClock()
        let plan = FaultPlan {
            FaultRule.fail(.call(SinkTickerCall.pages), on: .nth(3), with: "readOnly")
            FaultRule.dropElement(.elements(of: SinkTickerCall.pages), on: .nth(2))
            FaultRule.delayElement(.elements(of: SinkTickerCall.pages), on: .nth(3), by: FaultLatency(4))
            FaultRule.failElement(.elements(of: SinkTickerCall.pages), on: .nth(6), with: "busy")
        }
        let faulty = FaultInjectingSinkTicker(
            wrapping: LiveSinkTicker(SettingsTicker(keys: ["a", "b", "c", "d", "e", "f"])), plan: plan, time: clock.timeSource)
        let first = await collect(faulty.pages(pageSize: 2))
        XCTAssertEqual(first.elements.map(\.keys), [["a", "b"], ["e", "f"]], "element 2 dropped, 3 delayed, 4 the end")
        XCTAssertNil(first.error)
        XCTAssertEqual(clock.delays, [4])
        let second = await collect(faulty.pages(pageSize: 2))
        XCTAssertEqual(second.elements.map(\.keys), [["a", "b"]], "the second stream's elements are 5 and on")
        XCTAssertTrue(second.error is SettingsBusy)
        let third = await collect(faulty.pages(pageSize: 2))
        XCTAssertTrue(third.elements.isEmpty, "the third call failed as a whole")
        XCTAssertEqual(
            faulty.faults.events.map { $0.description.components(separatedBy: "] ").last! },
            [
                "element 2 rule 1: dropped", "element 3 rule 2: +4.0s delayed", "element 6 rule 3: failed busy (1)",
                "call 3 rule 0: failed readOnly (3)",
            ])

        let forCalls = FaultInjectingSinkTicker(
            wrapping: LiveSinkTicker(SettingsTicker(keys: ["a", "b"])),
            plan: FaultPlan { FaultRule.fail(.type("Ticker"), on: .nth(2), with: "busy") })
        let collected = await collect(forCalls.pages(pageSize: 1))
        XCTAssertEqual(collected.elements.count, 2)
        XCTAssertEqual(forCalls.faults.events, [], "the second element is not the second call")
    }
}
