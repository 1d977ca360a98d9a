import Foundation

// Version 2 of a small made-up SDK shaped like CloudKit: a store (container) that hands out
// buckets (databases). Against version 1 it plants one change of each kind the drift check
// reports (marked `DRIFT:`); the description of version 1 must be reported exactly that drift.

public enum DSStoreStatus: Int, Sendable {
    case couldNotDetermine, ready, offline
}

public struct DSItemID: Hashable, Sendable {
    public let name: String
    public init(name: String) { self.name = name }
}

public final class DSItem: Sendable {
    public let itemID: DSItemID
    public let payload: String
    public init(itemID: DSItemID, payload: String) {
        self.itemID = itemID
        self.payload = payload
    }
}

struct NotAvailable: Error {}

public final class DSStore: NSObject, @unchecked Sendable {
    public let storeIdentifier: String?
    public let primaryBucket: DSBucket

    public init(identifier: String) {
        storeIdentifier = identifier
        primaryBucket = DSBucket(name: "primary")
    }

    public func bucket(named name: String) -> DSBucket { DSBucket(name: name) }

    /// Asks the server, so its getter is async: a description cannot express it.
    public var usage: Int { get async throws { 0 } }

    /// For the UI, on the main actor: a description cannot express it.
    @MainActor public var displayName: String { "" }

    /// For the UI, on the main actor: a description cannot express it either.
    @MainActor public func refreshDisplayName() {}

    // DRIFT: newly deprecated on iOS (both forms)
    @available(iOS, deprecated: 17.0, message: "Use the status stream")
    public func status(completionHandler: @escaping @Sendable (DSStoreStatus, (any Error)?) -> Void) { completionHandler(.offline, nil) }

    @available(iOS, deprecated: 17.0, message: "Use the status stream")
    public func status() async throws -> DSStoreStatus { .offline }

    public func fetchOwnerName(completionHandler: @escaping @Sendable (String?, (any Error)?) -> Void) { completionHandler(nil, NotAvailable()) }

    // DRIFT: the result became optional
    public func ownerName() async throws -> String? { throw NotAvailable() }
}

public final class DSBucket: NSObject, @unchecked Sendable {
    public let bucketName: String

    init(name: String) { bucketName = name }

    /// Fetches one item.
    public func fetch(withItemID itemID: DSItemID, completionHandler: @escaping @Sendable (DSItem?, (any Error)?) -> Void) {
        completionHandler(nil, NotAvailable())
    }

    /// Fetches one item.
    public func item(for itemID: DSItemID) async throws -> DSItem { throw NotAvailable() }

    public func save(_ item: DSItem, completionHandler: @escaping @Sendable (DSItem?, (any Error)?) -> Void) {
        completionHandler(nil, NotAvailable())
    }

    public func save(_ item: DSItem) async throws -> DSItem { throw NotAvailable() }

    // DRIFT: delete(withItemID:completionHandler:) and deleteItem(withID:) are removed

    @preconcurrency
    public func fetch(
        withItemIDs itemIDs: [DSItemID], completionHandler: @escaping @Sendable (Result<[DSItemID: Result<DSItem, any Error>], any Error>) -> Void
    ) {
        completionHandler(.failure(NotAvailable()))
    }

    public func items(for ids: [DSItemID]) async throws -> [DSItemID: Result<DSItem, any Error>] { throw NotAvailable() }

    public func modifyItems(
        saving itemsToSave: [DSItem], deleting itemIDsToDelete: [DSItemID]
    ) async throws -> (saveResults: [DSItemID: Result<DSItem, any Error>], deleteResults: [DSItemID: Result<Void, any Error>]) {
        throw NotAvailable()
    }

    // DRIFT: a parameter type changed
    public func count(limit: Int64) async throws -> Int { 0 }

    // DRIFT: renamed from allItemIDs()
    public func itemIdentifiers() async throws -> [DSItemID] { [] }

    // DRIFT: newly deprecated everywhere
    @available(*, deprecated, message: "Compaction is automatic")
    public func compact() async throws {}

    // DRIFT: relabelled from archive(olderThan:)
    public func archive(before date: Date) async throws -> Int { 0 }

    // DRIFT: a new call in two forms
    public func purge(completionHandler: @escaping @Sendable ((any Error)?) -> Void) { completionHandler(nil) }

    public func purge() async throws {}

    /// A debugging aid the description leaves out on purpose.
    public func debugDump() -> String { "" }
}
