import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import Foundation

/// One CloudKit database held in memory: zones, records by ID within them, subscriptions, change
/// tags bumped on every save and a change history for zone and database change fetches. Set it
/// as a `MockCloudDatabase`'s `backing` and every call and operation the app makes without a stub
/// reads and writes it, with CloudKit's rules (see docs/InMemoryStore.md).
///
/// Records go in and come out as copies: the app mutating a record it fetched changes nothing
/// here until it saves it. All state belongs to the instance, behind one lock.
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
public final class InMemoryCloudDatabase: Sendable {
    /// The database's scope; the public database has only the default zone.
    public let scope: CKDatabase.Scope
    let errors = MockCloudDatabase.errorModel

    struct State {
        var records = VersionedStore<CKRecordZone.ID, CKRecord.ID, CKRecord>()
        var zones: [CKRecordZone.ID: CKRecordZone] = [:]
        var subscriptions: [(id: CKSubscription.ID, subscription: CKSubscription)] = []
        /// Tokens for sequences before this one have expired.
        var oldestValidSequence = 0
    }

    let state: Locked<State>
    /// The change tag of each record object this database handed out (CKRecord's own property
    /// is read-only outside CloudKit).
    let changeTags = ObjectTags<String>()
    let tokenSequences = ObjectTags<Int>()
    let cursorPositions = ObjectTags<QueryPosition>()

    /// Where a query continues: what it asked and how many results were already given.
    struct QueryPosition {
        var query: CKQuery
        var zoneID: CKRecordZone.ID
        var offset: Int
    }

    public init(scope: CKDatabase.Scope = .private) {
        self.scope = scope
        var initial = State()
        initial.zones[.default] = CKRecordZone.default()
        initial.records.savePartition(.default)
        state = Locked(initial)
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
                let entry = state.records.save(record.copy() as! CKRecord, as: record.recordID, in: zoneID)
                return handOut(entry)
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
        state.withLock { state in state.records.entry(id, in: id.zoneID).map { handOut($0) } }
    }

    /// Copies of every stored record in a zone (the default zone unless given), sorted by name.
    public func records(in zoneID: CKRecordZone.ID = .default) -> [CKRecord] {
        state.withLock { state in
            state.records.entries(in: zoneID).values.sorted { $0.item.recordID.recordName < $1.item.recordID.recordName }.map { handOut($0) }
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

    /// The change tag this database gave `record` (a record it handed out), or `nil`.
    public func changeTag(of record: CKRecord) -> String? {
        changeTags[record]
    }

    /// Changes a record as another device would: the stored copy is edited and gets a new change
    /// tag, and the change shows up in zone and database change fetches. Returns the new copy.
    @discardableResult
    public func modifyFromAnotherDevice(_ id: CKRecord.ID, _ edit: (CKRecord) -> Void) -> CKRecord? {
        state.withLock { state in
            guard let entry = state.records.entry(id, in: id.zoneID) else { return nil }
            let edited = entry.item.copy() as! CKRecord
            edit(edited)
            return handOut(state.records.save(edited, as: id, in: id.zoneID))
        }
    }

    /// Deletes a record as another device would.
    public func deleteFromAnotherDevice(_ id: CKRecord.ID) {
        state.withLock { state in _ = state.records.delete(id, in: id.zoneID) }
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
                return (id, .success(handOut(entry, desiredKeys: desiredKeys)))
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
            let plannedDeletes = ids.map { id -> (CKRecord.ID, NSError?) in
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
                failedZones = Set(failures.filter { state.zones[$0]?.capabilities.contains(.atomic) ?? false })
            }
            let batchFailed = error("batchRequestFailed")
            let saves = plannedSaves.map { record, plan -> (CKRecord.ID, Result<CKRecord, any Error>) in
                let id = record.recordID
                switch plan {
                case .failure(let failure): return (id, .failure(failure))
                case .success where failedZones.contains(id.zoneID): return (id, .failure(batchFailed))
                case .success(let merged): return (id, .success(handOut(state.records.save(merged, as: id, in: id.zoneID))))
                }
            }
            let deletes = plannedDeletes.map { id, failure -> (CKRecord.ID, Result<Void, any Error>) in
                if let failure { return (id, .failure(failure)) }
                if failedZones.contains(id.zoneID) { return (id, .failure(batchFailed)) }
                state.records.delete(id, in: id.zoneID)
                return (id, .success(()))
            }
            return (saves, deletes)
        }
    }

    /// What saving `record` would store, or why it fails. `ifServerRecordUnchanged` needs the
    /// change tag of the stored record: a record the app made itself has none, so saving one
    /// whose ID exists is a conflict, as in CloudKit.
    private func plan(_ record: CKRecord, policy: CKModifyRecordsOperation.RecordSavePolicy, state: State) -> Result<CKRecord, NSError> {
        let id = record.recordID
        guard state.zones[id.zoneID] != nil else { return .failure(error("zoneNotFound")) }
        let stored = state.records.entry(id, in: id.zoneID)
        let tag = changeTags[record]
        switch policy {
        case .ifServerRecordUnchanged:
            if let stored, tag != String(stored.version) {
                return .failure(errors.error(
                    code("serverRecordChanged"),
                    conflict: ErrorModel.Conflict(server: handOut(stored), client: record, ancestor: nil)))
            }
            if stored == nil, tag != nil { return .failure(error("unknownItem")) }  // deleted on the server since
            return .success(record.copy() as! CKRecord)
        case .changedKeys:
            // The record's fields overwrite the stored ones; fields it does not have are kept.
            let merged = (stored?.item.copy() as? CKRecord) ?? CKRecord(recordType: record.recordType, recordID: id)
            for key in record.allKeys() { merged[key] = record[key] }
            return .success(merged)
        case .allKeys:
            return .success(record.copy() as! CKRecord)
        @unknown default:
            return .success(record.copy() as! CKRecord)
        }
    }

    // MARK: Queries

    /// One page of a query: matching records of the type in the zone, filtered by the predicate,
    /// in sort order, at most `limit` (0 for all), and a cursor when more remain.
    func query(
        _ query: CKQuery, zoneID: CKRecordZone.ID?, desiredKeys: [CKRecord.FieldKey]?, limit: Int, offset: Int = 0
    ) -> Result<(records: [CKRecord], cursor: CKQueryOperation.Cursor?), any Error> {
        let zoneID = zoneID ?? .default
        return state.withLock { state in
            guard state.zones[zoneID] != nil else { return .failure(error("zoneNotFound")) }
            let candidates = state.records.entries(in: zoneID).values
                .filter { $0.item.recordType == query.recordType && query.predicate.evaluate(with: $0.item) }
            let byName = candidates.sorted { $0.item.recordID.recordName < $1.item.recordID.recordName }
            let ordered = RecordOrdering.sorted(byName.map(\.item), by: query.sortDescriptors ?? [])
            let entries = Dictionary(uniqueKeysWithValues: byName.map { ($0.item.recordID, $0) })
            let end = limit > 0 ? min(ordered.count, offset + limit) : ordered.count
            let page = offset < end ? Array(ordered[offset..<end]) : []
            let records = page.map { handOut(entries[$0.recordID]!, desiredKeys: desiredKeys) }
            var cursor: CKQueryOperation.Cursor?
            if end < ordered.count {
                let made = OpaqueValues.cursor("\(query.recordType) from \(end)")
                cursorPositions[made] = QueryPosition(query: query, zoneID: zoneID, offset: end)
                cursor = made
            }
            return .success((records, cursor))
        }
    }

    /// The next page after `cursor`, or `invalidArguments` for a cursor this database did not make.
    func query(continuing cursor: CKQueryOperation.Cursor, desiredKeys: [CKRecord.FieldKey]?, limit: Int) -> Result<(records: [CKRecord], cursor: CKQueryOperation.Cursor?), any Error> {
        guard let position = cursorPositions[cursor] else { return .failure(error("invalidArguments")) }
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
                return (zone.zoneID, .success(zone.copy() as! CKRecordZone))
            }
            let deletes = ids.map { id -> (CKRecordZone.ID, Result<Void, any Error>) in
                guard id != .default else { return (id, .failure(error("permissionFailure"))) }
                guard state.zones.removeValue(forKey: id) != nil else { return (id, .failure(error("zoneNotFound"))) }
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

    /// What changed in a zone since `token` (`nil`: everything): changed records, deletions, and
    /// the zone's new token; `changeTokenExpired` or `zoneNotFound` fail the zone.
    func zoneChanges(_ zoneID: CKRecordZone.ID, since token: CKServerChangeToken?, desiredKeys: [CKRecord.FieldKey]?) -> (
        events: [CloudFetchRecordZoneChangesOutcome.Event], result: Result<CKServerChangeToken, any Error>
    ) {
        let since = token.map { tokenSequences[$0] ?? -1 } ?? 0
        return state.withLock { state in
            guard state.zones[zoneID] != nil else { return ([], .failure(error("zoneNotFound"))) }
            guard since >= state.oldestValidSequence || (token == nil), since >= 0 else { return ([], .failure(error("changeTokenExpired"))) }
            let events = state.records.itemChanges(in: zoneID, since: since).compactMap { change -> CloudFetchRecordZoneChangesOutcome.Event? in
                switch change.kind {
                case .saved(let id):
                    guard let entry = state.records.entry(id, in: zoneID) else { return nil }
                    return .changes(id, .success(handOut(entry, desiredKeys: desiredKeys)))
                case .deleted(let id, let record):
                    return .deletions(recordID: id, recordType: record.recordType)
                case .partitionSaved, .partitionDeleted:
                    return nil
                }
            }
            return (events, .success(makeToken(state.records.sequence)))
        }
    }

    /// Zones changed and deleted since `token`, and the database's new token. The default zone
    /// is never reported, as in CloudKit.
    func databaseChanges(since token: CKServerChangeToken?) -> (changed: [CKRecordZone.ID], deleted: [CKRecordZone.ID], result: Result<CKServerChangeToken, any Error>) {
        let since = token.map { tokenSequences[$0] ?? -1 } ?? 0
        return state.withLock { state in
            guard since >= state.oldestValidSequence || token == nil, since >= 0 else { return ([], [], .failure(error("changeTokenExpired"))) }
            let changes = state.records.partitionChanges(since: since)
            return (changes.changed.filter { $0 != .default }, changes.deleted.filter { $0 != .default }, .success(makeToken(state.records.sequence)))
        }
    }

    // MARK: Helpers

    /// A copy for the app, with its change tag remembered and only `desiredKeys` (when given).
    private func handOut(_ entry: VersionedStore<CKRecordZone.ID, CKRecord.ID, CKRecord>.Entry, desiredKeys: [CKRecord.FieldKey]? = nil) -> CKRecord {
        let copy = entry.item.copy() as! CKRecord
        if let desiredKeys {
            for key in copy.allKeys() where !desiredKeys.contains(key) { copy[key] = nil }
        }
        changeTags[copy] = String(entry.version)
        return copy
    }

    private func create(_ zone: CKRecordZone, in state: inout State) {
        state.zones[zone.zoneID] = zone.copy() as? CKRecordZone
        if !state.records.hasPartition(zone.zoneID) || zone.zoneID != .default { state.records.savePartition(zone.zoneID) }
    }

    private func makeToken(_ sequence: Int) -> CKServerChangeToken {
        let token = OpaqueValues.token("sequence \(sequence)")
        tokenSequences[token] = sequence
        return token
    }

    func code(_ name: String) -> Int {
        errors.catalogue[name: name]?.rawValue ?? 1
    }

    func error(_ name: String) -> NSError {
        errors.error(code(name))
    }
}
