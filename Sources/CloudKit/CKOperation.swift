import Foundation

// Linux stand-in: CloudKit's operation classes with their real public Swift surface (iOS 18 SDK,
// see the reference's section 3). Blocks are plain stored properties; the stand-in never runs an
// operation itself (`CKDatabase.add` only records that it was called). Blocks CloudKit deprecated
// in Swift are deprecated here for every platform, so generated code that touched them directly
// would warn, and CI fails on warnings.

open class CKOperation: Operation, @unchecked Sendable {
    public typealias ID = String

    /// Apple's `CKOperationConfiguration` (iOS 11), `@unchecked Sendable` from iOS 16.4.
    open class Configuration: NSObject, @unchecked Sendable {
        open var container: CKContainer?
        open var qualityOfService: QualityOfService = .default
        open var allowsCellularAccess = true
        open var isLongLived = false
        open var timeoutIntervalForRequest: TimeInterval = 60
        open var timeoutIntervalForResource: TimeInterval = 7 * 24 * 3600
        public override init() {}
    }

    public var configuration: CKOperation.Configuration! = Configuration()
    public var group: CKOperationGroup?
    public let operationID: CKOperation.ID = UUID().uuidString
    public var longLivedOperationWasPersistedBlock: (() -> Void)?

    public override init() {}
}

/// Apple (CKOperationGroup.h, iOS 11): `@interface CKOperationGroup : NSObject <NSSecureCoding>`
/// with `-init` and `-initWithCoder:` both `NS_DESIGNATED_INITIALIZER` (so `init(coder:)` is not
/// failable); `@unchecked Sendable` from iOS 16.4 (overlay).
@available(macOS 10.13, iOS 11.0, tvOS 11.0, watchOS 4.0, *)
open class CKOperationGroup: NSObject, NSSecureCoding, @unchecked Sendable {
    /// `CKOperationGroupTransferSize`: valid values for `expectedSendSize` and `expectedReceiveSize`.
    @available(macOS 10.13, iOS 11.0, tvOS 11.0, watchOS 4.0, *)
    public enum TransferSize: Int, @unchecked Sendable {
        case unknown = 0
        case kilobytes = 1
        case megabytes = 2
        case tensOfMegabytes = 3
        case hundredsOfMegabytes = 4
        case gigabytes = 5
        case tensOfGigabytes = 6
        case hundredsOfGigabytes = 7
    }

    private let lock = NSLock()
    private var _defaultConfiguration = CKOperation.Configuration()
    private var _name: String?
    private var _quantity = 0
    private var _expectedSendSize = TransferSize.unknown
    private var _expectedReceiveSize = TransferSize.unknown

    /// Chosen by the system, unique to this group.
    open private(set) var operationGroupID: String

    /// `@property (atomic, copy, null_resettable)`: setting `nil` restores a fresh configuration.
    open var defaultConfiguration: CKOperation.Configuration! {
        get { lock.withLock { _defaultConfiguration } }
        set { lock.withLock { _defaultConfiguration = newValue ?? CKOperation.Configuration() } }
    }

    open var name: String? {
        get { lock.withLock { _name } }
        set { lock.withLock { _name = newValue } }
    }

    open var quantity: Int {
        get { lock.withLock { _quantity } }
        set { lock.withLock { _quantity = newValue } }
    }

    open var expectedSendSize: CKOperationGroup.TransferSize {
        get { lock.withLock { _expectedSendSize } }
        set { lock.withLock { _expectedSendSize = newValue } }
    }

    open var expectedReceiveSize: CKOperationGroup.TransferSize {
        get { lock.withLock { _expectedReceiveSize } }
        set { lock.withLock { _expectedReceiveSize = newValue } }
    }

    public override init() {
        operationGroupID = UUID().uuidString
    }

    open class var supportsSecureCoding: Bool { true }

    public required init(coder: NSCoder) {
        operationGroupID = (coder.decodeObject(of: NSString.self, forKey: "operationGroupID") as String?) ?? UUID().uuidString
        _name = coder.decodeObject(of: NSString.self, forKey: "name") as String?
        _quantity = coder.decodeInteger(forKey: "quantity")
        _expectedSendSize = TransferSize(rawValue: coder.decodeInteger(forKey: "expectedSendSize")) ?? .unknown
        _expectedReceiveSize = TransferSize(rawValue: coder.decodeInteger(forKey: "expectedReceiveSize")) ?? .unknown
    }

    open func encode(with coder: NSCoder) {
        lock.withLock {
            coder.encode(operationGroupID as NSString, forKey: "operationGroupID")
            coder.encode(_name.map { $0 as NSString }, forKey: "name")
            coder.encode(_quantity, forKey: "quantity")
            coder.encode(_expectedSendSize.rawValue, forKey: "expectedSendSize")
            coder.encode(_expectedReceiveSize.rawValue, forKey: "expectedReceiveSize")
        }
    }
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
        case ifServerRecordUnchanged = 0
        case changedKeys = 1
        case allKeys = 2
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
    /// Apple's `CKQueryCursor`, imported as `CKQueryOperation.Cursor`. See `__CKQueryCursor`.
    public typealias Cursor = __CKQueryCursor

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

        public convenience init(
            previousServerChangeToken: CKServerChangeToken? = nil, resultsLimit: Int? = nil, desiredKeys: [CKRecord.FieldKey]? = nil
        ) {
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
    public var recordZoneFetchResultBlock:
        (
            (
                _ recordZoneID: CKRecordZone.ID,
                _ fetchChangesResult: Result<(serverChangeToken: CKServerChangeToken, clientChangeTokenData: Data?, moreComing: Bool), any Error>
            ) -> Void
        )?
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
    public var fetchDatabaseChangesResultBlock:
        ((_ operationResult: Result<(serverChangeToken: CKServerChangeToken, moreComing: Bool), any Error>) -> Void)?

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
    @available(macOS, introduced: 10.10, deprecated: 12.0, message: "Use modifySubscriptionsResultBlock instead")
    @available(iOS, introduced: 8.0, deprecated: 15.0, message: "Use modifySubscriptionsResultBlock instead")
    @available(tvOS, introduced: 9.0, deprecated: 15.0, message: "Use modifySubscriptionsResultBlock instead")
    @available(watchOS, introduced: 6.0, deprecated: 8.0, message: "Use modifySubscriptionsResultBlock instead")
    public var modifySubscriptionsCompletionBlock:
        ((_ savedSubscriptions: [CKSubscription]?, _ deletedSubscriptionIDs: [CKSubscription.ID]?, _ operationError: (any Error)?) -> Void)?
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
    @available(macOS, introduced: 10.10, deprecated: 12.0, message: "Use fetchSubscriptionsResultBlock instead")
    @available(iOS, introduced: 8.0, deprecated: 15.0, message: "Use fetchSubscriptionsResultBlock instead")
    @available(tvOS, introduced: 9.0, deprecated: 15.0, message: "Use fetchSubscriptionsResultBlock instead")
    @available(watchOS, introduced: 6.0, deprecated: 8.0, message: "Use fetchSubscriptionsResultBlock instead")
    public var fetchSubscriptionCompletionBlock:
        ((_ subscriptionsBySubscriptionID: [CKSubscription.ID: CKSubscription]?, _ operationError: (any Error)?) -> Void)?
    public var perSubscriptionResultBlock: ((_ subscriptionID: CKSubscription.ID, _ subscriptionResult: Result<CKSubscription, any Error>) -> Void)?
    public var fetchSubscriptionsResultBlock: ((_ operationResult: Result<Void, any Error>) -> Void)?

    public override init() {}

    public convenience init(subscriptionIDs: [CKSubscription.ID]) {
        self.init()
        self.subscriptionIDs = subscriptionIDs
    }

    public class func fetchAllSubscriptionsOperation() -> Self { Self() }
}

/// Apple's `CKQueryCursor`, which Swift sees only as `CKQueryOperation.Cursor`:
///     @interface CKQueryCursor : NSObject <NSCopying, NSSecureCoding>
///     - (instancetype)init NS_UNAVAILABLE;
///     + (instancetype)new NS_UNAVAILABLE;
/// (`@unchecked Sendable` from iOS 16.4). The only initialiser is NSCoding's `init?(coder:)`.
///
/// Archive format, from a public decompilation of CloudKit.framework (`-[CKQueryCursor
/// encodeWithCoder:]`, `-initWithCoder:`): the server's bytes as `NSData` under "CursorData" and
/// the zone as a `CKRecordZoneID` under "ZoneID"; `initWithCoder:` decodes both with
/// `decodeObjectOfClass:` and never fails (a missing key leaves the property nil). The class
/// overrides neither `isEqual:` nor `hash`, so two cursors are equal only when they are the same
/// object: a cursor restored from an archive is not `==` to the one archived.
///
/// Stand-in only: the class is top-level (under a hidden `__` name, like Apple's own
/// `__CKRecordObjCValue`) because swift-corelibs-foundation's `NSKeyedArchiver` can only archive
/// top-level classes (`NSStringFromClass` traps on a nested one), and apps archive cursors.
/// Always spell it `CKQueryOperation.Cursor`.
open class __CKQueryCursor: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    static let dataKey = "CursorData"
    static let zoneIDKey = "ZoneID"
    /// Apple's private `data` and `zoneID` properties.
    let data: Data?
    let zoneID: CKRecordZone.ID?

    open class var supportsSecureCoding: Bool { true }

    public required init?(coder: NSCoder) {
        data = coder.decodeIfPresent(NSData.self, forKey: Self.dataKey) as Data?
        zoneID = coder.decodeIfPresent(CKRecordZone.ID.self, forKey: Self.zoneIDKey)
    }

    open func encode(with coder: NSCoder) {
        coder.encode(data.map { $0 as NSData }, forKey: Self.dataKey)
        coder.encode(zoneID, forKey: Self.zoneIDKey)
    }

    /// Immutable, so a copy is the cursor itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}
