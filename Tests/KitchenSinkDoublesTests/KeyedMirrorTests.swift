import CloudDoubleRuntime
import CloudDoubleTestSupport
import Foundation
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// A hashable mirror that keeps its SDK value (`SinkTicket`) as a per-item input and as the key
/// of the answer: the live adapter's copies of the SDK's keys find the caller's mirrors, fault
/// plans fail items by the mirror, and mocks answer keyed by mirrors a test made.
final class KeyedMirrorTests: XCTestCase {
    /// A struct has no identity: a kept SDK struct does not decide equality, so copies of one
    /// value are equal (to themselves too), and equal to a mirror a test made with its members.
    func testAKeptStructIsEqualByItsMembers() async throws {
        let live = LiveSinkSettings(SettingsStore())
        let first = try await live.stamp(for: "a")
        let again = try await live.stamp(for: "a")
        XCTAssertEqual(first, first)
        XCTAssertEqual(first, again)
        XCTAssertEqual(first, SinkStamp(code: "a"))
        let other = try await live.stamp(for: "b")
        XCTAssertNotEqual(first, other)
        XCTAssertEqual(Set([first, again, SinkStamp(code: "a")]).count, 1)
    }

    func testTheLiveAnswerIsKeyedByTheCallersMirrors() async throws {
        let live = LiveSinkSettings(SettingsStore())
        let first = try await live.ticket(for: "a")
        let second = try await live.ticket(for: "b")
        let answered = try await live.redeem([first, second])
        XCTAssertEqual(try answered[first]?.get(), "a")
        XCTAssertEqual(try answered[second]?.get(), "b")

        let viaResult = Locked<[SinkTicket: Result<String, any Error>]?>(nil)
        let done = expectation(description: "handler")
        live.redeem([first]) { result in
            viaResult.withLock { $0 = try? result.get() }
            done.fulfill()
        }
        await fulfillment(of: [done], timeout: 5)
        XCTAssertEqual(try viaResult.snapshot?[first]?.get(), "a")

        let made = SinkTicket(code: "a")
        XCTAssertNotEqual(made, first, "a mirror a test made is not the SDK's")
        XCTAssertEqual(made, SinkTicket(code: "a"), "mirrors a test made are equal by their members")
        do {
            _ = try await live.redeem([made])
            XCTFail("a test-made mirror holds no ticket")
        } catch {
            XCTAssertEqual(error as? MirrorWithoutSDKValue, MirrorWithoutSDKValue(mirror: "SinkTicket", sdkType: "SettingsTicket"))
        }
    }

    func testAFaultPlanFailsOneMirrorAndAMockAnswersKeyedByMirrorsATestMade() async throws {
        let (kept, failed) = (SinkTicket(code: "a"), SinkTicket(code: "b"))
        let mock = MockSinkSettings()
        mock.stub(.redeemTickets, .value([kept: .success("a"), failed: .success("b")]))
        let faulty = FaultInjectingSinkSettings(
            wrapping: mock, plan: FaultPlan { FaultRule.failItems(.call(SinkSettingsCall.redeemTickets), [failed], with: 7) })

        let answered = try await faulty.redeem([kept, failed])

        XCTAssertEqual(try answered[kept]?.get(), "a")
        XCTAssertThrowsError(try answered[failed]?.get(), "failed by the plan")
        XCTAssertEqual(mock.arguments(.redeemTickets), [[kept]], "the failed item never reached the mock")
    }
}
