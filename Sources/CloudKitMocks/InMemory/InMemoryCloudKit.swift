import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import Foundation

/// An in-memory CloudKit container: one ``InMemoryCloudDatabase`` per scope. `mockContainer()`
/// gives a `MockCloudContainer` whose databases, however the app reaches them, read and write it.
/// The private database holds each iCloud user's own contents: after `simulateAccountChange` to
/// another user the app sees that user's data, and switching back brings the first user's back.
/// The shared database shows what other users (`device(signedInAs:)`) shared with the signed-in
/// user and they accepted (docs/InMemoryStore.md, "Sharing").
///
/// Make one per test: nothing is shared between instances, so tests can run in parallel.
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
public final class InMemoryCloudKit: Sendable {
    public let privateDatabase: InMemoryCloudDatabase
    public let publicDatabase: InMemoryCloudDatabase
    public let sharedDatabase: InMemoryCloudDatabase
    /// Where `simulateAccountChange(to:)` posts `CKAccountChanged` (CloudKit posts it on
    /// `NotificationCenter.default`; pass your own center to keep parallel tests apart).
    public let notificationCenter: NotificationCenter
    /// Problems with CloudKit's archive formats, reported once each (see ``ArchiveFormatReport``).
    public let archiveFormat: ArchiveFormatReport
    /// The container's identifier (`CKContainer.containerIdentifier`): what the mock container
    /// reports and what share metadata carries, on every device of this CloudKit.
    public let containerIdentifier: String
    let account: AccountState

    /// - Parameters:
    ///   - accountStatus: the iCloud account's status, `.available` unless a test says otherwise.
    ///   - userRecordName: the current user's record name; a stable made-up one by default
    ///     (CloudKit's start with "_", e.g. "_2c7a…", and stay the same for a user and container).
    ///   - now: the server's clock, which dates saved records (`creationDate`, `modificationDate`).
    ///   - containerIdentifier: the container's identifier, as the app's entitlements name it
    ///     (`iCloud.` and the app's bundle identifier); apps compare share metadata with it.
    public init(
        accountStatus: CKAccountStatus = .available, userRecordName: String? = nil, notificationCenter: NotificationCenter = .default,
        now: @escaping @Sendable () -> Date = { Date() }, containerIdentifier: String = InMemoryCloudKit.defaultContainerIdentifier
    ) {
        account = AccountState(status: accountStatus, userRecordName: userRecordName ?? AccountState.madeUpUserRecordName())
        self.containerIdentifier = containerIdentifier
        self.notificationCenter = notificationCenter
        let service = InMemoryService(now: now)
        archiveFormat = service.archiveFormat
        privateDatabase = InMemoryCloudDatabase(scope: .private, account: account, service: service)
        publicDatabase = InMemoryCloudDatabase(scope: .public, account: account, service: service)
        sharedDatabase = InMemoryCloudDatabase(scope: .shared, account: account, service: service)
    }

    /// Another device on the same CloudKit, signed in as `userRecordName`: it sees that user's
    /// private and shared databases and everyone's public database, and has an account of its own
    /// (`simulateAccountChange` on one device leaves the others signed in). Two users are two
    /// devices; a second device of the same user sees the same data as the first.
    public func device(
        signedInAs userRecordName: String, accountStatus: CKAccountStatus = .available, notificationCenter: NotificationCenter? = nil
    ) -> InMemoryCloudKit {
        InMemoryCloudKit(
            sharing: self, account: AccountState(status: accountStatus, userRecordName: userRecordName),
            notificationCenter: notificationCenter ?? self.notificationCenter)
    }

    private init(sharing other: InMemoryCloudKit, account: AccountState, notificationCenter: NotificationCenter) {
        self.account = account
        self.notificationCenter = notificationCenter
        containerIdentifier = other.containerIdentifier
        archiveFormat = other.archiveFormat
        privateDatabase = InMemoryCloudDatabase(sharing: other.privateDatabase, account: account)
        publicDatabase = InMemoryCloudDatabase(sharing: other.publicDatabase, account: account)
        sharedDatabase = InMemoryCloudDatabase(sharing: other.sharedDatabase, account: account)
    }

    /// The limits every database of this CloudKit holds requests to (on every device):
    /// CloudKit's documented ones unless a test changes them (see ``CloudKitLimits``).
    public var limits: CloudKitLimits {
        get { privateDatabase.limits }
        set { privateDatabase.limits = newValue }
    }

    // MARK: Account

    /// The account status `accountStatus()` reports; setting it posts nothing (see
    /// `simulateAccountChange(to:)`).
    public var simulatedAccountStatus: CKAccountStatus {
        get { account.status }
        set { account.status = newValue }
    }

    /// `CKContainer.accountStatus()`: the status set for this service.
    public func accountStatus() throws -> CKAccountStatus {
        account.status
    }

    /// `CKContainer.userRecordID()`: the current user's record ID (in the default zone), the same
    /// every time; `notAuthenticated` without a usable account (CKContainer.h: "If there is no
    /// iCloud account configured, or if access is restricted, a CKErrorNotAuthenticated error
    /// will be returned").
    public func userRecordID() throws -> CKRecord.ID {
        if let failure = account.failure(for: .private, writing: false, errors: privateDatabase) { throw failure }
        return CKRecord.ID(recordName: account.userRecordName, zoneID: .default)
    }

    /// The iCloud account changed: the status becomes `status` and `CKAccountChanged` is posted
    /// on `notificationCenter` (object `nil`, no user info, as CloudKit posts it). A new signed-in
    /// user gets a new user record ID, and private and shared databases of their own (empty at
    /// first), when `newUser` is true.
    public func simulateAccountChange(to status: CKAccountStatus, newUser: Bool = false) {
        simulateAccountChange(to: status, userRecordName: newUser ? AccountState.madeUpUserRecordName() : account.userRecordName)
    }

    /// The iCloud account changed to the user with `userRecordName` (one seen before gets their
    /// own data back): the status becomes `status` and `CKAccountChanged` is posted.
    public func simulateAccountChange(to status: CKAccountStatus, userRecordName: String) {
        account.status = status
        account.userRecordName = userRecordName
        notificationCenter.post(name: .CKAccountChanged, object: nil)
    }

    /// The signed-in user's record name (what `userRecordID()` returns when the account is usable).
    public var currentUserRecordName: String { account.userRecordName }

    /// The database of a scope.
    public func database(_ scope: CKDatabase.Scope) -> InMemoryCloudDatabase {
        switch scope {
        case .public: return publicDatabase
        case .shared: return sharedDatabase
        default: return privateDatabase
        }
    }

    /// A mock container backed by this service when no stub is set: `containerIdentifier` is
    /// this CloudKit's, `accountStatus()` and `userRecordID()` answer from the simulated account,
    /// and `privateCloudDatabase`, `database(with: .private)` and the others from the matching
    /// in-memory database.
    public func mockContainer(log: CallLog = CallLog(), delivery: CompletionDelivery = .asynchronous) -> MockCloudContainer {
        let wasEmpty = log.count == 0
        let container = MockCloudContainer(log: log, delivery: delivery)
        back(container)
        // The lookups above are set-up, not the app's calls: keep a fresh log fresh.
        if wasEmpty { log.removeAll() }
        return container
    }

    /// Backs an existing mock container and its databases (the call log records the lookups):
    /// `accountStatus`, `userRecordID` and operations added to the container answer from here,
    /// and `containerIdentifier` is stubbed with this CloudKit's (a later stub replaces it).
    public func back(_ container: MockCloudContainer) {
        container.backing = self
        container.stub(.containerIdentifier, .value(containerIdentifier))
        let databases: [(any CloudDatabase, CKDatabase.Scope)] = [
            (container.privateCloudDatabase, .private), (container.publicCloudDatabase, .public), (container.sharedCloudDatabase, .shared),
            (container.database(with: .private), .private), (container.database(with: .public), .public),
            (container.database(with: .shared), .shared),
        ]
        for (database, scope) in databases {
            (database as? MockCloudDatabase)?.backing = self.database(scope)
        }
    }

    /// A mock database backed by the database of `scope`.
    public func mockDatabase(
        _ scope: CKDatabase.Scope = .private, log: CallLog = CallLog(), delivery: CompletionDelivery = .asynchronous
    ) -> MockCloudDatabase {
        let mock = MockCloudDatabase(log: log, delivery: delivery)
        mock.backing = database(scope)
        return mock
    }
}

/// The iCloud account as the in-memory databases see it. Without a usable account requests fail:
/// `accountTemporarilyUnavailable` for `.temporarilyUnavailable` (Apple: "An error that occurs
/// when the user's iCloud account is temporarily unavailable"), `notAuthenticated` otherwise
/// (CKContainer.h, fetchUserRecordID: "If there is no iCloud account configured, or if access is
/// restricted, a CKErrorNotAuthenticated error will be returned"; extending it to database calls
/// is our reading). The public database still answers reads (our choice, after
/// CKContainer.h: public records are "world readable, owner writable"); writes fail.
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
final class AccountState: @unchecked Sendable {
    // @unchecked: both properties are guarded by `lock`.
    private let lock = NSLock()
    private var storedStatus: CKAccountStatus
    private var storedUserRecordName: String

    init(status: CKAccountStatus = .available, userRecordName: String = AccountState.madeUpUserRecordName()) {
        storedStatus = status
        storedUserRecordName = userRecordName
    }

    var status: CKAccountStatus {
        get { lock.withLock { storedStatus } }
        set { lock.withLock { storedStatus = newValue } }
    }

    var userRecordName: String {
        get { lock.withLock { storedUserRecordName } }
        set { lock.withLock { storedUserRecordName = newValue } }
    }

    /// "_" and 32 hex digits, the shape of CloudKit's user record names.
    static func madeUpUserRecordName() -> String {
        "_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// The error a request fails with, or `nil` when the account allows it.
    func failure(for scope: CKDatabase.Scope, writing: Bool, errors database: InMemoryCloudDatabase) -> (any Error)? {
        switch status {
        case .available: return nil
        case .temporarilyUnavailable:
            return scope == .public && !writing ? nil : database.error(.accountTemporarilyUnavailable)
        default:
            return scope == .public && !writing ? nil : database.error(.notAuthenticated)
        }
    }
}

/// What a service's databases share, on every device: the archive-format report, the server's
/// clock, the limits and the asset staging area.
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
struct InMemoryService: Sendable {
    let archiveFormat = ArchiveFormatReport()
    let systemFields: SystemFields
    let now: @Sendable () -> Date
    let limits = Locked(CloudKitLimits.cloudKit)
    let assetStaging = AssetStaging()
    /// The shares saved in every user's private database, by URL (see `SharingRegistry`).
    let sharing = SharingRegistry()

    init(now: @escaping @Sendable () -> Date) {
        self.now = now
        systemFields = SystemFields(report: archiveFormat)
    }
}
