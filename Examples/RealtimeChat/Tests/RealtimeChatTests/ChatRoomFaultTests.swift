import CloudDoubleRuntime
import FirebaseDatabase
import Foundation
import RealtimeChat
import Testing

/// The chat's writes under seeded fault plans: the fault wrapper injects Firebase's own errors
/// (domain `com.firebase`, its codes), the app reads them as it reads the SDK's, and the retry
/// policy retries exactly the codes the error model calls retryable.
@Suite struct ChatRoomFaultTests {
    /// A room over a mock whose message writes succeed, behind a fault wrapper with `plan`.
    private func room(
        plan: FaultPlan, seed: UInt64, clock: VirtualClock, maxAttempts: Int = 6
    ) -> (ChatRoom, MockRealtimeReference, FaultInjectingRealtimeReference) {
        let mock = MockRealtimeReference()
        let faulty = FaultInjectingRealtimeReference(wrapping: mock, plan: plan, seed: seed, time: clock.timeSource)
        let room = ChatRoom(room: faulty, maxAttempts: maxAttempts, time: clock.timeSource, random: RandomSource(seed: seed))
        return (room, mock, faulty)
    }

    /// The message locations the app made, one new child mock per `childByAutoId()` (`newEachCall`).
    private func messages(in room: MockRealtimeReference) -> [MockRealtimeReference] {
        room.newChildren(RealtimeReferenceCall.childByAutoId).map { $0 as! MockRealtimeReference }
    }

    @Test func writesGetThroughWhenHalfOfThemAreUnavailable() async throws {
        let clock = VirtualClock()
        let plan = FaultPlan { FaultRule.fail(.call(RealtimeReferenceCall.setValue), probability: 0.5, with: "unavailable") }
        let (room, mock, faulty) = room(plan: plan, seed: 42, clock: clock)

        for index in 0..<10 {
            #expect(await room.send("message \(index)", as: "ada"))
        }

        #expect(room.failure == nil)
        let messages = messages(in: mock)
        #expect(messages.count == 10, "one new location per message")
        #expect(messages.allSatisfy { $0.callCount(.setValue) == 1 }, "every message reached the SDK exactly once, at its own location")
        let failures = faulty.faults.events.filter { $0.effect == .failed(code: 2, retryAfter: nil) }
        #expect(failures.count > 0, "seed 42 injects some failures")
        #expect(failures.count == faulty.faults.events.count, "only `unavailable` (2) was injected")
        #expect(clock.delays.count == failures.count, "each injected failure was retried once, after a backoff on the virtual clock")
    }

    @Test func aRefusedWriteIsNotRetriedAndTheAppSaysPermissionDenied() async throws {
        let clock = VirtualClock()
        let plan = FaultPlan { FaultRule.fail(.call(RealtimeReferenceCall.setValue), with: "permissionDenied") }
        let (room, mock, faulty) = room(plan: plan, seed: 1, clock: clock)

        #expect(await room.send("hello", as: "ada") == false)

        // Fails if the injected error were not Firebase's: ChatFailure reads domain and code.
        #expect(room.failure == .permissionDenied)
        // Fails if the model called permission_denied retryable.
        #expect(faulty.faults.events.count == 1)
        #expect(clock.delays.isEmpty)
        #expect(messages(in: mock).map { $0.callCount(.setValue) } == [0])
    }

    @Test func injectedErrorsAreFirebasesNSErrors() async throws {
        let mock = MockRealtimeReference()
        let faulty = FaultInjectingRealtimeReference(
            wrapping: mock, plan: FaultPlan { FaultRule.fail(.call(RealtimeReferenceCall.getData), with: "writeCanceled") }, seed: 3)
        do {
            _ = try await faulty.getData()
            Issue.record("the injected failure did not happen")
        } catch {
            let error = error as NSError
            #expect(error.domain == "com.firebase")
            #expect(error.code == 3)
        }
        #expect(mock.callCount(.getData) == 0)
    }

    @Test func theSameSeedInjectsTheSameFaults() async throws {
        func run() async -> [FaultEvent] {
            let plan = FaultPlan { FaultRule.fail(.call(RealtimeReferenceCall.setValue), probability: 0.3, with: "unavailable", "permissionDenied") }
            let (room, _, faulty) = room(plan: plan, seed: 9, clock: VirtualClock())
            for index in 0..<8 { await room.send("m\(index)", as: "ada") }
            return faulty.faults.events
        }
        let first = await run()
        #expect(!first.isEmpty)
        #expect(await run() == first)
    }
}
