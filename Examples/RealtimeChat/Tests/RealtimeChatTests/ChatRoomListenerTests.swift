import CloudDoubleRuntime
@_spi(StandIn) import FirebaseDatabase
import Foundation
import RealtimeChat
import Testing

/// The listener-driven part of the view model. With the mock, a listener is reachable only by
/// capturing the closures in a `.handler` stub and calling them by hand (issue 34); with the
/// live adapter over the stand-in, other clients' writes drive it.
@Suite struct ChatRoomListenerTests {
    @Test func eventsInAnInjectedListenerErrorAndARemovedRegistrationOnTheMock() async throws {
        let mock = MockRealtimeReference()
        let listener = Locked<(added: ((DataSnapshot) -> Void)?, cancelled: (((any Error)) -> Void)?)>((nil, nil))
        mock.stub(
            .observeWithCancel,
            .handler { arguments in
                #expect(arguments.eventType == .childAdded)
                listener.withLock { $0 = (arguments.block, arguments.cancelBlock) }
                return 7
            })
        let room = ChatRoom(room: mock)

        room.startListening()
        let first = try await Snapshots.of(["author": "ada", "text": "hi"], at: "rooms/general/-a")
        let second = try await Snapshots.of(["author": "bob", "text": "hello"], at: "rooms/general/-b")
        listener.snapshot.added?(first)
        listener.snapshot.added?(second)
        #expect(room.messages.map(\.author) == ["ada", "bob"])

        // A listener error cannot come from a fault plan (sync calls take no faults): the test
        // delivers the error the model makes, Firebase's permission-denied.
        listener.snapshot.cancelled?(ErrorModel.realtimeDatabase.error(1))
        #expect(room.failure == .permissionDenied)
        #expect(room.isListening == false)

        room.startListening()
        room.stopListening()
        #expect(mock.arguments(.removeObserver) == [7])
        #expect(mock.callCount(.observeWithCancel) == 2)
    }

    @Test func otherClientsMessagesArriveUntilTheListenerIsRemoved() async throws {
        let database = Database.database(url: "https://chat.invalid")
        let other = database.reference(withPath: "rooms/general")
        _ = try await other.childByAutoId().setValue(["author": "bob", "text": "earlier"])
        let room = ChatRoom(room: LiveRealtimeReference(database.reference(withPath: "rooms/general")))

        room.startListening()
        #expect(room.messages.map(\.text) == ["earlier"], "childAdded first reports the children already there")
        _ = try await other.childByAutoId().setValue(["author": "bob", "text": "now"])
        #expect(room.messages.map(\.text) == ["earlier", "now"])

        room.stopListening()
        _ = try await other.childByAutoId().setValue(["author": "bob", "text": "later"])
        #expect(room.messages.map(\.text) == ["earlier", "now"])
    }

    @Test func aRevokedReadEndsTheListenerWithPermissionDenied() async throws {
        let database = Database.database(url: "https://chat.invalid")
        let room = ChatRoom(room: LiveRealtimeReference(database.reference(withPath: "rooms/general")))
        room.startListening()

        database.revokeReadAccess()

        #expect(room.failure == .permissionDenied)
        #expect(room.isListening == false)
    }
}
