import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import Foundation

/// An in-memory CloudKit container: one ``InMemoryCloudDatabase`` per scope. `mockContainer()`
/// gives a `MockCloudContainer` whose databases, however the app reaches them, read and write it.
///
/// Make one per test: nothing is shared between instances, so tests can run in parallel.
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
public final class InMemoryCloudKit: Sendable {
    public let privateDatabase = InMemoryCloudDatabase(scope: .private)
    public let publicDatabase = InMemoryCloudDatabase(scope: .public)
    public let sharedDatabase = InMemoryCloudDatabase(scope: .shared)

    public init() {}

    /// The database of a scope.
    public func database(_ scope: CKDatabase.Scope) -> InMemoryCloudDatabase {
        switch scope {
        case .public: return publicDatabase
        case .shared: return sharedDatabase
        default: return privateDatabase
        }
    }

    /// A mock container backed by this service: `privateCloudDatabase`, `database(with: .private)`
    /// and the others answer from the matching in-memory database when no stub is set.
    public func mockContainer(log: CallLog = CallLog(), delivery: CompletionDelivery = .asynchronous) -> MockCloudContainer {
        let wasEmpty = log.count == 0
        let container = MockCloudContainer(log: log, delivery: delivery)
        back(container)
        // The lookups above are set-up, not the app's calls: keep a fresh log fresh.
        if wasEmpty { log.removeAll() }
        return container
    }

    /// Backs the databases of an existing mock container (the call log records these lookups).
    public func back(_ container: MockCloudContainer) {
        let databases: [(any CloudDatabase, CKDatabase.Scope)] = [
            (container.privateCloudDatabase, .private), (container.publicCloudDatabase, .public), (container.sharedCloudDatabase, .shared),
            (container.database(with: .private), .private), (container.database(with: .public), .public), (container.database(with: .shared), .shared),
        ]
        for (database, scope) in databases {
            (database as? MockCloudDatabase)?.backing = self.database(scope)
        }
    }

    /// A mock database backed by the database of `scope`.
    public func mockDatabase(_ scope: CKDatabase.Scope = .private, log: CallLog = CallLog(), delivery: CompletionDelivery = .asynchronous) -> MockCloudDatabase {
        let mock = MockCloudDatabase(log: log, delivery: delivery)
        mock.backing = database(scope)
        return mock
    }
}
