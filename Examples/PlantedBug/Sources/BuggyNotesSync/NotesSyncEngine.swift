import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import Foundation

/// A copy of the `NotesSync` example's engine with one bug planted, for the fault-exploration
/// example (docs/FaultExploration.md): ``resendRetryableItems(_:)`` drops the last item of the
/// batch it resends and then marks the whole batch saved. Everything else is the original:
///
/// Backs notes up to a zone of the private database and keeps devices in step, surviving every
/// error class in the catalogue (seed 003's engine, rebuilt on the generated protocols):
///
/// - transient errors (network, throttling, busy zone) are retried with backoff, honouring the
///   server's retry-after, through the runtime's `retrying`;
/// - `limitExceeded` splits the batch;
/// - `serverRecordChanged` is resolved: the newer edit wins, written onto the server's record;
/// - `zoneNotFound` / `userDeletedZone` re-create the zone and upload every note again;
/// - `changeTokenExpired` drops the token and fetches everything;
/// - errors only the user can fix (not signed in, storage full) stop the sync with
///   ``SyncError/needsUser(_:)``; nothing is lost, the next sync continues where this one stopped.
public actor NotesSyncEngine {
    public enum SyncError: Error, Equatable {
        /// The user has to act (sign in, free up iCloud storage); the code's name says why.
        case needsUser(String)
        /// Pushing did not finish in this sync; call `sync()` again later.
        case incomplete
    }

    public nonisolated let zoneID: CKRecordZone.ID
    let database: any CloudDatabase
    let policy: RetryPolicy
    let time: TimeSource
    let random: RandomSource
    var errors: ErrorModel { policy.errorModel }

    /// The notes on this device.
    public private(set) var notes: [String: Note] = [:]
    /// Notes changed or deleted here and not yet on the server.
    public private(set) var pendingSaves = Set<String>()
    public private(set) var pendingDeletes = Set<String>()
    /// The last record the server gave for each note: saving it again carries its change tag.
    var serverRecords: [String: CKRecord] = [:]
    var changeToken: CKServerChangeToken?
    var zoneExists = false

    public init(
        database: any CloudDatabase, zoneName: String = "Notes", policy: RetryPolicy = RetryPolicy(maxAttempts: 6, errorModel: .cloudKit),
        time: TimeSource = .system, random: RandomSource = .system()
    ) {
        self.database = database
        self.zoneID = CKRecordZone.ID(zoneName: zoneName)
        self.policy = policy
        self.time = time
        self.random = random
    }

    // MARK: Local edits

    public func save(_ note: Note) {
        notes[note.id] = note
        pendingSaves.insert(note.id)
        pendingDeletes.remove(note.id)
    }

    public func delete(id: String) {
        notes[id] = nil
        pendingSaves.remove(id)
        pendingDeletes.insert(id)
    }

    /// Whether everything local is on the server.
    public var isUpToDate: Bool { pendingSaves.isEmpty && pendingDeletes.isEmpty }

    // MARK: Sync

    /// Pushes local changes, then pulls the server's.
    public func sync() async throws {
        try await push()
        try await pull()
    }

    /// Sends pending saves and deletes until none remain (or a few rounds have passed).
    func push() async throws {
        for _ in 0..<8 where !isUpToDate {
            try await ensureZone()
            let changes =
                pendingSaves.sorted().map { Change.save(record(for: $0)) }
                + pendingDeletes.sorted().map { Change.delete(CKRecord.ID(recordName: $0, zoneID: zoneID)) }
            let batches = try await errors.splittingOnLimitExceeded(changes) { batch in
                try await retrying(policy, time: time, random: random) { _ in
                    try await database.modifyRecords(
                        saving: batch.compactMap(\.record), deleting: batch.compactMap(\.deletedID), savePolicy: .ifServerRecordUnchanged,
                        atomically: false)
                }
            }
            // In record-name order, so a sync does the same thing every time.
            for batch in batches {
                for (id, result) in batch.saveResults.sorted(by: { $0.key.recordName < $1.key.recordName }) { try await handleSave(id, result) }
                for (id, result) in batch.deleteResults.sorted(by: { $0.key.recordName < $1.key.recordName }) { handleDelete(id, result) }
            }
            try await resendRetryableItems(batches)
        }
        if !isUpToDate { throw SyncError.incomplete }
    }

    /// Sends the saves that failed in `batches` with a retryable error again at once, rather
    /// than on the next round.
    ///
    /// THE PLANTED BUG: the resent batch is built with an off-by-one that drops its last item,
    /// and once the call succeeds every item that was meant to be resent is marked saved, so the
    /// dropped note never reaches the server and is no longer pending.
    func resendRetryableItems(
        _ batches: [(saveResults: [CKRecord.ID: Result<CKRecord, any Error>], deleteResults: [CKRecord.ID: Result<Void, any Error>])]
    ) async throws {
        let failed = batches.flatMap { batch in
            batch.saveResults.compactMap { id, result -> CKRecord.ID? in
                guard case .failure(let error) = result, errors.info(of: error)?.isRetryable == true else { return nil }
                return id
            }
        }.sorted { $0.recordName < $1.recordName }
        guard !failed.isEmpty else { return }
        let records = failed.indices.dropLast().map { record(for: failed[$0].recordName) }  // the bug: drops the last one
        let answer = try await retrying(policy, time: time, random: random) { _ in
            try await database.modifyRecords(saving: records, deleting: [], savePolicy: .ifServerRecordUnchanged, atomically: false)
        }
        for (id, result) in answer.saveResults.sorted(by: { $0.key.recordName < $1.key.recordName }) { try await handleSave(id, result) }
        for id in failed where answer.saveResults[id] == nil { pendingSaves.remove(id.recordName) }  // "no error: saved"
    }

    enum Change: Sendable {
        case save(CKRecord)
        case delete(CKRecord.ID)

        var record: CKRecord? { if case .save(let record) = self { return record } else { return nil } }
        var deletedID: CKRecord.ID? { if case .delete(let id) = self { return id } else { return nil } }
    }

    /// The record to save for a note: the server's last copy (with its change tag) updated, or new.
    func record(for id: String) -> CKRecord {
        let record = serverRecords[id] ?? CKRecord(recordType: Note.recordType, recordID: CKRecord.ID(recordName: id, zoneID: zoneID))
        notes[id]?.write(to: record)
        return record
    }

    func handleSave(_ id: CKRecord.ID, _ result: Result<CKRecord, any Error>) async throws {
        let name = id.recordName
        switch result {
        case .success(let saved):
            serverRecords[name] = saved
            pendingSaves.remove(name)
        case .failure(let error):
            switch errors.diagnose(error).recovery {
            case .resolveConflict:
                let server = try await serverRecord(in: error, id: id)
                resolve(name, server: server)
            case .recreateZone:
                lostZone()
            case .askUser:
                throw SyncError.needsUser(errors.info(of: error)?.name ?? "unknown")
            default:
                break  // retryable or transient: stays pending for the next round
            }
        }
    }

    func handleDelete(_ id: CKRecord.ID, _ result: Result<Void, any Error>) {
        let name = id.recordName
        switch result {
        case .success:
            serverRecords[name] = nil
            pendingDeletes.remove(name)
        case .failure(let error):
            if errors.info(of: error)?.name == "unknownItem" {
                serverRecords[name] = nil
                pendingDeletes.remove(name)  // already gone
            } else if errors.diagnose(error).recovery == .recreateZone {
                lostZone()
            }
        }
    }

    /// The server's record carried by a conflict, or fetched when the error does not carry it.
    func serverRecord(in error: any Error, id: CKRecord.ID) async throws -> CKRecord? {
        if let record = errors.serverRecord(of: error) as? CKRecord { return record }
        do {
            return try await retrying(policy, time: time, random: random) { _ in try await database.record(for: id) }
        } catch  where errors.info(of: error)?.name == "unknownItem" {
            return nil
        }
    }

    /// The newer edit wins. Either way the server's record becomes the base, so the next save
    /// carries its change tag.
    func resolve(_ name: String, server: CKRecord?) {
        guard let server else {
            serverRecords[name] = nil  // deleted on the server: save ours as a new record
            return
        }
        serverRecords[name] = server
        if let theirs = Note(record: server), let ours = notes[name], theirs.modified > ours.modified {
            notes[name] = theirs
            pendingSaves.remove(name)
        }
    }

    /// The zone is gone from the server (deleted by the user or another device): make it again
    /// and upload every note.
    func lostZone() {
        zoneExists = false
        changeToken = nil
        serverRecords.removeAll()
        pendingSaves.formUnion(notes.keys)
    }

    func ensureZone() async throws {
        guard !zoneExists else { return }
        do {
            _ = try await retrying(policy, time: time, random: random) { _ in try await database.save(CKRecordZone(zoneID: zoneID)) }
            zoneExists = true
        } catch {
            throw errors.diagnose(error).recovery == .askUser ? SyncError.needsUser(errors.info(of: error)?.name ?? "unknown") : error
        }
    }

    // MARK: Pull

    /// Fetches what changed since the last token and applies it; an expired token is dropped
    /// and everything fetched again.
    func pull() async throws {
        try await ensureZone()
        for _ in 0..<3 {
            let fetched = try await retrying(policy, time: time, random: random) { _ in try await fetchZoneChanges(since: changeToken) }
            switch fetched.zoneResult {
            case .success(let token):
                apply(fetched)
                changeToken = token
                return
            case .failure(let error):
                switch errors.diagnose(error).recovery {
                case .resetChangeToken: changeToken = nil
                case .recreateZone:
                    lostZone()
                    try await ensureZone()
                case .askUser: throw SyncError.needsUser(errors.info(of: error)?.name ?? "unknown")
                default: throw error
                }
            }
        }
        throw SyncError.incomplete
    }

    struct ZoneChanges: Sendable {
        var changed: [CKRecord] = []
        var deleted: [CKRecord.ID] = []
        var zoneResult: Result<CKServerChangeToken, any Error> = .failure(CancellationError())
    }

    /// One CKFetchRecordZoneChangesOperation; throws what failed the whole operation (retried
    /// by the caller), returns the zone's own result otherwise.
    func fetchZoneChanges(since token: CKServerChangeToken?) async throws -> ZoneChanges {
        let operation = CKFetchRecordZoneChangesOperation(
            recordZoneIDs: [zoneID], configurationsByRecordZoneID: [zoneID: .init(previousServerChangeToken: token)])
        let collected = Locked(ZoneChanges())
        operation.recordWasChangedBlock = { _, result in
            if let record = try? result.get() { collected.withLock { $0.changed.append(record) } }
        }
        operation.recordWithIDWasDeletedBlock = { id, _ in collected.withLock { $0.deleted.append(id) } }
        operation.recordZoneFetchResultBlock = { _, result in collected.withLock { $0.zoneResult = result.map(\.serverChangeToken) } }
        let database = self.database
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            operation.fetchRecordZoneChangesResultBlock = { result in
                // A zone's own failure arrives in its block; only whole failures end the fetch.
                if case .failure(let error) = result, self.errors.code(of: error) != self.errors.partialFailureCode {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume()
                }
            }
            database.add(operation)
        }
        return collected.snapshot
    }

    func apply(_ changes: ZoneChanges) {
        for record in changes.changed {
            let name = record.recordID.recordName
            serverRecords[name] = record
            guard let theirs = Note(record: record) else { continue }
            if pendingSaves.contains(name), let ours = notes[name], ours.modified >= theirs.modified { continue }  // ours is newer: push it on top
            notes[name] = theirs
            pendingSaves.remove(name)
        }
        for id in changes.deleted where !pendingSaves.contains(id.recordName) {
            notes[id.recordName] = nil
            serverRecords[id.recordName] = nil
        }
    }
}
