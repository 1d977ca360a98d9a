// The live adapter: `CloudSyncEngine` over a real `CKSyncEngine`. Compiled only when
// `canImport(CloudKit)` (on Linux, against the stand-in, whose engine is inert).

#if canImport(CloudKit)
    @_spi(Generated) import CloudDoubleRuntime
    import CloudKit
    import Foundation

    /// `CloudSyncEngine` over a real `CKSyncEngine`, which stays reachable as `base`. The app's
    /// `CloudSyncEngineDelegate` receives every real event converted to ``SyncEngineEvent`` field by
    /// field, and its batches go to the engine as they are (`CKSyncEngine.RecordZoneChangeBatch` has
    /// public initialisers).
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    public final class LiveCloudSyncEngine: CloudSyncEngine {
        /// The real engine.
        public let base: CKSyncEngine
        public let database: any CloudDatabase
        public let state: any CloudSyncEngineState
        /// The configuration's state serialization, when it could not be read and the engine started
        /// fresh instead (our choice; see ``UnreadableStateSerialization``).
        public let unreadableStateSerialization: UnreadableStateSerialization?
        private let bridge: LiveSyncEngineDelegateBridge?

        /// Makes a `CKSyncEngine` with the same configuration, as `CKSyncEngine(_ configuration:)`
        /// does. A serialization not made by a live engine is not passed on: the real engine starts
        /// fresh, and `unreadableStateSerialization` says why.
        public init(_ configuration: SyncEngineConfiguration<CKDatabase>) {
            let bridge = LiveSyncEngineDelegateBridge(delegate: configuration.delegate)
            var restored: CKSyncEngine.State.Serialization?
            var unreadable: UnreadableStateSerialization?
            if let serialization = configuration.stateSerialization {
                do {
                    restored = try serialization.liveSerialization()
                } catch {
                    unreadable = UnreadableStateSerialization(serialization: serialization, reason: "\(error)")
                }
            }
            var real = CKSyncEngine.Configuration(database: configuration.database, stateSerialization: restored, delegate: bridge)
            real.automaticallySync = configuration.automaticallySync
            real.subscriptionID = configuration.subscriptionID
            self.base = CKSyncEngine(real)
            self.bridge = bridge
            self.database = LiveCloudDatabase(base.database)
            self.state = LiveCloudSyncEngineState(base.state)
            self.unreadableStateSerialization = unreadable
            bridge.attach(self)
        }

        /// A view of an engine this adapter did not make (an event arriving before `init` returned).
        init(view base: CKSyncEngine) {
            self.base = base
            self.bridge = nil
            self.database = LiveCloudDatabase(base.database)
            self.state = LiveCloudSyncEngineState(base.state)
            self.unreadableStateSerialization = nil
        }

        public func fetchChanges(_ options: CKSyncEngine.FetchChangesOptions) async throws {
            try await base.fetchChanges(options)
        }

        public func sendChanges(_ options: CKSyncEngine.SendChangesOptions) async throws {
            try await base.sendChanges(options)
        }

        public func cancelOperations() async {
            await base.cancelOperations()
        }
    }

    /// `CloudSyncEngineState` over `CKSyncEngine.State`.
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    public final class LiveCloudSyncEngineState: CloudSyncEngineState {
        public let base: CKSyncEngine.State

        public init(_ base: CKSyncEngine.State) { self.base = base }

        public var pendingRecordZoneChanges: [CKSyncEngine.PendingRecordZoneChange] { base.pendingRecordZoneChanges }
        public var pendingDatabaseChanges: [CKSyncEngine.PendingDatabaseChange] { base.pendingDatabaseChanges }
        public var hasPendingUntrackedChanges: Bool {
            get { base.hasPendingUntrackedChanges }
            set { base.hasPendingUntrackedChanges = newValue }
        }
        public var zoneIDsWithUnfetchedServerChanges: [CKRecordZone.ID] { base.zoneIDsWithUnfetchedServerChanges }
        public func add(pendingRecordZoneChanges: [CKSyncEngine.PendingRecordZoneChange]) {
            base.add(pendingRecordZoneChanges: pendingRecordZoneChanges)
        }
        public func remove(pendingRecordZoneChanges: [CKSyncEngine.PendingRecordZoneChange]) {
            base.remove(pendingRecordZoneChanges: pendingRecordZoneChanges)
        }
        public func add(pendingDatabaseChanges: [CKSyncEngine.PendingDatabaseChange]) { base.add(pendingDatabaseChanges: pendingDatabaseChanges) }
        public func remove(pendingDatabaseChanges: [CKSyncEngine.PendingDatabaseChange]) {
            base.remove(pendingDatabaseChanges: pendingDatabaseChanges)
        }
    }

    /// The real engine's delegate: converts each call and hands it to the app's delegate.
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    final class LiveSyncEngineDelegateBridge: CKSyncEngineDelegate {
        struct WeakEngine { weak var engine: LiveCloudSyncEngine? }

        let delegate: any CloudSyncEngineDelegate
        private let adapter = Locked(WeakEngine())

        init(delegate: any CloudSyncEngineDelegate) { self.delegate = delegate }

        func attach(_ engine: LiveCloudSyncEngine) { adapter.withLock { $0.engine = engine } }

        /// The adapter the app holds, or a view of `syncEngine` when there is none (yet).
        func engine(for syncEngine: CKSyncEngine) -> any CloudSyncEngine {
            if let engine = adapter.withLock({ $0.engine }), engine.base === syncEngine { return engine }
            return LiveCloudSyncEngine(view: syncEngine)
        }

        func handleEvent(_ event: CKSyncEngine.Event, syncEngine: CKSyncEngine) async {
            guard let mirrored = SyncEngineEvent(event) else { return }
            await delegate.handleEvent(mirrored, syncEngine: engine(for: syncEngine))
        }

        func nextRecordZoneChangeBatch(
            _ context: CKSyncEngine.SendChangesContext, syncEngine: CKSyncEngine
        ) async -> CKSyncEngine.RecordZoneChangeBatch? {
            await delegate.nextRecordZoneChangeBatch(SyncEngineSendChangesContext(context), syncEngine: engine(for: syncEngine))
        }

        func nextFetchChangesOptions(_ context: CKSyncEngine.FetchChangesContext, syncEngine: CKSyncEngine) async -> CKSyncEngine.FetchChangesOptions
        {
            await delegate.nextFetchChangesOptions(SyncEngineFetchChangesContext(context), syncEngine: engine(for: syncEngine))
        }
    }

    // MARK: Conversions, field by field

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    extension SyncEngineFetchChangesContext {
        public init(_ context: CKSyncEngine.FetchChangesContext) {
            self.init(reason: context.reason, options: context.options)
        }
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    extension SyncEngineSendChangesContext {
        public init(_ context: CKSyncEngine.SendChangesContext) {
            self.init(reason: context.reason, options: context.options)
        }
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    extension SyncEngineStateSerialization {
        /// The real serialization's `Codable` encoding, as JSON.
        public init(_ serialization: CKSyncEngine.State.Serialization) throws {
            self.init(data: try JSONEncoder().encode(serialization))
        }

        /// The real serialization this one carries.
        public func liveSerialization() throws -> CKSyncEngine.State.Serialization {
            try JSONDecoder().decode(CKSyncEngine.State.Serialization.self, from: data)
        }
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    extension SyncEngineEvent {
        /// The mirror of a real event; `nil` for an event this version does not know (a future SDK's).
        public init?(_ event: CKSyncEngine.Event) {
            switch event {
            case .stateUpdate(let update):
                // Encoding an opaque Codable value to JSON does not fail in practice; an empty
                // serialization would make the next launch start from scratch, not crash.
                let serialization = (try? SyncEngineStateSerialization(update.stateSerialization)) ?? SyncEngineStateSerialization(data: Data())
                self = .stateUpdate(StateUpdate(stateSerialization: serialization))
            case .accountChange(let change):
                let type: AccountChange.ChangeType
                switch change.changeType {
                case .signIn(let current): type = .signIn(currentUser: current)
                case .signOut(let previous): type = .signOut(previousUser: previous)
                case .switchAccounts(let previous, let current): type = .switchAccounts(previousUser: previous, currentUser: current)
                @unknown default: return nil
                }
                self = .accountChange(AccountChange(changeType: type))
            case .fetchedDatabaseChanges(let changes):
                self = .fetchedDatabaseChanges(
                    FetchedDatabaseChanges(
                        modifications: changes.modifications.map { FetchedDatabaseChanges.Modification(zoneID: $0.zoneID) },
                        deletions: changes.deletions.map { FetchedDatabaseChanges.Deletion(zoneID: $0.zoneID, reason: $0.reason) }))
            case .fetchedRecordZoneChanges(let changes):
                self = .fetchedRecordZoneChanges(
                    FetchedRecordZoneChanges(
                        modifications: changes.modifications.map { FetchedRecordZoneChanges.Modification(record: $0.record) },
                        deletions: changes.deletions.map { FetchedRecordZoneChanges.Deletion(recordID: $0.recordID, recordType: $0.recordType) }))
            case .sentDatabaseChanges(let sent):
                self = .sentDatabaseChanges(
                    SentDatabaseChanges(
                        savedZones: sent.savedZones,
                        failedZoneSaves: sent.failedZoneSaves.map { SentDatabaseChanges.FailedZoneSave(zone: $0.zone, error: $0.error) },
                        deletedZoneIDs: sent.deletedZoneIDs, failedZoneDeletes: sent.failedZoneDeletes))
            case .sentRecordZoneChanges(let sent):
                self = .sentRecordZoneChanges(
                    SentRecordZoneChanges(
                        savedRecords: sent.savedRecords,
                        failedRecordSaves: sent.failedRecordSaves.map { SentRecordZoneChanges.FailedRecordSave(record: $0.record, error: $0.error) },
                        deletedRecordIDs: sent.deletedRecordIDs, failedRecordDeletes: sent.failedRecordDeletes))
            case .willFetchChanges(let will):
                if #available(macOS 14.2, iOS 17.2, tvOS 17.2, watchOS 10.2, *) {
                    self = .willFetchChanges(WillFetchChanges(context: SyncEngineFetchChangesContext(will.context)))
                } else {
                    self = .willFetchChanges(WillFetchChanges())
                }
            case .willFetchRecordZoneChanges(let will):
                self = .willFetchRecordZoneChanges(WillFetchRecordZoneChanges(zoneID: will.zoneID))
            case .didFetchRecordZoneChanges(let did):
                self = .didFetchRecordZoneChanges(DidFetchRecordZoneChanges(zoneID: did.zoneID, error: did.error))
            case .didFetchChanges(let did):
                if #available(macOS 14.2, iOS 17.2, tvOS 17.2, watchOS 10.2, *) {
                    self = .didFetchChanges(DidFetchChanges(context: SyncEngineFetchChangesContext(did.context)))
                } else {
                    self = .didFetchChanges(DidFetchChanges())
                }
            case .willSendChanges(let will):
                self = .willSendChanges(WillSendChanges(context: SyncEngineSendChangesContext(will.context)))
            case .didSendChanges(let did):
                self = .didSendChanges(DidSendChanges(context: SyncEngineSendChangesContext(did.context)))
            @unknown default:
                return nil
            }
        }
    }
#endif
