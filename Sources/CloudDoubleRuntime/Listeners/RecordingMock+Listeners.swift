/// What generated mocks call for listener calls (`"listener"` in the description): each
/// registration is kept apart, as a ``MockRegistration``, rather than answered from the call's
/// stub. The call is still recorded (its arguments, its entry in the call log) like any other.
extension RecordingMock {
    /// A handle-style listener (Firebase's `observe(_:with:) -> DatabaseHandle`): registers the
    /// app's closures and returns the registration's number as the handle, which the removal
    /// call (``removeListener_(_:)``) takes back. Stubs of the call are not read: the handle must
    /// name the registration.
    @_spi(Generated) public func listenWithHandle_<A, E, H: BinaryInteger>(
        _ call: String, _ arguments: A, values: @escaping (E) -> Void, errors: ((any Error) -> Void)?
    ) -> H {
        H(recorder_.register(call, arguments, values: values, errors: errors).number)
    }

    /// An object-style listener (Firestore's `addSnapshotListener(_:) -> ListenerRegistration`):
    /// registers the app's closures and returns what `make` builds around the registration's
    /// removal (a generated class conforming to the SDK's registration protocol).
    @_spi(Generated) public func listenWithRegistration_<A, E, R>(
        _ call: String, _ arguments: A, values: @escaping (E) -> Void, errors: ((any Error) -> Void)?,
        make: (RegistrationRemoval) -> R
    ) -> R {
        make(RegistrationRemoval(recorder_.register(call, arguments, values: values, errors: errors)))
    }

    /// The app removed the registration with this handle; an unknown handle is ignored, as
    /// Firebase ignores one.
    @_spi(Generated) public func removeListener_<H: BinaryInteger>(_ handle: H) {
        guard let number = Int(exactly: handle) else { return }
        recorder_.registration(numbered: number)?.remove()
    }

    /// The app removed every listener (Firebase's `removeAllObservers()`): each registration
    /// still active is removed, logged as its removal.
    @_spi(Generated) public func removeAllListeners_() {
        for registration in recorder_.activeRegistrations() { registration.remove() }
    }

    /// The registrations of one listener call, oldest first.
    @_spi(Generated) public func registrations_<E>(_ call: String) -> [MockRegistration<E>] {
        recorder_.registrations(call)
    }
}

extension MockRecorder {
    /// Records a listener call (history and log, as a `sync` call) and keeps a new registration.
    /// With a cassette on the log (`Cassette+Listeners.swift`), what the registration delivers
    /// is taped (record), or the taped events and error are delivered to it, through the mock's
    /// `delivery` (playback: asynchronously by default; `await mock.settled()` waits for them).
    func register<A, E>(
        _ call: String, _ arguments: A, values: @escaping (E) -> Void, errors: ((any Error) -> Void)?
    ) -> MockRegistration<E> {
        let taped = log.appendReadingCassette(type: typeName, call: call, form: .sync, arguments: arguments).flatMap {
            $0.tapesListener(of: E.self) ? $0 : nil
        }
        let tape = taped.flatMap { $0.mode == .record ? $0.recordingListener(type: typeName, call: call, arguments: arguments, as: E.self) : nil }
        let registration = state.withLock { state in
            state.calls[call, default: CallState()].arguments.append(arguments)
            let registration = MockRegistration(
                number: state.registrations.count + 1, call: call, typeName: typeName, log: log, values: values, errors: errors, tape: tape)
            state.registrations.append(registration)
            return registration
        }
        if let taped, taped.mode == .playback {
            // A mismatch has failed the test already (`playedOutcome`); the registration stays open.
            guard let played = try? taped.playedListener(type: typeName, call: call, arguments: arguments, as: E.self) else { return registration }
            let replay = UncheckedBox((registration, played))
            deliverer.deliver {
                let (registration, played) = replay.value
                for event in played.events { registration.emit(event) }
                if let error = played.error { registration.fail(error) }
            }
        }
        return registration
    }

    func registration(numbered number: Int) -> (any AnyMockRegistration)? {
        state.withLock { state in state.registrations.first { $0.number == number } }
    }

    func activeRegistrations() -> [any AnyMockRegistration] {
        state.withLock { state in state.registrations.filter(\.isActive) }
    }

    func registrations<E>(_ call: String) -> [MockRegistration<E>] {
        state.withLock { state in state.registrations.compactMap { $0.call == call ? $0 as? MockRegistration<E> : nil } }
    }
}
