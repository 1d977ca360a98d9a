import CloudKit
import CloudKitDoubles
import Foundation

/// A note as the app keeps it.
public struct Note: Sendable, Equatable {
    nonisolated public var id: String
    nonisolated public var text: String
    nonisolated public var modified: Date

    /// `nonisolated`, so that the `SyncedNotes` actor can make notes when this file is compiled
    /// with the main actor as default isolation (an Xcode 26 app target).
    nonisolated public init(id: String, text: String, modified: Date) {
        self.id = id
        self.text = text
        self.modified = modified
    }
}

/// A notes app synced the CKSyncEngine way (after Apple's sample "Synchronizing data with
/// CKSyncEngine", SyncedDatabase.swift), written against `CloudSyncEngine` only: the same code
/// runs on `LiveCloudSyncEngine` (the real engine) and on `InMemorySyncEngine` in tests.
///
/// - Local edits become pending changes in the engine's state; the engine asks for records in
///   `nextRecordZoneChangeBatch`. Fields are `encryptedValues`, and the server's last record of
///   each note is kept as archived system fields, both as in Apple's sample.
/// - Fetched changes are merged: the newer edit wins.
/// - Failed sends are handled as the sample does: `serverRecordChanged` merges the server record
///   and sends again, `zoneNotFound` saves the zone and sends again, `unknownItem` forgets the
///   server record and sends again; the engine's own retryable errors are left to it. Any other
///   error is sent again at the next sync (this app's choice, so that nothing is lost).
/// - A zone deleted on another device is made again and every note uploaded again (this app
///   treats iCloud as a copy of the device's notes); a zone the user purged in Settings is
///   cleared locally, as Apple's sample does for deletions.
/// - Signing out deletes the local notes (the sample's choice); signing in uploads whatever is
///   local and fetches the account's notes.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public actor SyncedNotes: CloudSyncEngineDelegate {
    public static let recordType = "Note"
    public let zoneID: CKRecordZone.ID

    public private(set) var notes: [String: Note] = [:]
    /// The server's last record of each note, as its system fields archived the way an app
    /// persists them (`encodeSystemFields(with:)`, read back with `CKRecord(coder:)`, after Apple's
    /// sample): the next save starts from it and so carries its change tag.
    var lastKnownRecords: [String: Data] = [:]
    /// What the app persists with its notes and gives the engine at the next launch.
    public private(set) var stateSerialization: SyncEngineStateSerialization?
    public private(set) var engine: (any CloudSyncEngine)?
    /// Whether the zone is known to exist on the server (else the next save asks for it first).
    var zoneSaved = false

    public init(zoneName: String = "Notes", stateSerialization: SyncEngineStateSerialization? = nil) {
        zoneID = CKRecordZone.ID(zoneName: zoneName)
        self.stateSerialization = stateSerialization
    }

    /// Notes in a zone another user shared with this one (its ID as the shared database names it,
    /// the owner's user record name as `ownerName`): the owner made the zone, this app never saves
    /// or re-creates it.
    public init(sharedZone zoneID: CKRecordZone.ID, stateSerialization: SyncEngineStateSerialization? = nil) {
        self.zoneID = zoneID
        self.stateSerialization = stateSerialization
        zoneSaved = true
    }

    /// Whether the zone is this user's own (in their private database).
    var ownsZone: Bool { zoneID.ownerName == CKCurrentUserDefaultName }

    /// The engine was made with this object as its delegate (the engine needs its delegate first).
    public func attach(_ engine: any CloudSyncEngine) {
        self.engine = engine
    }

    // MARK: Local edits

    public func save(_ note: Note) {
        notes[note.id] = note
        if !zoneSaved, ownsZone { engine?.state.add(pendingDatabaseChanges: [.saveZone(CKRecordZone(zoneID: zoneID))]) }
        engine?.state.add(pendingRecordZoneChanges: [.saveRecord(recordID(note.id))])
    }

    public func delete(id: String) {
        notes[id] = nil
        engine?.state.add(pendingRecordZoneChanges: [.deleteRecord(recordID(id))])
    }

    /// "backup now": send, then fetch (never from inside `handleEvent`, as Apple warns). A send
    /// that had failures throws (the engine keeps or the app re-adds what must go again, for the
    /// next sync); the fetch still runs, then the send's error is rethrown.
    public func sync() async throws {
        guard let engine else { return }
        var sendFailure: (any Error)?
        do {
            try await engine.sendChanges()
        } catch {
            sendFailure = error
        }
        try await engine.fetchChanges()
        if let sendFailure { throw sendFailure }
    }

    /// Whether every local change is on the server, as far as the engine knows.
    public var isUpToDate: Bool {
        guard let engine else { return false }
        return engine.state.pendingRecordZoneChanges.isEmpty && engine.state.pendingDatabaseChanges.isEmpty
    }

    /// The server's last record of a note as this device knows it (the base of its next save);
    /// `nil` before the first sync, or once a failure showed it is gone from the server.
    public func serverRecord(ofNote id: String) -> CKRecord? { lastKnownRecords[id].flatMap(Self.record(fromSystemFields:)) }

    func recordID(_ name: String) -> CKRecord.ID { CKRecord.ID(recordName: name, zoneID: zoneID) }

    // MARK: CloudSyncEngineDelegate

    public func handleEvent(_ event: SyncEngineEvent, syncEngine: any CloudSyncEngine) async {
        switch event {
        case .stateUpdate(let update):
            stateSerialization = update.stateSerialization
        case .accountChange(let change):
            handleAccountChange(change, syncEngine)
        case .fetchedDatabaseChanges(let changes):
            for deletion in changes.deletions where deletion.zoneID == zoneID {
                if deletion.reason == .purged || !ownsZone {  // a shared zone gone: no access any more
                    notes.removeAll()
                    lastKnownRecords.removeAll()
                } else {
                    uploadEverything(syncEngine)
                }
            }
        case .fetchedRecordZoneChanges(let changes):
            if !changes.modifications.isEmpty { zoneSaved = true }
            for modification in changes.modifications { merge(modification.record, syncEngine) }
            for deletion in changes.deletions where deletion.recordID.zoneID == zoneID {
                let name = deletion.recordID.recordName
                if syncEngine.state.pendingRecordZoneChanges.contains(.saveRecord(deletion.recordID)) { continue }  // edited here since
                notes[name] = nil
                lastKnownRecords[name] = nil
            }
        case .sentDatabaseChanges(let sent):
            if sent.savedZones.contains(where: { $0.zoneID == zoneID }) { zoneSaved = true }
            let again = sent.failedZoneSaves.filter { !Self.engineRetries($0.error) }.map { CKSyncEngine.PendingDatabaseChange.saveZone($0.zone) }
            syncEngine.state.add(pendingDatabaseChanges: again)
        case .sentRecordZoneChanges(let sent):
            handleSent(sent, syncEngine)
        case .willFetchChanges, .willFetchRecordZoneChanges, .didFetchRecordZoneChanges, .didFetchChanges, .willSendChanges, .didSendChanges:
            break
        }
    }

    public func nextRecordZoneChangeBatch(
        _ context: SyncEngineSendChangesContext, syncEngine: any CloudSyncEngine
    ) async -> CKSyncEngine.RecordZoneChangeBatch? {
        let pending = syncEngine.state.pendingRecordZoneChanges.filter { context.options.scope.contains($0) }
        var records: [CKRecord.ID: CKRecord] = [:]
        var gone: [CKSyncEngine.PendingRecordZoneChange] = []
        for change in pending {
            guard case .saveRecord(let id) = change else { continue }
            if let note = notes[id.recordName] {
                records[id] = record(for: note)
            } else {
                gone.append(change)  // the note was deleted since: nothing to save
            }
        }
        syncEngine.state.remove(pendingRecordZoneChanges: gone)
        let ready = records
        return await CKSyncEngine.RecordZoneChangeBatch(pendingChanges: pending) { ready[$0] }
    }

    // MARK: Handling

    /// The server's last record, updated, or a new one.
    func record(for note: Note) -> CKRecord {
        let record = serverRecord(ofNote: note.id) ?? CKRecord(recordType: Self.recordType, recordID: recordID(note.id))
        // Encrypted fields, as Apple's sample keeps every field.
        record.encryptedValues["text"] = note.text
        record.encryptedValues["modified"] = note.modified
        return record
    }

    func note(from record: CKRecord) -> Note? {
        guard let text = record.encryptedValues["text"] as? String, let modified = record.encryptedValues["modified"] as? Date else { return nil }
        return Note(id: record.recordID.recordName, text: text, modified: modified)
    }

    /// The newer edit wins; the server's record becomes the base of the next save either way.
    func merge(_ record: CKRecord, _ syncEngine: any CloudSyncEngine) {
        guard record.recordID.zoneID == zoneID, let theirs = note(from: record) else { return }
        let name = theirs.id
        lastKnownRecords[name] = Self.systemFields(of: record)
        if let ours = notes[name], ours.modified > theirs.modified {
            syncEngine.state.add(pendingRecordZoneChanges: [.saveRecord(record.recordID)])  // ours goes on top
        } else {
            notes[name] = theirs
        }
    }

    func handleSent(_ sent: SyncEngineEvent.SentRecordZoneChanges, _ syncEngine: any CloudSyncEngine) {
        for saved in sent.savedRecords { lastKnownRecords[saved.recordID.recordName] = Self.systemFields(of: saved) }
        for deleted in sent.deletedRecordIDs { lastKnownRecords[deleted.recordName] = nil }
        var again: [CKSyncEngine.PendingRecordZoneChange] = []
        var zones: [CKSyncEngine.PendingDatabaseChange] = []
        for failure in sent.failedRecordSaves {
            let id = failure.record.recordID
            switch failure.error.code {
            case .serverRecordChanged:
                if let server = failure.error.serverRecord { merge(server, syncEngine) }
                if notes[id.recordName] != nil { again.append(.saveRecord(id)) }
            case .zoneNotFound, .userDeletedZone:
                // A shared zone is its owner's to make: if it is really gone, the next fetch says so.
                if ownsZone {
                    zoneSaved = false
                    zones.append(.saveZone(CKRecordZone(zoneID: id.zoneID)))
                    lastKnownRecords[id.recordName] = nil
                }
                again.append(.saveRecord(id))
            case .unknownItem:
                lastKnownRecords[id.recordName] = nil
                again.append(.saveRecord(id))
            default:
                if !Self.engineRetries(failure.error) { again.append(.saveRecord(id)) }
            }
        }
        for (id, error) in sent.failedRecordDeletes {
            switch error.code {
            case .unknownItem, .zoneNotFound, .userDeletedZone: lastKnownRecords[id.recordName] = nil  // already gone
            default: if !Self.engineRetries(error) { again.append(.deleteRecord(id)) }
            }
        }
        syncEngine.state.add(pendingDatabaseChanges: zones)
        // A note deleted meanwhile must not be saved again.
        syncEngine.state.add(
            pendingRecordZoneChanges: again.filter { change in
                if case .saveRecord(let id) = change { return notes[id.recordName] != nil }
                return true
            })
    }

    static func systemFields(of record: CKRecord) -> Data {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        record.encodeSystemFields(with: archiver)
        return archiver.encodedData
    }

    /// `nil` when the archive cannot be read: the next save then starts a new record and the
    /// server answers with a conflict to merge, so nothing is lost.
    static func record(fromSystemFields data: Data) -> CKRecord? {
        guard let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: data) else { return nil }
        unarchiver.requiresSecureCoding = true
        defer { unarchiver.finishDecoding() }
        return CKRecord(coder: unarchiver)
    }

    /// The errors CKSyncEngine handles itself (its doc comment's list), and `batchRequestFailed`.
    static func engineRetries(_ error: CKError) -> Bool {
        [
            .notAuthenticated, .accountTemporarilyUnavailable, .networkFailure, .networkUnavailable, .requestRateLimited, .serviceUnavailable,
            .zoneBusy, .batchRequestFailed,
        ]
        .contains(error.code)
    }

    func uploadEverything(_ syncEngine: any CloudSyncEngine) {
        lastKnownRecords.removeAll()
        if ownsZone {
            zoneSaved = false
            syncEngine.state.add(pendingDatabaseChanges: [.saveZone(CKRecordZone(zoneID: zoneID))])
        }
        syncEngine.state.add(pendingRecordZoneChanges: notes.keys.sorted().map { .saveRecord(recordID($0)) })
    }

    func handleAccountChange(_ change: SyncEngineEvent.AccountChange, _ syncEngine: any CloudSyncEngine) {
        switch change.changeType {
        case .signIn:
            uploadEverything(syncEngine)
        case .signOut, .switchAccounts:
            notes.removeAll()
            lastKnownRecords.removeAll()
            zoneSaved = false
        }
    }
}

#if canImport(CloudKit)
    extension SyncedNotes {
        /// The app's production set-up: the real engine on the private database.
        @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
        public static func live(container: CKContainer, stateSerialization: SyncEngineStateSerialization?) async -> SyncedNotes {
            let notes = SyncedNotes(stateSerialization: stateSerialization)
            let engine = LiveCloudSyncEngine(
                SyncEngineConfiguration(database: container.privateCloudDatabase, stateSerialization: stateSerialization, delegate: notes))
            await notes.attach(engine)
            return notes
        }
    }
#endif
