import CloudDoubleRuntime

/// App code: talks to the generated protocol, never to the SDK class.
public struct NoteSaver: Sendable {
    let store: any CloudStore

    public init(store: any CloudStore) {
        self.store = store
    }

    /// Saves with retries; reads back what was saved.
    public func save(_ text: String, as key: String) async throws -> String? {
        let policy = RetryPolicy(maxAttempts: 3, errorModel: ErrorModel.remoteStore)
        try await retrying(policy, time: VirtualClock().timeSource) { _ in try await store.put(text, forKey: key) }
        return try await store.value(forKey: key)
    }
}
