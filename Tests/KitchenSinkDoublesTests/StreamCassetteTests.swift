import CloudDoubleRuntime
import CloudDoubleTestSupport
import Foundation
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// Stream calls on a cassette: taped element by element as the app read them (an injected
/// failure included), then played back without reaching anything behind the wrapper or mock.
final class StreamCassetteTests: XCTestCase {
    private lazy var folder = temporaryFolder()

    private var codecs: CassetteCodecs {
        var codecs = CassetteCodecs.standard
        codecs.register(errorModel: .kitchenSink)
        return codecs
    }

    /// What the app saw: the elements, then how the stream ended.
    private func read(_ stream: AsyncThrowingStream<String, any Error>) async -> [String] {
        var seen: [String] = []
        do {
            for try await element in stream { seen.append(element) }
            seen.append("finished")
        } catch {
            seen.append(error is SettingsBusy ? "busy" : "\(error)")
        }
        return seen
    }

    func testAWrappersStreamsRoundTripElementByElementWithTheirFaults() async throws {
        let file = folder.appendingPathComponent("feed.jsonl")
        let plan = FaultPlan { FaultRule.failStream(.call(SinkTickerCall.changes), on: .nth(2), afterElements: 1, with: "busy") }
        let recorder = try Cassette(file: file, mode: .record, codecs: codecs)
        let recording = FaultInjectingSinkTicker(
            wrapping: LiveSinkTicker(SettingsTicker()), faults: FaultInjector(plan: plan, errorModel: .kitchenSink, cassette: recorder))
        let recorded = [await read(recording.changes(of: "a")), await read(recording.changes(of: "b"))]
        try recorder.finish()
        XCTAssertEqual(recorded, [["a=1", "a=2", "finished"], ["b=1", "busy"]])

        let player = try Cassette(file: file, mode: .playback, codecs: codecs)
        let nothingBehind = MockSinkTicker()
        let replaying = FaultInjectingSinkTicker(wrapping: nothingBehind, faults: FaultInjector(errorModel: .kitchenSink, cassette: player))
        let replayed = [await read(replaying.changes(of: "a")), await read(replaying.changes(of: "b"))]
        try player.finish()
        XCTAssertEqual(replayed, recorded)
        XCTAssertEqual(nothingBehind.log.count, 0, "playback never reached the wrapped object")
        XCTAssertEqual(player.interactions.map(\.form), ["stream", "stream"])
        XCTAssertEqual(
            player.interactions.map { "\($0.outcome)" }.last?.contains("\"elements\":[\"b=1\"]"), true, "\(player.interactions)")
    }

    /// A mock's streams are taped too, and in playback fed from the cassette, their ends logged.
    func testAMocksStreamsRoundTrip() async throws {
        let file = folder.appendingPathComponent("mock.jsonl")
        let recordLog = CallLog()
        let recorder = try Cassette(file: file, mode: .record, codecs: codecs)
        recorder.attach(to: recordLog)
        let recording = MockSinkTicker(log: recordLog)
        recording.stub(.changes, [.value(["x", "y"]), .error(SettingsBusy())])
        let recorded = [await read(recording.changes(of: "a")), await read(recording.changes(of: "b"))]
        try recorder.finish()

        let playLog = CallLog()
        let player = try Cassette(file: file, mode: .playback, codecs: codecs)
        player.attach(to: playLog)
        let replaying = MockSinkTicker(log: playLog)
        let replayed = [await read(replaying.changes(of: "a")), await read(replaying.changes(of: "b"))]
        try player.finish()
        XCTAssertEqual(recorded, [["x", "y", "finished"], ["busy"]])
        XCTAssertEqual(replayed, recorded)
        XCTAssertEqual(
            playLog.records.map { "\($0.arguments)" },
            ["a", "finished after 2 element(s)", "b", "failed after 0 element(s): SettingsBusy(message: Optional(\"The store is busy.\"))"])
    }
}
