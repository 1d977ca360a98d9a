@_spi(Generated) import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import Foundation

/// One CloudKit database held in memory: zones, records by ID within them, subscriptions, change
/// tags bumped on every save and a change history for zone and database change fetches. Set it
/// as a `MockCloudDatabase`'s `backing` and every call and operation the app makes without a stub
/// reads and writes it, with CloudKit's rules (see docs/InMemoryStore.md).
///
/// Records go in and come out as copies: the app mutating a record it fetched changes nothing
/// here until it saves it. All state belongs to the instance, behind one lock, kept apart for each
/// iCloud user in the private and shared databases (see `UserPartitions`).
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
public final class InMemoryCloudDatabase: Sendable {
    /// The database's scope; the public database has only the default zone.
    public let scope: CKDatabase.Scope
    let errors = ErrorModel.cloudKit

    /// One item of a batch: its ID and what happened to it.
    typealias ItemResult<ID, Value> = (id: ID, result: Result<Value, any Error>)

    struct State {
        /// Whose contents these are (see `UserPartitions.current`); written into tokens and cursors.
        let partition: String
        var records = VersionedStore<CKRecordZone.ID, CKRecord.ID, CKRecord>()
        /// Zones as the server returns them (capabilities set by the store).
        var zones: [CKRecordZone.ID: CKRecordZone] = [:]
        /// What each zone supports, decided by the store (atomic batches are enforced from this).
        var capabilities: [CKRecordZone.ID: CKRecordZone.Capabilities] = [:]
        /// Every stored version of each record, by change tag: the ancestors of conflicts.
        var history: [CKRecord.ID: [String: (record: CKRecord, fields: ServerFields)]] = [:]
        /// What the server set on each stored record.
        var serverFields: [CKRecord.ID: ServerFields] = [:]
        /// The bytes of each stored record's assets, by field: saving copies them in.
        var assets: [CKRecord.ID: [CKRecord.FieldKey: Data]] = [:]
        /// The date of the latest save: each save's dates come strictly after it.
        var lastSaveDate = Date.distantPast
        var subscriptions: [(id: CKSubscription.ID, subscription: CKSubscription)] = []
        /// Tokens for sequences before this one have expired.
        var oldestValidSequence = 0
        /// The share of each shared root record (see InMemoryCloudDatabase+Sharing).
        var shareOfRoot: [CKRecord.ID: CKRecord.ID] = [:]
    }

    let state: UserPartitions<State>
    let account: AccountState
    /// What every device's view of this database shares (see `DatabaseStorage`).
    let storage: DatabaseStorage
    /// What every database of the service shares: clock, limits, archive formats, asset staging.
    let service: InMemoryService

    /// Where problems with CloudKit's archive formats are reported (shared by a service's databases).
    public var archiveFormat: ArchiveFormatReport { service.archiveFormat }

    /// The limits this database holds requests to: CloudKit's unless a test changes them.
    public var limits: CloudKitLimits {
        get { service.limits.snapshot }
        set { service.limits.withLock { $0 = newValue } }
    }

    /// Where a query continues: what it asked and how many results were already given.
    struct QueryPosition {
        var query: CKQuery
        var zoneID: CKRecordZone.ID?
        var offset: Int
    }

    /// - Parameter now: the server's clock, for records' creation and modification dates.
    public convenience init(scope: CKDatabase.Scope = .private, now: @escaping @Sendable () -> Date = { Date() }) {
        self.init(scope: scope, account: AccountState(), service: InMemoryService(now: now))
    }

    init(scope: CKDatabase.Scope, account: AccountState, service: InMemoryService) {
        self.scope = scope
        self.account = account
        self.service = service
        storage = DatabaseStorage()
        state = UserPartitions(account: account, perUser: scope != .public) { partition in
            var initial = State(partition: partition)
            initial.zones[.default] = CKRecordZone.default()
            initial.capabilities[.default] = []
            initial.records.savePartition(.default)
            return initial
        }
        if scope == .private { service.sharing.attach(state, storage: storage) }
    }

    /// The private database `partitions` as `partition`'s owner keeps it, for requests another
    /// user (`account`) makes through their shared database (see InMemoryCloudDatabase+SharedScope).
    init(ownerView partitions: UserPartitions<State>, storage: DatabaseStorage, partition: String, account: AccountState, service: InMemoryService) {
        scope = .private
        self.account = account
        self.service = service
        self.storage = storage
        state = UserPartitions(sharing: partitions, account: account, pinnedTo: partition)
    }

    /// The same database, seen from another device signed in to `account`: one service's data,
    /// tokens and cursors, each device's own account.
    init(sharing other: InMemoryCloudDatabase, account: AccountState) {
        scope = other.scope
        self.account = account
        service = other.service
        storage = other.storage
        state = UserPartitions(sharing: other.state, account: account)
    }

    // MARK: Seeding and inspection (for tests)

    /// Puts records in as they are, as if saved earlier (zones are created as needed); returns
    /// the stored copies with their change tags, which a test can hand to the app. The records
    /// are stored as one request (one save date, see `store`) and their copies made together,
    /// from one archive (`handOuts`), unless a record is seeded twice: the records are then stored
    /// one after the other, and each copy carries the server fields of its own version.
    @discardableResult
    public func seed(_ records: [CKRecord]) -> [CKRecord] {
        let together = Set(records.map(\.recordID)).count == records.count
        return state.withLock { state in
            var entries: [VersionedStore<CKRecordZone.ID, CKRecord.ID, CKRecord>.Entry] = []
            var copies: [CKRecord] = []
            let date = together ? nextSaveDate(in: &state) : nil
            for record in records {
                let zoneID = record.recordID.zoneID
                if state.zones[zoneID] == nil { create(CKRecordZone(zoneID: zoneID), in: &state) }
                let entry = store(record.copy() as! CKRecord, at: date, in: &state)
                if together { entries.append(entry) } else { copies.append(handOut(entry, in: state)) }
            }
            return together ? handOuts(entries, in: state) : copies
        }
    }

    /// Creates zones, as if saved earlier.
    public func seed(zones: [CKRecordZone]) {
        state.withLock { state in
            for zone in zones { create(zone, in: &state) }
        }
    }

    /// A copy of the stored record, or `nil`.
    public func record(_ id: CKRecord.ID) -> CKRecord? {
        if scope == .shared { return try? sharedFetch([id], desiredKeys: nil).get().first?.result.get() }
        return state.withLock { state in state.records.entry(id, in: id.zoneID).map { handOut($0, in: state) } }
    }

    /// Copies of every stored record in a zone (the default zone unless given), sorted by name.
    public func records(in zoneID: CKRecordZone.ID = .default) -> [CKRecord] {
        if scope == .shared { return sharedRecords(in: zoneID) }
        return state.withLock { state in
            state.records.entries(in: zoneID).values.sorted { $0.item.recordID.recordName < $1.item.recordID.recordName }.map {
                handOut($0, in: state)
            }
        }
    }

    /// The IDs of the zones, default zone included; in a shared database, the zones shared with
    /// the signed-in user (named with their owners' user record names).
    public var zoneIDs: [CKRecordZone.ID] {
        if scope == .shared { return sharedZones().map(\.zoneID) }
        return state.withLock { Array($0.zones.keys) }
    }

    /// The subscriptions, in the order they were first saved.
    public var subscriptionIDs: [CKSubscription.ID] {
        state.withLock { $0.subscriptions.map(\.id) }
    }

    /// The change tag `record` carries (`recordChangeTag`): the one this database gave the
    /// version it was made from, or `nil` for a record the app made itself.
    public func changeTag(of record: CKRecord) -> String? {
        service.systemFields.changeTag(of: record)
    }

    /// The capabilities the store gave a zone (`nil` for a zone it does not have).
    public func capabilities(of zoneID: CKRecordZone.ID) -> CKRecordZone.Capabilities? {
        state.withLock { $0.capabilities[zoneID] }
    }

    /// Changes a record as another device would: the stored copy is edited and gets a new change
    /// tag, and the change shows up in zone and database change fetches. Returns the new copy.
    @discardableResult
    public func modifyFromAnotherDevice(_ id: CKRecord.ID, _ edit: (CKRecord) -> Void) -> CKRecord? {
        state.withLock { state in
            guard let entry = state.records.entry(id, in: id.zoneID) else { return nil }
            let edited = entry.item.copy() as! CKRecord
            edit(edited)
            return handOut(store(edited, in: &state), in: state)
        }
    }

    /// Deletes a record as another device would.
    public func deleteFromAnotherDevice(_ id: CKRecord.ID) {
        state.withLock { state in remove(id, in: &state) }
    }

    /// Makes every change token handed out so far expire: fetches from them fail with
    /// `changeTokenExpired`, as after the server pruned its history.
    public func expireChangeTokens() {
        state.withLock { $0.oldestValidSequence = $0.records.sequence + 1 }
    }

    // MARK: Records

    /// Each record, or `zoneNotFound`/`unknownItem` for it; `limitExceeded` for the whole request
    /// when it asks for more records than `limits` allow.
    func fetch(_ ids: [CKRecord.ID], desiredKeys: [CKRecord.FieldKey]? = nil) -> Result<[ItemResult<CKRecord.ID, CKRecord>], any Error> {
        if ids.count > limits.itemsPerRequest { return .failure(error(.limitExceeded)) }
        if scope == .shared { return sharedFetch(ids, desiredKeys: desiredKeys) }
        return .success(
            state.withLock { state in
                ids.map { id in
                    guard state.zones[id.zoneID] != nil else { return (id, .failure(error(.zoneNotFound))) }
                    guard let entry = state.records.entry(id, in: id.zoneID) else { return (id, .failure(error(.unknownItem))) }
                    return (id, .success(handOut(entry, in: state, desiredKeys: desiredKeys)))
                }
            })
    }

    /// Saves and deletes with CloudKit's rules: the save policy decides conflicts, and in an
    /// atomic batch a zone that supports atomic changes gets all of its changes or none. A
    /// request over `limits` fails whole with `limitExceeded` (see `CloudKitLimits`).
    func modify(
        saving records: [CKRecord], deleting ids: [CKRecord.ID], policy: CKModifyRecordsOperation.RecordSavePolicy = .ifServerRecordUnchanged,
        atomically: Bool = true
    ) -> Result<(saves: [ItemResult<CKRecord.ID, CKRecord>], deletes: [ItemResult<CKRecord.ID, Void>]), any Error> {
        let limits = self.limits
        let sizes = records.map(CloudKitLimits.size(of:))
        if records.count + ids.count > limits.itemsPerRequest || sizes.reduce(0, +) > limits.bytesPerRequest {
            return .failure(error(.limitExceeded))
        }
        if scope == .shared { return sharedModify(saving: records, deleting: ids, policy: policy, atomically: atomically) }
        let saving = Set(records.map(\.recordID))
        return .success(
            state.withLock { state in
                let plannedSaves = zip(records, sizes).map { record, size -> (record: CKRecord, plan: Result<PlannedSave, any Error>) in
                    (
                        record,
                        size > limits.bytesPerRecord ? .failure(error(.limitExceeded)) : plan(record, policy: policy, saving: saving, state: state)
                    )
                }
                var hierarchy = RecordHierarchy(deleting: ids, saving: records)
                let plannedDeletes = ids.map { id -> (id: CKRecord.ID, failure: (any Error)?) in
                    guard state.zones[id.zoneID] != nil else { return (id, error(.zoneNotFound)) }
                    guard state.records.entry(id, in: id.zoneID) != nil else { return (id, error(.unknownItem)) }
                    return (id, hierarchy.keepsChildren(of: id, in: state) ? error(.referenceViolation) : nil)
                }
                // Parents that get their first child in this request: the server touches them.
                let touched = plannedSaves.compactMap { record, plan -> CKRecord.ID? in
                    guard case .success = plan, let parent = record.parent?.recordID, !saving.contains(parent) else { return nil }
                    return parent
                }.filter { !hierarchy.hasChildren($0, in: state) }
                var failedZones = Set<CKRecordZone.ID>()
                if atomically {
                    let failedSaves = plannedSaves.compactMap { record, plan -> CKRecordZone.ID? in
                        if case .failure = plan { return record.recordID.zoneID }
                        return nil
                    }
                    let failures = failedSaves + plannedDeletes.compactMap { id, failure in failure.map { _ in id.zoneID } }
                    // From the store's own record of the zone, never the app's CKRecordZone object:
                    // Apple leaves a locally made zone's capabilities empty until it is saved.
                    failedZones = Set(failures.filter { state.capabilities[$0]?.contains(.atomic) ?? false })
                }
                for (record, plan) in plannedSaves where !failedZones.contains(record.recordID.zoneID) {
                    if case .success = plan { registerShare(record, in: &state) }
                }
                let batchFailed = error(.batchRequestFailed)
                let date = nextSaveDate(in: &state)
                let stored = plannedSaves.map {
                    record, plan -> ItemResult<CKRecord.ID, VersionedStore<CKRecordZone.ID, CKRecord.ID, CKRecord>.Entry> in
                    let id = record.recordID
                    switch plan {
                    case .failure(let failure): return (id, .failure(failure))
                    case .success where failedZones.contains(id.zoneID): return (id, .failure(batchFailed))
                    case .success(let planned): return (id, .success(store(planned.record, assets: planned.assets, at: date, in: &state)))
                    }
                }
                for parent in Set(touched) where !failedZones.contains(parent.zoneID) {
                    if let entry = state.records.entry(parent, in: parent.zoneID) { _ = store(entry.item, asServer: true, at: date, in: &state) }
                }
                // Handed out together: one archive for the request's records (see `SystemFields.records`).
                var handedOut = handOuts(stored.compactMap { try? $0.result.get() }, in: state).makeIterator()
                let saves = stored.map { id, result in (id, result.map { _ in handedOut.next()! }) }
                let deletes = plannedDeletes.map { id, failure -> ItemResult<CKRecord.ID, Void> in
                    if let failure { return (id, .failure(failure)) }
                    if failedZones.contains(id.zoneID) { return (id, .failure(batchFailed)) }
                    remove(id, in: &state)
                    return (id, .success(()))
                }
                return (saves, deletes)
            })
    }

    /// A record as it will be stored, with the bytes of the asset files it writes.
    struct PlannedSave {
        var record: CKRecord
        var assets: [CKRecord.FieldKey: Data]
    }

    /// What saving `record` would store, or why it fails (CKModifyRecordsOperation.h):
    /// - `ifServerRecordUnchanged`: "If the record on the server has been modified, fail the
    ///   write and return an error" — the record's change tag must be the stored one's. A record
    ///   the app made itself has none, so saving one whose ID exists is a conflict.
    /// - `changedKeys`: "Locally-edited keys are written to the server ... does not compare the
    ///   record change tag": only `changedKeys()` are written over the stored record.
    /// - `allKeys`: "All local keys are written to the server ... Keys present only on the server
    ///   remain unchanged", no tag comparison either.
    /// A record whose `parent` is neither stored in its zone nor saved in the same request fails
    /// with `referenceViolation` (CKError.h: "The target of a record's parent or share reference
    /// was not found"; counting the same request, and the zone rule, are our reading of Apple's
    /// "References are only valid within a single zone of a database", CKRecord.ID docs). Every
    /// asset the save writes is read from its file: `assetFileNotFound` when there is none
    /// (CKError.h: "The specified asset file is not found").
    private func plan(
        _ record: CKRecord, policy: CKModifyRecordsOperation.RecordSavePolicy, saving: Set<CKRecord.ID>, state: State
    ) -> Result<PlannedSave, any Error> {
        let id = record.recordID
        guard state.zones[id.zoneID] != nil else { return .failure(error(.zoneNotFound)) }
        if let parent = record.parent?.recordID,
            parent.zoneID != id.zoneID || (state.records.entry(parent, in: id.zoneID) == nil && !saving.contains(parent))
        {
            return .failure(error(.referenceViolation))
        }
        if let failure = shareSaveFailure(record, saving: saving, state: state) { return .failure(failure) }
        let written: Result<CKRecord, any Error>
        let stored = state.records.entry(id, in: id.zoneID)
        let tag = service.systemFields.changeTag(of: record)
        /// The stored record with `keys` (and `encryptedKeys` of `encryptedValues`) written over it.
        func merged(_ keys: [CKRecord.FieldKey], encrypted encryptedKeys: [CKRecord.FieldKey]) -> CKRecord {
            let base = (stored?.item.copy() as? CKRecord) ?? CKRecord(recordType: record.recordType, recordID: id)
            for key in keys { base[key] = record[key] }
            for key in encryptedKeys { base.encryptedValues[key] = record.encryptedValues[key] }
            return base
        }
        switch policy {
        case .ifServerRecordUnchanged:
            if let stored, tag != String(stored.version) {
                let ancestor = tag.flatMap { handOut(version: $0, of: id, in: state) }
                return .failure(
                    error(
                        .serverRecordChanged,
                        conflict: ErrorModel.Conflict(server: handOut(stored, in: state), client: record, ancestor: ancestor)))
            }
            if stored == nil, tag != nil { return .failure(error(.unknownItem)) }  // deleted on the server since
            written = .success(record.copy() as! CKRecord)
        case .changedKeys:
            written = .success(merged(record.changedKeys(), encrypted: record.encryptedValues.changedKeys()))
        case .allKeys:
            // Every key the record has, and keys it removed locally (changed keys without a value).
            let encrypted = record.encryptedValues
            written = .success(
                merged(
                    Array(Set(record.allKeys() + record.changedKeys())).sorted(),
                    encrypted: Array(Set(encrypted.allKeys() + encrypted.changedKeys())).sorted()))
        @unknown default:
            written = .success(record.copy() as! CKRecord)
        }
        return written.flatMap { merged in
            // The assets this save writes: the app's own asset objects (the rest keep their bytes).
            var assets: [CKRecord.FieldKey: Data] = [:]
            for key in merged.allKeys() {
                guard let asset = merged[key] as? CKAsset, asset === record[key] as? CKAsset else { continue }
                guard let url = asset.fileURL, let bytes = try? Data(contentsOf: url) else { return .failure(error(.assetFileNotFound)) }
                assets[key] = bytes
            }
            return .success(PlannedSave(record: merged, assets: assets))
        }
    }

    // MARK: Helpers

    /// Stores a record version with what the server sets on a save (dates, users; the creation
    /// date and creator are kept from the stored version), and remembers it by its change tag (a
    /// conflict's ancestor). `date` is the request's (`nextSaveDate`), shared by every record it
    /// saves; without one the record is a request of its own.
    func store(
        _ record: CKRecord, assets written: [CKRecord.FieldKey: Data] = [:], asServer: Bool = false, at date: Date? = nil, in state: inout State
    ) -> VersionedStore<CKRecordZone.ID, CKRecord.ID, CKRecord>.Entry {
        // What the server sets on shares and shared roots, unless the server itself is writing.
        let record = asServer ? record : withServerSharingFields(record, in: state)
        let id = record.recordID
        let date = date ?? nextSaveDate(in: &state)
        let user = account.userRecordName
        let previous = state.serverFields[id]
        let fields = ServerFields(
            creationDate: previous?.creationDate ?? date, creatorUserRecordName: previous?.creatorUserRecordName ?? user,
            modificationDate: date, lastModifiedUserRecordName: user)
        state.serverFields[id] = fields
        // Asset bytes: the ones this save wrote, the stored ones for asset fields it kept.
        var assets = state.assets[id] ?? [:]
        assets.merge(written) { _, new in new }
        assets = assets.filter { key, _ in record[key] is CKAsset }
        state.assets[id] = assets.isEmpty ? nil : assets
        let entry = state.records.save(record, as: id, in: id.zoneID)
        state.history[id, default: [:]][String(entry.version)] = (record, fields)
        return entry
    }

    /// The date of a request that saves: our choice, the server's clock never runs backwards, so a
    /// later request's records are always newer (even within one tick of `InMemoryCloudKit(now:)`),
    /// and the records of one request share its date (one value for the hand-outs' archive to
    /// hold, `SystemFields.SharedValues`).
    func nextSaveDate(in state: inout State) -> Date {
        let date = max(service.now(), state.lastSaveDate.addingTimeInterval(0.001))
        state.lastSaveDate = date
        return date
    }

    /// Deletes a record, and with it every record in its zone that refers to it with
    /// `.deleteSelf` (Apple, `CKRecord.ReferenceAction.deleteSelf`: "Deletes the source record when
    /// the target record is deleted"), and theirs in turn.
    func remove(_ id: CKRecord.ID, in state: inout State) {
        var pending = [id]
        while let next = pending.popLast() {
            guard let entry = state.records.entry(next, in: next.zoneID) else { continue }
            pending += sharingRemoved(entry.item, in: &state)
            state.records.delete(next, in: next.zoneID)
            state.history[next] = nil
            state.serverFields[next] = nil
            state.assets[next] = nil
            pending += state.records.entries(in: next.zoneID).values.map(\.item).filter { RecordHierarchy.refers($0, to: next) }.map(\.recordID)
        }
    }

    /// Creates (or saves again) a zone with the capabilities CloudKit gives it: none for the
    /// default zone; for a custom zone (private and shared databases only) fetching changes,
    /// atomic batches and sharing.
    func create(_ zone: CKRecordZone, in state: inout State) {
        var capabilities: CKRecordZone.Capabilities = []
        if zone.zoneID != .default {
            capabilities = [.fetchChanges, .atomic, .sharing, .zoneWideSharing]
        }
        state.capabilities[zone.zoneID] = capabilities
        state.zones[zone.zoneID] = service.systemFields.zone(zone, capabilities: capabilities)
        if !state.records.hasPartition(zone.zoneID) || zone.zoneID != .default { state.records.savePartition(zone.zoneID) }
    }

    /// An error as CloudKit makes it, by its code (a conflict's records under CloudKit's keys).
    func error(_ code: CKError.Code, conflict: ErrorModel.Conflict? = nil) -> any Error {
        errors.error(code.rawValue, conflict: conflict)
    }
}
