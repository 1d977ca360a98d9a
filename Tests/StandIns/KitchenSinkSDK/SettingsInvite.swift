/// An invitation the SDK hands out and takes back, as CloudKit's share metadata is handed to
/// `accept`: no one else can make one (its initialiser is internal), and the SDK accepts only the
/// objects it made. The description mirrors it and the mirror keeps the SDK's object.
public final class SettingsInvite: Sendable {
    public let topic: String
    public let from: String
    /// Members newer than the description's floor, as `CKDatabase.DatabaseChange.Deletion.reason`
    /// is: the mirror has them only where the SDK does.
    @available(macOS 14.0, iOS 17.0, *)
    public var expiry: Int { 7 }
    @available(macOS 14.0, iOS 17.0, *)
    public var note: String? { "for " + topic }
    /// Values of another mirrored type: the mirror holds that type's mirror.
    public var entry: SettingsEntry { SettingsEntry(key: topic, value: from, default: "none") }
    public var history: [SettingsEntry]? { [entry, SettingsEntry(key: topic, value: nil, default: "none")] }
    @available(macOS 14.0, iOS 17.0, *)
    public var pinned: SettingsEntry? { entry }

    init(topic: String, from: String) {
        self.topic = topic
        self.from = from
    }
}

extension SettingsStore {
    public func invite(for key: String) async throws -> SettingsInvite {
        SettingsInvite(topic: key, from: self.default)
    }

    /// Accepting answers the topic the invite was for: the same object the SDK made.
    public func accept(_ invite: SettingsInvite) async throws -> String { invite.topic }

    public func accept(_ invite: SettingsInvite, completionHandler: @escaping @Sendable (Result<String, any Error>) -> Void) {
        completionHandler(.success(invite.topic))
    }

    public func accept(_ invite: SettingsInvite, then done: @escaping @Sendable ((any Error)?, String?) -> Void) {
        done(nil, invite.topic)
    }

    public func acceptNow(_ invite: SettingsInvite) throws -> String { invite.topic }

    /// Several invites, optionally: a form that cannot throw.
    public func count(_ invites: [SettingsInvite]?, byKey: [String: SettingsInvite]) -> Int {
        (invites?.count ?? 0) + byKey.count
    }
}
