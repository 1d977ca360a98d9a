@_spi(Generated) import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import Foundation

/// A `CKSyncEngine` over an ``InMemoryCloudKit``, for tests: it posts the events Apple documents,
/// in Apple's order, keeps pending changes as Apple describes, retries by itself what Apple says
/// the engine retries, and hands the app everything else. Every rule and its source is in
/// docs/SyncEngine.md; comments below quote the CloudKit interface's doc comments.
///
/// - Made like `CKSyncEngine(configuration)`, from a `SyncEngineConfiguration` (CloudKitDoubles); it does not
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
    public static let retriedCodes: Set<CKError.Code> = [
        .notAuthenticated, .accountTemporarilyUnavailable, .networkFailure, .networkUnavailable, .requestRateLimited, .serviceUnavailable, .zoneBusy,
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
    /// Call it from the test, not from the delegate: that work waits for the sync the delegate is in.
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

    /// The CloudKit code of `error`, `nil` for an error of another domain.
    func code(of error: any Error) -> CKError.Code? { errors.code(of: error).flatMap(CKError.Code.init(rawValue:)) }

    func isRetriedByEngine(_ error: any Error) -> Bool { code(of: error).map(Self.retriedCodes.contains) ?? false }

    /// An error as CloudKit makes it, by its code.
    func error(_ code: CKError.Code) -> any Error { errors.error(code.rawValue) }

    func checkCancelled() throws {
        if cancelRequested.withLock({ $0 }) { throw error(.operationCancelled) }
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
}
