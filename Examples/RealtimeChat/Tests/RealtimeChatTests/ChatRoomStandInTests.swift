import CloudDoubleRuntime
@_spi(StandIn) import FirebaseDatabase
import Foundation
import RealtimeChat
import Testing

/// The chat on the live adapter over the stand-in, whose server refuses writes with statuses the
/// test picks: the errors are the ones Firebase's client makes of them (`FUtilities.m`), so these
/// tests fail if the description's error model classifies a real Firebase error wrongly.
@Suite struct ChatRoomStandInTests {
    private func room(_ database: Database, clock: VirtualClock) -> ChatRoom {
        ChatRoom(room: LiveRealtimeReference(database.reference(withPath: "rooms/general")), time: clock.timeSource, random: RandomSource(seed: 5))
    }

    @Test func anUnavailableServerIsRetriedUntilTheWriteLands() async throws {
        let database = Database.database(url: "https://chat.invalid")
        database.failNextWrites(withStatuses: ["unavailable", "unavailable"])
        let clock = VirtualClock()
        let room = room(database, clock: clock)

        #expect(await room.send("hello", as: "ada"))

        #expect(clock.delays.count == 2)
        await room.loadHistory()
        #expect(room.messages.map(\.text) == ["hello"])
    }

    @Test(arguments: [
        ("permission_denied", ChatFailure.permissionDenied),
        ("write_canceled", ChatFailure.writeCanceled),
        ("disconnect", ChatFailure.server("disconnect")),
    ])
    func aRealErrorThatIsNotRetryableEndsTheWrite(status: String, failure: ChatFailure) async throws {
        let database = Database.database(url: "https://chat.invalid")
        database.failNextWrites(withStatuses: [status])
        let clock = VirtualClock()
        let room = room(database, clock: clock)

        #expect(await room.send("hello", as: "ada") == false)

        #expect(room.failure == failure)
        #expect(clock.delays.isEmpty, "not retried")
        await room.loadHistory()
        #expect(room.messages.isEmpty)
    }

    @Test func theModelDiagnosesFirebasesOwnErrors() throws {
        let model = ErrorModel.realtimeDatabase
        let unavailable = NSError(domain: "com.firebase", code: 2, userInfo: [NSLocalizedDescriptionKey: "Service is unavailable"])
        let denied = NSError(domain: "com.firebase", code: 1, userInfo: [NSLocalizedDescriptionKey: "Permission Denied"])
        #expect(model.diagnose(unavailable).isRetryable)
        #expect(!model.diagnose(denied).isRetryable)
        #expect(!model.diagnose(NSError(domain: "com.firebase.core", code: 1)).isRetryable, "an offline read is another domain")
    }
}
