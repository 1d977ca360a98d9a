@_spi(Generated) import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import Foundation

/// A user's shared database: the zones other users shared with them, read and written in the
/// owners' private databases. CKShareParticipant.h: "Upon acceptance, CloudKit makes the shared
/// records available in the participant's shared database. The records remain accessible for as
/// long as the participant's status is `accepted`." Zones appear with the owner's user record
/// name as `ownerName`; a record share shows only its hierarchy (CKShare.h: "A share, its root
/// record, and its root record's children records will only appear in a participant's
/// CKFetchRecordChangesOperation's results after the share has been accepted"), a zone-wide share
/// the whole zone ("All records in this zone will appear ... in the shared database after the
/// share has been accepted"). Rules and sources: docs/InMemoryStore.md, "Sharing".
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension InMemoryCloudDatabase {
    /// What one accepted share gives the signed-in user.
    struct Grant {
        var location: ShareLocation
        /// The root (owner-local ID); `nil`: the whole zone.
        var root: CKRecord.ID?
        var permission: CKShare.ParticipantPermission
    }

    /// One zone of the shared database.
    struct SharedZone {
        /// As the participant sees it: owner's user record name as `ownerName`.
        var zoneID: CKRecordZone.ID
        var owner: String
        var localZoneID: CKRecordZone.ID { CKRecordZone.ID(zoneName: zoneID.zoneName, ownerName: CKCurrentUserDefaultName) }
        var grants: [Grant]
        var wholeZone: Bool { grants.contains { $0.root == nil } }
        var canWrite: Bool { grants.contains { $0.permission == .readWrite } }
    }

    /// The owner's private database, acting for the signed-in user.
    func ownerView(_ owner: String) -> InMemoryCloudDatabase? {
        service.sharing.privateDatabase.map {
            InMemoryCloudDatabase(ownerView: $0.partitions, storage: $0.storage, partition: owner, account: account, service: service)
        }
    }

    /// The zones shared with the signed-in user and accepted, by zone name and owner.
    func sharedZones() -> [SharedZone] {
        let viewer = account.userRecordName
        var zones: [CKRecordZone.ID: SharedZone] = [:]
        for (_, location) in service.sharing.liveShares where location.owner != viewer {
            guard let view = ownerView(location.owner),
                let share = view.state.withLock({ $0.records.entry(location.shareID, in: location.zoneID)?.item }) as? CKShare,
                let me = view.participantStates(of: share).first(where: { $0.userRecordName == viewer }), me.acceptance == .accepted
            else { continue }
            let zoneID = CKRecordZone.ID(zoneName: location.zoneName, ownerName: location.owner)
            let grant = Grant(location: location, root: SharingArchive.rootRecordID(of: share), permission: me.permission)
            zones[zoneID, default: SharedZone(zoneID: zoneID, owner: location.owner, grants: [])].grants.append(grant)
        }
        return zones.values.sorted { ($0.zoneID.ownerName, $0.zoneID.zoneName) < ($1.zoneID.ownerName, $1.zoneID.zoneName) }
    }

    /// The records of `zone` the user may see (owner-local IDs): `nil` for the whole zone, else
    /// each root, its descendants by `parent`, and the shares.
    func visibleRecords(in zone: SharedZone, view: InMemoryCloudDatabase) -> Set<CKRecord.ID>? {
        if zone.wholeZone { return nil }
        return view.state.withLock { state in
            let entries = state.records.entries(in: zone.localZoneID)
            var visible = Set(zone.grants.map(\.location.shareID))
            let roots = Set(zone.grants.compactMap(\.root))
            for id in entries.keys {
                var next: CKRecord.ID? = id
                var steps = 0
                while let current = next, steps <= entries.count {
                    if roots.contains(current) {
                        visible.insert(id)
                        break
                    }
                    next = entries[current]?.item.parent?.recordID
                    steps += 1
                }
            }
            return visible
        }
    }

    // MARK: Moving between the two names of a zone

    func toLocal<T: NSObject & NSSecureCoding>(_ object: T, _ zone: SharedZone) -> T {
        SharingArchive.moved(object, from: zone.zoneID, to: zone.localZoneID) ?? object
    }

    func toShared<T: NSObject & NSSecureCoding>(_ object: T, _ zone: SharedZone) -> T {
        SharingArchive.moved(object, from: zone.localZoneID, to: zone.zoneID) ?? object
    }

    func toLocal(_ id: CKRecord.ID, _ zone: SharedZone) -> CKRecord.ID { CKRecord.ID(recordName: id.recordName, zoneID: zone.localZoneID) }
    func toShared(_ id: CKRecord.ID, _ zone: SharedZone) -> CKRecord.ID { CKRecord.ID(recordName: id.recordName, zoneID: zone.zoneID) }

    /// An error from the owner's database with the records it carries (a conflict's) renamed.
    func toShared(_ failure: any Error, _ zone: SharedZone) -> any Error {
        guard let ckError = failure as? CKError, ckError.code == .serverRecordChanged else { return failure }
        return error(
            .serverRecordChanged,
            conflict: ErrorModel.Conflict(
                server: ckError.serverRecord.map { toShared($0, zone) }, client: ckError.clientRecord.map { toShared($0, zone) },
                ancestor: ckError.ancestorRecord.map { toShared($0, zone) }))
    }

    // MARK: The database's primitives, in the shared scope

    func sharedFetch(_ ids: [CKRecord.ID], desiredKeys: [CKRecord.FieldKey]?) -> Result<[ItemResult<CKRecord.ID, CKRecord>], any Error> {
        let zones = sharedZones()
        return .success(
            ids.map { id in
                guard let zone = zones.first(where: { $0.zoneID == id.zoneID }), let view = ownerView(zone.owner) else {
                    return (id, .failure(error(.zoneNotFound)))
                }
                if let visible = visibleRecords(in: zone, view: view), !visible.contains(toLocal(id, zone)) {
                    return (id, .failure(error(.unknownItem)))
                }
                switch view.fetch([toLocal(id, zone)], desiredKeys: desiredKeys) {
                case .success(let results): return (id, results[0].result.map { toShared($0, zone) }.mapError { toShared($0, zone) })
                case .failure(let failure): return (id, .failure(failure))
                }
            })
    }

    /// Writes go to the owner's database, after the share's rules:
    /// - a participant without `readWrite` permission gets `permissionFailure` (CKError.h:
    ///   "Access failure (save, fetch, or shareAccept)"; CKShareParticipant.h:
    ///   "Participants with write permissions can modify or delete any record that you include in
    ///   the share");
    /// - "only the owner can delete a shared hierarchy's root record" (`permissionFailure`);
    /// - "If a participant attempts to delete the share, CloudKit removes the participant. The
    ///   share remains active for all other participants";
    /// - a record outside the shared hierarchy, or a share saved by a participant, is
    ///   `permissionFailure` (our choice).
    func sharedModify(
        saving records: [CKRecord], deleting ids: [CKRecord.ID], policy: CKModifyRecordsOperation.RecordSavePolicy, atomically: Bool
    ) -> Result<(saves: [ItemResult<CKRecord.ID, CKRecord>], deletes: [ItemResult<CKRecord.ID, Void>]), any Error> {
        let zones = sharedZones()
        var saves = records.map { ItemResult<CKRecord.ID, CKRecord>(id: $0.recordID, result: .failure(error(.zoneNotFound))) }
        var deletes = ids.map { ItemResult<CKRecord.ID, Void>(id: $0, result: .failure(error(.zoneNotFound))) }
        for zone in zones {
            guard let view = ownerView(zone.owner) else { continue }
            let visible = visibleRecords(in: zone, view: view)
            let saving = Set(records.map(\.recordID))
            func inHierarchy(_ record: CKRecord) -> Bool {
                guard let visible else { return true }
                let local = toLocal(record.recordID, zone)
                if visible.contains(local) { return true }
                guard let parent = record.parent?.recordID else { return false }
                return visible.contains(toLocal(parent, zone)) || saving.contains(parent)
            }
            var forward: [(index: Int, record: CKRecord)] = []
            for (index, record) in records.enumerated() where record.recordID.zoneID == zone.zoneID {
                if !zone.canWrite || record is CKShare || !inHierarchy(record) {
                    saves[index].result = .failure(error(.permissionFailure))
                } else {
                    forward.append((index, toLocal(record, zone)))
                }
            }
            var forwardDeletes: [(index: Int, id: CKRecord.ID)] = []
            let shareIDs = Set(zone.grants.map(\.location.shareID))
            let roots = Set(zone.grants.compactMap(\.root))
            for (index, id) in ids.enumerated() where id.zoneID == zone.zoneID {
                let local = toLocal(id, zone)
                if shareIDs.contains(local) {
                    leave(zone.grants.first { $0.location.shareID == local }!.location)
                    deletes[index].result = .success(())
                } else if !zone.canWrite || roots.contains(local) || !(visible?.contains(local) ?? true) {
                    deletes[index].result = .failure(error(.permissionFailure))
                } else {
                    forwardDeletes.append((index, local))
                }
            }
            guard !forward.isEmpty || !forwardDeletes.isEmpty else { continue }
            // An atomic batch in an atomic zone with a refused item writes nothing there (as in
            // the owner's database: CKModifyRecordsOperation.h, "Server-side write atomicity is
            // only enforced on zones that have CKRecordZoneCapabilityAtomic").
            let refused =
                records.indices.contains { index in records[index].recordID.zoneID == zone.zoneID && !forward.contains { $0.index == index } }
                || ids.indices.contains { index in
                    ids[index].zoneID == zone.zoneID && !forwardDeletes.contains { $0.index == index } && (try? deletes[index].result.get()) == nil
                }
            if atomically, refused, view.capabilities(of: zone.localZoneID)?.contains(.atomic) ?? false {
                for slot in forward { saves[slot.index].result = .failure(error(.batchRequestFailed)) }
                for slot in forwardDeletes { deletes[slot.index].result = .failure(error(.batchRequestFailed)) }
                continue
            }
            switch view.modify(saving: forward.map(\.record), deleting: forwardDeletes.map(\.id), policy: policy, atomically: atomically) {
            case .failure(let failure): return .failure(failure)
            case .success(let results):
                for (slot, result) in zip(forward, results.saves) {
                    saves[slot.index].result = result.result.map { toShared($0, zone) }.mapError { toShared($0, zone) }
                }
                for (slot, result) in zip(forwardDeletes, results.deletes) { deletes[slot.index].result = result.result }
            }
        }
        return .success((saves, deletes))
    }

    /// The signed-in participant leaves a share: the server removes them from it.
    func leave(_ location: ShareLocation) {
        guard let view = ownerView(location.owner) else { return }
        let viewer = account.userRecordName
        view.updateShare(at: location) { participants in participants.removeAll { $0.userRecordName == viewer } }
    }

    func sharedFetchZones(_ ids: [CKRecordZone.ID]?) -> [ItemResult<CKRecordZone.ID, CKRecordZone>] {
        let zones = sharedZones()
        return (ids ?? zones.map(\.zoneID)).map { id in
            guard let zone = zones.first(where: { $0.zoneID == id }), let view = ownerView(zone.owner),
                let fetched = view.state.withLock({ state in state.zones[zone.localZoneID].map { view.fetchedZone($0, in: state) } })
            else { return (id, .failure(error(.zoneNotFound))) }
            return (id, .success(toShared(fetched, zone)))
        }
    }

    /// Zones are made and deleted by their owners (our choice: `permissionFailure` here).
    func sharedModifyZones(
        saving zones: [CKRecordZone], deleting ids: [CKRecordZone.ID]
    ) -> (
        saves: [ItemResult<CKRecordZone.ID, CKRecordZone>], deletes: [ItemResult<CKRecordZone.ID, Void>]
    ) {
        (zones.map { ($0.zoneID, .failure(error(.permissionFailure))) }, ids.map { ($0, .failure(error(.permissionFailure))) })
    }

    func sharedZoneChanges(
        _ zoneID: CKRecordZone.ID, since token: CKServerChangeToken?, desiredKeys: [CKRecord.FieldKey]?, limit: Int
    ) -> Result<[ZoneBatch], any Error> {
        guard let zone = sharedZones().first(where: { $0.zoneID == zoneID }), let view = ownerView(zone.owner) else {
            return .failure(error(.zoneNotFound))
        }
        let visible = visibleRecords(in: zone, view: view)
        return view.zoneChanges(zone.localZoneID, since: token, desiredKeys: desiredKeys, limit: limit).map { batches in
            batches.map { batch in
                var shared = batch
                shared.events = batch.events.compactMap { event in
                    switch event {
                    case .changes(let id, let result):
                        if let visible, !visible.contains(id) { return nil }
                        return .changes(toShared(id, zone), result.map { toShared($0, zone) })
                    case .deletions(let id, let type):
                        return .deletions(recordID: toShared(id, zone), recordType: type)
                    default:
                        return event
                    }
                }
                return shared
            }
        }
    }

    /// The shared database's changes: zones whose records (or share) changed, or that were shared
    /// with the user, since the token, and zones the user lost access to as deleted, in one
    /// batch. The token's bytes say what each zone's history was at the time (our format).
    func sharedDatabaseChanges(since token: CKServerChangeToken?) -> Result<[DatabaseBatch], any Error> {
        var seen: [String: Int] = [:]
        if let token {
            guard let bytes = OpaqueValues.bytes(of: token), let decoded = try? JSONDecoder().decode(SharedDatabaseToken.self, from: bytes),
                decoded.user == account.userRecordName
            else { return .failure(error(.changeTokenExpired)) }
            seen = decoded.zones
        }
        var now: [String: Int] = [:]
        var changed: [CKRecordZone.ID] = []
        for zone in sharedZones() {
            guard let view = ownerView(zone.owner) else { continue }
            let key = zone.owner + "/" + zone.zoneID.zoneName
            let latest = view.state.withLock { state in state.records.changes.last { $0.partition == zone.localZoneID }?.sequence ?? 0 }
            now[key] = latest
            if seen[key] != latest { changed.append(zone.zoneID) }
        }
        let deleted = seen.keys.filter { now[$0] == nil }.sorted().map { key -> CKRecordZone.ID in
            let parts = key.split(separator: "/", maxSplits: 1).map(String.init)
            return CKRecordZone.ID(zoneName: parts[1], ownerName: parts[0])
        }
        guard let bytes = try? JSONEncoder().encode(SharedDatabaseToken(user: account.userRecordName, zones: now)),
            let made = OpaqueValues.token(bytes)
        else {
            return .failure(error(.internalError))
        }
        return .success([DatabaseBatch(changed: changed, deleted: deleted, token: made, moreComing: false)])
    }

    /// What the user sees of a shared zone (for tests), sorted by name.
    func sharedRecords(in zoneID: CKRecordZone.ID) -> [CKRecord] {
        guard let zone = sharedZones().first(where: { $0.zoneID == zoneID }), let view = ownerView(zone.owner) else { return [] }
        let visible = visibleRecords(in: zone, view: view)
        return view.records(in: zone.localZoneID).filter { visible?.contains($0.recordID) ?? true }.map { toShared($0, zone) }
    }

    /// A query in one shared zone, answered in one page (our choice: no cursor in the shared scope).
    func sharedQuery(
        _ query: CKQuery, zoneID: CKRecordZone.ID, desiredKeys: [CKRecord.FieldKey]?
    ) -> Result<(records: [CKRecord], cursor: CKQueryOperation.Cursor?), any Error> {
        guard let zone = sharedZones().first(where: { $0.zoneID == zoneID }), let view = ownerView(zone.owner) else {
            return .failure(error(.zoneNotFound))
        }
        let visible = visibleRecords(in: zone, view: view)
        return view.query(query, zoneID: zone.localZoneID, desiredKeys: desiredKeys, limit: 0).map { page in
            (page.records.filter { visible?.contains($0.recordID) ?? true }.map { toShared($0, zone) }, nil)
        }
    }
}

/// What a shared database's change token stands for: whose it is and where each zone's history was.
struct SharedDatabaseToken: Codable {
    var user: String
    var zones: [String: Int]
}
