import Foundation

extension SettingsStore {
    /// A batch of writes, as Firestore's `batch()`.
    public func batch() -> SettingsBatch { SettingsBatch() }
}

/// Writes applied together, as Firestore's `WriteBatch`: it takes the SDK's own objects
/// (`deleteDocument(_: DocumentReference)`), so a double must hand it those, not its adapters.
public final class SettingsBatch: @unchecked Sendable {
    private let writes = NSLock()
    private var pending: [String] = []

    public init() {}

    public func delete(_ section: SettingsSection) {
        writes.withLock { pending.append("delete " + section.name) }
    }

    public func rename(_ section: SettingsSection, to name: String) async throws {
        writes.withLock { pending.append("rename " + section.name + " to " + name) }
    }

    public func rename(_ section: SettingsSection, to name: String, completionHandler: @escaping ((any Error)?) -> Void) {
        writes.withLock { pending.append("rename " + section.name + " to " + name) }
        completionHandler(nil)
    }

    /// Applies the writes; returns them, in order.
    public func commit() async throws -> [String] {
        writes.withLock {
            defer { pending = [] }
            return pending
        }
    }
}
