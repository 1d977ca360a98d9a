@_spi(Generated) import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import Foundation

/// A `CKSyncEngine` over an ``InMemoryCloudKit``, for tests: it posts the events Apple documents,
/// in Apple's order, keeps pending changes as Apple describes, retries by itself what Apple says
/// the engine retries, and hands the app everything else. Every rule and its source is in
/// docs/SyncEngine.md; comments below quote the CloudKit interface's doc comments.
///
/// - Made like `CKSyncEngine(configuration)`, from a ``SyncEngineConfiguration``; it does not
///   throw: a serialization it cannot read starts it fresh (``unreadableStateSerialization``).
/// - With `automaticallySync` off (as tests should: "You might also disable automatic sync when
///   writing automated tests") sync runs only when the test calls `fetchChanges` or
///   `sendChanges`. With it on, a change the app makes to the state outside a send also
///   schedules a send in the background; nothing fetches by itself (no push in memory).
/// - A change the app makes to the state is reported in a `stateUpdate` posted in the background;
///   ``waitForScheduledWork()`` waits for it (and for scheduled sends).
/// - Waits go through the `TimeSource`, so a `VirtualClock` makes them instant.
/// - Its database traffic goes through the configuration's `database` (`any CloudDatabase`):
///   wrap the in-memory database in a `FaultInjectingCloudDatabase` to inject faults with a seeded plan.
/// - Two engines on one `InMemoryCloudKit` are two devices of the same iCloud user.
/// - All state is per instance, behind locks; one sync runs at a time per engine, and events
///   reach the delegate one after another ("Events will be given to your delegate serially").
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public final class InMemorySyncEngine: CloudSyncEngine {
    public let database: any CloudDatabase
    public var state: any CloudSyncEngineState { engineState }
    /// The state, with its concrete type.
    public let engineState: InMemorySyncEngineState
    public let cloud: InMemoryCloudKit
    /// The configuration's state serialization when it could not be read (wholly, or a change
    /// token in it); `nil` when it was read or there was none.
    public let unreadableStateSerialization: UnreadableStateSerialization?
    public let automaticallySync: Bool
    let time: TimeSource
    let random: RandomSource
    let policy: RetryPolicy
    let errors = ErrorModel.cloudKit
    private let delegateBox: Locked<WeakDelegate>
    private let gate = SerialGate()
    private let cancelRequested = Locked(false)
    private let sending = Locked(false)
    private let scheduled = Locked<Task<Void, Never>?>(nil)
    private let log = Locked<[SyncEngineEvent]>([])

    struct WeakDelegate { weak var delegate: (any CloudSyncEngineDelegate)? }

    /// The codes Apple's doc comment says "the sync engine will handle ... on your behalf":
    /// `notAuthenticated`, `accountTemporarilyUnavailable`, `networkFailure`, `networkUnavailable`,
    /// `requestRateLimited`, `serviceUnavailable`, `zoneBusy`.
    public static let retriedCodes: Set<String> = [
        "notAuthenticated", "accountTemporarilyUnavailable", "networkFailure", "networkUnavailable", "requestRateLimited",
        "serviceUnavailable", "zoneBusy",
    ]

    /// - Parameters:
    ///   - configuration: as `CKSyncEngine.Configuration`; its `database` is where the engine's
    ///     requests go (`cloud.mockDatabase()`, or a `FaultInjectingCloudDatabase` around one).
    ///     Its `delegate` is held weakly, as `CKSyncEngineConfiguration.delegate` is (our reading).
    ///   - cloud: the service; its account decides `accountChange` events.
    ///   - time: where retry waits go (`VirtualClock().timeSource` in tests).
    ///   - random: the backoff's jitter.
    ///   - retryPolicy: how long and how often the engine retries what it retries by itself.
    public init(
        _ configuration: SyncEngineConfiguration<any CloudDatabase>, cloud: InMemoryCloudKit, time: TimeSource = .system,
        random: RandomSource = RandomSource(seed: 0),
        retryPolicy: RetryPolicy = RetryPolicy(maxAttempts: 6, baseDelay: 1, maxDelay: 60, errorModel: .cloudKit)
    ) {
        var stored = InMemorySyncEngineState.Stored()
        var unreadable: UnreadableStateSerialization?
        if let serialization = configuration.stateSerialization {
            var lost: [String] = []
            do {
                stored = try InMemorySyncEngineState.restore(serialization, lost: &lost)
                if !lost.isEmpty {
                    unreadable = UnreadableStateSerialization(
                        serialization: serialization, reason: "could not read \(lost.joined(separator: ", ")); fetching those changes from the start")
                }
            } catch {
                unreadable = UnreadableStateSerialization(serialization: serialization, reason: "\(error); started from a fresh state")
            }
        }
        self.cloud = cloud
        self.database = configuration.database
        self.engineState = InMemorySyncEngineState(stored)
        self.unreadableStateSerialization = unreadable
        self.automaticallySync = configuration.automaticallySync
        self.delegateBox = Locked(WeakDelegate(delegate: configuration.delegate))
        self.time = time
        self.random = random
        self.policy = retryPolicy
        engineState.appChanged.withLock { $0 = { [weak self] in self?.appChangedState() } }
    }

    /// Every event posted so far, in order (also what the delegate received).
    public var postedEvents: [SyncEngineEvent] { log.withLock { $0 } }

    /// The serialization of the current state, as the next `stateUpdate` would carry it.
    public var currentStateSerialization: SyncEngineStateSerialization { engineState.serialization(markingReported: false) }

    var delegate: (any CloudSyncEngineDelegate)? { delegateBox.withLock { $0.delegate } }

    // MARK: CloudSyncEngine

    /// Apple's order for fetching: `willFetchChanges`; batches of `fetchedDatabaseChanges`; for
    /// each zone with new changes `willFetchRecordZoneChanges`, `fetchedRecordZoneChanges`,
    /// `didFetchRecordZoneChanges`; then `didFetchChanges` ("You should receive one
    /// DidFetchChanges event for each WillFetchChanges event"). Throws when the database changes
    /// could not be fetched (after the engine's own retries); a zone's failure is its
    /// `didFetchRecordZoneChanges` error.
    public func fetchChanges(_ options: CKSyncEngine.FetchChangesOptions) async throws {
        try await gate.run {
            cancelRequested.withLock { $0 = false }
            guard await accountIsUsable() else { return }
            let context = SyncEngineFetchChangesContext(reason: .manual, options: options)
            await flushStateUpdate()
            await post(.willFetchChanges(.init(context: context)))
            do {
                try await fetchDatabaseChanges()
                try await fetchZones(context)
            } catch {
                await flushStateUpdate()
                await post(.didFetchChanges(.init(context: context)))
                throw error
            }
            await flushStateUpdate()
            await post(.didFetchChanges(.init(context: context)))
        }
    }

    /// Apple's order for sending: `willSendChanges`; pending database changes and
    /// `sentDatabaseChanges`; then, batch by batch from the delegate's
    /// `nextRecordZoneChangeBatch`, `sentRecordZoneChanges` (database changes added meanwhile are
    /// sent first); `didSendChanges` when the delegate returns `nil`. Nothing pending: no events.
    /// A batch with a failure the engine does not wait out ends the send and throws (see
    /// `sendLoop`); what the delegate adds again waits for the next send.
    public func sendChanges(_ options: CKSyncEngine.SendChangesOptions) async throws {
        try await gate.run { try await send(reason: .manual, options: options) }
    }

    func send(reason: CKSyncEngine.SyncReason, options: CKSyncEngine.SendChangesOptions) async throws {
        cancelRequested.withLock { $0 = false }
        guard await accountIsUsable() else { return }
        let context = SyncEngineSendChangesContext(reason: reason, options: options)
        guard hasChangesToSend(in: options.scope) else { return await flushStateUpdate() }
        sending.withLock { $0 = true }
        defer { sending.withLock { $0 = false } }
        await flushStateUpdate()
        await post(.willSendChanges(.init(context: context)))
        do {
            try await sendLoop(context)
        } catch {
            await flushStateUpdate()
            await post(.didSendChanges(.init(context: context)))
            throw error
        }
        await flushStateUpdate()
        await post(.didSendChanges(.init(context: context)))
    }

    /// The sync in progress stops before its next request and throws `operationCancelled`
    /// (Apple: "cancellation does not happen synchronously, and it's possible some in-flight
    /// operations will succeed").
    public func cancelOperations() async {
        cancelRequested.withLock { $0 = true }
    }

    // MARK: Events

    func post(_ event: SyncEngineEvent) async {
        log.withLock { $0.append(event) }
        await delegate?.handleEvent(event, syncEngine: self)
    }

    /// Posts `stateUpdate` when the state changed since the last one: "This event will happen
    /// occasionally when the sync engine modifies the state internally during normal sync
    /// operation. This event will also happen when you change the state yourself." During a sync
    /// it comes at the sync's next step; changes the app makes are also reported by
    /// `appChangedState`.
    func flushStateUpdate() async {
        let dirty = engineState.stored.withLock { $0.dirty }
        guard dirty else { return }
        await post(.stateUpdate(.init(stateSerialization: engineState.serialization(markingReported: true))))
    }

    /// The app changed the state: a `stateUpdate` follows in the background, one event at a time
    /// with the syncs (so a change that is never sent still reaches the app's persisted
    /// serialization). With `automaticallySync`, a change made outside a send also schedules a
    /// send ("When you add pending changes to the state, the sync engine will automatically
    /// schedule a sync task to send changes"); one made during a send waits for the next, as the
    /// changes Apple's sample adds again after a failure do (our choice, which also keeps a
    /// change that always fails from being sent in a loop).
    func appChangedState() {
        let sendToo = automaticallySync && !sending.withLock { $0 }
        scheduled.withLock { last in
            let previous = last
            last = Task { [weak self] in
                await previous?.value
                guard let self else { return }
                // A scheduled send's failures are in its events, as a real engine's are.
                _ = try? await self.gate.run {
                    if sendToo {
                        try await self.send(reason: .scheduled, options: CKSyncEngine.SendChangesOptions())
                    } else {
                        await self.flushStateUpdate()
                    }
                }
            }
        }
    }

    /// Waits until the work the engine scheduled by itself is done: the `stateUpdate` events for
    /// changes the app made to the state and, with `automaticallySync`, the sends they scheduled.
    public func waitForScheduledWork() async {
        while let task = scheduled.withLock({ $0 }) {
            await task.value
            let done = scheduled.withLock { current -> Bool in
                guard current == task else { return false }
                current = nil
                return true
            }
            if done { return }
        }
    }

    // MARK: Account

    /// Compares the account with the one the state last saw and posts `accountChange` when it
    /// differs; "When the logged-in account changes, the sync engine will reset its internal
    /// state under the hood. This means that it will clear any pending database or record zone
    /// changes." Returns whether there is an account to sync with ("if the user isn't signed in
    /// ... the sync engine won't perform any sync tasks at all").
    func accountIsUsable() async -> Bool {
        let status = (try? cloud.accountStatus()) ?? .couldNotDetermine
        // accountTemporarilyUnavailable is one of the errors the engine waits out: stay dormant.
        if status == .temporarilyUnavailable { return false }
        let current = status == .available ? (try? cloud.userRecordID())?.recordName : nil
        let previous = engineState.stored.withLock { $0.userRecordName }
        if current != previous {
            let change: SyncEngineEvent.AccountChange.ChangeType
            func user(_ name: String) -> CKRecord.ID { CKRecord.ID(recordName: name, zoneID: .default) }
            switch (previous, current) {
            case (nil, let current?): change = .signIn(currentUser: user(current))
            case (let previous?, nil): change = .signOut(previousUser: user(previous))
            case (let previous?, let current?): change = .switchAccounts(previousUser: user(previous), currentUser: user(current))
            case (nil, nil): return false
            }
            engineState.stored.withLock { stored in
                // A first sign-in keeps what the app added before it (our choice); a change from a
                // known account resets the state.
                if previous != nil { stored = InMemorySyncEngineState.Stored() }
                stored.userRecordName = current
                stored.dirty = true
            }
            await post(.accountChange(.init(changeType: change)))
            await flushStateUpdate()
        }
        return current != nil
    }

    // MARK: Retries

    func name(of error: any Error) -> String? { errors.info(of: error)?.name }

    func isRetriedByEngine(_ error: any Error) -> Bool { name(of: error).map(Self.retriedCodes.contains) ?? false }

    func checkCancelled() throws {
        if cancelRequested.withLock({ $0 }) { throw errors.error(CKError.Code.operationCancelled.rawValue) }
    }

    /// Runs a request, waiting out and retrying what the engine retries by itself: "When the sync
    /// engine encounters one of these errors, it will wait for the system to be in a good state
    /// and try again ... if the server sends back a `.requestRateLimited` error, the sync engine
    /// will respect this throttle and try again after the retry-after time."
    func retryingRequest<T>(_ body: () async throws -> T) async throws -> T {
        var attempt = 1
        while true {
            try checkCancelled()
            do {
                return try await body()
            } catch {
                guard isRetriedByEngine(error), attempt < policy.maxAttempts else { throw error }
                try await wait(after: attempt, retryAfter: errors.retryAfter(of: error))
                attempt += 1
            }
        }
    }

    func wait(after attempt: Int, retryAfter: Double?) async throws {
        try await time.sleep(policy.delay(after: attempt, retryAfter: retryAfter, random: random))
    }

    /// The error as the app sees it in events.
    func ckError(_ error: any Error) -> CKError {
        if let error = error as? CKError { return error }
        let nsError = error as NSError
        if nsError.domain == CKErrorDomain, let code = CKError.Code(rawValue: nsError.code) { return CKError(code, userInfo: nsError.userInfo) }
        return CKError(.internalError, userInfo: [NSUnderlyingErrorKey: nsError])
    }

    // MARK: Fetching

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
            } catch where name(of: error) == "changeTokenExpired" && !refetched {
                refetched = true
                engineState.stored.withLock { $0.databaseToken = nil; $0.dirty = true }
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
            let next = options.prioritizedZoneIDs.first(where: candidates.contains)
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
                await post(.fetchedRecordZoneChanges(.init(modifications: result.modifications.map { .init(record: $0) }, deletions: result.deletions)))
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
                guard attempt < policy.maxAttempts else { return ckError(errors.error(CKError.Code.networkFailure.rawValue)) }
                try await wait(after: attempt, retryAfter: nil)
                attempt += 1
            case .failure(let error):
                switch name(of: error) {
                case "changeTokenExpired" where !refetched:
                    refetched = true
                    engineState.stored.withLock { $0.zoneTokens[zoneID] = nil; $0.dirty = true }
                case "zoneNotFound", "userDeletedZone":
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
        let (token, moreComing) = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(CKServerChangeToken, Bool), any Error>) in
            operation.fetchDatabaseChangesResultBlock = { result in
                continuation.resume(with: result.map { ($0.serverChangeToken, $0.moreComing) })
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
        var zoneResult: Result<(CKServerChangeToken, Bool), any Error> = .failure(CancellationError())
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
            collected.withLock { $0.zoneResult = result.map { ($0.serverChangeToken, $0.moreComing) } }
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

    // MARK: Sending

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
    /// A round whose failures are all ones the engine handles itself (``retriedCodes``, and
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
            let databaseChanges = engineState.pendingDatabaseChanges.filter { zoneIsInScope(InMemorySyncEngineState.zoneID(of: $0), context.options.scope) }
            if !databaseChanges.isEmpty {
                outcome = try await sendDatabaseChanges(Array(databaseChanges.prefix(400)))
            } else {
                guard let batch = await delegate?.nextRecordZoneChangeBatch(context, syncEngine: self),
                    !batch.recordsToSave.isEmpty || !batch.recordIDsToDelete.isEmpty
                else {
                    engineState.stored.withLock { if $0.hasPendingUntrackedChanges { $0.hasPendingUntrackedChanges = false; $0.dirty = true } }
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
            && failures.allSatisfy { isRetriedByEngine($0) || name(of: $0) == "batchRequestFailed" }
    }

    /// Whether a failed change stays pending. Apple (State.pendingRecordZoneChanges): "If it
    /// fails to send a change due to some retryable error (e.g. a network failure), it will keep
    /// that change in this list." Retryable is the error catalogue's `retryable` trait (network
    /// failures, `serverResponseLost`, throttling…) plus the codes the engine handles itself
    /// (``retriedCodes``), `operationCancelled` (Apple's sample lists it among the errors "the
    /// sync engine will automatically retry") and `batchRequestFailed` (the change itself was
    /// not refused; our choice). Anything else leaves the list and is the app's to handle, as in
    /// Apple's sample, which adds the change again after resolving `serverRecordChanged`,
    /// `zoneNotFound` or `unknownItem`.
    func staysPending(_ error: any Error) -> Bool {
        if errors.info(of: error)?.isRetryable == true || isRetriedByEngine(error) { return true }
        return name(of: error) == "operationCancelled" || name(of: error) == "batchRequestFailed"
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
            switch saveResults[zone.zoneID] ?? .failure(errors.error(CKError.Code.internalError.rawValue)) {
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
            switch deleteResults[id] ?? .failure(errors.error(CKError.Code.internalError.rawValue)) {
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
                    saving: batch.recordsToSave, deleting: batch.recordIDsToDelete, savePolicy: .ifServerRecordUnchanged, atomically: batch.atomicByZone)
            }
        } catch {
            outcome.requestError = error
            for record in batch.recordsToSave { saveResults[record.recordID] = .failure(error) }
            for id in batch.recordIDsToDelete { deleteResults[id] = .failure(error) }
        }
        var event = SyncEngineEvent.SentRecordZoneChanges()
        var done: [CKSyncEngine.PendingRecordZoneChange] = []
        for record in batch.recordsToSave {
            switch saveResults[record.recordID] ?? .failure(errors.error(CKError.Code.internalError.rawValue)) {
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
            switch deleteResults[id] ?? .failure(errors.error(CKError.Code.internalError.rawValue)) {
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

/// One sync at a time: later callers wait their turn (FIFO).
final class SerialGate: Sendable {
    private struct State {
        var busy = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    func run<T>(_ body: () async throws -> T) async throws -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let proceed = state.withLock { state -> Bool in
                if !state.busy {
                    state.busy = true
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if proceed { continuation.resume() }
        }
        defer {
            let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
                if state.waiters.isEmpty {
                    state.busy = false
                    return nil
                }
                return state.waiters.removeFirst()
            }
            next?.resume()
        }
        return try await body()
    }
}
