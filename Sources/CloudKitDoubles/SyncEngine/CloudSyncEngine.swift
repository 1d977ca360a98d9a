import CloudKit
import Foundation

// CKSyncEngine, as app code talks to it (hand-written, see docs/SyncEngine.md for why a
// description cannot generate it). The real engine calls the app through `CKSyncEngineDelegate`
// and hands it a concrete `CKSyncEngine` and payloads with no public initialisers, so the app
// is written against these mirrors instead: `LiveCloudSyncEngine` runs them on the real engine,
// `InMemorySyncEngine` (CloudKitMocks) on the in-memory CloudKit.
//
// What has a public initialiser on Apple platforms is used as it is: `CKSyncEngine.FetchChangesOptions`,
// `SendChangesOptions`, `RecordZoneChangeBatch`, `PendingRecordZoneChange`, `PendingDatabaseChange`,
// `SyncReason`.

/// `CKSyncEngine`: the engine the app holds.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public protocol CloudSyncEngine: AnyObject, Sendable {
    /// The database this engine syncs with (`CKSyncEngine.database`).
    var database: any CloudDatabase { get }
    /// Pending changes and other state (`CKSyncEngine.state`).
    var state: any CloudSyncEngineState { get }
    /// `CKSyncEngine.fetchChanges(_:)`: "This function will not return until all the relevant
    /// events have been handled by your delegate."
    func fetchChanges(_ options: CKSyncEngine.FetchChangesOptions) async throws
    /// `CKSyncEngine.sendChanges(_:)`, with the same guarantee.
    func sendChanges(_ options: CKSyncEngine.SendChangesOptions) async throws
    /// `CKSyncEngine.cancelOperations()`: "cancellation does not happen synchronously, and it's
    /// possible some in-flight operations will succeed."
    func cancelOperations() async
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CloudSyncEngine {
    /// `fetchChanges()` with default options, as `CKSyncEngine.fetchChanges(_ options: = .init())`.
    public func fetchChanges() async throws { try await fetchChanges(CKSyncEngine.FetchChangesOptions()) }
    /// `sendChanges()` with default options.
    public func sendChanges() async throws { try await sendChanges(CKSyncEngine.SendChangesOptions()) }
}

/// `CKSyncEngine.State`: the pending changes the engine tracks for the app.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public protocol CloudSyncEngineState: AnyObject, Sendable {
    var pendingRecordZoneChanges: [CKSyncEngine.PendingRecordZoneChange] { get }
    var pendingDatabaseChanges: [CKSyncEngine.PendingDatabaseChange] { get }
    var hasPendingUntrackedChanges: Bool { get set }
    var zoneIDsWithUnfetchedServerChanges: [CKRecordZone.ID] { get }
    func add(pendingRecordZoneChanges: [CKSyncEngine.PendingRecordZoneChange])
    func remove(pendingRecordZoneChanges: [CKSyncEngine.PendingRecordZoneChange])
    func add(pendingDatabaseChanges: [CKSyncEngine.PendingDatabaseChange])
    func remove(pendingDatabaseChanges: [CKSyncEngine.PendingDatabaseChange])
}

/// `CKSyncEngineDelegate`, with the engine as `any CloudSyncEngine` and events as
/// ``SyncEngineEvent``. "Events will be given to your delegate serially. You will not receive the
/// next event until you have returned from this function for the previous event." Do not await
/// `fetchChanges`/`sendChanges` from inside `handleEvent` (Apple: "then the system is in a deadlock").
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public protocol CloudSyncEngineDelegate: AnyObject, Sendable {
    func handleEvent(_ event: SyncEngineEvent, syncEngine: any CloudSyncEngine) async
    func nextRecordZoneChangeBatch(
        _ context: SyncEngineSendChangesContext, syncEngine: any CloudSyncEngine
    ) async -> CKSyncEngine.RecordZoneChangeBatch?
    func nextFetchChangesOptions(_ context: SyncEngineFetchChangesContext, syncEngine: any CloudSyncEngine) async -> CKSyncEngine.FetchChangesOptions
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CloudSyncEngineDelegate {
    /// As Apple's default: "returns the options from the context".
    public func nextFetchChangesOptions(
        _ context: SyncEngineFetchChangesContext, syncEngine: any CloudSyncEngine
    ) async -> CKSyncEngine.FetchChangesOptions {
        context.options
    }
}

/// `CKSyncEngine.FetchChangesContext` (no public initialiser on Apple platforms).
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public struct SyncEngineFetchChangesContext: Sendable {
    public var reason: CKSyncEngine.SyncReason
    public var options: CKSyncEngine.FetchChangesOptions
    public init(reason: CKSyncEngine.SyncReason = .manual, options: CKSyncEngine.FetchChangesOptions = .init()) {
        self.reason = reason
        self.options = options
    }
}

/// `CKSyncEngine.SendChangesContext` (no public initialiser on Apple platforms).
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public struct SyncEngineSendChangesContext: Sendable {
    public var reason: CKSyncEngine.SyncReason
    public var options: CKSyncEngine.SendChangesOptions
    public init(reason: CKSyncEngine.SyncReason = .manual, options: CKSyncEngine.SendChangesOptions = .init()) {
        self.reason = reason
        self.options = options
    }
}

/// `CKSyncEngine.State.Serialization`, as bytes the app persists and hands back at the next
/// launch. The live adapter carries the real serialization's `Codable` encoding (JSON); the
/// in-memory engine its own. A serialization works only with the kind of engine that made it.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public struct SyncEngineStateSerialization: Codable, Sendable, Hashable {
    public var data: Data
    public init(data: Data) { self.data = data }
}

extension CKSyncEngine.PendingRecordZoneChange {
    /// The record the change is about.
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    public var cloudDoubleRecordID: CKRecord.ID {
        switch self {
        case .saveRecord(let id), .deleteRecord(let id): return id
        @unknown default: preconditionFailure("unknown pending change \(self)")
        }
    }
}
