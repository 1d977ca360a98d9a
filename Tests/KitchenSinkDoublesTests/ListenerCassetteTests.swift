import CloudDoubleRuntime
import CloudDoubleTestSupport
import Foundation
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// Listener calls on a cassette: each registration taped with the events the app received and
/// the error that ended it, then replayed to the app's closures with nothing behind the mocks.
final class ListenerCassetteTests: XCTestCase {
    private lazy var folder = temporaryFolder()

    private var codecs: CassetteCodecs {
        var codecs = CassetteCodecs.standard
        codecs.register(errorModel: .kitchenSink)
        return codecs
    }

    /// What an app does: listens in both shapes, removes the handle-style listener when it fails.
    private func listen(_ feed: some SinkFeed, _ handled: ListenerTests.Seen, _ combined: ListenerTests.Seen) {
        _ = feed.observe("a", with: handled.value, withCancel: handled.error)
        _ = feed.addListener(combined.either)
    }

    func testAMocksRegistrationsRoundTripEventByEvent() async throws {
        let file = folder.appendingPathComponent("feed.jsonl")
        let recordLog = CallLog()
        let recorder = try Cassette(file: file, mode: .record, codecs: codecs)
        recorder.attach(to: recordLog)
        let recording = MockSinkFeed(log: recordLog)
        let (handled, combined) = (ListenerTests.Seen(), ListenerTests.Seen())
        listen(recording, handled, combined)
        recording.registrations(.observe)[0].emit("x")
        recording.registrations(.addListener)[0].emit("y")
        recording.registrations(.observe)[0].emit("z")
        recording.registrations(.observe)[0].fail(SettingsBusy())
        recording.registrations(.observe)[0].emit("after the error: not delivered, not taped")
        try recorder.finish()  // the addListener registration is still open: taped with its events so far
        XCTAssertEqual(recorder.interactions.map(\.form), ["listener", "listener"])

        let playLog = CallLog()
        let player = try Cassette(file: file, mode: .playback, codecs: codecs)
        player.attach(to: playLog)
        let nothingBehind = MockSinkFeed(log: playLog)
        let (replayedHandled, replayedCombined) = (ListenerTests.Seen(), ListenerTests.Seen())
        listen(nothingBehind, replayedHandled, replayedCombined)
        await nothingBehind.settled()
        try player.finish()
        XCTAssertEqual(handled.values, ["x", "z"])
        XCTAssertEqual(handled.errors.count, 1)
        XCTAssertEqual(combined.values, ["y"])
        XCTAssertEqual(replayedHandled.values, handled.values)
        XCTAssertEqual(replayedHandled.errors, handled.errors)
        XCTAssertEqual(replayedCombined.values, combined.values)
        XCTAssertEqual(replayedCombined.errors, [])
        XCTAssertTrue(nothingBehind.registrations(.observe)[0].error is SettingsBusy, "the replayed error ended the registration")
        XCTAssertTrue(nothingBehind.registrations(.addListener)[0].isActive)
    }

    /// Recorded through a fault wrapper over the SDK (what the app received, the plan's faults
    /// included); played back through a wrapper over a mock, whose own events are ignored, and
    /// by a mock alone.
    func testAWrappersRegistrationsRoundTripWithTheirFaults() async throws {
        let file = folder.appendingPathComponent("wrapper.jsonl")
        let plan = FaultPlan { FaultRule.dropEvents(.listener(SinkFeedListener.observe), on: .nth(2)) }
        let recorder = try Cassette(file: file, mode: .record, codecs: codecs)
        let feed = SettingsFeed()
        let recording = FaultInjectingSinkFeed(
            wrapping: LiveSinkFeed(feed), faults: FaultInjector(plan: plan, errorModel: .kitchenSink, cassette: recorder))
        let (handled, combined) = (ListenerTests.Seen(), ListenerTests.Seen())
        listen(recording, handled, combined)
        for value in ["x", "y", "z"] { feed.publish(value) }
        feed.fail(SettingsBusy())
        try recorder.finish()
        XCTAssertEqual(handled.values, ["x", "z"], "the plan dropped the second event")
        XCTAssertEqual(combined.values, ["x", "y", "z"])
        XCTAssertEqual([handled.errors.count, combined.errors.count], [1, 1])

        for wrapped in [true, false] {
            let log = CallLog()
            let player = try Cassette(file: file, mode: .playback, codecs: codecs)
            let nothingBehind = MockSinkFeed(log: log)
            let (replayedHandled, replayedCombined) = (ListenerTests.Seen(), ListenerTests.Seen())
            if wrapped {
                listen(
                    FaultInjectingSinkFeed(wrapping: nothingBehind, faults: FaultInjector(errorModel: .kitchenSink, cassette: player)),
                    replayedHandled, replayedCombined)
                nothingBehind.registrations(.observe)[0].emit("the wrapped object's: ignored in playback")
            } else {
                player.attach(to: log)
                listen(nothingBehind, replayedHandled, replayedCombined)
            }
            for _ in 0..<1000 where replayedHandled.errors.isEmpty || replayedCombined.errors.isEmpty {
                try await Task.sleep(nanoseconds: 1_000_000)
            }
            try player.finish()
            XCTAssertEqual(replayedHandled.values, handled.values, "wrapped: \(wrapped)")
            XCTAssertEqual(replayedCombined.values, combined.values, "wrapped: \(wrapped)")
            XCTAssertEqual([replayedHandled.errors.count, replayedCombined.errors.count], [1, 1], "wrapped: \(wrapped)")
        }
    }
}
