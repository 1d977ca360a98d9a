import CloudDoubleRuntime
import CloudDoubleTestSupport
import Foundation
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// Mirrored value types (`SinkEntry` mirrors `SettingsEntry`, which only the SDK can make): the
/// live adapter copies the SDK's values in every form, a test makes them freely for mocks, and
/// fault wrappers fail items of a per-item map of mirrors.
final class MirrorTests: XCTestCase {
    /// App code reads the SDK's member names off the mirror.
    func testTheLiveAdapterCopiesTheSDKValuesInEveryForm() async throws {
        let live = LiveSinkSettings(SettingsStore())
        let changes = try await live.entries(for: ["a", "b"])
        XCTAssertEqual(try changes.entries["a"]?.get().value, "a!")
        XCTAssertEqual(changes.history.map(\.key), ["a", "b"])
        XCTAssertEqual(changes.latest?.default, "fallback")

        let viaResult = Locked<[String]>([])
        let viaCompletion = Locked<[String]>([])
        let done = expectation(description: "both handlers")
        done.expectedFulfillmentCount = 2
        live.fetchEntries(for: ["c"]) { result in
            viaResult.withLock { $0 = (try? result.get().history.map(\.key)) ?? [] }
            done.fulfill()
        }
        live.entries(for: ["d"]) { value, _ in
            viaCompletion.withLock { $0 = value?.history.compactMap(\.value) ?? [] }
            done.fulfill()
        }
        await fulfillment(of: [done], timeout: 5)
        XCTAssertEqual(viaResult.snapshot, ["c"])
        XCTAssertEqual(viaCompletion.snapshot, ["d!"])
        XCTAssertEqual(live.entry("e").key, "e", "sync forms copy too")
    }

    func testAMockIsStubbedWithMirrorsATestMakes() async throws {
        let mock = MockSinkSettings()
        let entry = SinkEntry(key: "k", value: "v", default: "d")
        mock.stub(.entries, .value((entries: ["k": .success(entry)], history: [entry], latest: entry)))
        let changes = try await mock.entries(for: ["k"])
        XCTAssertEqual(try changes.entries["k"]?.get().value, "v")
        XCTAssertEqual(mock.entry("x").key, "", "the description's mockDefault")
    }

    func testAFaultPlanFailsItemsOfAMapOfMirrors() async throws {
        let mock = MockSinkSettings()
        let entries = ["a", "b"].map { SinkEntry(key: $0, value: nil, default: "") }
        mock.stub(
            .entries, .value((entries: Dictionary(uniqueKeysWithValues: entries.map { ($0.key, .success($0)) }), history: entries, latest: nil)))
        let faulty = FaultInjectingSinkSettings(
            wrapping: mock, plan: FaultPlan { FaultRule.failItems(.call(SinkSettingsCall.entries), ["b"], with: 7) })
        let changes = try await faulty.entries(for: ["a", "b"])
        XCTAssertEqual(try changes.entries["a"]?.get().key, "a")
        XCTAssertThrowsError(try changes.entries["b"]?.get())
        XCTAssertEqual(changes.history.count, 2, "fields that are not per item pass unchanged")
    }
}
