/// One listener the app registered on a mock (`observe(_:with:withCancel:)`,
/// `addSnapshotListener(_:)`): the test sends it events and errors, and sees whether the app
/// removed it. A mock keeps each registration apart, in the order they were made
/// (`mock.registrations(.observe)`).
///
/// Events and errors reach the app's closures at once, on the test's thread, so a test can
/// check the app's state on the next line. A registration ends when the app removes it or when
/// it is sent an error (SDKs end a listener on an error: Firebase's cancel block, Firestore's
/// listener error); an ended registration takes nothing more: ``emit(_:)`` and ``fail(_:)``
/// return `false` and do not call the app, as the SDK delivers nothing after removal.
///
/// `@unchecked Sendable`: the app's closures are not `Sendable` (SDKs do not require it), and
/// they are only called by the test that holds the registration; the rest is behind a lock.
public final class MockRegistration<Event>: @unchecked Sendable, CustomStringConvertible {
    private struct State {
        var isRemoved = false
        var error: (any Error)?
    }

    /// 1-based across every listener of the mock, in the order they were registered; a
    /// handle-style listener returns it as its handle.
    public let number: Int
    /// The listener call's id (`observe`).
    public let call: String
    private let typeName: String
    private let log: CallLog
    private let values: (Event) -> Void
    private let errors: ((any Error) -> Void)?
    /// What the registration delivers, on a recording cassette.
    private let tape: ListenerTape<Event>?
    private let state = Locked(State())

    init(
        number: Int, call: String, typeName: String, log: CallLog, values: @escaping (Event) -> Void, errors: ((any Error) -> Void)?,
        tape: ListenerTape<Event>? = nil
    ) {
        self.tape = tape
        self.number = number
        self.call = call
        self.typeName = typeName
        self.log = log
        self.values = values
        self.errors = errors
    }

    /// Whether the app removed the registration.
    public var isRemoved: Bool { state.withLock { $0.isRemoved } }
    /// The error the registration ended with, sent by ``fail(_:)``.
    public var error: (any Error)? { state.withLock { $0.error } }
    /// Whether it still takes events: neither removed nor failed.
    public var isActive: Bool { state.withLock { !$0.isRemoved && $0.error == nil } }

    /// Sends `event` to the app's closure, unless the registration ended. Returns whether it was sent.
    @discardableResult
    public func emit(_ event: Event) -> Bool {
        let active = isActive
        if active {
            tape?.event(event)
            values(event)
        }
        return active
    }

    /// Sends `error` to the app's error closure and ends the registration, unless it ended
    /// already. Returns whether it was sent. A listener registered without an error closure
    /// (`withCancel: nil`) ends without being told.
    @discardableResult
    public func fail(_ error: any Error) -> Bool {
        let active = state.withLock { state in
            guard !state.isRemoved, state.error == nil else { return false }
            state.error = error
            return true
        }
        if active {
            tape?.fail(error)
            errors?(error)
        }
        return active
    }

    /// The app removed it: logged as `Type.call [remove]` with the registration's number (a
    /// second removal too, as the app made it).
    func remove() {
        state.withLock { $0.isRemoved = true }
        log.append(type: typeName, call: call, form: .remove, arguments: number)
    }

    public var description: String {
        let status = state.withLock { state in
            state.isRemoved ? "removed" : state.error.map { "failed with \($0)" } ?? "active"
        }
        return "\(typeName).\(call) registration \(number) (\(status))"
    }
}

/// A registration whatever its event type: what a mock keeps and removes by handle.
protocol AnyMockRegistration: AnyObject, Sendable {
    var number: Int { get }
    var call: String { get }
    var isActive: Bool { get }
    func remove()
}

extension MockRegistration: AnyMockRegistration {}

/// What an object-style registration (`ListenerRegistration.remove()`) of a mock or a fault
/// wrapper does when the app removes it: ends the mock's registration, or removes the wrapped
/// object's and ends the wrapper's tap. Generated doubles declare a class conforming to the SDK's
/// registration protocol around one (the `listenerRegistration` partial).
///
/// `@unchecked Sendable`: the wrapped object's registration is the SDK's, which SDKs do not mark
/// `Sendable`; it is only called when the app removes it, as the app would call it.
public struct RegistrationRemoval: @unchecked Sendable {
    private let removal: () -> Void

    init(_ registration: any AnyMockRegistration) {
        removal = { registration.remove() }
    }

    /// Calls `remove` (the wrapped object's registration's removal), then ends `tap`.
    @_spi(Generated) public init<Event>(forwardingTo remove: @escaping () -> Void, ending tap: ListenerTap<Event>) {
        removal = {
            remove()
            tap.end()
        }
    }

    /// Removes the registration, as the app's `remove()` on the SDK's registration does.
    public func remove() {
        removal()
    }
}
