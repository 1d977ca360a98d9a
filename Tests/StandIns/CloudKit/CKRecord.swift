import Foundation

// Linux stand-in: records, record IDs and the values record fields hold.
//
// Declarations follow CKRecord.h / CKRecordID.h (iOS 16.4 SDK) and the iOS 18 Swift interface:
// system fields are get-only, `changedKeys()` lists the keys set on this instance since it was
// made or decoded, and NSSecureCoding works as Apple's header describes it ("When you invoke
// encodeWithCoder: on a CKRecord, it encodes all its values"; a record decoded from
// `encodeSystemFields(with:)` has no values and empty `changedKeys`).
//
// Archive keys: the system-field keys are the ones CloudKit's own `-[CKRecord initWithCoder:]`
// reads ("RecordType", "RecordID", "RecordCtime", "RecordMtime", "CreatorUserRecordID",
// "LastModifiedUserRecordID", "ETag"), as seen in a public decompilation of CloudKit.framework —
// not documented by Apple. Values go under "RecordValues" and changed keys under "ChangedKeys"
// (CloudKit keeps those two in a nested value store; flattened here, and this stand-in's value
// encoding is its own). The in-memory store relies on "ETag" and "ChangedKeys" (see
// Sources/CloudKitMocks/InMemory/SystemFields.swift), so Linux runs the same path as Apple.

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

/// `@interface CKRecord : NSObject <NSSecureCoding, NSCopying>` (CKRecord.h).
open class CKRecord: NSObject, NSSecureCoding, @unchecked Sendable {
    public typealias RecordType = String
    public typealias FieldKey = String

    public final class ID: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
        public let recordName: String
        public let zoneID: CKRecordZone.ID

        public init(recordName: String = UUID().uuidString, zoneID: CKRecordZone.ID = CKRecordZone.ID.default) {
            self.recordName = recordName
            self.zoneID = zoneID
        }

        public static var supportsSecureCoding: Bool { true }

        public func encode(with coder: NSCoder) {
            coder.encode(recordName as NSString, forKey: "RecordName")
            coder.encode(zoneID, forKey: "ZoneID")
        }

        public init?(coder: NSCoder) {
            guard let name = coder.decodeObject(of: NSString.self, forKey: "RecordName"),
                let zoneID = coder.decodeObject(of: CKRecordZone.ID.self, forKey: "ZoneID")
            else { return nil }
            recordName = name as String
            self.zoneID = zoneID
        }

        public func copy(with zone: NSZone? = nil) -> Any { self }

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
    private var changed: [FieldKey] = []

    /// Set by the server on save; `nil` on a record that was never saved. Get-only, as on Apple
    /// platforms (`@property (readonly, copy, nullable) NSString *recordChangeTag`).
    public private(set) var recordChangeTag: String?
    public private(set) var creatorUserRecordID: CKRecord.ID?
    public private(set) var creationDate: Date?
    public private(set) var lastModifiedUserRecordID: CKRecord.ID?
    public private(set) var modificationDate: Date?

    /// `@property (nonatomic, copy, nullable) CKReference *parent` (CKRecord.h, macOS 10.12 /
    /// iOS 10 / tvOS 10 / watchOS 3): the record's parent in a shared hierarchy.
    @available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
    public var parent: CKRecord.Reference? {
        get { lock.withLock { storedParent } }
        set { lock.withLock { storedParent = newValue } }
    }

    /// `@property (nonatomic, readonly, copy, nullable) CKReference *share`: set by the server
    /// when the record is shared; never by the app.
    @available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
    public private(set) var share: CKRecord.Reference?
    private var storedParent: CKRecord.Reference?

    /// `setParentReferenceFromRecord:`: "The resulting CKReference has an action of
    /// CKRecord.ReferenceAction.none".
    @available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
    public func setParent(_ parentRecord: CKRecord?) {
        parent = parentRecord.map { CKRecord.Reference(recordID: $0.recordID, action: .none) }
    }

    /// `setParentReferenceFromRecordID:`, as `setParent(_:)` with a record.
    @available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
    public func setParent(_ parentRecordID: CKRecord.ID?) {
        parent = parentRecordID.map { CKRecord.Reference(recordID: $0, action: .none) }
    }

    public init(recordType: RecordType, recordID: ID = ID()) {
        self.recordType = recordType
        self.recordID = recordID
    }

    @available(swift, deprecated: 4.2, renamed: "init(recordType:recordID:)")
    public convenience init(recordType: RecordType, zoneID: CKRecordZone.ID) {
        self.init(recordType: recordType, recordID: ID(zoneID: zoneID))
    }

    public subscript(key: FieldKey) -> (any CKRecordValueProtocol)? {
        get { object(forKey: key) }
        set { setObject(newValue, forKey: key) }
    }

    public func object(forKey key: FieldKey) -> (any CKRecordValueProtocol)? {
        lock.withLock { fields[key] }
    }

    public func setObject(_ object: (any CKRecordValueProtocol)?, forKey key: FieldKey) {
        lock.withLock {
            fields[key] = object
            if !changed.contains(key) { changed.append(key) }
        }
    }

    public func allKeys() -> [FieldKey] { lock.withLock { fields.keys.sorted() } }

    /// "A list of keys that have been modified on the local CKRecord instance" (CKRecord.h).
    public func changedKeys() -> [FieldKey] { lock.withLock { changed } }

    // MARK: NSSecureCoding

    public static var supportsSecureCoding: Bool { true }

    /// "This will encode all parts of a CKRecord except the record keys / values" (CKRecord.h).
    public func encodeSystemFields(with coder: NSCoder) {
        coder.encode(recordType as NSString, forKey: "RecordType")
        coder.encode(StandInIDCoding.archive(recordID), forKey: "RecordID")
        coder.encode(creationDate.map { $0 as NSDate }, forKey: "RecordCtime")
        coder.encode(modificationDate.map { $0 as NSDate }, forKey: "RecordMtime")
        coder.encode(creatorUserRecordID.map(StandInIDCoding.archive), forKey: "CreatorUserRecordID")
        coder.encode(lastModifiedUserRecordID.map(StandInIDCoding.archive), forKey: "LastModifiedUserRecordID")
        coder.encode(recordChangeTag.map { $0 as NSString }, forKey: "ETag")
        coder.encode(share, forKey: "ShareReference")
        // Not a key/value, so a system field ("all parts of a CKRecord except the record keys /
        // values"). The key name is the stand-in's own.
        coder.encode(parent, forKey: "ParentReference")
    }

    public func encode(with coder: NSCoder) {
        encodeSystemFields(with: coder)
        let (values, changedKeys) = lock.withLock { (fields, changed) }
        let encoded = NSMutableDictionary()
        for (key, value) in values { if let archived = StandInValueCoding.archive(value) { encoded[key as NSString] = archived } }
        coder.encode(encoded, forKey: "RecordValues")
        coder.encode(NSSet(array: changedKeys.map { $0 as NSString }), forKey: "ChangedKeys")
    }

    public required init?(coder: NSCoder) {
        guard let type = coder.decodeObject(of: NSString.self, forKey: "RecordType"),
            let id = StandInIDCoding.recordID(coder, "RecordID")
        else { return nil }
        recordType = type as String
        recordID = id
        creationDate = coder.decodeObject(of: NSDate.self, forKey: "RecordCtime") as Date?
        modificationDate = coder.decodeObject(of: NSDate.self, forKey: "RecordMtime") as Date?
        creatorUserRecordID = StandInIDCoding.recordID(coder, "CreatorUserRecordID")
        lastModifiedUserRecordID = StandInIDCoding.recordID(coder, "LastModifiedUserRecordID")
        recordChangeTag = coder.decodeObject(of: NSString.self, forKey: "ETag") as String?
        share = coder.decodeObject(of: CKRecord.Reference.self, forKey: "ShareReference")
        storedParent = coder.decodeObject(of: CKRecord.Reference.self, forKey: "ParentReference")
        let values = coder.containsValue(forKey: "RecordValues") ? coder.decodeObject(of: StandInValueCoding.classes, forKey: "RecordValues") as? NSDictionary : nil
        var decoded: [FieldKey: any CKRecordValueProtocol] = [:]
        for (key, value) in values ?? [:] {
            if let key = key as? NSString, let value = StandInValueCoding.unarchive(value) { decoded[key as String] = value }
        }
        fields = decoded
        let changedKeys = coder.containsValue(forKey: "ChangedKeys") ? coder.decodeObject(of: [NSSet.self, NSString.self], forKey: "ChangedKeys") as? NSSet : nil
        changed = (changedKeys?.allObjects.compactMap { ($0 as? NSString).map { $0 as String } } ?? []).filter { decoded[$0] != nil }.sorted()
    }
}

extension CKRecord: NSCopying {
    /// Fields, system fields and changed keys (Apple's header does not say what a copy keeps;
    /// this stand-in keeps everything).
    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = CKRecord(recordType: recordType, recordID: recordID)
        lock.withLock {
            copy.fields = fields
            copy.changed = changed
        }
        copy.recordChangeTag = recordChangeTag
        copy.storedParent = parent
        copy.share = share
        copy.creationDate = creationDate
        copy.modificationDate = modificationDate
        copy.creatorUserRecordID = creatorUserRecordID
        copy.lastModifiedUserRecordID = lastModifiedUserRecordID
        return copy
    }
}

/// How this stand-in archives IDs inside records and zones: as arrays of names. CloudKit archives
/// them as CKRecordID / CKRecordZoneID objects; swift-corelibs-foundation cannot archive nested
/// classes (`NSStringFromClass` needs a top-level class), so the stand-in flattens them.
enum StandInIDCoding {
    static func archive(_ id: CKRecord.ID) -> NSArray {
        NSArray(array: [id.recordName as NSString, id.zoneID.zoneName as NSString, id.zoneID.ownerName as NSString])
    }

    static func archive(_ id: CKRecordZone.ID) -> NSArray {
        NSArray(array: [id.zoneName as NSString, id.ownerName as NSString])
    }

    static func names(_ coder: NSCoder, _ key: String) -> [String]? {
        (coder.decodeObject(of: [NSArray.self, NSString.self], forKey: key) as? NSArray)?.compactMap { ($0 as? NSString).map { $0 as String } }
    }

    static func recordID(_ coder: NSCoder, _ key: String) -> CKRecord.ID? {
        guard let names = names(coder, key), names.count == 3 else { return nil }
        return CKRecord.ID(recordName: names[0], zoneID: CKRecordZone.ID(zoneName: names[1], ownerName: names[2]))
    }

    static func zoneID(_ coder: NSCoder, _ key: String) -> CKRecordZone.ID? {
        guard let names = names(coder, key), names.count == 2 else { return nil }
        return CKRecordZone.ID(zoneName: names[0], ownerName: names[1])
    }
}

/// How this stand-in archives field values: each as a pair [type name, Foundation object], so
/// the Swift type comes back (CloudKit's own format is private and differs).
enum StandInValueCoding {
    static let classes: [AnyClass] = [NSDictionary.self, NSArray.self, NSString.self, NSNumber.self, NSDate.self, NSData.self, NSURL.self, CKRecord.Reference.self]

    static func archive(_ value: any CKRecordValueProtocol) -> NSArray? {
        func pair(_ type: String, _ object: AnyObject) -> NSArray { NSArray(array: [type as NSString, object]) }
        switch value {
        case let value as String: return pair("String", value as NSString)
        case let value as Int: return pair("Int", NSNumber(value: value))
        case let value as Int64: return pair("Int64", NSNumber(value: value))
        case let value as Double: return pair("Double", NSNumber(value: value))
        case let value as Bool: return pair("Bool", NSNumber(value: value))
        case let value as Date: return pair("Date", value as NSDate)
        case let value as Data: return pair("Data", value as NSData)
        case let value as CKRecord.Reference: return pair("Reference", value)
        case let value as CKAsset: return value.fileURL.map { pair("Asset", $0 as NSURL) }
        case let value as [any CKRecordValueProtocol]: return pair("Array", NSArray(array: value.compactMap { archive($0) }))
        default: return nil
        }
    }

    static func unarchive(_ archived: Any) -> (any CKRecordValueProtocol)? {
        guard let pair = archived as? NSArray, pair.count == 2, let type = pair[0] as? NSString else { return nil }
        let object = pair[1]
        switch type as String {
        case "String": return (object as? NSString).map { $0 as String }
        case "Int": return (object as? NSNumber)?.intValue
        case "Int64": return (object as? NSNumber)?.int64Value
        case "Double": return (object as? NSNumber)?.doubleValue
        case "Bool": return (object as? NSNumber)?.boolValue
        case "Date": return (object as? NSDate).map { $0 as Date }
        case "Data": return (object as? NSData).map { $0 as Data }
        case "Reference": return object as? CKRecord.Reference
        case "Asset": return (object as? NSURL).map { CKAsset(fileURL: $0 as URL) }
        case "Array":
            let elements = (object as? NSArray)?.compactMap { unarchive($0) } ?? []
            if let strings = elements as? [String] { return strings }
            if let ints = elements as? [Int] { return ints }
            if let doubles = elements as? [Double] { return doubles }
            if let dates = elements as? [Date] { return dates }
            if let datas = elements as? [Data] { return datas }
            return elements.compactMap { $0 as? String }
        default: return nil
        }
    }
}
