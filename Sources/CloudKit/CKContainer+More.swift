import Foundation

// Linux stand-in: the rest of CKContainer's surface (permissions, identities, sharing,
// long-lived operations, the iOS 15 batch forms). Every call fails with `notAuthenticated`.

extension CKContainer {
    public struct ApplicationPermissions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        @available(
            macOS, introduced: 10.0, deprecated: 14.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users."
        )
        @available(iOS, introduced: 8.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
        @available(tvOS, introduced: 9.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
        @available(
            watchOS, introduced: 3.0, deprecated: 10.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users."
        )
        public static let userDiscoverability = ApplicationPermissions(rawValue: 1 << 0)
    }

    @available(macOS, introduced: 10.10, deprecated: 14.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(iOS, introduced: 8.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(tvOS, introduced: 9.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(watchOS, introduced: 3.0, deprecated: 10.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    public enum ApplicationPermissionStatus: Int, Sendable {
        case initialState = 0
        case couldNotComplete = 1
        case denied = 2
        case granted = 3
    }

    private func fail<T>(_ name: String, _ handler: @escaping @Sendable (T?, (any Error)?) -> Void) { log.failing(name, handler) }
    private func fail<T>(_ name: String, _ handler: @escaping @Sendable (Result<T, any Error>) -> Void) { log.failing(name, handler) }
    private func fail(_ name: String) throws -> Never { try log.failing(name) }

    // MARK: Application permissions (deprecated iOS 17 / macOS 14 / tvOS 17 / watchOS 10)

    @available(macOS, introduced: 10.0, deprecated: 14.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(iOS, introduced: 8.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(tvOS, introduced: 9.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(watchOS, introduced: 3.0, deprecated: 10.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    public func status(
        forApplicationPermission applicationPermission: CKContainer.ApplicationPermissions,
        completionHandler: @escaping @Sendable (CKContainer.ApplicationPermissionStatus, (any Error)?) -> Void
    ) {
        log.record("statusForApplicationPermission:completionHandler:")
        later { completionHandler(.couldNotComplete, notAuthenticated()) }
    }

    @available(macOS, introduced: 10.0, deprecated: 14.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(iOS, introduced: 8.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(tvOS, introduced: 9.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(watchOS, introduced: 3.0, deprecated: 10.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @discardableResult
    public func applicationPermissionStatus(
        for applicationPermission: CKContainer.ApplicationPermissions
    ) async throws -> CKContainer.ApplicationPermissionStatus {
        try fail("applicationPermissionStatusFor:")
    }

    @available(macOS, introduced: 10.0, deprecated: 14.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(iOS, introduced: 8.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(tvOS, introduced: 9.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(watchOS, introduced: 3.0, deprecated: 10.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    public func requestApplicationPermission(
        _ applicationPermission: CKContainer.ApplicationPermissions,
        completionHandler: @escaping @Sendable (CKContainer.ApplicationPermissionStatus, (any Error)?) -> Void
    ) {
        log.record("requestApplicationPermission:completionHandler:")
        later { completionHandler(.couldNotComplete, notAuthenticated()) }
    }

    @available(macOS, introduced: 10.0, deprecated: 14.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(iOS, introduced: 8.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(tvOS, introduced: 9.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(watchOS, introduced: 3.0, deprecated: 10.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @discardableResult
    public func requestApplicationPermission(
        _ applicationPermission: CKContainer.ApplicationPermissions
    ) async throws -> CKContainer.ApplicationPermissionStatus {
        try fail("requestApplicationPermission:")
    }

    // MARK: User identities (deprecated iOS 17 / macOS 14 / tvOS 17 / watchOS 10)

    /// `-discoverAllIdentitiesWithCompletionHandler:`, unavailable on tvOS. The 16.4 header names the
    /// async form `allUserIdentitiesFromContacts()` (NS_SWIFT_ASYNC_NAME).
    @available(macOS, introduced: 10.12, deprecated: 14.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(iOS, introduced: 10.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(tvOS, unavailable)
    @available(watchOS, introduced: 3.0, deprecated: 10.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    public func discoverAllIdentities(completionHandler: @escaping @Sendable ([CKUserIdentity]?, (any Error)?) -> Void) {
        fail("discoverAllIdentitiesWithCompletionHandler:", completionHandler)
    }

    @available(macOS, introduced: 10.12, deprecated: 14.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(iOS, introduced: 10.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(tvOS, unavailable)
    @available(watchOS, introduced: 3.0, deprecated: 10.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @discardableResult
    public func allUserIdentitiesFromContacts() async throws -> [CKUserIdentity] { try fail("allUserIdentitiesFromContacts") }

    @available(macOS, introduced: 10.12, deprecated: 14.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(iOS, introduced: 10.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(tvOS, introduced: 10.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(watchOS, introduced: 3.0, deprecated: 10.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    public func discoverUserIdentity(
        withPhoneNumber phoneNumber: String, completionHandler: @escaping @Sendable (CKUserIdentity?, (any Error)?) -> Void
    ) {
        fail("discoverUserIdentityWithPhoneNumber:completionHandler:", completionHandler)
    }

    @available(macOS, introduced: 12.0, deprecated: 14.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(iOS, introduced: 15.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(tvOS, introduced: 15.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(watchOS, introduced: 8.0, deprecated: 10.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @discardableResult
    public func userIdentity(forPhoneNumber phoneNumber: String) async throws -> CKUserIdentity? { try fail("userIdentityForPhoneNumber:") }

    @available(macOS, introduced: 10.12, deprecated: 14.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(iOS, introduced: 10.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(tvOS, introduced: 10.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(watchOS, introduced: 3.0, deprecated: 10.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    public func discoverUserIdentity(
        withUserRecordID userRecordID: CKRecord.ID, completionHandler: @escaping @Sendable (CKUserIdentity?, (any Error)?) -> Void
    ) {
        fail("discoverUserIdentityWithUserRecordID:completionHandler:", completionHandler)
    }

    @available(macOS, introduced: 12.0, deprecated: 14.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(iOS, introduced: 15.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(tvOS, introduced: 15.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(watchOS, introduced: 8.0, deprecated: 10.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @discardableResult
    public func userIdentity(forUserRecordID userRecordID: CKRecord.ID) async throws -> CKUserIdentity? { try fail("userIdentityForUserRecordID:") }

    @available(macOS, introduced: 12.0, deprecated: 14.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(
        macCatalyst, introduced: 15.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users."
    )
    @available(iOS, introduced: 15.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(tvOS, introduced: 15.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(watchOS, introduced: 8.0, deprecated: 10.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(visionOS, deprecated, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @preconcurrency
    public func discoverUserIdentities(
        forEmailAddresses emails: [String], completionHandler: @escaping @Sendable (Result<[String: CKUserIdentity], any Error>) -> Void
    ) {
        fail("discoverUserIdentitiesForEmailAddresses:completionHandler:", completionHandler)
    }

    @available(macOS, introduced: 12.0, deprecated: 14.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(
        macCatalyst, introduced: 15.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users."
    )
    @available(iOS, introduced: 15.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(tvOS, introduced: 15.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(watchOS, introduced: 8.0, deprecated: 10.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(visionOS, deprecated, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    public func userIdentities(forEmailAddresses emails: [String]) async throws -> [String: CKUserIdentity] {
        try fail("userIdentitiesForEmailAddresses:")
    }

    @available(macOS, introduced: 12.0, deprecated: 14.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(
        macCatalyst, introduced: 15.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users."
    )
    @available(iOS, introduced: 15.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(tvOS, introduced: 15.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(watchOS, introduced: 8.0, deprecated: 10.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(visionOS, deprecated, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @preconcurrency
    public func discoverUserIdentities(
        forPhoneNumbers phoneNumbers: [String], completionHandler: @escaping @Sendable (Result<[String: CKUserIdentity], any Error>) -> Void
    ) {
        fail("discoverUserIdentitiesForPhoneNumbers:completionHandler:", completionHandler)
    }

    @available(macOS, introduced: 12.0, deprecated: 14.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(
        macCatalyst, introduced: 15.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users."
    )
    @available(iOS, introduced: 15.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(tvOS, introduced: 15.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(watchOS, introduced: 8.0, deprecated: 10.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(visionOS, deprecated, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    public func userIdentities(forPhoneNumbers phoneNumbers: [String]) async throws -> [String: CKUserIdentity] {
        try fail("userIdentitiesForPhoneNumbers:")
    }

    @available(macOS, introduced: 12.0, deprecated: 14.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(
        macCatalyst, introduced: 15.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users."
    )
    @available(iOS, introduced: 15.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(tvOS, introduced: 15.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(watchOS, introduced: 8.0, deprecated: 10.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(visionOS, deprecated, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @preconcurrency
    public func discoverUserIdentities(
        forUserRecordIDs userRecordIDs: [CKRecord.ID],
        completionHandler: @escaping @Sendable (Result<[CKRecord.ID: CKUserIdentity], any Error>) -> Void
    ) {
        fail("discoverUserIdentitiesForUserRecordIDs:completionHandler:", completionHandler)
    }

    @available(macOS, introduced: 12.0, deprecated: 14.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(
        macCatalyst, introduced: 15.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users."
    )
    @available(iOS, introduced: 15.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(tvOS, introduced: 15.0, deprecated: 17.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(watchOS, introduced: 8.0, deprecated: 10.0, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    @available(visionOS, deprecated, message: "No longer supported. Please see Sharing CloudKit Data with Other iCloud Users.")
    public func userIdentities(forUserRecordIDs userRecordIDs: [CKRecord.ID]) async throws -> [CKRecord.ID: CKUserIdentity] {
        try fail("userIdentitiesForUserRecordIDs:")
    }

    // MARK: Sharing

    public func fetchShareParticipant(
        withEmailAddress emailAddress: String, completionHandler: @escaping @Sendable (CKShare.Participant?, (any Error)?) -> Void
    ) {
        fail("fetchShareParticipantWithEmailAddress:completionHandler:", completionHandler)
    }

    @discardableResult
    public func shareParticipant(forEmailAddress emailAddress: String) async throws -> CKShare.Participant {
        try fail("shareParticipantForEmailAddress:")
    }

    public func fetchShareParticipant(
        withPhoneNumber phoneNumber: String, completionHandler: @escaping @Sendable (CKShare.Participant?, (any Error)?) -> Void
    ) {
        fail("fetchShareParticipantWithPhoneNumber:completionHandler:", completionHandler)
    }

    @discardableResult
    public func shareParticipant(forPhoneNumber phoneNumber: String) async throws -> CKShare.Participant {
        try fail("shareParticipantForPhoneNumber:")
    }

    public func fetchShareParticipant(
        withUserRecordID userRecordID: CKRecord.ID, completionHandler: @escaping @Sendable (CKShare.Participant?, (any Error)?) -> Void
    ) {
        fail("fetchShareParticipantWithUserRecordID:completionHandler:", completionHandler)
    }

    @discardableResult
    public func shareParticipant(forUserRecordID userRecordID: CKRecord.ID) async throws -> CKShare.Participant {
        try fail("shareParticipantForUserRecordID:")
    }

    public func fetchShareMetadata(with url: URL, completionHandler: @escaping @Sendable (CKShare.Metadata?, (any Error)?) -> Void) {
        fail("fetchShareMetadataWithURL:completionHandler:", completionHandler)
    }

    @discardableResult
    public func shareMetadata(for url: URL) async throws -> CKShare.Metadata { try fail("shareMetadataForURL:") }

    public func accept(_ metadata: CKShare.Metadata, completionHandler: @escaping @Sendable (CKShare?, (any Error)?) -> Void) {
        fail("acceptShareMetadata:completionHandler:", completionHandler)
    }

    @discardableResult
    public func accept(_ metadata: CKShare.Metadata) async throws -> CKShare { try fail("acceptShareMetadata:") }

    @preconcurrency
    public func fetchShareParticipants(
        forEmailAddresses emails: [String],
        completionHandler: @escaping @Sendable (Result<[String: Result<CKShare.Participant, any Error>], any Error>) -> Void
    ) {
        fail("fetchShareParticipantsForEmailAddresses:completionHandler:", completionHandler)
    }

    public func shareParticipants(forEmailAddresses emails: [String]) async throws -> [String: Result<CKShare.Participant, any Error>] {
        try fail("shareParticipantsForEmailAddresses:")
    }

    @preconcurrency
    public func fetchShareParticipants(
        forPhoneNumbers phoneNumbers: [String],
        completionHandler: @escaping @Sendable (Result<[String: Result<CKShare.Participant, any Error>], any Error>) -> Void
    ) {
        fail("fetchShareParticipantsForPhoneNumbers:completionHandler:", completionHandler)
    }

    public func shareParticipants(forPhoneNumbers phoneNumbers: [String]) async throws -> [String: Result<CKShare.Participant, any Error>] {
        try fail("shareParticipantsForPhoneNumbers:")
    }

    @preconcurrency
    public func fetchShareParticipants(
        forUserRecordIDs userRecordIDs: [CKRecord.ID],
        completionHandler: @escaping @Sendable (Result<[CKRecord.ID: Result<CKShare.Participant, any Error>], any Error>) -> Void
    ) {
        fail("fetchShareParticipantsForUserRecordIDs:completionHandler:", completionHandler)
    }

    public func shareParticipants(forUserRecordIDs userRecordIDs: [CKRecord.ID]) async throws -> [CKRecord.ID: Result<CKShare.Participant, any Error>]
    {
        try fail("shareParticipantsForUserRecordIDs:")
    }

    @preconcurrency
    public func fetchShareMetadatas(
        for urls: [URL], completionHandler: @escaping @Sendable (Result<[URL: Result<CKShare.Metadata, any Error>], any Error>) -> Void
    ) {
        fail("fetchShareMetadatasForURLs:completionHandler:", completionHandler)
    }

    public func shareMetadatas(for urls: [URL]) async throws -> [URL: Result<CKShare.Metadata, any Error>] { try fail("shareMetadatasForURLs:") }

    @preconcurrency
    public func accept(
        _ metadatas: [CKShare.Metadata],
        completionHandler: @escaping @Sendable (Result<[CKShare.Metadata: Result<CKShare, any Error>], any Error>) -> Void
    ) {
        fail("acceptShareMetadatas:completionHandler:", completionHandler)
    }

    public func accept(_ metadatas: [CKShare.Metadata]) async throws -> [CKShare.Metadata: Result<CKShare, any Error>] {
        try fail("acceptShareMetadatas:")
    }

    // MARK: Long-lived operations

    @preconcurrency
    public func fetchAllLongLivedOperationIDs(completionHandler: @escaping @Sendable ([CKOperation.ID]?, (any Error)?) -> Void) {
        fail("fetchAllLongLivedOperationIDsWithCompletionHandler:", completionHandler)
    }

    public func allLongLivedOperationIDs() async throws -> [CKOperation.ID] { try fail("allLongLivedOperationIDs") }

    @preconcurrency
    public func fetchLongLivedOperation(
        withID operationID: CKOperation.ID, completionHandler: @escaping @Sendable (CKOperation?, (any Error)?) -> Void
    ) {
        fail("fetchLongLivedOperationWithID:completionHandler:", completionHandler)
    }

    public func longLivedOperation(for operationID: CKOperation.ID) async throws -> CKOperation? { try fail("longLivedOperationFor:") }
}
