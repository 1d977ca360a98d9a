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

    private var deletedSections: [SettingsSection] = []

    public func delete(_ section: SettingsSection) {
        writes.withLock {
            pending.append("delete " + section.name)
            deletedSections.append(section)
        }
    }

    /// The section deleted last, if any: an optional SDK object in every form.
    public func lastDeleted() -> SettingsSection? { writes.withLock { deletedSections.last } }
    public func fetchLastDeleted() async throws -> SettingsSection? { lastDeleted() }
    public func fetchLastDeleted(completionHandler: @escaping (SettingsSection?, (any Error)?) -> Void) { completionHandler(lastDeleted(), nil) }
    public func lastDeleted(completionHandler: @escaping @Sendable (Result<SettingsSection?, any Error>) -> Void) {
        completionHandler(.success(lastDeleted()))
    }

    /// The sections deleted, in order: an array of SDK objects in every form.
    public func deleted() -> [SettingsSection] { writes.withLock { deletedSections } }
    public func fetchDeleted() async throws -> [SettingsSection] { deleted() }
    public func fetchDeleted(completionHandler: @escaping ([SettingsSection]?, (any Error)?) -> Void) { completionHandler(deleted(), nil) }
    public func deleted(completionHandler: @escaping @Sendable (Result<[SettingsSection], any Error>) -> Void) {
        completionHandler(.success(deleted()))
    }

    /// The section the batch writes under, if any: an optional SDK object, settable.
    public var anchor: SettingsSection? {
        get { writes.withLock { anchorSection } }
        set { writes.withLock { anchorSection = newValue } }
    }
    private var anchorSection: SettingsSection?

    /// The sections pinned: an array of SDK objects, settable.
    public var pinned: [SettingsSection] {
        get { writes.withLock { pinnedSections } }
        set { writes.withLock { pinnedSections = newValue } }
    }
    private var pinnedSections: [SettingsSection] = []

    /// Deletes every section given, in order: an array of SDK objects as a parameter.
    public func deleteAll(_ sections: [SettingsSection]) {
        for section in sections { delete(section) }
    }
    public func deleteAllInBackground(_ sections: [SettingsSection]) async throws { deleteAll(sections) }
    public func deleteAllInBackground(_ sections: [SettingsSection], completionHandler: @escaping ((any Error)?) -> Void) {
        deleteAll(sections)
        completionHandler(nil)
    }

    /// Moves the batch under a section, or to the top with `nil`: an optional SDK object as a
    /// parameter.
    public func move(under section: SettingsSection?) {
        writes.withLock { pending.append("move under " + (section?.name ?? "the top")) }
    }
    public func move(under section: SettingsSection?, completionHandler: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        move(under: section)
        completionHandler(.success(()))
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
