import CloudDoubleRuntime
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// A stream of SDK objects not marked `Sendable` (`Ticker.snapshots`, of `SettingsSnapshot`, as
/// Firestore's `QuerySnapshot`): every artifact compiles with it, and each layer carries the
/// elements to the app as it carries `Sendable` ones.
final class NonSendableStreamTests: XCTestCase {
    private func keys(_ stream: AsyncThrowingStream<SettingsSnapshot, any Error>) async -> (keys: [[String]], error: (any Error)?) {
        var keys: [[String]] = []
        do {
            for try await snapshot in stream { keys.append(snapshot.keys) }
            return (keys, nil)
        } catch {
            return (keys, error)
        }
    }

    func testTheLiveAdapterBridgesTheSDKsSequence() async {
        let live = LiveSinkTicker(SettingsTicker(keys: ["a", "b"]))
        let read = await keys(live.snapshots())
        XCTAssertEqual(read.keys, [["a"], ["a", "b"]])
        XCTAssertNil(read.error)
    }

    func testAFaultPlanFailsTheStreamAfterAnElement() async {
        let plan = FaultPlan { FaultRule.failStream(.call(SinkTickerCall.snapshots), afterElements: 1, with: "busy") }
        let faulty = FaultInjectingSinkTicker(wrapping: LiveSinkTicker(SettingsTicker(keys: ["a", "b", "c"])), plan: plan)
        let read = await keys(faulty.snapshots())
        XCTAssertEqual(read.keys, [["a"]])
        XCTAssertTrue(read.error is SettingsBusy)
    }

    func testAMockSendsStubbedAndFedElements() async {
        let mock = MockSinkTicker()
        mock.stub(.snapshots, .value([SettingsSnapshot(keys: ["x"]), SettingsSnapshot(keys: ["x", "y"])]))
        let stubbed = await keys(mock.snapshots())
        XCTAssertEqual(stubbed.keys, [["x"], ["x", "y"]])

        let fed = MockSinkTicker()
        let stream = fed.snapshots()
        let feed = fed.streams(.snapshots)[0]
        feed.yield(SettingsSnapshot(keys: ["z"]))
        feed.fail(SettingsBusy())
        let read = await keys(stream)
        XCTAssertEqual(read.keys, [["z"]])
        XCTAssertTrue(read.error is SettingsBusy)
    }
}
