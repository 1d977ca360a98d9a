import Foundation

// Version 1 of a small made-up SDK shaped like CloudKit: a store (container) that hands out
// buckets (databases). Tests extract its symbol graph, draft a description from it, and check
// `Tests/Fixtures/DriftSDK/DriftSDK.clouddouble.json` against version 2. Bodies do nothing.

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

    public func status(completionHandler: @escaping @Sendable (DSStoreStatus, (any Error)?) -> Void) { completionHandler(.offline, nil) }

    public func status() async throws -> DSStoreStatus { .offline }

    public func fetchOwnerName(completionHandler: @escaping @Sendable (String?, (any Error)?) -> Void) { completionHandler(nil, NotAvailable()) }

    public func ownerName() async throws -> String { throw NotAvailable() }
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

    public func delete(withItemID itemID: DSItemID, completionHandler: @escaping @Sendable (DSItemID?, (any Error)?) -> Void) {
        completionHandler(nil, NotAvailable())
    }

    @discardableResult
    public func deleteItem(withID itemID: DSItemID) async throws -> DSItemID { throw NotAvailable() }

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

    public func count(limit: Int) async throws -> Int { 0 }

    public func allItemIDs() async throws -> [DSItemID] { [] }

    public func compact() async throws {}

    public func archive(olderThan date: Date) async throws -> Int { 0 }

    /// A debugging aid the description leaves out on purpose.
    public func debugDump() -> String { "" }
}

/// An SDK type that is an actor: its members are isolated to it unless marked `nonisolated`.
public actor DSJournal {
    public init() {}

    /// Isolated and asynchronous: callers outside the actor hop to it, so a draft can describe it.
    public func entries(after index: Int) async throws -> [String] { [] }

    /// Isolated and synchronous: outside the actor it is reached only with `await`.
    public func entryCount() -> Int { 0 }

    /// Isolated state.
    public var lastIndex: Int = 0

    /// Not isolated: callable synchronously from anywhere.
    public nonisolated func journalName() -> String { "journal" }

    /// Constant, and so reachable from anywhere.
    public nonisolated let identifier: String = "journal"
}

/// A protocol with an associated type: members that use it cannot be described.
public protocol DSSource: AnyObject, Sendable {
    associatedtype Element: Sendable

    /// Uses the associated type.
    func next() async throws -> Element?

    /// Uses `Self`'s associated type through a path.
    func peek() -> Self.Element?

    /// Does not use it.
    func sourceName() -> String

    func reset() async throws
}

/// What `DSWatcher.addWatch(_:)` returns: a registration refining `NSObjectProtocol`, as
/// Firestore's `ListenerRegistration` does, which a mock's registration satisfies as an `NSObject`.
public protocol DSWatchToken: NSObjectProtocol {
    func cancel()
}

public final class DSWatcher: Sendable {
    private final class Token: NSObject, DSWatchToken {
        func cancel() {}
    }

    public init() {}
    public func addWatch(_ handler: @escaping (String) -> Void) -> any DSWatchToken { Token() }
}
