@_spi(Generated) import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import Foundation

/// `CKSyncEngine.State` of an ``InMemorySyncEngine``: pending changes, deduplicated as Apple's
/// doc comment on `pendingRecordZoneChanges` describes, and the engine's hidden state (the
/// account it last saw, change tokens, zones with unfetched changes). All behind one lock.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public final class InMemorySyncEngineState: CloudSyncEngineState {
    struct Stored {
        var pendingRecordZoneChanges: [CKSyncEngine.PendingRecordZoneChange] = []
        var pendingDatabaseChanges: [CKSyncEngine.PendingDatabaseChange] = []
        var hasPendingUntrackedChanges = false
        var zoneIDsWithUnfetchedServerChanges: [CKRecordZone.ID] = []
        var userRecordName: String?
        var databaseToken: Token?
        var zoneTokens: [CKRecordZone.ID: Token] = [:]
        /// Changed since the last `stateUpdate` event.
        var dirty = false
    }

    let stored: Locked<Stored>

    /// A change token and its keyed archive, made once, so that serializing the same state
    /// twice gives the same bytes.
    struct Token: @unchecked Sendable {
        // @unchecked: CKServerChangeToken is immutable (NS_SWIFT_SENDABLE on Apple platforms).
        let token: CKServerChangeToken
        let archive: Data

        init?(_ token: CKServerChangeToken?) {
            guard let token, let archive = try? NSKeyedArchiver.archivedData(withRootObject: token, requiringSecureCoding: true) else { return nil }
            self.token = token
            self.archive = archive
        }

        init?(archive: Data) {
            guard let token = try? NSKeyedUnarchiver.unarchivedObject(ofClass: CKServerChangeToken.self, from: archive) else { return nil }
            self.token = token
            self.archive = archive
        }
    }

    /// Called after each change the app makes through the public API (not the engine's own),
    /// so the engine can post `stateUpdate` for it: "This event will also happen when you change
    /// the state yourself."
    let appChanged = Locked<(@Sendable () -> Void)?>(nil)

    init(_ stored: Stored) { self.stored = Locked(stored) }

    public var pendingRecordZoneChanges: [CKSyncEngine.PendingRecordZoneChange] { stored.withLock { $0.pendingRecordZoneChanges } }
    public var pendingDatabaseChanges: [CKSyncEngine.PendingDatabaseChange] { stored.withLock { $0.pendingDatabaseChanges } }
    public var zoneIDsWithUnfetchedServerChanges: [CKRecordZone.ID] { stored.withLock { $0.zoneIDsWithUnfetchedServerChanges } }

    public var hasPendingUntrackedChanges: Bool {
        get { stored.withLock { $0.hasPendingUntrackedChanges } }
        set {
            stored.withLock {
                $0.hasPendingUntrackedChanges = newValue
                $0.dirty = true
            }
            notifyAppChange()
        }
    }

    public func add(pendingRecordZoneChanges changes: [CKSyncEngine.PendingRecordZoneChange]) {
        add(changes)
        notifyAppChange()
    }

    public func remove(pendingRecordZoneChanges changes: [CKSyncEngine.PendingRecordZoneChange]) {
        remove(changes)
        notifyAppChange()
    }

    public func add(pendingDatabaseChanges changes: [CKSyncEngine.PendingDatabaseChange]) {
        add(changes)
        notifyAppChange()
    }

    public func remove(pendingDatabaseChanges changes: [CKSyncEngine.PendingDatabaseChange]) {
        remove(changes)
        notifyAppChange()
    }

    func notifyAppChange() { appChanged.withLock { $0 }?() }

    // MARK: The engine's own changes (no app-change notice)

    /// Apple: "if you add a pending save for record A, then record B, then record A again, this
    /// will result in a list of `[saveRecordA, saveRecordB]`. Similarly, if you add a pending save
    /// for record A, then add a pending delete for the same record A, this will result in a
    /// single pending change of `[deleteRecordA]`."
    func add(_ changes: [CKSyncEngine.PendingRecordZoneChange]) {
        stored.withLock { stored in
            for change in changes {
                let id = change.cloudDoubleRecordID
                if let index = stored.pendingRecordZoneChanges.firstIndex(where: { $0.cloudDoubleRecordID == id }) {
                    if stored.pendingRecordZoneChanges[index] == change { continue }
                    stored.pendingRecordZoneChanges.remove(at: index)
                }
                stored.pendingRecordZoneChanges.append(change)
            }
            stored.dirty = true
        }
    }

    func remove(_ changes: [CKSyncEngine.PendingRecordZoneChange]) {
        stored.withLock { stored in
            stored.pendingRecordZoneChanges.removeAll { changes.contains($0) }
            stored.dirty = true
        }
    }

    /// Deduplicated by zone, the last change for a zone winning (our reading of "The sync engine
    /// will ensure consistency and deduplicate these changes under the hood").
    func add(_ changes: [CKSyncEngine.PendingDatabaseChange]) {
        stored.withLock { stored in
            for change in changes {
                let id = Self.zoneID(of: change)
                stored.pendingDatabaseChanges.removeAll { Self.zoneID(of: $0) == id }
                stored.pendingDatabaseChanges.append(change)
            }
            stored.dirty = true
        }
    }

    func remove(_ changes: [CKSyncEngine.PendingDatabaseChange]) {
        stored.withLock { stored in
            let removed = changes.map { (Self.kind(of: $0), Self.zoneID(of: $0)) }
            stored.pendingDatabaseChanges.removeAll { change in removed.contains { $0 == (Self.kind(of: change), Self.zoneID(of: change)) } }
            stored.dirty = true
        }
    }

    static func zoneID(of change: CKSyncEngine.PendingDatabaseChange) -> CKRecordZone.ID {
        switch change {
        case .saveZone(let zone): return zone.zoneID
        case .deleteZone(let id): return id
        @unknown default: preconditionFailure("unknown pending database change \(change)")
        }
    }

    static func kind(of change: CKSyncEngine.PendingDatabaseChange) -> Int {
        if case .saveZone = change { return 0 }
        return 1
    }

    // MARK: Serialization

    /// What the serialization holds, as JSON: names for IDs, keyed archives for tokens (the
    /// way apps persist `CKServerChangeToken`, which is `NSSecureCoding`).
    struct Snapshot: Codable, Equatable {
        struct Zone: Codable, Hashable {
            var zoneName: String
            var ownerName: String
        }
        struct Record: Codable, Hashable {
            var recordName: String
            var zone: Zone
        }
        struct PendingRecord: Codable, Hashable {
            var delete: Bool
            var record: Record
        }
        struct PendingZone: Codable, Hashable {
            var delete: Bool
            var zone: Zone
        }
        struct ZoneToken: Codable, Hashable {
            var zone: Zone
            var token: Data
        }

        var format = 1
        var userRecordName: String?
        var databaseToken: Data?
        var zoneTokens: [ZoneToken] = []
        var pendingRecordZoneChanges: [PendingRecord] = []
        var pendingDatabaseChanges: [PendingZone] = []
        var zoneIDsWithUnfetchedServerChanges: [Zone] = []
        var hasPendingUntrackedChanges = false
    }

    /// The serialization of the current state (and the state counts as reported).
    func serialization(markingReported: Bool) -> SyncEngineStateSerialization {
        let stored = self.stored.withLock { stored -> Stored in
            if markingReported { stored.dirty = false }
            return stored
        }
        func zone(_ id: CKRecordZone.ID) -> Snapshot.Zone { Snapshot.Zone(zoneName: id.zoneName, ownerName: id.ownerName) }
        var snapshot = Snapshot()
        snapshot.userRecordName = stored.userRecordName
        snapshot.databaseToken = stored.databaseToken?.archive
        snapshot.zoneTokens = stored.zoneTokens.map { id, token in Snapshot.ZoneToken(zone: zone(id), token: token.archive) }
            .sorted { ($0.zone.zoneName, $0.zone.ownerName) < ($1.zone.zoneName, $1.zone.ownerName) }
        snapshot.pendingRecordZoneChanges = stored.pendingRecordZoneChanges.map { change in
            let id = change.cloudDoubleRecordID
            if case .deleteRecord = change {
                return Snapshot.PendingRecord(delete: true, record: .init(recordName: id.recordName, zone: zone(id.zoneID)))
            }
            return Snapshot.PendingRecord(delete: false, record: .init(recordName: id.recordName, zone: zone(id.zoneID)))
        }
        snapshot.pendingDatabaseChanges = stored.pendingDatabaseChanges.map {
            Snapshot.PendingZone(delete: Self.kind(of: $0) == 1, zone: zone(Self.zoneID(of: $0)))
        }
        snapshot.zoneIDsWithUnfetchedServerChanges = stored.zoneIDsWithUnfetchedServerChanges.map(zone)
        snapshot.hasPendingUntrackedChanges = stored.hasPendingUntrackedChanges
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Only strings, booleans and data: encoding cannot fail.
        return SyncEngineStateSerialization(data: (try? encoder.encode(snapshot)) ?? Data())
    }

    /// The state a serialization describes; throws for bytes this engine did not write. A change
    /// token whose archive no longer decodes is dropped (the engine then fetches that scope from
    /// the start, which loses nothing) and named in `lost`.
    static func restore(_ serialization: SyncEngineStateSerialization, lost: inout [String]) throws -> Stored {
        let snapshot = try JSONDecoder().decode(Snapshot.self, from: serialization.data)
        guard snapshot.format == Snapshot().format else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "format \(snapshot.format), this engine writes \(Snapshot().format)"))
        }
        func zoneID(_ zone: Snapshot.Zone) -> CKRecordZone.ID { CKRecordZone.ID(zoneName: zone.zoneName, ownerName: zone.ownerName) }
        var stored = Stored()
        stored.userRecordName = snapshot.userRecordName
        if let archive = snapshot.databaseToken {
            stored.databaseToken = Token(archive: archive)
            if stored.databaseToken == nil { lost.append("the database change token") }
        }
        for entry in snapshot.zoneTokens {
            stored.zoneTokens[zoneID(entry.zone)] = Token(archive: entry.token)
            if stored.zoneTokens[zoneID(entry.zone)] == nil { lost.append("the change token of zone \(entry.zone.zoneName)") }
        }
        stored.pendingRecordZoneChanges = snapshot.pendingRecordZoneChanges.map { pending in
            let id = CKRecord.ID(recordName: pending.record.recordName, zoneID: zoneID(pending.record.zone))
            return pending.delete ? .deleteRecord(id) : .saveRecord(id)
        }
        stored.pendingDatabaseChanges = snapshot.pendingDatabaseChanges.map { pending in
            pending.delete ? .deleteZone(zoneID(pending.zone)) : .saveZone(CKRecordZone(zoneID: zoneID(pending.zone)))
        }
        stored.zoneIDsWithUnfetchedServerChanges = snapshot.zoneIDsWithUnfetchedServerChanges.map(zoneID)
        stored.hasPendingUntrackedChanges = snapshot.hasPendingUntrackedChanges
        return stored
    }
}
