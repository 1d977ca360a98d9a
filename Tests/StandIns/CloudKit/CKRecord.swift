import Foundation

// Linux stand-in: records, IDs, zones, queries, subscriptions, identities, tokens.

public let CKCurrentUserDefaultName: String = "__defaultOwner__"

/// Values a record field can hold.
public protocol CKRecordValueProtocol {}
extension String: CKRecordValueProtocol {}
extension Int: CKRecordValueProtocol {}
extension Int64: CKRecordValueProtocol {}
extension Double: CKRecordValueProtocol {}
extension Bool: CKRecordValueProtocol {}
extension Date: CKRecordValueProtocol {}
extension Data: CKRecordValueProtocol {}
extension Array: CKRecordValueProtocol where Element: CKRecordValueProtocol {}

public final class CKRecordZone: NSObject, @unchecked Sendable {
    public final class ID: NSObject, @unchecked Sendable {
        public static let defaultZoneName: String = "_defaultZone"
        public static let `default` = CKRecordZone.ID()
        public let zoneName: String
        public let ownerName: String

        public init(zoneName: String = CKRecordZone.ID.defaultZoneName, ownerName: String = CKCurrentUserDefaultName) {
            self.zoneName = zoneName
            self.ownerName = ownerName
        }

        public override func isEqual(_ object: Any?) -> Bool {
            guard let other = object as? ID else { return false }
            return zoneName == other.zoneName && ownerName == other.ownerName
        }

        public override var hash: Int { zoneName.hashValue ^ ownerName.hashValue }
        public override var description: String { "CKRecordZone.ID(\(zoneName), \(ownerName))" }
    }

    public struct Capabilities: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let fetchChanges = Capabilities(rawValue: 1 << 0)
        public static let atomic = Capabilities(rawValue: 1 << 1)
        public static let sharing = Capabilities(rawValue: 1 << 2)
        public static let zoneWideSharing = Capabilities(rawValue: 1 << 3)
    }

    public let zoneID: CKRecordZone.ID
    public internal(set) var capabilities: Capabilities

    public class func `default`() -> CKRecordZone { CKRecordZone(zoneID: .default) }

    public convenience init(zoneName: String) {
        self.init(zoneID: CKRecordZone.ID(zoneName: zoneName))
    }

    public init(zoneID: CKRecordZone.ID) {
        self.zoneID = zoneID
        self.capabilities = zoneID.zoneName == CKRecordZone.ID.defaultZoneName ? [] : [.fetchChanges, .atomic]
    }
}

extension CKRecordZone: NSCopying {
    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = CKRecordZone(zoneID: zoneID)
        copy.capabilities = capabilities
        return copy
    }
}

open class CKRecord: NSObject, @unchecked Sendable {
    public typealias RecordType = String
    public typealias FieldKey = String

    public final class ID: NSObject, @unchecked Sendable {
        public let recordName: String
        public let zoneID: CKRecordZone.ID

        public init(recordName: String = UUID().uuidString, zoneID: CKRecordZone.ID = CKRecordZone.ID.default) {
            self.recordName = recordName
            self.zoneID = zoneID
        }

        public override func isEqual(_ object: Any?) -> Bool {
            guard let other = object as? ID else { return false }
            return recordName == other.recordName && zoneID == other.zoneID
        }

        public override var hash: Int { recordName.hashValue ^ zoneID.hash }
        public override var description: String { "CKRecord.ID(\(recordName), \(zoneID.zoneName))" }
    }

    public let recordType: RecordType
    public let recordID: ID
    private let lock = NSLock()
    private var fields: [FieldKey: any CKRecordValueProtocol] = [:]
    /// Set by the server on save; `nil` on a record that was never saved.
    public internal(set) var recordChangeTag: String?

    public init(recordType: RecordType, recordID: ID = ID()) {
        self.recordType = recordType
        self.recordID = recordID
    }

    public subscript(key: FieldKey) -> (any CKRecordValueProtocol)? {
        get { lock.withLock { fields[key] } }
        set { lock.withLock { fields[key] = newValue } }
    }

    public func allKeys() -> [FieldKey] { lock.withLock { fields.keys.sorted() } }
}

extension CKRecord: NSCopying {
    /// Fields and system fields, as on Apple platforms.
    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = CKRecord(recordType: recordType, recordID: recordID)
        lock.withLock { copy.fields = fields }
        copy.recordChangeTag = recordChangeTag
        return copy
    }
}

public final class CKQuery: NSObject, @unchecked Sendable {
    public let recordType: CKRecord.RecordType
    public let predicate: NSPredicate
    public var sortDescriptors: [NSSortDescriptor]?

    public init(recordType: CKRecord.RecordType, predicate: NSPredicate) {
        self.recordType = recordType
        self.predicate = predicate
    }
}

public class CKSubscription: NSObject, @unchecked Sendable {
    public typealias ID = String
    public let subscriptionID: ID

    init(subscriptionID: ID) {
        self.subscriptionID = subscriptionID
    }
}

public final class CKDatabaseSubscription: CKSubscription, @unchecked Sendable {
    public override init(subscriptionID: CKSubscription.ID) {
        super.init(subscriptionID: subscriptionID)
    }
}

/// No public initialiser, as on Apple platforms.
public final class CKUserIdentity: NSObject, @unchecked Sendable {
    public let userRecordID: CKRecord.ID?
    init(userRecordID: CKRecord.ID?) { self.userRecordID = userRecordID }
}

/// Opaque, as on Apple platforms.
public final class CKServerChangeToken: NSObject, @unchecked Sendable {
    /// No public initialiser, as on Apple platforms; tests make one through the SPI.
    @_spi(StandIn) public let standInValue: String
    @_spi(StandIn) public init(standInValue: String) {
        self.standInValue = standInValue
    }
}

public enum CKAccountStatus: Int, Sendable {
    case couldNotDetermine = 0, available = 1, restricted = 2, noAccount = 3, temporarilyUnavailable = 4
}
