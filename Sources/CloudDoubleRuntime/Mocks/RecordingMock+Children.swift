/// The child mocks a mock hands out for members returning a described type: made by the
/// runtime, with the member that handed each out as its ``MockOrigin``. Inlinable, so a
/// generated mock's call is specialised for its arguments' type (the key is made from them at
/// every call).
extension RecordingMock {
    /// The child mock a property hands out (a container's database): made once and kept, so
    /// `container.privateCloudDatabase` is the same mock every time.
    @_spi(Generated) @inlinable public func propertyChild_<C: RecordingMock>(_ name: String, _ type: C.Type) -> C {
        child(key: name, call: name, arguments: ())
    }

    /// The child mock a call hands out for these arguments: made at the first call with them and
    /// kept, so the app and the test reach the same one, whichever form they call.
    @_spi(Generated) @inlinable public func child_<A, C: RecordingMock>(_ call: String, _ arguments: A, _ type: C.Type) -> C {
        child(key: call + "(" + String(describing: arguments) + ")", call: call, arguments: arguments)
    }

    /// A new child mock at each call (`newEachCall`), which the recorder does not keep
    /// (`handOut_` lists what the app got).
    @_spi(Generated) @inlinable public func newChild_<A, C: RecordingMock>(_ call: String, _ arguments: A, _ type: C.Type) -> C {
        let member = call + "(" + String(describing: arguments) + ")"
        let origin = MockOrigin(parent: self, call: call, arguments: arguments, member: member)
        return C(log: recorder_.log, delivery: recorder_.deliverer.delivery, origin: origin)
    }

    /// The child mock kept under `key`, made with its origin at the first call, under the
    /// parent's lock so that two threads get the same one.
    @usableFromInline func child<A, C: RecordingMock>(key: String, call: String, arguments: A) -> C {
        recorder_.state.withLock { state in
            if let existing = state.children[key] as? C { return existing }
            let origin = MockOrigin(parent: self, call: call, arguments: arguments, member: key)
            let made = C(log: recorder_.log, delivery: recorder_.deliverer.delivery, origin: origin)
            state.children[key] = made
            return made
        }
    }
}
