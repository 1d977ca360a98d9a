@_spi(Generated) import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import Foundation

// Fetching: database changes, then each zone with new changes, in Apple's order.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension InMemorySyncEngine {
    /// Database changes since the state's token, batch by batch. An expired token is dropped and
    /// the changes fetched again from the start (CKFetchDatabaseChangesOperation.h: "If the
    /// server returns a CKErrorChangeTokenExpired error, the previousServerChangeToken value was
    /// too old and the client should toss its local cache and re-fetch the changes in this
    /// record zone starting with a nil previousServerChangeToken").
    func fetchDatabaseChanges() async throws {
        var refetched = false
        while true {
            let token = engineState.stored.withLock { $0.databaseToken?.token }
            let batch: DatabaseChangesBatch
            do {
                batch = try await retryingRequest { try await databaseChanges(since: token) }
            } catch  where code(of: error) == .changeTokenExpired && !refetched {
                refetched = true
                engineState.stored.withLock {
                    $0.databaseToken = nil
                    $0.dirty = true
                }
                continue
            }
            engineState.stored.withLock { stored in
                for zoneID in batch.changed where !stored.zoneIDsWithUnfetchedServerChanges.contains(zoneID) {
                    stored.zoneIDsWithUnfetchedServerChanges.append(zoneID)
                }
                for deletion in batch.deleted {
                    stored.zoneIDsWithUnfetchedServerChanges.removeAll { $0 == deletion.zoneID }
                    stored.zoneTokens[deletion.zoneID] = nil
                }
                stored.databaseToken = InMemorySyncEngineState.Token(batch.token)
                stored.dirty = true
            }
            if !batch.changed.isEmpty || !batch.deleted.isEmpty {
                await post(.fetchedDatabaseChanges(.init(modifications: batch.changed.map { .init(zoneID: $0) }, deletions: batch.deleted)))
            }
            await flushStateUpdate()
            if !batch.moreComing { return }
        }
    }

    /// Zones with unfetched changes, in scope, prioritized zones first, then by name (our
    /// choice). The delegate's `nextFetchChangesOptions` is asked before each zone: "This
    /// callback will be called in between each server request while fetching changes."
    func fetchZones(_ context: SyncEngineFetchChangesContext) async throws {
        var done = Set<CKRecordZone.ID>()
        while true {
            try checkCancelled()
            let options = await delegate?.nextFetchChangesOptions(context, syncEngine: self) ?? context.options
            let candidates = engineState.zoneIDsWithUnfetchedServerChanges.filter { options.scope.contains($0) && !done.contains($0) }
            let next =
                options.prioritizedZoneIDs.first(where: candidates.contains)
                ?? candidates.min { ($0.zoneName, $0.ownerName) < ($1.zoneName, $1.ownerName) }
            guard let zoneID = next else { return }
            done.insert(zoneID)
            await post(.willFetchRecordZoneChanges(.init(zoneID: zoneID)))
            let failure = try await fetchZone(zoneID)
            await flushStateUpdate()
            await post(.didFetchRecordZoneChanges(.init(zoneID: zoneID, error: failure)))
        }
    }

    /// One zone's changes since its token; returns the zone's error, if any. Changed and deleted
    /// records go out in `fetchedRecordZoneChanges`; the token moves only when the whole zone
    /// came back, so nothing is skipped.
    func fetchZone(_ zoneID: CKRecordZone.ID) async throws -> CKError? {
        var refetched = false
        var attempt = 1
        while true {
            let token = engineState.stored.withLock { $0.zoneTokens[zoneID]?.token }
            let result: ZoneChangesBatch
            do {
                result = try await retryingRequest { try await zoneChanges(zoneID, since: token) }
            } catch {
                return ckError(error)  // the whole request failed: the zone stays unfetched
            }
            if !result.modifications.isEmpty || !result.deletions.isEmpty {
                await post(
                    .fetchedRecordZoneChanges(.init(modifications: result.modifications.map { .init(record: $0) }, deletions: result.deletions)))
            }
            switch result.zoneResult {
            case .success(let (token, moreComing)) where result.failedRecords == 0:
                engineState.stored.withLock { stored in
                    stored.zoneTokens[zoneID] = InMemorySyncEngineState.Token(token)
                    if !moreComing { stored.zoneIDsWithUnfetchedServerChanges.removeAll { $0 == zoneID } }
                    stored.dirty = true
                }
                if !moreComing { return nil }
            case .success:
                // Some records did not come back: fetch again from the same token.
                guard attempt < policy.maxAttempts else { return ckError(error(.networkFailure)) }
                try await wait(after: attempt, retryAfter: nil)
                attempt += 1
            case .failure(let error):
                switch code(of: error) {
                case .changeTokenExpired where !refetched:
                    refetched = true
                    engineState.stored.withLock {
                        $0.zoneTokens[zoneID] = nil
                        $0.dirty = true
                    }
                case .zoneNotFound, .userDeletedZone:
                    engineState.stored.withLock { stored in
                        stored.zoneIDsWithUnfetchedServerChanges.removeAll { $0 == zoneID }
                        stored.zoneTokens[zoneID] = nil
                        stored.dirty = true
                    }
                    return ckError(error)
                default:
                    guard isRetriedByEngine(error), attempt < policy.maxAttempts else { return ckError(error) }
                    try await wait(after: attempt, retryAfter: errors.retryAfter(of: error))
                    attempt += 1
                }
            }
        }
    }

    struct DatabaseChangesBatch: Sendable {
        var changed: [CKRecordZone.ID] = []
        var deleted: [SyncEngineEvent.FetchedDatabaseChanges.Deletion] = []
        var token: CKServerChangeToken?
        var moreComing = false
    }

    /// One `CKFetchDatabaseChangesOperation` through `database` (so fault plans apply to it).
    func databaseChanges(since token: CKServerChangeToken?) async throws -> DatabaseChangesBatch {
        let operation = CKFetchDatabaseChangesOperation(previousServerChangeToken: token)
        operation.fetchAllChanges = false
        let collected = Locked(DatabaseChangesBatch())
        operation.recordZoneWithIDChangedBlock = { id in collected.withLock { if !$0.changed.contains(id) { $0.changed.append(id) } } }
        operation.recordZoneWithIDWasDeletedBlock = { id in collected.withLock { $0.deleted.append(.init(zoneID: id, reason: .deleted)) } }
        operation.recordZoneWithIDWasPurgedBlock = { id in collected.withLock { $0.deleted.append(.init(zoneID: id, reason: .purged)) } }
        operation.recordZoneWithIDWasDeletedDueToUserEncryptedDataResetBlock = { id in
            collected.withLock { $0.deleted.append(.init(zoneID: id, reason: .encryptedDataReset)) }
        }
        let database = self.database
        let (token, moreComing) = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<(CKServerChangeToken, Bool), any Error>) in
            operation.fetchDatabaseChangesResultBlock = { result in
                continuation.resume(with: result.map { (token: $0.serverChangeToken, moreComing: $0.moreComing) })
            }
            database.add(operation)
        }
        return collected.withLock { batch in
            batch.changed.removeAll { id in batch.deleted.contains { $0.zoneID == id } }
            batch.token = token
            batch.moreComing = moreComing
            return batch
        }
    }

    struct ZoneChangesBatch: Sendable {
        var modifications: [CKRecord] = []
        var deletions: [SyncEngineEvent.FetchedRecordZoneChanges.Deletion] = []
        var failedRecords = 0
        var zoneResult: Result<(token: CKServerChangeToken, moreComing: Bool), any Error> = .failure(CancellationError())
    }

    /// One `CKFetchRecordZoneChangesOperation` for one zone through `database`. Throws what
    /// failed the whole operation; the zone's own failure is in `zoneResult`.
    func zoneChanges(_ zoneID: CKRecordZone.ID, since token: CKServerChangeToken?) async throws -> ZoneChangesBatch {
        let operation = CKFetchRecordZoneChangesOperation(
            recordZoneIDs: [zoneID], configurationsByRecordZoneID: [zoneID: .init(previousServerChangeToken: token)])
        let collected = Locked(ZoneChangesBatch())
        operation.recordWasChangedBlock = { _, result in
            collected.withLock { batch in
                switch result {
                case .success(let record): batch.modifications.append(record)
                case .failure: batch.failedRecords += 1
                }
            }
        }
        operation.recordWithIDWasDeletedBlock = { id, type in collected.withLock { $0.deletions.append(.init(recordID: id, recordType: type)) } }
        operation.recordZoneFetchResultBlock = { _, result in
            collected.withLock { $0.zoneResult = result.map { (token: $0.serverChangeToken, moreComing: $0.moreComing) } }
        }
        let database = self.database
        let errors = self.errors
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            operation.fetchRecordZoneChangesResultBlock = { result in
                // A zone's own failure arrives in its block; only whole failures end the request.
                if case .failure(let error) = result, errors.code(of: error) != errors.partialFailureCode {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume()
                }
            }
            database.add(operation)
        }
        return collected.snapshot
    }
}
