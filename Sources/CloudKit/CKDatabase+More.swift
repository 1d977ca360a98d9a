import Foundation

// Linux stand-in: the rest of CKDatabase's surface (subscriptions by ID, zone and subscription
// batches, database and zone change fetches). Every call fails with `notAuthenticated`.

extension CKDatabase {
    /// What `databaseChanges(since:)` reports. No public initialisers, as on Apple platforms.
    public enum DatabaseChange {
        public struct Modification: Sendable {
            public let zoneID: CKRecordZone.ID
            @_spi(StandIn) public init(zoneID: CKRecordZone.ID) { self.zoneID = zoneID }
        }

        public struct Deletion: Sendable {
            @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
            public enum Reason: Sendable, Equatable, Hashable { case deleted, purged, encryptedDataReset }
            public let zoneID: CKRecordZone.ID
            @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
            public var reason: Reason { storedReason }
            @available(macOS, introduced: 12.0, deprecated: 14.0, message: "now surfaced as Reason.purged")
            @available(iOS, introduced: 15.0, deprecated: 17.0, message: "now surfaced as Reason.purged")
            @available(tvOS, introduced: 15.0, deprecated: 17.0, message: "now surfaced as Reason.purged")
            @available(watchOS, introduced: 8.0, deprecated: 10.0, message: "now surfaced as Reason.purged")
            public var purged: Bool { storedReason == .purged }
            let storedReason: Reason
            @_spi(StandIn) public init(zoneID: CKRecordZone.ID, reason: Reason) {
                self.zoneID = zoneID
                self.storedReason = reason
            }
        }
    }

    /// What `recordZoneChanges(inZoneWith:since:)` reports. No public initialisers.
    public enum RecordZoneChange {
        /// Not `Sendable`: the iOS 18 interface marks the conformance unavailable
        /// (`@available(*, unavailable) extension CKDatabase.RecordZoneChange.Modification:
        /// Swift.Sendable`), so sending one across actors fails on Apple platforms, and here too.
        public struct Modification {
            public let record: CKRecord
            @_spi(StandIn) public init(record: CKRecord) { self.record = record }
        }

        public struct Deletion: Sendable {
            public let recordID: CKRecord.ID
            public let recordType: CKRecord.RecordType
            @_spi(StandIn) public init(recordID: CKRecord.ID, recordType: CKRecord.RecordType) {
                self.recordID = recordID
                self.recordType = recordType
            }
        }
    }

    private func fail<T>(_ name: String, _ handler: @escaping @Sendable (T?, (any Error)?) -> Void) { log.failing(name, handler) }
    private func fail<T>(_ name: String, _ handler: @escaping @Sendable (Result<T, any Error>) -> Void) { log.failing(name, handler) }
    private func fail(_ name: String) throws -> Never { try log.failing(name) }

    @preconcurrency
    public func fetch(
        withSubscriptionID subscriptionID: CKSubscription.ID, completionHandler: @escaping @Sendable (CKSubscription?, (any Error)?) -> Void
    ) {
        fail("fetchSubscriptionWithID:completionHandler:", completionHandler)
    }

    public func subscription(for subscriptionID: CKSubscription.ID) async throws -> CKSubscription { try fail("subscriptionForID:") }

    @preconcurrency
    public func fetch(
        withRecordZoneIDs zoneIDs: [CKRecordZone.ID],
        completionHandler: @escaping @Sendable (Result<[CKRecordZone.ID: Result<CKRecordZone, any Error>], any Error>) -> Void
    ) {
        fail("fetchRecordZonesWithIDs:completionHandler:", completionHandler)
    }

    public func recordZones(for ids: [CKRecordZone.ID]) async throws -> [CKRecordZone.ID: Result<CKRecordZone, any Error>] {
        try fail("recordZonesForIDs:")
    }

    @preconcurrency
    public func modifyRecordZones(
        saving recordZonesToSave: [CKRecordZone], deleting recordZoneIDsToDelete: [CKRecordZone.ID],
        completionHandler:
            @escaping @Sendable (
                Result<
                    (saveResults: [CKRecordZone.ID: Result<CKRecordZone, any Error>], deleteResults: [CKRecordZone.ID: Result<Void, any Error>]),
                    any Error
                >
            ) -> Void
    ) {
        fail("modifyRecordZonesSaving:deleting:completionHandler:", completionHandler)
    }

    public func modifyRecordZones(
        saving recordZonesToSave: [CKRecordZone], deleting recordZoneIDsToDelete: [CKRecordZone.ID]
    ) async throws -> (saveResults: [CKRecordZone.ID: Result<CKRecordZone, any Error>], deleteResults: [CKRecordZone.ID: Result<Void, any Error>]) {
        try fail("modifyRecordZonesSaving:deleting:")
    }

    @preconcurrency
    public func fetch(
        withSubscriptionIDs subscriptionIDs: [CKSubscription.ID],
        completionHandler: @escaping @Sendable (Result<[CKSubscription.ID: Result<CKSubscription, any Error>], any Error>) -> Void
    ) {
        fail("fetchSubscriptionsWithIDs:completionHandler:", completionHandler)
    }

    public func subscriptions(for ids: [CKSubscription.ID]) async throws -> [CKSubscription.ID: Result<CKSubscription, any Error>] {
        try fail("subscriptionsForIDs:")
    }

    @preconcurrency
    public func modifySubscriptions(
        saving subscriptionsToSave: [CKSubscription], deleting subscriptionIDsToDelete: [CKSubscription.ID],
        completionHandler:
            @escaping @Sendable (
                Result<
                    (
                        saveResults: [CKSubscription.ID: Result<CKSubscription, any Error>],
                        deleteResults: [CKSubscription.ID: Result<Void, any Error>]
                    ), any Error
                >
            ) -> Void
    ) {
        fail("modifySubscriptionsSaving:deleting:completionHandler:", completionHandler)
    }

    public func modifySubscriptions(
        saving subscriptionsToSave: [CKSubscription], deleting subscriptionIDsToDelete: [CKSubscription.ID]
    ) async throws -> (
        saveResults: [CKSubscription.ID: Result<CKSubscription, any Error>], deleteResults: [CKSubscription.ID: Result<Void, any Error>]
    ) {
        try fail("modifySubscriptionsSaving:deleting:")
    }

    @preconcurrency
    public func fetchDatabaseChanges(
        since changeToken: CKServerChangeToken?, resultsLimit: Int? = nil,
        completionHandler:
            @escaping @Sendable (
                Result<
                    (
                        modifications: [CKDatabase.DatabaseChange.Modification], deletions: [CKDatabase.DatabaseChange.Deletion],
                        changeToken: CKServerChangeToken, moreComing: Bool
                    ), any Error
                >
            ) -> Void
    ) {
        fail("fetchDatabaseChangesSince:resultsLimit:completionHandler:", completionHandler)
    }

    public func databaseChanges(
        since changeToken: CKServerChangeToken?, resultsLimit: Int? = nil
    ) async throws -> (
        modifications: [CKDatabase.DatabaseChange.Modification], deletions: [CKDatabase.DatabaseChange.Deletion], changeToken: CKServerChangeToken,
        moreComing: Bool
    ) {
        try fail("databaseChangesSince:resultsLimit:")
    }

    @preconcurrency
    public func fetchRecordZoneChanges(
        inZoneWith zoneID: CKRecordZone.ID, since changeToken: CKServerChangeToken?, desiredKeys: [CKRecord.FieldKey]? = nil,
        resultsLimit: Int? = nil,
        completionHandler:
            @escaping @Sendable (
                Result<
                    (
                        modificationResultsByID: [CKRecord.ID: Result<CKDatabase.RecordZoneChange.Modification, any Error>],
                        deletions: [CKDatabase.RecordZoneChange.Deletion], changeToken: CKServerChangeToken, moreComing: Bool
                    ), any Error
                >
            ) -> Void
    ) {
        fail("fetchRecordZoneChangesInZoneWith:since:desiredKeys:resultsLimit:completionHandler:", completionHandler)
    }

    public func recordZoneChanges(
        inZoneWith zoneID: CKRecordZone.ID, since changeToken: CKServerChangeToken?, desiredKeys: [CKRecord.FieldKey]? = nil, resultsLimit: Int? = nil
    ) async throws -> (
        modificationResultsByID: [CKRecord.ID: Result<CKDatabase.RecordZoneChange.Modification, any Error>],
        deletions: [CKDatabase.RecordZoneChange.Deletion], changeToken: CKServerChangeToken, moreComing: Bool
    ) {
        try fail("recordZoneChangesInZoneWith:since:desiredKeys:resultsLimit:")
    }
}

@available(*, unavailable)
extension CKDatabase.RecordZoneChange.Modification: Sendable {}
