import Foundation

// Linux stand-in: CloudKit's operation classes with their real public Swift surface (iOS 18 SDK,
// see the reference's section 3). Blocks are plain stored properties; the stand-in never runs an
// operation itself (`CKDatabase.add` only records that it was called). Blocks CloudKit deprecated
// in Swift are deprecated here for every platform, so generated code that touched them directly
// would warn, and CI fails on warnings.

open class CKOperation: Operation, @unchecked Sendable {
    public typealias ID = String

    public final class Configuration: NSObject, @unchecked Sendable {
        public var container: CKContainer?
        public var qualityOfService: QualityOfService = .default
        public var allowsCellularAccess = true
        public var isLongLived = false
        public var timeoutIntervalForRequest: TimeInterval = 60
        public var timeoutIntervalForResource: TimeInterval = 7 * 24 * 3600
        public override init() {}
    }

    public var configuration: CKOperation.Configuration! = Configuration()
    public var group: CKOperationGroup?
    public let operationID: CKOperation.ID = UUID().uuidString
    public var longLivedOperationWasPersistedBlock: (() -> Void)?

    public override init() {}
}

public final class CKOperationGroup: NSObject, @unchecked Sendable {
    public override init() {}
}

open class CKDatabaseOperation: CKOperation, @unchecked Sendable {
    public var database: CKDatabase?
}

public final class CKFetchRecordsOperation: CKDatabaseOperation, @unchecked Sendable {
    public var recordIDs: [CKRecord.ID]?
    public var desiredKeys: [CKRecord.FieldKey]?
    public var perRecordProgressBlock: ((CKRecord.ID, Double) -> Void)?
    @available(*, deprecated, message: "Use perRecordResultBlock instead")
    public var perRecordCompletionBlock: ((CKRecord?, CKRecord.ID?, (any Error)?) -> Void)?
    @available(*, deprecated, message: "Use fetchRecordsResultBlock instead")
    public var fetchRecordsCompletionBlock: (([CKRecord.ID: CKRecord]?, (any Error)?) -> Void)?
    public var perRecordResultBlock: ((_ recordID: CKRecord.ID, _ recordResult: Result<CKRecord, any Error>) -> Void)?
    public var fetchRecordsResultBlock: ((_ operationResult: Result<Void, any Error>) -> Void)?

    public override init() {}

    public convenience init(recordIDs: [CKRecord.ID]) {
        self.init()
        self.recordIDs = recordIDs
    }

    public class func fetchCurrentUserRecordOperation() -> Self { Self() }
}

public final class CKModifyRecordsOperation: CKDatabaseOperation, @unchecked Sendable {
    public enum RecordSavePolicy: Int, Sendable {
        case ifServerRecordUnchanged = 0, changedKeys = 1, allKeys = 2
    }

    public var recordsToSave: [CKRecord]?
    public var recordIDsToDelete: [CKRecord.ID]?
    public var savePolicy: RecordSavePolicy = .ifServerRecordUnchanged
    public var clientChangeTokenData: Data?
    public var isAtomic = true
    public var perRecordProgressBlock: ((CKRecord, Double) -> Void)?
    @available(*, deprecated, message: "Use perRecordSaveBlock instead")
    public var perRecordCompletionBlock: ((CKRecord, (any Error)?) -> Void)?
    @available(*, deprecated, message: "Use modifyRecordsResultBlock instead")
    public var modifyRecordsCompletionBlock: (([CKRecord]?, [CKRecord.ID]?, (any Error)?) -> Void)?
    public var perRecordSaveBlock: ((_ recordID: CKRecord.ID, _ saveResult: Result<CKRecord, any Error>) -> Void)?
    public var perRecordDeleteBlock: ((_ recordID: CKRecord.ID, _ deleteResult: Result<Void, any Error>) -> Void)?
    public var modifyRecordsResultBlock: ((_ operationResult: Result<Void, any Error>) -> Void)?

    public override init() {}

    public convenience init(recordsToSave: [CKRecord]? = nil, recordIDsToDelete: [CKRecord.ID]? = nil) {
        self.init()
        self.recordsToSave = recordsToSave
        self.recordIDsToDelete = recordIDsToDelete
    }
}

public final class CKQueryOperation: CKDatabaseOperation, @unchecked Sendable {
    /// No public initialiser, as on Apple platforms; tests make one through the SPI.
    public final class Cursor: NSObject, @unchecked Sendable {
        @_spi(StandIn) public let standInValue: String
        @_spi(StandIn) public init(standInValue: String) {
            self.standInValue = standInValue
        }
    }

    public static let maximumResults: Int = 0
    public var query: CKQuery?
    public var cursor: Cursor?
    public var zoneID: CKRecordZone.ID?
    public var resultsLimit: Int = CKQueryOperation.maximumResults
    public var desiredKeys: [CKRecord.FieldKey]?
    @available(*, deprecated, message: "Use recordMatchedBlock instead")
    public var recordFetchedBlock: ((CKRecord) -> Void)?
    @available(*, deprecated, message: "Use queryResultBlock instead")
    public var queryCompletionBlock: ((CKQueryOperation.Cursor?, (any Error)?) -> Void)?
    public var recordMatchedBlock: ((_ recordID: CKRecord.ID, _ recordResult: Result<CKRecord, any Error>) -> Void)?
    public var queryResultBlock: ((_ operationResult: Result<CKQueryOperation.Cursor?, any Error>) -> Void)?

    public override init() {}

    public convenience init(query: CKQuery) {
        self.init()
        self.query = query
    }

    public convenience init(cursor: CKQueryOperation.Cursor) {
        self.init()
        self.cursor = cursor
    }
}

public final class CKFetchRecordZoneChangesOperation: CKDatabaseOperation, @unchecked Sendable {
    public final class ZoneConfiguration: NSObject, @unchecked Sendable {
        public var previousServerChangeToken: CKServerChangeToken?
        public var resultsLimit: Int = 0
        public var desiredKeys: [CKRecord.FieldKey]?

        public override init() {}

        public convenience init(previousServerChangeToken: CKServerChangeToken? = nil, resultsLimit: Int? = nil, desiredKeys: [CKRecord.FieldKey]? = nil) {
            self.init()
            self.previousServerChangeToken = previousServerChangeToken
            self.resultsLimit = resultsLimit ?? 0
            self.desiredKeys = desiredKeys
        }
    }

    public var recordZoneIDs: [CKRecordZone.ID]?
    public var configurationsByRecordZoneID: [CKRecordZone.ID: ZoneConfiguration]?
    public var fetchAllChanges = true
    @available(*, deprecated, message: "Use recordWasChangedBlock instead")
    public var recordChangedBlock: ((CKRecord) -> Void)?
    @available(*, deprecated, message: "Use recordZoneFetchResultBlock instead")
    public var recordZoneFetchCompletionBlock: ((CKRecordZone.ID, CKServerChangeToken?, Data?, Bool, (any Error)?) -> Void)?
    @available(*, deprecated, message: "Use fetchRecordZoneChangesResultBlock instead")
    public var fetchRecordZoneChangesCompletionBlock: (((any Error)?) -> Void)?
    public var recordWithIDWasDeletedBlock: ((_ recordID: CKRecord.ID, _ recordType: CKRecord.RecordType) -> Void)?
    public var recordZoneChangeTokensUpdatedBlock: ((CKRecordZone.ID, CKServerChangeToken?, Data?) -> Void)?
    public var recordWasChangedBlock: ((_ recordID: CKRecord.ID, _ recordResult: Result<CKRecord, any Error>) -> Void)?
    public var recordZoneFetchResultBlock: ((_ recordZoneID: CKRecordZone.ID, _ fetchChangesResult: Result<(serverChangeToken: CKServerChangeToken, clientChangeTokenData: Data?, moreComing: Bool), any Error>) -> Void)?
    public var fetchRecordZoneChangesResultBlock: ((_ operationResult: Result<Void, any Error>) -> Void)?

    public override init() {}

    public convenience init(recordZoneIDs: [CKRecordZone.ID]? = nil, configurationsByRecordZoneID: [CKRecordZone.ID: ZoneConfiguration]? = nil) {
        self.init()
        self.recordZoneIDs = recordZoneIDs
        self.configurationsByRecordZoneID = configurationsByRecordZoneID
    }
}

public final class CKFetchDatabaseChangesOperation: CKDatabaseOperation, @unchecked Sendable {
    public var previousServerChangeToken: CKServerChangeToken?
    public var resultsLimit: Int = 0
    public var fetchAllChanges = true
    public var recordZoneWithIDChangedBlock: ((CKRecordZone.ID) -> Void)?
    public var recordZoneWithIDWasDeletedBlock: ((CKRecordZone.ID) -> Void)?
    public var recordZoneWithIDWasPurgedBlock: ((CKRecordZone.ID) -> Void)?
    public var recordZoneWithIDWasDeletedDueToUserEncryptedDataResetBlock: ((CKRecordZone.ID) -> Void)?
    public var changeTokenUpdatedBlock: ((CKServerChangeToken) -> Void)?
    @available(*, deprecated, message: "Use fetchDatabaseChangesResultBlock instead")
    public var fetchDatabaseChangesCompletionBlock: ((CKServerChangeToken?, Bool, (any Error)?) -> Void)?
    public var fetchDatabaseChangesResultBlock: ((_ operationResult: Result<(serverChangeToken: CKServerChangeToken, moreComing: Bool), any Error>) -> Void)?

    public override init() {}

    public convenience init(previousServerChangeToken: CKServerChangeToken?) {
        self.init()
        self.previousServerChangeToken = previousServerChangeToken
    }
}

public final class CKFetchRecordZonesOperation: CKDatabaseOperation, @unchecked Sendable {
    public var recordZoneIDs: [CKRecordZone.ID]?
    @available(*, deprecated, message: "Use fetchRecordZonesResultBlock instead")
    public var fetchRecordZonesCompletionBlock: (([CKRecordZone.ID: CKRecordZone]?, (any Error)?) -> Void)?
    public var perRecordZoneResultBlock: ((_ recordZoneID: CKRecordZone.ID, _ recordZoneResult: Result<CKRecordZone, any Error>) -> Void)?
    public var fetchRecordZonesResultBlock: ((_ operationResult: Result<Void, any Error>) -> Void)?

    public override init() {}

    public convenience init(recordZoneIDs zoneIDs: [CKRecordZone.ID]) {
        self.init()
        self.recordZoneIDs = zoneIDs
    }

    public class func fetchAllRecordZonesOperation() -> Self { Self() }
}

public final class CKModifyRecordZonesOperation: CKDatabaseOperation, @unchecked Sendable {
    public var recordZonesToSave: [CKRecordZone]?
    public var recordZoneIDsToDelete: [CKRecordZone.ID]?
    @available(*, deprecated, message: "Use modifyRecordZonesResultBlock instead")
    public var modifyRecordZonesCompletionBlock: (([CKRecordZone]?, [CKRecordZone.ID]?, (any Error)?) -> Void)?
    public var perRecordZoneSaveBlock: ((_ recordZoneID: CKRecordZone.ID, _ saveResult: Result<CKRecordZone, any Error>) -> Void)?
    public var perRecordZoneDeleteBlock: ((_ recordZoneID: CKRecordZone.ID, _ deleteResult: Result<Void, any Error>) -> Void)?
    public var modifyRecordZonesResultBlock: ((_ operationResult: Result<Void, any Error>) -> Void)?

    public override init() {}

    public convenience init(recordZonesToSave: [CKRecordZone]? = nil, recordZoneIDsToDelete: [CKRecordZone.ID]? = nil) {
        self.init()
        self.recordZonesToSave = recordZonesToSave
        self.recordZoneIDsToDelete = recordZoneIDsToDelete
    }
}

public final class CKModifySubscriptionsOperation: CKDatabaseOperation, @unchecked Sendable {
    public var subscriptionsToSave: [CKSubscription]?
    public var subscriptionIDsToDelete: [CKSubscription.ID]?
    @available(*, deprecated, message: "Use modifySubscriptionsResultBlock instead")
    public var modifySubscriptionsCompletionBlock: ((_ savedSubscriptions: [CKSubscription]?, _ deletedSubscriptionIDs: [CKSubscription.ID]?, _ operationError: (any Error)?) -> Void)?
    public var perSubscriptionSaveBlock: ((_ subscriptionID: CKSubscription.ID, _ saveResult: Result<CKSubscription, any Error>) -> Void)?
    public var perSubscriptionDeleteBlock: ((_ subscriptionID: CKSubscription.ID, _ deleteResult: Result<Void, any Error>) -> Void)?
    public var modifySubscriptionsResultBlock: ((_ operationResult: Result<Void, any Error>) -> Void)?

    public override init() {}

    public convenience init(subscriptionsToSave: [CKSubscription]? = nil, subscriptionIDsToDelete: [CKSubscription.ID]? = nil) {
        self.init()
        self.subscriptionsToSave = subscriptionsToSave
        self.subscriptionIDsToDelete = subscriptionIDsToDelete
    }
}

public final class CKFetchSubscriptionsOperation: CKDatabaseOperation, @unchecked Sendable {
    public var subscriptionIDs: [CKSubscription.ID]?
    @available(*, deprecated, message: "Use fetchSubscriptionsResultBlock instead")
    public var fetchSubscriptionCompletionBlock: ((_ subscriptionsBySubscriptionID: [CKSubscription.ID: CKSubscription]?, _ operationError: (any Error)?) -> Void)?
    public var perSubscriptionResultBlock: ((_ subscriptionID: CKSubscription.ID, _ subscriptionResult: Result<CKSubscription, any Error>) -> Void)?
    public var fetchSubscriptionsResultBlock: ((_ operationResult: Result<Void, any Error>) -> Void)?

    public override init() {}

    public convenience init(subscriptionIDs: [CKSubscription.ID]) {
        self.init()
        self.subscriptionIDs = subscriptionIDs
    }

    public class func fetchAllSubscriptionsOperation() -> Self { Self() }
}
