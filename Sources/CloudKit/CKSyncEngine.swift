import Foundation

// Linux stand-in: CKSyncEngine and its nested types, with the signatures and availability of
// Apple's generated Swift interface (CloudKit.swiftinterface of a recent SDK; the class is
// `@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) final public class CKSyncEngine : Sendable`).
//
// Where Apple has no public initialiser, neither does this file: the engine makes `State`, the
// event payloads, `FetchChangesContext`, `SendChangesContext` and `State.Serialization` itself.
// The payloads' memberwise initialisers are `@_spi(StandIn)`, for the project's own tests of the
// live adapter's conversion; shipped code cannot use them.
//
// Behaviour is inert, as everywhere in the stand-in: there is no iCloud account on Linux, and
// Apple's doc comments say that then "the sync engine won't perform any sync tasks at all" and
// "the engine might short-circuit the call to `fetchChanges(_:)`". So `fetchChanges` and
// `sendChanges` record the call and return without posting events. `State` keeps pending changes
// (deduplicated as its doc comment describes), because that part is plain bookkeeping the app
// relies on. `RecordZoneChangeBatch.init(pendingChanges:recordProvider:)` builds a batch as its
// doc comment says.

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public final class CKSyncEngine: Sendable {
    /// The configuration it was made with (Apple's engine does not expose it; the project's
    /// tests of the live adapter read it).
    @_spi(StandIn) public let configuration: Configuration
    let log = InvocationLog()

    /// Initializes a `CKSyncEngine` with the given configuration.
    public init(_ configuration: CKSyncEngine.Configuration) {
        self.configuration = configuration
        self.state = State()
    }

    /// The database this sync engine will sync with.
    public final var database: CKDatabase { configuration.database }

    /// A collection of state properties used to efficiently manage sync engine operation.
    public let state: CKSyncEngine.State

    /// The SDK methods called on this stand-in, in order.
    @_spi(StandIn) public var invocations: [String] { log.all }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine {
    /// Inert on Linux: no account, so no fetch and no events.
    public final func fetchChanges(_ options: CKSyncEngine.FetchChangesOptions = .init()) async throws {
        log.record("fetchChangesWithOptions:")
    }

    /// Inert on Linux: no account, so nothing is sent and no events are posted.
    public final func sendChanges(_ options: CKSyncEngine.SendChangesOptions = .init()) async throws {
        log.record("sendChangesWithOptions:")
    }

    public final func cancelOperations() async {
        log.record("cancelOperations")
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine: CustomStringConvertible {
    public final var description: String { "<CKSyncEngine database: \(configuration.database.databaseScope)>" }
}

// MARK: Configuration

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine {
    public struct Configuration: Sendable {
        public var database: CKDatabase
        public var stateSerialization: CKSyncEngine.State.Serialization?
        public var delegate: any CKSyncEngineDelegate
        public var automaticallySync: Bool
        public var subscriptionID: CKSubscription.ID?

        public init(database: CKDatabase, stateSerialization: CKSyncEngine.State.Serialization?, delegate: any CKSyncEngineDelegate) {
            self.database = database
            self.stateSerialization = stateSerialization
            self.delegate = delegate
            self.automaticallySync = true
            self.subscriptionID = nil
        }
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.Configuration: CustomStringConvertible {
    public var description: String { "<Configuration automaticallySync: \(automaticallySync)>" }
}

// MARK: Events

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine {
    public enum Event: Sendable {
        case stateUpdate(CKSyncEngine.Event.StateUpdate)
        case accountChange(CKSyncEngine.Event.AccountChange)
        case fetchedDatabaseChanges(CKSyncEngine.Event.FetchedDatabaseChanges)
        case fetchedRecordZoneChanges(CKSyncEngine.Event.FetchedRecordZoneChanges)
        case sentDatabaseChanges(CKSyncEngine.Event.SentDatabaseChanges)
        case sentRecordZoneChanges(CKSyncEngine.Event.SentRecordZoneChanges)
        case willFetchChanges(CKSyncEngine.Event.WillFetchChanges)
        case willFetchRecordZoneChanges(CKSyncEngine.Event.WillFetchRecordZoneChanges)
        case didFetchRecordZoneChanges(CKSyncEngine.Event.DidFetchRecordZoneChanges)
        case didFetchChanges(CKSyncEngine.Event.DidFetchChanges)
        case willSendChanges(CKSyncEngine.Event.WillSendChanges)
        case didSendChanges(CKSyncEngine.Event.DidSendChanges)
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.Event: CustomStringConvertible {
    public var description: String { "\(Mirror(reflecting: self).children.first?.label ?? "event")" }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.Event {
    public struct StateUpdate: Sendable {
        public let stateSerialization: CKSyncEngine.State.Serialization
        @_spi(StandIn) public init(stateSerialization: CKSyncEngine.State.Serialization) { self.stateSerialization = stateSerialization }
    }

    public struct AccountChange: Sendable {
        public let changeType: CKSyncEngine.Event.AccountChange.ChangeType

        public enum ChangeType: Sendable, Equatable {
            case signIn(currentUser: CKRecord.ID)
            case signOut(previousUser: CKRecord.ID)
            case switchAccounts(previousUser: CKRecord.ID, currentUser: CKRecord.ID)
        }

        @_spi(StandIn) public init(changeType: ChangeType) { self.changeType = changeType }
    }

    public struct FetchedDatabaseChanges: Sendable {
        public let modifications: [CKDatabase.DatabaseChange.Modification]
        public let deletions: [CKDatabase.DatabaseChange.Deletion]
        @_spi(StandIn) public init(modifications: [CKDatabase.DatabaseChange.Modification], deletions: [CKDatabase.DatabaseChange.Deletion]) {
            self.modifications = modifications
            self.deletions = deletions
        }
    }

    /// `Sendable` in Apple's interface although its `Modification`s are not (the iOS 18 interface
    /// marks that conformance unavailable; Apple's module builds in Swift 5 mode, which allows it).
    /// Unchecked here, the one way Swift 6 states the same conformance.
    public struct FetchedRecordZoneChanges: @unchecked Sendable {
        public let modifications: [CKDatabase.RecordZoneChange.Modification]
        public let deletions: [CKDatabase.RecordZoneChange.Deletion]
        @_spi(StandIn) public init(modifications: [CKDatabase.RecordZoneChange.Modification], deletions: [CKDatabase.RecordZoneChange.Deletion]) {
            self.modifications = modifications
            self.deletions = deletions
        }
    }

    public struct SentDatabaseChanges: Sendable {
        public let savedZones: [CKRecordZone]
        public let failedZoneSaves: [CKSyncEngine.Event.SentDatabaseChanges.FailedZoneSave]
        public let deletedZoneIDs: [CKRecordZone.ID]
        public let failedZoneDeletes: [CKRecordZone.ID: CKError]

        public struct FailedZoneSave: Sendable {
            public let zone: CKRecordZone
            public let error: CKError
            @_spi(StandIn) public init(zone: CKRecordZone, error: CKError) {
                self.zone = zone
                self.error = error
            }
        }

        @_spi(StandIn) public init(
            savedZones: [CKRecordZone], failedZoneSaves: [FailedZoneSave], deletedZoneIDs: [CKRecordZone.ID],
            failedZoneDeletes: [CKRecordZone.ID: CKError]
        ) {
            self.savedZones = savedZones
            self.failedZoneSaves = failedZoneSaves
            self.deletedZoneIDs = deletedZoneIDs
            self.failedZoneDeletes = failedZoneDeletes
        }
    }

    public struct SentRecordZoneChanges: Sendable {
        public let savedRecords: [CKRecord]
        public let failedRecordSaves: [CKSyncEngine.Event.SentRecordZoneChanges.FailedRecordSave]
        public let deletedRecordIDs: [CKRecord.ID]
        public let failedRecordDeletes: [CKRecord.ID: CKError]

        public struct FailedRecordSave: Sendable {
            public let record: CKRecord
            public let error: CKError
            @_spi(StandIn) public init(record: CKRecord, error: CKError) {
                self.record = record
                self.error = error
            }
        }

        @_spi(StandIn) public init(
            savedRecords: [CKRecord], failedRecordSaves: [FailedRecordSave], deletedRecordIDs: [CKRecord.ID],
            failedRecordDeletes: [CKRecord.ID: CKError]
        ) {
            self.savedRecords = savedRecords
            self.failedRecordSaves = failedRecordSaves
            self.deletedRecordIDs = deletedRecordIDs
            self.failedRecordDeletes = failedRecordDeletes
        }
    }

    public struct WillFetchChanges: Sendable {
        @available(macOS 14.2, iOS 17.2, tvOS 17.2, watchOS 10.2, *)
        public var context: CKSyncEngine.FetchChangesContext { storedContext }
        let storedContext: CKSyncEngine.FetchChangesContext
        @_spi(StandIn) public init(context: CKSyncEngine.FetchChangesContext) { storedContext = context }
    }

    public struct WillFetchRecordZoneChanges: Sendable {
        public let zoneID: CKRecordZone.ID
        @_spi(StandIn) public init(zoneID: CKRecordZone.ID) { self.zoneID = zoneID }
    }

    public struct DidFetchRecordZoneChanges: Sendable {
        public let zoneID: CKRecordZone.ID
        public let error: CKError?
        @_spi(StandIn) public init(zoneID: CKRecordZone.ID, error: CKError?) {
            self.zoneID = zoneID
            self.error = error
        }
    }

    public struct DidFetchChanges: Sendable {
        @available(macOS 14.2, iOS 17.2, tvOS 17.2, watchOS 10.2, *)
        public var context: CKSyncEngine.FetchChangesContext { storedContext }
        let storedContext: CKSyncEngine.FetchChangesContext
        @_spi(StandIn) public init(context: CKSyncEngine.FetchChangesContext) { storedContext = context }
    }

    public struct WillSendChanges: Sendable {
        public let context: CKSyncEngine.SendChangesContext
        @_spi(StandIn) public init(context: CKSyncEngine.SendChangesContext) { self.context = context }
    }

    public struct DidSendChanges: Sendable {
        public let context: CKSyncEngine.SendChangesContext
        @_spi(StandIn) public init(context: CKSyncEngine.SendChangesContext) { self.context = context }
    }
}

// MARK: Batches

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine {
    public struct RecordZoneChangeBatch: Sendable {
        public var recordsToSave: [CKRecord]
        public var recordIDsToDelete: [CKRecord.ID]
        public var atomicByZone: Bool

        /// "This will iterate over the pending changes in order and add them to the batch until it
        /// reaches the max batch size. When it sees a pending save, it will ask the record provider
        /// for the actual CKRecord ... If you return nil from the record provider, this will skip
        /// to the next pending change. This will return nil if there are no pending changes to
        /// send." Apple does not publish the maximum; 400 items (CloudKit's per-request limit) is
        /// the stand-in's choice.
        public init?(pendingChanges: [CKSyncEngine.PendingRecordZoneChange], recordProvider: @Sendable (CKRecord.ID) async -> CKRecord?) async {
            var saves: [CKRecord] = []
            var deletes: [CKRecord.ID] = []
            for change in pendingChanges where saves.count + deletes.count < 400 {
                switch change {
                case .saveRecord(let id):
                    if let record = await recordProvider(id) { saves.append(record) }
                case .deleteRecord(let id):
                    deletes.append(id)
                }
            }
            guard !saves.isEmpty || !deletes.isEmpty else { return nil }
            self.init(recordsToSave: saves, recordIDsToDelete: deletes)
        }

        public init(recordsToSave: [CKRecord] = [], recordIDsToDelete: [CKRecord.ID] = [], atomicByZone: Bool = false) {
            self.recordsToSave = recordsToSave
            self.recordIDsToDelete = recordIDsToDelete
            self.atomicByZone = atomicByZone
        }
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.RecordZoneChangeBatch: CustomStringConvertible {
    public var description: String { "<RecordZoneChangeBatch saves: \(recordsToSave.count) deletes: \(recordIDsToDelete.count)>" }
}

// MARK: State

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine {
    /// No public initialiser: the engine owns its state.
    public final class State: @unchecked Sendable {
        // @unchecked: every stored property is guarded by `lock`.
        private let lock = NSLock()
        private var recordZoneChanges: [CKSyncEngine.PendingRecordZoneChange] = []
        private var databaseChanges: [CKSyncEngine.PendingDatabaseChange] = []
        private var untracked = false

        init() {}

        public final var pendingRecordZoneChanges: [CKSyncEngine.PendingRecordZoneChange] { lock.withLock { recordZoneChanges } }
        public final var pendingDatabaseChanges: [CKSyncEngine.PendingDatabaseChange] { lock.withLock { databaseChanges } }
        public final var hasPendingUntrackedChanges: Bool {
            get { lock.withLock { untracked } }
            set { lock.withLock { untracked = newValue } }
        }
        public final var zoneIDsWithUnfetchedServerChanges: [CKRecordZone.ID] { [] }

        /// "if you add a pending save for record A, then record B, then record A again, this will
        /// result in a list of [saveRecordA, saveRecordB] ... a pending save for record A, then
        /// ... a pending delete for the same record A, this will result in a single pending
        /// change of [deleteRecordA]."
        public final func add(pendingRecordZoneChanges: [CKSyncEngine.PendingRecordZoneChange]) {
            lock.withLock {
                for change in pendingRecordZoneChanges {
                    let id = change.standInRecordID
                    if let index = recordZoneChanges.firstIndex(where: { $0.standInRecordID == id }) {
                        if recordZoneChanges[index] == change { continue }
                        recordZoneChanges.remove(at: index)
                    }
                    recordZoneChanges.append(change)
                }
            }
        }

        public final func remove(pendingRecordZoneChanges: [CKSyncEngine.PendingRecordZoneChange]) {
            lock.withLock { recordZoneChanges.removeAll { pendingRecordZoneChanges.contains($0) } }
        }

        public final func add(pendingDatabaseChanges: [CKSyncEngine.PendingDatabaseChange]) {
            lock.withLock {
                for change in pendingDatabaseChanges {
                    let id = change.standInZoneID
                    if let index = databaseChanges.firstIndex(where: { $0.standInZoneID == id }) { databaseChanges.remove(at: index) }
                    databaseChanges.append(change)
                }
            }
        }

        public final func remove(pendingDatabaseChanges: [CKSyncEngine.PendingDatabaseChange]) {
            lock.withLock { databaseChanges.removeAll { pendingDatabaseChanges.contains($0) } }
        }

        /// Opaque: Codable, no public initialiser but `init(from:)`.
        public struct Serialization: Codable, Sendable {
            let data: Data

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(data)
            }

            public init(from decoder: any Decoder) throws {
                data = try decoder.singleValueContainer().decode(Data.self)
            }
        }
    }

    public enum PendingRecordZoneChange: Sendable {
        case saveRecord(CKRecord.ID)
        case deleteRecord(CKRecord.ID)

        var standInRecordID: CKRecord.ID {
            switch self {
            case .saveRecord(let id), .deleteRecord(let id): return id
            }
        }
    }

    public enum PendingDatabaseChange: Sendable {
        case saveZone(CKRecordZone)
        case deleteZone(CKRecordZone.ID)

        var standInZoneID: CKRecordZone.ID {
            switch self {
            case .saveZone(let zone): return zone.zoneID
            case .deleteZone(let id): return id
            }
        }
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.PendingRecordZoneChange: Hashable, CustomStringConvertible {
    public var description: String {
        switch self {
        case .saveRecord(let id): return "saveRecord(\(id.recordName))"
        case .deleteRecord(let id): return "deleteRecord(\(id.recordName))"
        }
    }

    public static func == (a: CKSyncEngine.PendingRecordZoneChange, b: CKSyncEngine.PendingRecordZoneChange) -> Bool {
        switch (a, b) {
        case (.saveRecord(let x), .saveRecord(let y)), (.deleteRecord(let x), .deleteRecord(let y)): return x == y
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .saveRecord(let id):
            hasher.combine(0)
            hasher.combine(id)
        case .deleteRecord(let id):
            hasher.combine(1)
            hasher.combine(id)
        }
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.PendingDatabaseChange: Hashable, CustomStringConvertible {
    /// Zones compare by their ID here (the stand-in's reading; Apple does not say).
    public static func == (lhs: CKSyncEngine.PendingDatabaseChange, rhs: CKSyncEngine.PendingDatabaseChange) -> Bool {
        switch (lhs, rhs) {
        case (.saveZone(let x), .saveZone(let y)): return x.zoneID == y.zoneID
        case (.deleteZone(let x), .deleteZone(let y)): return x == y
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .saveZone(let zone): return "saveZone(\(zone.zoneID.zoneName))"
        case .deleteZone(let id): return "deleteZone(\(id.zoneName))"
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .saveZone(let zone):
            hasher.combine(0)
            hasher.combine(zone.zoneID)
        case .deleteZone(let id):
            hasher.combine(1)
            hasher.combine(id)
        }
    }
}

// MARK: Options and contexts

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine {
    public struct FetchChangesOptions: Sendable {
        public var scope: CKSyncEngine.FetchChangesOptions.Scope
        public var operationGroup: CKOperationGroup
        public var prioritizedZoneIDs: [CKRecordZone.ID]

        public enum Scope: Sendable, Equatable {
            case all
            case allExcluding([CKRecordZone.ID])
            case zoneIDs([CKRecordZone.ID])

            public func contains(_ zoneID: CKRecordZone.ID) -> Bool {
                switch self {
                case .all: return true
                case .allExcluding(let excluded): return !excluded.contains(zoneID)
                case .zoneIDs(let included): return included.contains(zoneID)
                }
            }
        }

        public init(scope: CKSyncEngine.FetchChangesOptions.Scope = .all, operationGroup: CKOperationGroup? = nil) {
            self.scope = scope
            self.operationGroup = operationGroup ?? CKOperationGroup()
            self.prioritizedZoneIDs = []
        }
    }

    /// No public initialiser.
    public struct FetchChangesContext: Sendable {
        public let reason: CKSyncEngine.SyncReason
        public let options: CKSyncEngine.FetchChangesOptions
        @_spi(StandIn) public init(reason: CKSyncEngine.SyncReason, options: CKSyncEngine.FetchChangesOptions) {
            self.reason = reason
            self.options = options
        }
    }

    public struct SendChangesOptions: Sendable {
        public var scope: CKSyncEngine.SendChangesOptions.Scope
        public var operationGroup: CKOperationGroup

        public enum Scope: Sendable, Equatable {
            case all
            case allExcluding([CKRecordZone.ID])
            case zoneIDs([CKRecordZone.ID])
            case recordIDs([CKRecord.ID])

            public func contains(_ recordID: CKRecord.ID) -> Bool {
                switch self {
                case .all: return true
                case .allExcluding(let excluded): return !excluded.contains(recordID.zoneID)
                case .zoneIDs(let included): return included.contains(recordID.zoneID)
                case .recordIDs(let included): return included.contains(recordID)
                }
            }

            public func contains(_ pendingChange: CKSyncEngine.PendingRecordZoneChange) -> Bool {
                contains(pendingChange.standInRecordID)
            }
        }

        public init(scope: CKSyncEngine.SendChangesOptions.Scope = .all, operationGroup: CKOperationGroup? = nil) {
            self.scope = scope
            self.operationGroup = operationGroup ?? CKOperationGroup()
        }
    }

    /// No public initialiser.
    public struct SendChangesContext: Sendable {
        public let reason: CKSyncEngine.SyncReason
        public let options: CKSyncEngine.SendChangesOptions
        @_spi(StandIn) public init(reason: CKSyncEngine.SyncReason, options: CKSyncEngine.SendChangesOptions) {
            self.reason = reason
            self.options = options
        }
    }

    public enum SyncReason: Sendable, Hashable {
        case scheduled
        case manual
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.SyncReason: CustomStringConvertible {
    public var description: String { self == .manual ? "manual" : "scheduled" }
}

// MARK: Delegate

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public protocol CKSyncEngineDelegate: AnyObject, Sendable {
    func handleEvent(_ event: CKSyncEngine.Event, syncEngine: CKSyncEngine) async
    func nextRecordZoneChangeBatch(_ context: CKSyncEngine.SendChangesContext, syncEngine: CKSyncEngine) async -> CKSyncEngine.RecordZoneChangeBatch?
    func nextFetchChangesOptions(_ context: CKSyncEngine.FetchChangesContext, syncEngine: CKSyncEngine) async -> CKSyncEngine.FetchChangesOptions
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngineDelegate {
    /// Default implementation returns the options from the context.
    public func nextFetchChangesOptions(
        _ context: CKSyncEngine.FetchChangesContext, syncEngine: CKSyncEngine
    ) async -> CKSyncEngine.FetchChangesOptions {
        context.options
    }
}
