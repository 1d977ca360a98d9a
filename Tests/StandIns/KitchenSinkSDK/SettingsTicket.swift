/// A ticket the SDK hands out and takes back several at a time, as CloudKit's share metadata is
/// handed to `accept(_:)` of several: it answers keyed by the very objects it was given.
public final class SettingsTicket: Hashable, Sendable {
    public let code: String

    init(code: String) {
        self.code = code
    }

    public static func == (lhs: SettingsTicket, rhs: SettingsTicket) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A stamp the SDK hands out as a value (a struct, so it has no identity), made only by the SDK.
public struct SettingsStamp: Hashable, Sendable {
    public let code: String

    init(code: String) {
        self.code = code
    }
}

extension SettingsStore {
    public func stamp(for key: String) async throws -> SettingsStamp { SettingsStamp(code: key) }

    public func ticket(for key: String) async throws -> SettingsTicket { SettingsTicket(code: key) }

    /// Redeems each ticket: its code, keyed by the ticket given.
    public func redeem(_ tickets: [SettingsTicket]) async throws -> [SettingsTicket: Result<String, any Error>] {
        Dictionary(tickets.map { ($0, .success($0.code)) }, uniquingKeysWith: { first, _ in first })
    }

    public func redeem(
        _ tickets: [SettingsTicket], completionHandler: @escaping @Sendable (Result<[SettingsTicket: Result<String, any Error>], any Error>) -> Void
    ) {
        completionHandler(.success(Dictionary(tickets.map { ($0, .success($0.code)) }, uniquingKeysWith: { first, _ in first })))
    }
}
