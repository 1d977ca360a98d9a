/// Calls the description marks `newEachCall` (Firebase's `childByAutoId()`, which makes a new
/// location each time): the mock hands out a new child mock at each call, unless a stub answers,
/// and keeps what it handed out for the test, in order.
extension RecordingMock {
    /// What the app got from a `newEachCall` call, oldest first: the new child mocks and any
    /// stubbed values (`mock.newChildren(RealtimeReferenceCall.childByAutoId)`; the key is written
    /// with its type, as in a fault rule). Calls the test makes inside `TestSetUp.run` are not listed.
    public func newChildren<Key: CallKey>(_ key: Key) -> [Key.Value_] {
        recorder_.state.withLock { $0.handedOut[key.id] ?? [] }.compactMap { $0 as? Key.Value_ }
    }

    /// Keeps `value`, the answer of the `newEachCall` call `call`, for `newChildren(_:)`; returns it.
    @_spi(Generated) public func handOut_<V>(_ call: String, _ value: V) -> V {
        if !TestSetUp.isActive { recorder_.state.withLock { $0.handedOut[call, default: []].append(value) } }
        return value
    }
}
