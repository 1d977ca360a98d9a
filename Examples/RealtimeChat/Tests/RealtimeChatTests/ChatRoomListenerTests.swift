import CloudDoubleRuntime
@_spi(StandIn) import FirebaseDatabase
import Foundation
import RealtimeChat
import Testing

/// The listener-driven part of the view model. On the mock, each `observe` registration is
/// kept apart (`mock.registrations(.observeWithCancel)`): the test sends it snapshots, a fault
/// plan turns an event into Firebase's error, and the test sees the app remove it. With the live
/// adapter over the stand-in, other clients' writes drive it.
@Suite struct ChatRoomListenerTests {
    @Test func eventsInAnInjectedListenerErrorAndARemovedRegistrationOnTheMock() async throws {
        let mock = MockRealtimeReference()
        // The third event on its way to the app becomes a permission-denied error, delivered to
        // the cancel block, as Firebase ends a listener whose read access was revoked.
        let plan = FaultPlan {
            FaultRule.failListener(.listener(RealtimeReferenceListener.observeWithCancel), on: .nth(3), with: "permissionDenied")
        }
        let faulty = FaultInjectingRealtimeReference(wrapping: mock, plan: plan, time: VirtualClock().timeSource)
        let room = ChatRoom(room: faulty)

        room.startListening()
        let registration = try #require(mock.registrations(.observeWithCancel).first)
        #expect(mock.arguments(.observeWithCancel).first?.eventType == .childAdded)
        registration.emit(try await Snapshots.of(["author": "ada", "text": "hi"], at: "rooms/general/-a"))
        registration.emit(try await Snapshots.of(["author": "bob", "text": "hello"], at: "rooms/general/-b"))
        #expect(room.messages.map(\.author) == ["ada", "bob"])

        registration.emit(try await Snapshots.of(["author": "eve", "text": "late"], at: "rooms/general/-c"))
        #expect(room.failure == .permissionDenied)
        #expect(room.isListening == false)
        #expect(room.messages.map(\.author) == ["ada", "bob"], "the event became the error")
        #expect(
            faulty.faults.events.map(\.description) == ["#1 t=0.0 Reference.observeWithCancel [listener] event 3 rule 0: failed permissionDenied (1)"]
        )

        room.startListening()
        room.stopListening()
        let second = try #require(mock.registrations(.observeWithCancel).last)
        #expect(mock.registrations(.observeWithCancel).count == 2)
        #expect(second.isRemoved)
        #expect(registration.isRemoved == false, "the app removes only the registration it holds")
        #expect(second.emit(try await Snapshots.of(["author": "bob", "text": "after"], at: "rooms/general/-d")) == false)
        #expect(room.messages.map(\.author) == ["ada", "bob"])
        #expect(mock.log.calls.suffix(3) == ["Reference.observeWithCancel", "Reference.removeObserver", "Reference.observeWithCancel"])
        #expect(mock.log.records.last?.form == .remove)
    }

    @Test func aDroppedAndADelayedEventOnTheVirtualClock() async throws {
        let mock = MockRealtimeReference()
        let clock = VirtualClock()
        let plan = FaultPlan {
            FaultRule.dropEvents(.listener(RealtimeReferenceListener.observeWithCancel), on: .nth(1))
            FaultRule.delayEvents(.listener(RealtimeReferenceListener.observeWithCancel), on: .nth(2), by: FaultLatency(3))
        }
        let room = ChatRoom(room: FaultInjectingRealtimeReference(wrapping: mock, plan: plan, time: clock.timeSource))
        room.startListening()
        let registration = try #require(mock.registrations(.observeWithCancel).first)

        registration.emit(try await Snapshots.of(["author": "ada", "text": "lost"], at: "rooms/general/-a"))
        registration.emit(try await Snapshots.of(["author": "bob", "text": "slow"], at: "rooms/general/-b"))
        for _ in 0..<1000 where room.messages.isEmpty { try await Task.sleep(nanoseconds: 1_000_000) }

        #expect(room.messages.map(\.text) == ["slow"])
        #expect(clock.delays == [3])
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
