/// A value the SDK hands out and no one else can make (its initialiser is internal), as
/// CloudKit's change records are: the description mirrors it.
public struct SettingsEntry: Sendable {
    public let key: String
    public let value: String?
    public let `default`: String
    /// A member the description leaves out: mirrors copy only what the app reads.
    public let revision: Int

    init(key: String, value: String?, default: String, revision: Int = 1) {
        self.key = key
        self.value = value
        self.default = `default`
        self.revision = revision
    }
}

extension SettingsStore {
    /// Each key's entry, the keys in order, and the last of them.
    public func entries(
        for keys: [String]
    ) async throws -> (entries: [String: Result<SettingsEntry, any Error>], history: [SettingsEntry], latest: SettingsEntry?) {
        let history = keys.map { SettingsEntry(key: $0, value: $0 + "!", default: self.default) }
        return (Dictionary(history.map { ($0.key, .success($0)) }, uniquingKeysWith: { $1 }), history, history.last)
    }

    public func fetchEntries(
        for keys: [String],
        completionHandler:
            @escaping @Sendable (
                Result<(entries: [String: Result<SettingsEntry, any Error>], history: [SettingsEntry], latest: SettingsEntry?), any Error>
            ) -> Void
    ) {
        let history = keys.map { SettingsEntry(key: $0, value: $0 + "!", default: self.default) }
        completionHandler(.success((Dictionary(history.map { ($0.key, .success($0)) }, uniquingKeysWith: { $1 }), history, history.last)))
    }

    public func entries(
        for keys: [String],
        then done:
            @escaping @Sendable (
                (entries: [String: Result<SettingsEntry, any Error>], history: [SettingsEntry], latest: SettingsEntry?)?, (any Error)?
            ) -> Void
    ) {
        let history = keys.map { SettingsEntry(key: $0, value: $0 + "!", default: self.default) }
        done((Dictionary(history.map { ($0.key, .success($0)) }, uniquingKeysWith: { $1 }), history, history.last), nil)
    }

    public func entry(_ key: String) -> SettingsEntry {
        SettingsEntry(key: key, value: nil, default: self.default)
    }
}
