import Foundation

// Linux stand-in for CKContainer and CKDatabase with the iOS 18 SDK's public signatures.
// There is no iCloud account on Linux: every data call fails with `notAuthenticated`, the way a
// device without an account answers. Each call is recorded under its Objective-C-style name
// (`invocations`, SPI) so tests can prove which SDK method an adapter forwarded to.

/// Records which SDK methods were called on a stand-in object.
final class InvocationLog: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String] = []

    func record(_ name: String) { lock.withLock { names.append(name) } }
    var all: [String] { lock.withLock { names } }

    /// Records `name`, then fails the handler later with `notAuthenticated`, as CloudKit does
    /// without an account.
    func failing<T>(_ name: String, _ handler: @escaping @Sendable (T?, (any Error)?) -> Void) {
        record(name)
        later { handler(nil, notAuthenticated()) }
    }

    func failing<T>(_ name: String, _ handler: @escaping @Sendable (Result<T, any Error>) -> Void) {
        record(name)
        later { handler(.failure(notAuthenticated())) }
    }

    /// Records `name` and throws `notAuthenticated`.
    func failing(_ name: String) throws -> Never {
        record(name)
        throw notAuthenticated()
    }
}

func notAuthenticated() -> CKError {
    CKError(.notAuthenticated)
}

/// Calls `work` later on a background queue, as CloudKit calls completion handlers.
func later(_ work: @escaping @Sendable () -> Void) {
    DispatchQueue.global().async(execute: work)
}

public final class CKContainer: NSObject, @unchecked Sendable {
    public let containerIdentifier: String?
    public let privateCloudDatabase: CKDatabase
    public let publicCloudDatabase: CKDatabase
    public let sharedCloudDatabase: CKDatabase
    let log = InvocationLog()

    @_spi(StandIn) public var invocations: [String] { log.all }

    public class func `default`() -> CKContainer { CKContainer(identifier: "iCloud.default") }

    public init(identifier containerIdentifier: String) {
        self.containerIdentifier = containerIdentifier
        privateCloudDatabase = CKDatabase(scope: .private)
        publicCloudDatabase = CKDatabase(scope: .public)
        sharedCloudDatabase = CKDatabase(scope: .shared)
    }

    public func add(_ operation: CKOperation) {
        log.record("addOperation:")
    }

    public func database(with databaseScope: CKDatabase.Scope) -> CKDatabase {
        log.record("databaseWithDatabaseScope:")
        switch databaseScope {
        case .private: return privateCloudDatabase
        case .public: return publicCloudDatabase
        case .shared: return sharedCloudDatabase
        }
    }

    public func accountStatus(completionHandler: @escaping @Sendable (CKAccountStatus, (any Error)?) -> Void) {
        log.record("accountStatusWithCompletionHandler:")
        later { completionHandler(.noAccount, nil) }
    }

    @discardableResult
    public func accountStatus() async throws -> CKAccountStatus {
        log.record("accountStatus")
        return .noAccount
    }

    public func fetchUserRecordID(completionHandler: @escaping @Sendable (CKRecord.ID?, (any Error)?) -> Void) {
        log.record("fetchUserRecordIDWithCompletionHandler:")
        later { completionHandler(nil, notAuthenticated()) }
    }

    @discardableResult
    public func userRecordID() async throws -> CKRecord.ID {
        log.record("userRecordID")
        throw notAuthenticated()
    }

    @available(macOS, introduced: 10.12, deprecated: 14.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(iOS, introduced: 10.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(tvOS, introduced: 10.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(watchOS, introduced: 3.0, deprecated: 10.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    public func discoverUserIdentity(withEmailAddress email: String, completionHandler: @escaping @Sendable (CKUserIdentity?, (any Error)?) -> Void) {
        log.record("discoverUserIdentityWithEmailAddress:completionHandler:")
        later { completionHandler(nil, notAuthenticated()) }
    }

    @available(macOS, introduced: 12.0, deprecated: 14.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(iOS, introduced: 15.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(tvOS, introduced: 15.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(watchOS, introduced: 8.0, deprecated: 10.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @discardableResult
    public func userIdentity(forEmailAddress email: String) async throws -> CKUserIdentity? {
        log.record("userIdentityForEmailAddress:")
        throw notAuthenticated()
    }
}

public final class CKDatabase: NSObject, @unchecked Sendable {
    public enum Scope: Int, Sendable {
        case `public` = 1
        case `private` = 2
        case shared = 3
    }

    public let databaseScope: CKDatabase.Scope
    let log = InvocationLog()

    @_spi(StandIn) public var invocations: [String] { log.all }

    /// Not public: as on Apple platforms, databases come only from a container.
    init(scope: Scope) {
        databaseScope = scope
    }

    private func failing<T>(_ name: String, _ handler: @escaping @Sendable (T?, (any Error)?) -> Void) { log.failing(name, handler) }
    private func failing<T>(_ name: String, _ handler: @escaping @Sendable (Result<T, any Error>) -> Void) { log.failing(name, handler) }
    private func failing(_ name: String) throws -> Never { try log.failing(name) }

    public func add(_ operation: CKDatabaseOperation) {
        log.record("addOperation:")
    }

    // MARK: 2a. Convenience methods and their async twins

    // The async twins are the importer's, not the overlay's: Swift marks an imported async method
    // with a result `@discardableResult` (swiftlang/swift test/IDE/print_clang_objc_async.swift).

    public func fetch(withRecordID recordID: CKRecord.ID, completionHandler: @escaping @Sendable (CKRecord?, (any Error)?) -> Void) {
        failing("fetchRecordWithID:completionHandler:", completionHandler)
    }

    @discardableResult
    public func record(for recordID: CKRecord.ID) async throws -> CKRecord { try failing("recordForID:") }

    public func save(_ record: CKRecord, completionHandler: @escaping @Sendable (CKRecord?, (any Error)?) -> Void) {
        failing("saveRecord:completionHandler:", completionHandler)
    }

    @discardableResult
    public func save(_ record: CKRecord) async throws -> CKRecord { try failing("saveRecord:") }

    public func delete(withRecordID recordID: CKRecord.ID, completionHandler: @escaping @Sendable (CKRecord.ID?, (any Error)?) -> Void) {
        failing("deleteRecordWithID:completionHandler:", completionHandler)
    }

    @discardableResult
    public func deleteRecord(withID recordID: CKRecord.ID) async throws -> CKRecord.ID { try failing("deleteRecordWithID:") }

    /// CKDatabase.h's `CK_SWIFT_DEPRECATED(..., macos(10.10, 12.0), ios(8.0, 15.0), ...)` is
    /// `API_DEPRECATED` when compiled from Swift (CKDefines.h): deprecated per platform, not by
    /// Swift version.
    @available(macOS, deprecated: 12.0, message: "renamed to fetch(withQuery:inZoneWith:desiredKeys:resultsLimit:completionHandler:)")
    @available(iOS, deprecated: 15.0, message: "renamed to fetch(withQuery:inZoneWith:desiredKeys:resultsLimit:completionHandler:)")
    @available(tvOS, deprecated: 15.0, message: "renamed to fetch(withQuery:inZoneWith:desiredKeys:resultsLimit:completionHandler:)")
    @available(watchOS, deprecated: 8.0, message: "renamed to fetch(withQuery:inZoneWith:desiredKeys:resultsLimit:completionHandler:)")
    public func perform(
        _ query: CKQuery, inZoneWith zoneID: CKRecordZone.ID?, completionHandler: @escaping @Sendable ([CKRecord]?, (any Error)?) -> Void
    ) {
        failing("performQuery:inZoneWithID:completionHandler:", completionHandler)
    }

    @available(macOS, deprecated: 12.0, message: "renamed to fetch(withQuery:inZoneWith:desiredKeys:resultsLimit:completionHandler:)")
    @available(iOS, deprecated: 15.0, message: "renamed to fetch(withQuery:inZoneWith:desiredKeys:resultsLimit:completionHandler:)")
    @available(tvOS, deprecated: 15.0, message: "renamed to fetch(withQuery:inZoneWith:desiredKeys:resultsLimit:completionHandler:)")
    @available(watchOS, deprecated: 8.0, message: "renamed to fetch(withQuery:inZoneWith:desiredKeys:resultsLimit:completionHandler:)")
    @discardableResult
    public func perform(_ query: CKQuery, inZoneWith zoneID: CKRecordZone.ID?) async throws -> [CKRecord] {
        try failing("performQuery:inZoneWithID:")
    }

    public func fetchAllRecordZones(completionHandler: @escaping @Sendable ([CKRecordZone]?, (any Error)?) -> Void) {
        failing("fetchAllRecordZonesWithCompletionHandler:", completionHandler)
    }

    @discardableResult
    public func allRecordZones() async throws -> [CKRecordZone] { try failing("allRecordZones") }

    public func fetch(withRecordZoneID zoneID: CKRecordZone.ID, completionHandler: @escaping @Sendable (CKRecordZone?, (any Error)?) -> Void) {
        failing("fetchRecordZoneWithID:completionHandler:", completionHandler)
    }

    @discardableResult
    public func recordZone(for zoneID: CKRecordZone.ID) async throws -> CKRecordZone { try failing("recordZoneForID:") }

    public func save(_ zone: CKRecordZone, completionHandler: @escaping @Sendable (CKRecordZone?, (any Error)?) -> Void) {
        failing("saveRecordZone:completionHandler:", completionHandler)
    }

    @discardableResult
    public func save(_ zone: CKRecordZone) async throws -> CKRecordZone { try failing("saveRecordZone:") }

    public func delete(withRecordZoneID zoneID: CKRecordZone.ID, completionHandler: @escaping @Sendable (CKRecordZone.ID?, (any Error)?) -> Void) {
        failing("deleteRecordZoneWithID:completionHandler:", completionHandler)
    }

    @discardableResult
    public func deleteRecordZone(withID zoneID: CKRecordZone.ID) async throws -> CKRecordZone.ID { try failing("deleteRecordZoneWithID:") }

    public func fetchAllSubscriptions(completionHandler: @escaping @Sendable ([CKSubscription]?, (any Error)?) -> Void) {
        failing("fetchAllSubscriptionsWithCompletionHandler:", completionHandler)
    }

    @discardableResult
    public func allSubscriptions() async throws -> [CKSubscription] { try failing("allSubscriptions") }

    public func save(_ subscription: CKSubscription, completionHandler: @escaping @Sendable (CKSubscription?, (any Error)?) -> Void) {
        failing("saveSubscription:completionHandler:", completionHandler)
    }

    @discardableResult
    public func save(_ subscription: CKSubscription) async throws -> CKSubscription { try failing("saveSubscription:") }

    @preconcurrency
    public func delete(withSubscriptionID subscriptionID: CKSubscription.ID, completionHandler: @escaping @Sendable (String?, (any Error)?) -> Void) {
        failing("deleteSubscriptionWithID:completionHandler:", completionHandler)
    }

    @discardableResult
    public func deleteSubscription(withID subscriptionID: CKSubscription.ID) async throws -> CKSubscription.ID {
        try failing("deleteSubscriptionWithID:")
    }

    // MARK: 2b. iOS 15 batch methods

    @preconcurrency
    public func fetch(
        withRecordIDs recordIDs: [CKRecord.ID], desiredKeys: [CKRecord.FieldKey]? = nil,
        completionHandler: @escaping @Sendable (Result<[CKRecord.ID: Result<CKRecord, any Error>], any Error>) -> Void
    ) {
        failing("fetchRecordsWithIDs:desiredKeys:completionHandler:", completionHandler)
    }

    public func records(for ids: [CKRecord.ID], desiredKeys: [CKRecord.FieldKey]? = nil) async throws -> [CKRecord.ID: Result<CKRecord, any Error>] {
        try failing("recordsForIDs:desiredKeys:")
    }

    @preconcurrency
    public func modifyRecords(
        saving recordsToSave: [CKRecord], deleting recordIDsToDelete: [CKRecord.ID],
        savePolicy: CKModifyRecordsOperation.RecordSavePolicy = .ifServerRecordUnchanged, atomically: Bool = true,
        completionHandler:
            @escaping @Sendable (
                Result<(saveResults: [CKRecord.ID: Result<CKRecord, any Error>], deleteResults: [CKRecord.ID: Result<Void, any Error>]), any Error>
            ) -> Void
    ) {
        failing("modifyRecordsSaving:deleting:savePolicy:atomically:completionHandler:", completionHandler)
    }

    public func modifyRecords(
        saving recordsToSave: [CKRecord], deleting recordIDsToDelete: [CKRecord.ID],
        savePolicy: CKModifyRecordsOperation.RecordSavePolicy = .ifServerRecordUnchanged, atomically: Bool = true
    ) async throws -> (saveResults: [CKRecord.ID: Result<CKRecord, any Error>], deleteResults: [CKRecord.ID: Result<Void, any Error>]) {
        try failing("modifyRecordsSaving:deleting:savePolicy:atomically:")
    }

    @preconcurrency
    public func fetch(
        withQuery query: CKQuery, inZoneWith zoneID: CKRecordZone.ID? = nil, desiredKeys: [CKRecord.FieldKey]? = nil,
        resultsLimit: Int = CKQueryOperation.maximumResults,
        completionHandler:
            @escaping @Sendable (
                Result<(matchResults: [(CKRecord.ID, Result<CKRecord, any Error>)], queryCursor: CKQueryOperation.Cursor?), any Error>
            ) -> Void
    ) {
        failing("fetchWithQuery:inZoneWith:desiredKeys:resultsLimit:completionHandler:", completionHandler)
    }

    @preconcurrency
    public func fetch(
        withCursor queryCursor: CKQueryOperation.Cursor, desiredKeys: [CKRecord.FieldKey]? = nil, resultsLimit: Int = CKQueryOperation.maximumResults,
        completionHandler:
            @escaping @Sendable (
                Result<(matchResults: [(CKRecord.ID, Result<CKRecord, any Error>)], queryCursor: CKQueryOperation.Cursor?), any Error>
            ) -> Void
    ) {
        failing("fetchWithCursor:desiredKeys:resultsLimit:completionHandler:", completionHandler)
    }

    public func records(
        matching query: CKQuery, inZoneWith zoneID: CKRecordZone.ID? = nil, desiredKeys: [CKRecord.FieldKey]? = nil,
        resultsLimit: Int = CKQueryOperation.maximumResults
    ) async throws -> (matchResults: [(CKRecord.ID, Result<CKRecord, any Error>)], queryCursor: CKQueryOperation.Cursor?) {
        try failing("recordsMatching:inZoneWith:desiredKeys:resultsLimit:")
    }

    public func records(
        continuingMatchFrom queryCursor: CKQueryOperation.Cursor, desiredKeys: [CKRecord.FieldKey]? = nil,
        resultsLimit: Int = CKQueryOperation.maximumResults
    ) async throws -> (matchResults: [(CKRecord.ID, Result<CKRecord, any Error>)], queryCursor: CKQueryOperation.Cursor?) {
        try failing("recordsContinuingMatchFrom:desiredKeys:resultsLimit:")
    }
}
