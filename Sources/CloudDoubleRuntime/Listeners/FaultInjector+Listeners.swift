import Dispatch

/// What generated fault wrappers call for listener calls: the app's closures are wrapped in a
/// ``ListenerTap`` whose closures the wrapper hands to the wrapped object, so each event passes
/// the plan's listener rules (``FaultRule/failListener(_:on:probability:with:after:)``,
/// ``FaultRule/dropEvents(_:on:probability:)``, ``FaultRule/delayEvents(_:on:probability:by:)``)
/// on its way to the app.
extension FaultInjector {
    /// Wraps a listener's closures: `values` gets the events, `errors` (when the app gave one)
    /// the SDK's errors and the injected ones. On the injector's cassette
    /// (`Cassette+Listeners.swift`) what reaches the app is taped (record), or the taped events
    /// and error reach it, later on a background queue, in place of the wrapped object's
    /// (playback: the fault plan is not consulted, the recording's faults are on the cassette).
    @_spi(Generated) public func listen<Arguments, Event>(
        _ type: String, _ call: String, _ arguments: Arguments, on owner: AnyObject, values: @escaping (Event) -> Void,
        errors: ((any Error) -> Void)?
    ) -> ListenerTap<Event> {
        let made = tap(type, call, arguments, values: values, errors: errors)
        ownedTaps.withLock { owned in
            owned.removeAll { $0.owner == nil || $0.tap == nil }
            owned.append(OwnedTap(owner: owner, tap: made))
        }
        return made
    }

    /// The app removed every listener of `owner` (Firebase's `removeAllObservers()`) through
    /// it: their delayed events are not delivered.
    @_spi(Generated) public func removeAllListeners(on owner: AnyObject) {
        let ended = ownedTaps.withLock { owned in
            defer { owned.removeAll { $0.owner == nil || $0.owner === owner } }
            return owned.filter { $0.owner === owner }.compactMap(\.tap)
        }
        for tap in ended { tap.end() }
    }

    private func tap<Arguments, Event>(
        _ type: String, _ call: String, _ arguments: Arguments, values: @escaping (Event) -> Void, errors: ((any Error) -> Void)?
    ) -> ListenerTap<Event> {
        guard let cassette, cassette.tapesListener(of: Event.self) else {
            return ListenerTap(injector: self, type: type, call: call, values: values, errors: errors)
        }
        guard cassette.mode == .playback else {
            let tape = cassette.recordingListener(type: type, call: call, arguments: arguments, as: Event.self)
            return ListenerTap(injector: self, type: type, call: call, values: values, errors: errors, tape: tape)
        }
        let tap = ListenerTap(injector: self, type: type, call: call, values: values, errors: errors, replaying: true)
        // A mismatch has failed the test already (`playedOutcome`); the tap then delivers nothing.
        if let played = try? cassette.playedListener(type: type, call: call, arguments: arguments, as: Event.self) {
            let replay = UncheckedBox(played)
            DispatchQueue.global().async { tap.replay(replay.value.events, error: replay.value.error) }
        }
        return tap
    }

    /// A handle-style listener was registered through the wrapper: `removeListener(_:_:)` with
    /// the same handle ends its tap.
    @_spi(Generated) public func registered<Event, Handle: Hashable>(_ tap: ListenerTap<Event>, handle: Handle) -> Handle {
        taps.withLock { $0[TapKey(type: tap.type, handle: AnyHashable(handle))] = WeakTap(tap) }
        return handle
    }

    /// The app removed a handle-style listener through the wrapper: its delayed events are not delivered.
    @_spi(Generated) public func removeListener<Handle: Hashable>(_ type: String, _ handle: Handle) {
        let tap = taps.withLock { $0.removeValue(forKey: TapKey(type: type, handle: AnyHashable(handle))) }
        tap?.tap?.end()
    }
}

/// A registration's handle under the described type that made it. `@unchecked Sendable`: the
/// handle is the SDK's (an integer for every SDK we know), kept only as a key of the injector's
/// `taps`, which are read and written under its lock.
struct TapKey: Hashable, @unchecked Sendable {
    let type: String
    /// The SDK's handle (`DatabaseHandle`); only compared.
    let handle: AnyHashable
}

/// A tap with the wrapper it was registered through, both held weakly: what
/// ``FaultInjector/removeAllListeners(on:)`` ends. `@unchecked Sendable`, as `WeakTap`.
struct OwnedTap: @unchecked Sendable {
    weak var owner: AnyObject?
    weak var tap: (any EndableTap)?
}

/// The injector's reference to a tap, which the SDK's copy of its closures keeps alive.
/// `@unchecked Sendable`: the weak references are read and cleared only under the injector's
/// lock (`taps`, `ownedTaps`), and a tap guards its own state with a lock.
struct WeakTap: @unchecked Sendable {
    weak var tap: (any EndableTap)?

    init(_ tap: any EndableTap) { self.tap = tap }
}

/// A tap whatever its event type: what the injector ends on a handle-style removal.
protocol EndableTap: AnyObject {
    func end()
}

/// One registration's closures between the SDK and the app, under a fault plan. The wrapper
/// passes ``values`` and ``errors`` to the wrapped object in place of the app's closures.
///
/// `@unchecked Sendable`: the app's closures are not `Sendable`, as the SDK does not require
/// them to be; a delayed event reaches them from the injector's time source, as the SDK's own
/// callbacks reach them from its queue. Whether the registration ended is behind a lock.
public final class ListenerTap<Event>: @unchecked Sendable, EndableTap {
    let injector: FaultInjector
    let type: String
    let call: String
    private let app: (Event) -> Void
    private let appErrors: ((any Error) -> Void)?
    private let ended = Locked(false)
    /// Playing a cassette back: the wrapped object's events and errors are ignored.
    private let replaying: Bool

    init(
        injector: FaultInjector, type: String, call: String, values: @escaping (Event) -> Void, errors: ((any Error) -> Void)?,
        tape: ListenerTape<Event>? = nil, replaying: Bool = false
    ) {
        self.injector = injector
        self.type = type
        self.call = call
        self.replaying = replaying
        // On a recording cassette, what reaches the app is taped.
        self.app = { event in
            tape?.event(event)
            values(event)
        }
        self.appErrors = { error in
            tape?.fail(error)
            errors?(error)
        }
    }

    /// What the wrapped object calls with each event.
    public var values: (Event) -> Void { { event in if !self.replaying { self.deliver(event) } } }

    /// What the wrapped object calls with an error: passed on, and the registration ends.
    public var errors: (any Error) -> Void { { error in if !self.replaying { self.fail(error) } } }

    /// Playback: the cassette's events, then its error, unless the app removed the registration.
    func replay(_ events: [Event], error: (any Error)?) {
        for event in events where !isEnded { app(event) }
        if let error { fail(error) }
    }

    /// Ends the registration; returns whether it was still open.
    @discardableResult
    func endIfOpen() -> Bool {
        ended.withLock { ended in
            defer { ended = true }
            return !ended
        }
    }

    /// Ends the registration: nothing more reaches the app, delayed events included.
    func end() { endIfOpen() }

    private var isEnded: Bool { ended.withLock { $0 } }

    private func fail(_ error: any Error) {
        if endIfOpen() { appErrors?(error) }
    }

    private func deliver(_ event: Event) {
        guard !isEnded else { return }
        guard injector.mayFire(type, call, .listener) else { return app(event) }
        injector.deliveryStarts()
        guard let decision = injector.decide(type, call, .listener) else { return app(event) }
        switch decision.outcome {
        case .proceed, .items:
            guard decision.latency > 0 else { return app(event) }
            let later = UncheckedBox(event)
            injector.deliverLater(decision.latency) {
                if !self.isEnded { self.app(later.value) }
            }
        case .fail(let error):
            guard endIfOpen() else { return }
            guard decision.latency > 0 else {
                appErrors?(error)
                return
            }
            injector.deliverLater(decision.latency) { self.appErrors?(error) }
        case .hang:
            return
        case .stream:
            // Stream rules select a stream call's elements, not a listener's events.
            app(event)
        }
    }
}
