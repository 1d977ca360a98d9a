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
        /// The date of the latest save: each save's dates come strictly after it.
        var lastSaveDate = Date.distantPast
        var subscriptions: [(id: CKSubscription.ID, subscription: CKSubscription)] = []
        /// Tokens for sequences before this one have expired.
        var oldestValidSequence = 0
    }

    let state: UserPartitions<State>
    let account: AccountState
    let systemFields: SystemFields
    /// Where problems with CloudKit's archive formats are reported (shared by a service's databases).
    public let archiveFormat: ArchiveFormatReport
    /// The server's clock: the source of records' creation and modification dates.
    let now: @Sendable () -> Date
    /// Tells this database's tokens and cursors from other databases'.
    let identity = UUID().uuidString
    /// Positions behind the cursors handed out, by the nonce written into each cursor's bytes.
    let cursorPositions = Locked<[String: QueryPosition]>([:])
    /// Fallbacks for when a token's or cursor's bytes cannot be read back (see `OpaqueValues`).
    let tokensByIdentity = ObjectTags<MintedValue>()
    let cursorsByIdentity = ObjectTags<MintedValue>()

    /// Where a query continues: what it asked and how many results were already given.
    struct QueryPosition {
        var query: CKQuery
        var zoneID: CKRecordZone.ID?
        var offset: Int
    }

    /// - Parameter now: the server's clock, for records' creation and modification dates.
    public convenience init(scope: CKDatabase.Scope = .private, now: @escaping @Sendable () -> Date = { Date() }) {
        let report = ArchiveFormatReport()
        self.init(scope: scope, account: AccountState(), report: report, systemFields: SystemFields(report: report), now: now)
    }

    init(scope: CKDatabase.Scope, account: AccountState, report: ArchiveFormatReport, systemFields: SystemFields, now: @escaping @Sendable () -> Date) {
        self.scope = scope
        self.account = account
        self.archiveFormat = report
        self.systemFields = systemFields
        self.now = now
        state = UserPartitions(account: account, perUser: scope != .public) { partition in
            var initial = State(partition: partition)
            initial.zones[.default] = CKRecordZone.default()
            initial.capabilities[.default] = []
            initial.records.savePartition(.default)
            return initial
        }
    }

    // MARK: Seeding and inspection (for tests)

    /// Puts records in as they are, as if saved earlier (zones are created as needed); returns
    /// the stored copies with their change tags, which a test can hand to the app.
    @discardableResult
    public func seed(_ records: [CKRecord]) -> [CKRecord] {
        state.withLock { state in
            records.map { record in
                let zoneID = record.recordID.zoneID
                if state.zones[zoneID] == nil { create(CKRecordZone(zoneID: zoneID), in: &state) }
                return handOut(store(record.copy() as! CKRecord, in: &state), in: state)
            }
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
        state.withLock { state in state.records.entry(id, in: id.zoneID).map { handOut($0, in: state) } }
    }

    /// Copies of every stored record in a zone (the default zone unless given), sorted by name.
    public func records(in zoneID: CKRecordZone.ID = .default) -> [CKRecord] {
        state.withLock { state in
            state.records.entries(in: zoneID).values.sorted { $0.item.recordID.recordName < $1.item.recordID.recordName }.map { handOut($0, in: state) }
        }
    }

    /// The IDs of the zones, default zone included.
    public var zoneIDs: [CKRecordZone.ID] {
        state.withLock { Array($0.zones.keys) }
    }

    /// The subscriptions, in the order they were first saved.
    public var subscriptionIDs: [CKSubscription.ID] {
        state.withLock { $0.subscriptions.map(\.id) }
    }

    /// The change tag `record` carries (`recordChangeTag`): the one this database gave the
    /// version it was made from, or `nil` for a record the app made itself.
    public func changeTag(of record: CKRecord) -> String? {
        systemFields.changeTag(of: record)
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

    func fetch(_ ids: [CKRecord.ID], desiredKeys: [CKRecord.FieldKey]? = nil) -> [(CKRecord.ID, Result<CKRecord, any Error>)] {
        state.withLock { state in
            ids.map { id in
                guard state.zones[id.zoneID] != nil else { return (id, .failure(error("zoneNotFound"))) }
                guard let entry = state.records.entry(id, in: id.zoneID) else { return (id, .failure(error("unknownItem"))) }
                return (id, .success(handOut(entry, in: state, desiredKeys: desiredKeys)))
            }
        }
    }

    /// Saves and deletes with CloudKit's rules: the save policy decides conflicts, and in an
    /// atomic batch a zone that supports atomic changes gets all of its changes or none.
    func modify(
        saving records: [CKRecord], deleting ids: [CKRecord.ID], policy: CKModifyRecordsOperation.RecordSavePolicy = .ifServerRecordUnchanged,
        atomically: Bool = true
    ) -> (saves: [(CKRecord.ID, Result<CKRecord, any Error>)], deletes: [(CKRecord.ID, Result<Void, any Error>)]) {
        state.withLock { state in
            let plannedSaves = records.map { record in (record, plan(record, policy: policy, state: state)) }
            let plannedDeletes = ids.map { id -> (CKRecord.ID, (any Error)?) in
                guard state.zones[id.zoneID] != nil else { return (id, error("zoneNotFound")) }
                return (id, state.records.entry(id, in: id.zoneID) == nil ? error("unknownItem") : nil)
            }
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
            let batchFailed = error("batchRequestFailed")
            let saves = plannedSaves.map { record, plan -> (CKRecord.ID, Result<CKRecord, any Error>) in
                let id = record.recordID
                switch plan {
                case .failure(let failure): return (id, .failure(failure))
                case .success where failedZones.contains(id.zoneID): return (id, .failure(batchFailed))
                case .success(let merged): return (id, .success(handOut(store(merged, in: &state), in: state)))
                }
            }
            let deletes = plannedDeletes.map { id, failure -> (CKRecord.ID, Result<Void, any Error>) in
                if let failure { return (id, .failure(failure)) }
                if failedZones.contains(id.zoneID) { return (id, .failure(batchFailed)) }
                remove(id, in: &state)
                return (id, .success(()))
            }
            return (saves, deletes)
        }
    }

    /// What saving `record` would store, or why it fails (CKModifyRecordsOperation.h):
    /// - `ifServerRecordUnchanged`: "If the record on the server has been modified, fail the
    ///   write and return an error" — the record's change tag must be the stored one's. A record
    ///   the app made itself has none, so saving one whose ID exists is a conflict.
    /// - `changedKeys`: "Locally-edited keys are written to the server ... does not compare the
    ///   record change tag": only `changedKeys()` are written over the stored record.
    /// - `allKeys`: "All local keys are written to the server ... Keys present only on the server
    ///   remain unchanged", no tag comparison either.
    private func plan(_ record: CKRecord, policy: CKModifyRecordsOperation.RecordSavePolicy, state: State) -> Result<CKRecord, any Error> {
        let id = record.recordID
        guard state.zones[id.zoneID] != nil else { return .failure(error("zoneNotFound")) }
        let stored = state.records.entry(id, in: id.zoneID)
        let tag = systemFields.changeTag(of: record)
        func merged(_ keys: [CKRecord.FieldKey]) -> CKRecord {
            let base = (stored?.item.copy() as? CKRecord) ?? CKRecord(recordType: record.recordType, recordID: id)
            for key in keys { base[key] = record[key] }
            return base
        }
        switch policy {
        case .ifServerRecordUnchanged:
            if let stored, tag != String(stored.version) {
                let ancestor = tag.flatMap { state.history[id]?[$0] }.map { handOut($0.record, changeTag: tag!, fields: $0.fields) }
                return .failure(errors.error(
                    code("serverRecordChanged"),
                    conflict: ErrorModel.Conflict(server: handOut(stored, in: state), client: record, ancestor: ancestor)))
            }
            if stored == nil, tag != nil { return .failure(error("unknownItem")) }  // deleted on the server since
            return .success(record.copy() as! CKRecord)
        case .changedKeys:
            return .success(merged(record.changedKeys()))
        case .allKeys:
            // Every key the record has, and keys it removed locally (changed keys without a value).
            return .success(merged(Array(Set(record.allKeys() + record.changedKeys())).sorted()))
        @unknown default:
            return .success(record.copy() as! CKRecord)
        }
    }

    // MARK: Queries

    /// One page of a query: matching records of the type in the zone (every zone when `zoneID`
    /// is nil), filtered by the predicate, in sort order, at most `limit` (0 for all), and a
    /// cursor when more remain.
    func query(
        _ query: CKQuery, zoneID: CKRecordZone.ID?, desiredKeys: [CKRecord.FieldKey]?, limit: Int, offset: Int = 0
    ) -> Result<(records: [CKRecord], cursor: CKQueryOperation.Cursor?), any Error> {
        // CKQueryOperation.h: "Queries invoked within a sharedCloudDatabase must specify a zoneID.
        // Cross-zone queries are not supported in a sharedCloudDatabase" (the error is our choice).
        if zoneID == nil, scope == .shared { return .failure(error("invalidArguments")) }
        return state.withLock { state in
            if let zoneID, state.zones[zoneID] == nil { return .failure(error("zoneNotFound")) }
            // "Queries that do not specify a zoneID will perform a query across all zones in the database."
            let zones = zoneID.map { [$0] } ?? state.zones.keys.sorted { $0.zoneName < $1.zoneName }
            let candidates = zones.flatMap { state.records.entries(in: $0).values }
                .filter { $0.item.recordType == query.recordType && query.predicate.evaluate(with: $0.item) }
            let byName = candidates.sorted {
                ($0.item.recordID.recordName, $0.item.recordID.zoneID.zoneName) < ($1.item.recordID.recordName, $1.item.recordID.zoneID.zoneName)
            }
            let ordered = RecordOrdering.sorted(byName.map(\.item), by: query.sortDescriptors ?? [])
            let entries = Dictionary(uniqueKeysWithValues: byName.map { ($0.item.recordID, $0) })
            let end = limit > 0 ? min(ordered.count, offset + limit) : ordered.count
            let page = offset < end ? Array(ordered[offset..<end]) : []
            let records = page.map { handOut(entries[$0.recordID]!, in: state, desiredKeys: desiredKeys) }
            var cursor: CKQueryOperation.Cursor?
            if end < ordered.count {
                guard let made = makeCursor(QueryPosition(query: query, zoneID: zoneID, offset: end), in: state) else { return .failure(error("internalError")) }
                cursor = made
            }
            return .success((records, cursor))
        }
    }

    /// The next page after `cursor`, or `invalidArguments` for a cursor this database did not make.
    func query(continuing cursor: CKQueryOperation.Cursor, desiredKeys: [CKRecord.FieldKey]?, limit: Int) -> Result<(records: [CKRecord], cursor: CKQueryOperation.Cursor?), any Error> {
        guard let position = position(of: cursor) else { return .failure(error("invalidArguments")) }
        return query(position.query, zoneID: position.zoneID, desiredKeys: desiredKeys, limit: limit, offset: position.offset)
    }

    // MARK: Zones and subscriptions

    func fetchZones(_ ids: [CKRecordZone.ID]?) -> [(CKRecordZone.ID, Result<CKRecordZone, any Error>)] {
        state.withLock { state in
            let ids = ids ?? state.zones.keys.sorted { $0.zoneName < $1.zoneName }
            return ids.map { id in (id, state.zones[id].map { .success($0.copy() as! CKRecordZone) } ?? .failure(error("zoneNotFound"))) }
        }
    }

    func modifyZones(saving zones: [CKRecordZone], deleting ids: [CKRecordZone.ID]) -> (saves: [(CKRecordZone.ID, Result<CKRecordZone, any Error>)], deletes: [(CKRecordZone.ID, Result<Void, any Error>)]) {
        state.withLock { state in
            let saves = zones.map { zone -> (CKRecordZone.ID, Result<CKRecordZone, any Error>) in
                if scope == .public, zone.zoneID != .default { return (zone.zoneID, .failure(error("permissionFailure"))) }
                create(zone, in: &state)
                return (zone.zoneID, .success(state.zones[zone.zoneID]!.copy() as! CKRecordZone))
            }
            let deletes = ids.map { id -> (CKRecordZone.ID, Result<Void, any Error>) in
                guard id != .default else { return (id, .failure(error("permissionFailure"))) }
                guard state.zones.removeValue(forKey: id) != nil else { return (id, .failure(error("zoneNotFound"))) }
                state.capabilities[id] = nil
                for recordID in state.records.entries(in: id).keys {
                    state.history[recordID] = nil
                    state.serverFields[recordID] = nil
                }
                state.records.deletePartition(id)
                return (id, .success(()))
            }
            return (saves, deletes)
        }
    }

    func fetchSubscriptions(_ ids: [CKSubscription.ID]?) -> [(CKSubscription.ID, Result<CKSubscription, any Error>)] {
        state.withLock { state in
            let ids = ids ?? state.subscriptions.map(\.id)
            return ids.map { id in
                (id, state.subscriptions.first { $0.id == id }.map { .success($0.subscription) } ?? .failure(error("unknownItem")))
            }
        }
    }

    func modifySubscriptions(saving subscriptions: [CKSubscription], deleting ids: [CKSubscription.ID]) -> (saves: [(CKSubscription.ID, Result<CKSubscription, any Error>)], deletes: [(CKSubscription.ID, Result<Void, any Error>)]) {
        state.withLock { state in
            let saves = subscriptions.map { subscription -> (CKSubscription.ID, Result<CKSubscription, any Error>) in
                if let index = state.subscriptions.firstIndex(where: { $0.id == subscription.subscriptionID }) {
                    state.subscriptions[index].subscription = subscription
                } else {
                    state.subscriptions.append((subscription.subscriptionID, subscription))
                }
                return (subscription.subscriptionID, .success(subscription))
            }
            let deletes = ids.map { id -> (CKSubscription.ID, Result<Void, any Error>) in
                guard let index = state.subscriptions.firstIndex(where: { $0.id == id }) else { return (id, .failure(error("unknownItem"))) }
                state.subscriptions.remove(at: index)
                return (id, .success(()))
            }
            return (saves, deletes)
        }
    }

    // MARK: Changes

    /// One batch of a zone's changes: the changes, the token that covers them, and whether more remain.
    struct ZoneBatch {
        var events: [CloudFetchRecordZoneChangesOutcome.Event]
        var token: CKServerChangeToken
        var moreComing: Bool
    }

    /// What changed in a zone since `token` (`nil`: everything), in batches of at most `limit`
    /// changes (0: one batch): changed records, deletions, and each batch's token, which covers
    /// that batch and the ones before it. `changeTokenExpired` or `zoneNotFound` fail the zone.
    func zoneChanges(_ zoneID: CKRecordZone.ID, since token: CKServerChangeToken?, desiredKeys: [CKRecord.FieldKey]?, limit: Int = 0) -> Result<[ZoneBatch], any Error> {
        state.withLock { state in
            let since = token.map { sequence(of: $0, in: state) } ?? 0
            guard state.zones[zoneID] != nil else { return .failure(error("zoneNotFound")) }
            guard since >= state.oldestValidSequence || (token == nil), since >= 0 else { return .failure(error("changeTokenExpired")) }
            let changes = state.records.itemChanges(in: zoneID, since: since)
            let size = limit > 0 ? limit : max(changes.count, 1)
            var batches: [ZoneBatch] = []
            var start = 0
            repeat {
                let slice = changes[start..<min(changes.count, start + size)]
                let events = slice.compactMap { change -> CloudFetchRecordZoneChangesOutcome.Event? in
                    switch change.kind {
                    case .saved(let id):
                        guard let entry = state.records.entry(id, in: zoneID) else { return nil }
                        return .changes(id, .success(handOut(entry, in: state, desiredKeys: desiredKeys)))
                    case .deleted(let id, let record):
                        return .deletions(recordID: id, recordType: record.recordType)
                    case .partitionSaved, .partitionDeleted:
                        return nil
                    }
                }
                start += slice.count
                let more = start < changes.count
                // The last batch's token is the database's current sequence; an earlier one covers its batch.
                let covered = more ? slice.last!.sequence : state.records.sequence
                guard let token = makeToken(covered, in: state) else { return .failure(error("internalError")) }
                batches.append(ZoneBatch(events: events, token: token, moreComing: more))
            } while start < changes.count
            return .success(batches)
        }
    }

    /// One batch of database changes.
    struct DatabaseBatch {
        var changed: [CKRecordZone.ID]
        var deleted: [CKRecordZone.ID]
        var token: CKServerChangeToken
        var moreComing: Bool
    }

    /// Zones changed and deleted since `token`, in batches of at most `limit` zones (0: one
    /// batch), each with a token covering it and the batches before. The default zone is never
    /// reported (it cannot be fetched by change, see docs/InMemoryStore.md).
    func databaseChanges(since token: CKServerChangeToken?, limit: Int = 0) -> Result<[DatabaseBatch], any Error> {
        state.withLock { state in
            let since = token.map { sequence(of: $0, in: state) } ?? 0
            guard since >= state.oldestValidSequence || token == nil, since >= 0 else { return .failure(error("changeTokenExpired")) }
            // Each zone once, at its latest change, oldest first.
            var latest: [CKRecordZone.ID: Int] = [:]
            for change in state.records.changes where change.sequence > since && change.partition != .default {
                latest[change.partition] = change.sequence
            }
            let ordered = latest.sorted { $0.value < $1.value }
            let size = limit > 0 ? limit : max(ordered.count, 1)
            var batches: [DatabaseBatch] = []
            var start = 0
            repeat {
                let slice = ordered[start..<min(ordered.count, start + size)]
                start += slice.count
                let more = start < ordered.count
                let covered = more ? slice.last!.value : state.records.sequence
                guard let token = makeToken(covered, in: state) else { return .failure(error("internalError")) }
                batches.append(DatabaseBatch(
                    changed: slice.map(\.key).filter { state.zones[$0] != nil }, deleted: slice.map(\.key).filter { state.zones[$0] == nil },
                    token: token, moreComing: more))
            } while start < ordered.count
            return .success(batches)
        }
    }

    // MARK: Helpers

    /// Stores a record version with what the server sets on a save (dates, users; the creation
    /// date and creator are kept from the stored version), and remembers it by its change tag (a
    /// conflict's ancestor).
    private func store(_ record: CKRecord, in state: inout State) -> VersionedStore<CKRecordZone.ID, CKRecord.ID, CKRecord>.Entry {
        let id = record.recordID
        // Our choice: the server's clock never runs backwards, so a later save is always newer.
        let date = max(now(), state.lastSaveDate.addingTimeInterval(0.001))
        state.lastSaveDate = date
        let user = account.userRecordName
        let previous = state.serverFields[id]
        let fields = ServerFields(
            creationDate: previous?.creationDate ?? date, creatorUserRecordName: previous?.creatorUserRecordName ?? user,
            modificationDate: date, lastModifiedUserRecordName: user)
        state.serverFields[id] = fields
        let entry = state.records.save(record, as: id, in: id.zoneID)
        state.history[id, default: [:]][String(entry.version)] = (record, fields)
        return entry
    }

    private func remove(_ id: CKRecord.ID, in state: inout State) {
        state.records.delete(id, in: id.zoneID)
        state.history[id] = nil
        state.serverFields[id] = nil
    }

    /// A copy for the app carrying its change tag and server fields, with only `desiredKeys`
    /// (when given) and no changed keys, like a record fetched from the server.
    private func handOut(_ entry: VersionedStore<CKRecordZone.ID, CKRecord.ID, CKRecord>.Entry, in state: State, desiredKeys: [CKRecord.FieldKey]? = nil) -> CKRecord {
        var source = entry.item
        if let desiredKeys {
            source = entry.item.copy() as! CKRecord
            for key in source.allKeys() where !desiredKeys.contains(key) { source[key] = nil }
        }
        return handOut(source, changeTag: String(entry.version), fields: state.serverFields[entry.item.recordID])
    }

    /// `record` with a change tag and server fields. The user who asks sees themself as
    /// `CKCurrentUserDefaultName` ("__defaultOwner__"), other users by their record names. Not in
    /// Apple's documentation: it is what CloudKit returns for the current user's own records, as
    /// public app code relies on (e.g. `creatorUserRecordID?.recordName == "__defaultOwner__"`
    /// to tell records the user created); `userRecordID()` gives the real name.
    private func handOut(_ record: CKRecord, changeTag: String, fields: ServerFields?) -> CKRecord {
        let user = account.userRecordName
        let asSeen = fields.map { fields in
            var seen = fields
            if seen.creatorUserRecordName == user { seen.creatorUserRecordName = CKCurrentUserDefaultName }
            if seen.lastModifiedUserRecordName == user { seen.lastModifiedUserRecordName = CKCurrentUserDefaultName }
            return seen
        }
        return systemFields.record(record, changeTag: changeTag, server: asSeen)
    }

    /// Creates (or saves again) a zone with the capabilities CloudKit gives it: none for the
    /// default zone; for a custom zone (private and shared databases only) fetching changes,
    /// atomic batches and sharing.
    private func create(_ zone: CKRecordZone, in state: inout State) {
        var capabilities: CKRecordZone.Capabilities = []
        if zone.zoneID != .default {
            capabilities = [.fetchChanges, .atomic, .sharing, .zoneWideSharing]
        }
        state.capabilities[zone.zoneID] = capabilities
        state.zones[zone.zoneID] = systemFields.zone(zone, capabilities: capabilities)
        if !state.records.hasPartition(zone.zoneID) || zone.zoneID != .default { state.records.savePartition(zone.zoneID) }
    }

    // MARK: Tokens and cursors

    /// What a token or cursor this database minted stands for; written into its bytes, so a
    /// value the app archived and restored (how apps persist tokens, and how `InMemorySyncEngine`
    /// keeps them in its state serialization) still means what it meant. The nonce makes every
    /// value's bytes unique: Apple's `CKServerChangeToken` compares by its bytes.
    struct MintedValue: Codable, Equatable {
        var database: String
        var partition: String
        var sequence: Int
        var nonce = UUID().uuidString
    }

    private func makeToken(_ sequence: Int, in state: State) -> CKServerChangeToken? {
        let value = MintedValue(database: identity, partition: state.partition, sequence: sequence)
        guard let bytes = try? JSONEncoder().encode(value), let token = OpaqueValues.token(bytes) else {
            archiveFormat.report("CKServerChangeToken did not decode from an archive in Apple's format; change fetches fail with internalError.")
            return nil
        }
        tokensByIdentity[token] = value
        if OpaqueValues.bytes(of: token) != bytes {
            archiveFormat.report(
                "CKServerChangeToken's archive format is not the one CloudDouble knows (\(OpaqueValues.tokenDataKey)); "
                    + "tokens are known by object identity only, so a token restored from an archive is not recognised.")
        }
        return token
    }

    /// The sequence a token stands for, -1 for one this database did not make for this user.
    private func sequence(of token: CKServerChangeToken, in state: State) -> Int {
        let value = tokensByIdentity[token] ?? OpaqueValues.bytes(of: token).flatMap { try? JSONDecoder().decode(MintedValue.self, from: $0) }
        guard let value, value.database == identity, value.partition == state.partition else { return -1 }
        return value.sequence
    }

    private func makeCursor(_ position: QueryPosition, in state: State) -> CKQueryOperation.Cursor? {
        let value = MintedValue(database: identity, partition: state.partition, sequence: position.offset)
        guard let bytes = try? JSONEncoder().encode(value), let cursor = OpaqueValues.cursor(bytes, zoneID: position.zoneID) else {
            archiveFormat.report("CKQueryCursor did not decode from an archive in Apple's format; queries with more results fail with internalError.")
            return nil
        }
        cursorsByIdentity[cursor] = value
        cursorPositions.withLock { $0[value.nonce] = position }
        if OpaqueValues.bytes(of: cursor) != bytes {
            archiveFormat.report(
                "CKQueryCursor's archive format is not the one CloudDouble knows (\(OpaqueValues.cursorDataKey)); "
                    + "cursors are known by object identity only, so a cursor restored from an archive is not recognised.")
        }
        return cursor
    }

    /// Where a cursor this database made for the current user continues.
    private func position(of cursor: CKQueryOperation.Cursor) -> QueryPosition? {
        let value = cursorsByIdentity[cursor] ?? OpaqueValues.bytes(of: cursor).flatMap { try? JSONDecoder().decode(MintedValue.self, from: $0) }
        guard let value, value.database == identity, value.partition == state.current else { return nil }
        return cursorPositions.withLock { $0[value.nonce] }
    }

    func code(_ name: String) -> Int {
        errors.catalogue[name: name]?.rawValue ?? 1
    }

    func error(_ name: String) -> any Error {
        errors.error(code(name))
    }
}
