import CloudDoubleRuntime
import CloudDoubleTestSupport
import Foundation
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// A mirror that keeps its SDK value (`SinkInvite` keeps the `SettingsInvite` the SDK made): the
/// live adapter hands the SDK its own object back in every form, refuses a mirror a test made
/// with `MirrorWithoutSDKValue`, and mocks take test-made mirrors as they are.
final class KeptMirrorTests: XCTestCase {
    func testTheLiveAdapterHandsTheSDKItsOwnValueBackInEveryForm() async throws {
        let store = SettingsStore()
        let live = LiveSinkSettings(store)
        let invite = try await live.invite(for: "k")
        XCTAssertEqual(invite.from, "fallback")
        XCTAssertNotNil(invite.sdkValue_, "the live copy keeps the SDK's object")
        let accepted = try await live.accept(invite)
        XCTAssertEqual(accepted, "k")
        XCTAssertEqual(try live.acceptNow(invite), "k")
        XCTAssertEqual(live.count([invite, invite], byKey: ["a": invite]), 3)

        let viaResult = Locked<String?>(nil)
        let viaCompletion = Locked<String?>(nil)
        let done = expectation(description: "both handlers")
        done.expectedFulfillmentCount = 2
        live.accept(invite) { result in
            viaResult.withLock { $0 = try? result.get() }
            done.fulfill()
        }
        live.accept(invite) { _, value in
            viaCompletion.withLock { $0 = value }
            done.fulfill()
        }
        await fulfillment(of: [done], timeout: 5)
        XCTAssertEqual(viaResult.snapshot, "k")
        XCTAssertEqual(viaCompletion.snapshot, "k")
    }

    func testALiveAdapterRefusesAMirrorATestMadeInEveryFormThatCanReportIt() async throws {
        let live = LiveSinkSettings(SettingsStore())
        let made = SinkInvite(topic: "k", from: "test", entry: SinkEntry(key: "k", value: nil, default: "d"), history: nil)
        let expected = MirrorWithoutSDKValue(mirror: "SinkInvite", sdkType: "SettingsInvite")
        do {
            _ = try await live.accept(made)
            XCTFail("accepted a mirror without its SDK value")
        } catch {
            XCTAssertEqual(error as? MirrorWithoutSDKValue, expected)
        }
        XCTAssertThrowsError(try live.acceptNow(made)) { XCTAssertEqual($0 as? MirrorWithoutSDKValue, expected) }
        XCTAssertTrue(expected.description.contains("SinkInvite made by its memberwise initialiser holds no SettingsInvite"))

        let viaResult = Locked<(any Error)?>(nil)
        let viaCompletion = Locked<(any Error)?>(nil)
        live.accept(made) { result in
            if case .failure(let error) = result { viaResult.withLock { $0 = error } }
        }
        live.accept(made) { error, value in
            XCTAssertNil(value)
            viaCompletion.withLock { $0 = error }
        }
        XCTAssertEqual(viaResult.snapshot as? MirrorWithoutSDKValue, expected, "reported to the handler at once")
        XCTAssertEqual(viaCompletion.snapshot as? MirrorWithoutSDKValue, expected)
    }

    func testAMockTakesAMirrorATestMade() async throws {
        let mock = MockSinkSettings()
        mock.stub(.acceptInvite, .value("accepted"))
        let made = SinkInvite(topic: "k", from: "test", entry: SinkEntry(key: "k", value: nil, default: "d"), history: nil)
        let accepted = try await mock.accept(made)
        XCTAssertEqual(accepted, "accepted")
        XCTAssertEqual(mock.arguments(.acceptInvite).map(\.topic), ["k"])
        XCTAssertEqual(mock.count(nil, byKey: ["a": made]), 0, "an Int result defaults to 0")
    }
}
