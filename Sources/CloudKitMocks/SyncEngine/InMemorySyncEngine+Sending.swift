@_spi(Generated) import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import Foundation

// Sending: database changes, then the delegate's batches; what fails, what stays pending, what throws.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension InMemorySyncEngine {
    func zoneIsInScope(_ zoneID: CKRecordZone.ID, _ scope: CKSyncEngine.SendChangesOptions.Scope) -> Bool {
        switch scope {
        case .all: return true
        case .allExcluding(let excluded): return !excluded.contains(zoneID)
        case .zoneIDs(let included): return included.contains(zoneID)
        case .recordIDs(let records): return records.contains { $0.zoneID == zoneID }
        @unknown default: return true
        }
    }

    func hasChangesToSend(in scope: CKSyncEngine.SendChangesOptions.Scope) -> Bool {
        engineState.stored.withLock { stored in
            stored.hasPendingUntrackedChanges
                || stored.pendingRecordZoneChanges.contains { scope.contains($0) }
                || stored.pendingDatabaseChanges.contains { zoneIsInScope(InMemorySyncEngineState.zoneID(of: $0), scope) }
        }
    }

    /// What failed in one round (one request), by item: record IDs for record changes, zone IDs
    /// for database changes.
    struct RoundOutcome {
        var failures: [AnyHashable: any Error] = [:]
        /// The whole request failed with this error (after the engine's own retries).
        var requestError: (any Error)?
    }

    /// Apple's steps 3-9: database changes first, then record zone batches from the delegate
    /// until it returns `nil`, database changes added meanwhile going first.
    ///
    /// A round whose failures are all ones the engine handles itself (`retriedCodes`, and
    /// `batchRequestFailed` beside them) waits (backoff, retry-after: "it will wait for the
    /// system to be in a good state and try again") and goes on; after `retryPolicy.maxAttempts`
    /// such rounds in a row the send gives up. Any other failure ends the send after its
    /// `sent…Changes` event, and the send throws: Apple's sample tests, run against the real
    /// engine, expect `sendChanges()` to throw after a `zoneNotFound`, `unknownItem` or
    /// `serverRecordChanged`, and the change the delegate added again to be still pending
    /// afterwards. (Step 9's "repeats from step 6" would ask for that change again in the same
    /// call; the tests show the real engine does not. What it throws is not documented: we throw
    /// the request's error when the whole request failed, else `partialFailure` with the round's
    /// failures under `CKPartialErrorsByItemIDKey`; our choice.)
    func sendLoop(_ context: SyncEngineSendChangesContext) async throws {
        var waitedRounds = 0
        while true {
            try checkCancelled()
            let outcome: RoundOutcome
            let databaseChanges = engineState.pendingDatabaseChanges.filter {
                zoneIsInScope(InMemorySyncEngineState.zoneID(of: $0), context.options.scope)
            }
            if !databaseChanges.isEmpty {
                outcome = try await sendDatabaseChanges(Array(databaseChanges.prefix(400)))
            } else {
                guard let batch = await delegate?.nextRecordZoneChangeBatch(context, syncEngine: self),
                    !batch.recordsToSave.isEmpty || !batch.recordIDsToDelete.isEmpty
                else {
                    engineState.stored.withLock {
                        if $0.hasPendingUntrackedChanges {
                            $0.hasPendingUntrackedChanges = false
                            $0.dirty = true
                        }
                    }
                    return
                }
                outcome = try await sendRecordZoneChanges(batch)
            }
            if outcome.failures.isEmpty {
                waitedRounds = 0
                continue
            }
            if isWaitedOut(outcome) {
                waitedRounds += 1
                if waitedRounds < policy.maxAttempts {
                    let retryAfter = outcome.failures.values.compactMap(errors.retryAfter(of:)).max()
                    try await wait(after: waitedRounds, retryAfter: retryAfter)
                    continue
                }
            }
            if let requestError = outcome.requestError { throw ckError(requestError) }
            throw ckError(errors.partialFailure(outcome.failures))
        }
    }

    /// Whether every failure of the round is one the engine waits out and sends again itself.
    func isWaitedOut(_ outcome: RoundOutcome) -> Bool {
        let failures = outcome.failures.values
        return failures.contains(where: isRetriedByEngine)
            && failures.allSatisfy { isRetriedByEngine($0) || code(of: $0) == .batchRequestFailed }
    }

    /// Whether a failed change stays pending. Apple (State.pendingRecordZoneChanges): "If it
    /// fails to send a change due to some retryable error (e.g. a network failure), it will keep
    /// that change in this list." Retryable is the error catalogue's `retryable` trait (network
    /// failures, `serverResponseLost`, throttling…) plus the codes the engine handles itself
    /// (`retriedCodes`), `operationCancelled` (Apple's sample lists it among the errors "the
    /// sync engine will automatically retry") and `batchRequestFailed` (the change itself was
    /// not refused; our choice). Anything else leaves the list and is the app's to handle, as in
    /// Apple's sample, which adds the change again after resolving `serverRecordChanged`,
    /// `zoneNotFound` or `unknownItem`.
    func staysPending(_ error: any Error) -> Bool {
        if errors.info(of: error)?.isRetryable == true || isRetriedByEngine(error) { return true }
        return code(of: error) == .operationCancelled || code(of: error) == .batchRequestFailed
    }

    func sendDatabaseChanges(_ changes: [CKSyncEngine.PendingDatabaseChange]) async throws -> RoundOutcome {
        var zonesToSave: [CKRecordZone] = []
        var zonesToDelete: [CKRecordZone.ID] = []
        for change in changes {
            switch change {
            case .saveZone(let zone): zonesToSave.append(zone)
            case .deleteZone(let id): zonesToDelete.append(id)
            @unknown default: break
            }
        }
        var outcome = RoundOutcome()
        var saveResults: [CKRecordZone.ID: Result<CKRecordZone, any Error>] = [:]
        var deleteResults: [CKRecordZone.ID: Result<Void, any Error>] = [:]
        do {
            (saveResults, deleteResults) = try await retryingRequest {
                try await database.modifyRecordZones(saving: zonesToSave, deleting: zonesToDelete)
            }
        } catch {
            // The whole request failed: every change in it failed with that error.
            outcome.requestError = error
            for zone in zonesToSave { saveResults[zone.zoneID] = .failure(error) }
            for id in zonesToDelete { deleteResults[id] = .failure(error) }
        }
        var event = SyncEngineEvent.SentDatabaseChanges()
        var done: [CKSyncEngine.PendingDatabaseChange] = []
        for zone in zonesToSave {
            switch saveResults[zone.zoneID] ?? .failure(error(.internalError)) {
            case .success(let saved):
                event.savedZones.append(saved)
                done.append(.saveZone(zone))
            case .failure(let error):
                event.failedZoneSaves.append(.init(zone: zone, error: ckError(error)))
                outcome.failures[zone.zoneID] = error
                if !staysPending(error) { done.append(.saveZone(zone)) }
            }
        }
        for id in zonesToDelete {
            switch deleteResults[id] ?? .failure(error(.internalError)) {
            case .success:
                event.deletedZoneIDs.append(id)
                done.append(.deleteZone(id))
            case .failure(let error):
                event.failedZoneDeletes[id] = ckError(error)
                outcome.failures[id] = error
                if !staysPending(error) { done.append(.deleteZone(id)) }
            }
        }
        engineState.remove(done)
        await post(.sentDatabaseChanges(event))
        await flushStateUpdate()
        return outcome
    }

    func sendRecordZoneChanges(_ batch: CKSyncEngine.RecordZoneChangeBatch) async throws -> RoundOutcome {
        var outcome = RoundOutcome()
        var saveResults: [CKRecord.ID: Result<CKRecord, any Error>] = [:]
        var deleteResults: [CKRecord.ID: Result<Void, any Error>] = [:]
        do {
            // "If set to true, the sync engine will modify these records atomically by zone. If
            // this is true, and if any record change fails, then any other changes from that zone
            // in this batch will also fail with batchRequestFailed."
            (saveResults, deleteResults) = try await retryingRequest {
                try await database.modifyRecords(
                    saving: batch.recordsToSave, deleting: batch.recordIDsToDelete, savePolicy: .ifServerRecordUnchanged,
                    atomically: batch.atomicByZone)
            }
        } catch {
            outcome.requestError = error
            for record in batch.recordsToSave { saveResults[record.recordID] = .failure(error) }
            for id in batch.recordIDsToDelete { deleteResults[id] = .failure(error) }
        }
        var event = SyncEngineEvent.SentRecordZoneChanges()
        var done: [CKSyncEngine.PendingRecordZoneChange] = []
        for record in batch.recordsToSave {
            switch saveResults[record.recordID] ?? .failure(error(.internalError)) {
            case .success(let saved):
                event.savedRecords.append(saved)
                done.append(.saveRecord(record.recordID))
            case .failure(let error):
                event.failedRecordSaves.append(.init(record: record, error: ckError(error)))
                outcome.failures[record.recordID] = error
                if !staysPending(error) { done.append(.saveRecord(record.recordID)) }
            }
        }
        for id in batch.recordIDsToDelete {
            switch deleteResults[id] ?? .failure(error(.internalError)) {
            case .success:
                event.deletedRecordIDs.append(id)
                done.append(.deleteRecord(id))
            case .failure(let error):
                event.failedRecordDeletes[id] = ckError(error)
                outcome.failures[id] = error
                if !staysPending(error) { done.append(.deleteRecord(id)) }
            }
        }
        // "when it successfully saves a record, it will remove that change from this list."
        engineState.remove(done)
        await post(.sentRecordZoneChanges(event))
        await flushStateUpdate()
        return outcome
    }
}
