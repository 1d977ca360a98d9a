import CloudKit
import Foundation

/// `CKSyncEngine.Configuration`, for either engine: `LiveCloudSyncEngine` takes one over a real
/// `CKDatabase`, `InMemorySyncEngine` (CloudKitMocks) one over `any CloudDatabase` (the in-memory
/// database, or a fault-injecting wrapper around it). The fields, their defaults and the
/// initialiser are Apple's (`Configuration(database:stateSerialization:delegate:)`,
/// `automaticallySync` true, `subscriptionID` nil); only the database's type varies, so a live
/// configuration cannot be given a double and a test's cannot reach iCloud.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public struct SyncEngineConfiguration<Database: Sendable>: Sendable {
    /// "The database for this sync engine to sync with."
    public var database: Database
    /// "The state serialization you last received in a StateUpdate. If this is the first time
    /// ever initializing your CKSyncEngine, you can provide nil." One an engine cannot read
    /// makes it start fresh (see ``UnreadableStateSerialization``).
    public var stateSerialization: SyncEngineStateSerialization?
    /// "Your implementation of CKSyncEngineDelegate."
    public var delegate: any CloudSyncEngineDelegate
    /// "Whether or not the sync engine should automatically sync on your behalf ... This is the
    /// default value." Turn it off in tests: "You might also disable automatic sync when writing
    /// automated tests".
    public var automaticallySync = true
    /// "An optional override for the sync engine's default database subscription ID."
    public var subscriptionID: CKSubscription.ID?

    public init(database: Database, stateSerialization: SyncEngineStateSerialization?, delegate: any CloudSyncEngineDelegate) {
        self.database = database
        self.stateSerialization = stateSerialization
        self.delegate = delegate
    }
}

/// A state serialization an engine could not read. The engine does not throw (Apple's
/// `CKSyncEngine.init(_:)` does not): it starts from a fresh state, as on a first launch, and
/// keeps this where a test or the app can read it (`unreadableStateSerialization` on either
/// engine). Starting fresh is what Apple's sample does with data it cannot load ("let's just
/// start from scratch", SyncedDatabase.swift); reporting it this way is our choice.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public struct UnreadableStateSerialization: Sendable, Hashable, CustomStringConvertible {
    /// What the configuration carried.
    public var serialization: SyncEngineStateSerialization
    /// Why it could not be read.
    public var reason: String

    public init(serialization: SyncEngineStateSerialization, reason: String) {
        self.serialization = serialization
        self.reason = reason
    }

    public var description: String {
        "state serialization of \(serialization.data.count) bytes not readable (\(reason)); the engine started from a fresh state"
    }
}
