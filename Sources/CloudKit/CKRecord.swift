import Foundation

// Linux stand-in: records, record IDs, their value stores and the values record fields hold.
//
// Declarations follow CKRecord.h / CKRecordID.h (iOS 16.4 SDK) and the iOS 18 Swift interface:
// system fields are get-only, `changedKeys()` lists the keys set on this instance since it was
// made or decoded, and NSSecureCoding works as Apple's header describes it ("When you invoke
// encodeWithCoder: on a CKRecord, it encodes all its values"; a record decoded from
// `encodeSystemFields(with:)` has no values and empty `changedKeys`).
//
// Archive format, from a public decompilation of CloudKit.framework (iOS 18.2 and iOS 26.1,
// `-[CKRecord encodeSystemFieldsWithCoder:]`, `-encodeWithCoder:`, `-initWithCoder:` and
// `-[CKRecordValueStore encodeWithCoder:]`; Apple does not document it):
// - system fields, at the top of the record's archive: "RecordType" (NSString), "RecordID"
//   (CKRecordID), "RecordCtime" and "RecordMtime" (NSDate), "CreatorUserRecordID" and
//   "LastModifiedUserRecordID" (CKRecordID), "ETag" (NSString), "ShareReference" and
//   "ParentReference" (CKReference). Apple writes about forty more private keys (protection
//   data, expiration, routing, ...) that this stand-in does not model.
// - `encode(with:)` adds the values: "ValueStore" and "EncryptedValueStore", each a value store
//   object holding "RecordValues" (a dictionary of Foundation objects), "OriginalValues" (a
//   dictionary) and "ChangedKeys" (a set of keys). When the objects do not tell their Swift types
//   (an `Int64` reads back as an `Int`), the stand-in adds a key of its own with each value's
//   Swift type, so they come back apart on Linux (`StandInValueCoding`).
// - `init?(coder:)` fails only when "RecordType" or "RecordID" is missing; a missing store is
//   an empty one, every other missing key leaves its property nil. Apple also migrates an older
//   flat format ("RecordValues"/"ChangedKeys" at the top); this stand-in does not read it.
// - `CKRecord` overrides neither `-isEqual:` nor `-hash`: two records are equal only when they
//   are the same object.
// The in-memory store relies on "ETag", the dates, the user IDs and the nested "ChangedKeys"
// (see Sources/CloudKitMocks/InMemory/SystemFields.swift), so Linux runs the same path as Apple.

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

    /// Apple's `CKRecordID`. See `__CKRecordID`.
    public typealias ID = __CKRecordID

    public let recordType: RecordType
    public let recordID: ID
    private let lock = NSLock()
    /// Apple's `valueStore` and `encryptedValueStore`.
    private var values = CKRecordValueStore()
    private var encrypted = CKEncryptedRecordValueStore()

    /// Set by the server on save; `nil` on a record that was never saved. Get-only, as on Apple
    /// platforms (`@property (readonly, copy, nullable) NSString *recordChangeTag`).
    /// Open, as every Objective-C property Swift imports is.
    open private(set) var recordChangeTag: String?
    open private(set) var creatorUserRecordID: CKRecord.ID?
    open private(set) var creationDate: Date?
    open private(set) var lastModifiedUserRecordID: CKRecord.ID?
    open private(set) var modificationDate: Date?

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

    public init(recordType: RecordType, recordID: ID = CKRecord.ID()) {
        self.recordType = recordType
        self.recordID = recordID
        super.init()
        values.record = self
        encrypted.record = self
    }

    /// `initWithRecordType:`: "This creates the record in the default zone" (CKRecord.h), as the
    /// overlay's `init(recordType:recordID:)` does with its default ID.
    public convenience init(recordType: RecordType) {
        self.init(recordType: recordType, recordID: ID())
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
        values.object(forKey: key)
    }

    public func setObject(_ object: (any CKRecordValueProtocol)?, forKey key: FieldKey) {
        values.setObject(object, forKey: key)
    }

    /// Apple's `CKRecordValueStore` keeps its keys in a dictionary; sorted here so tests are stable.
    public func allKeys() -> [FieldKey] { values.allKeys() }

    /// "A list of keys that have been modified on the local CKRecord instance" (CKRecord.h).
    public func changedKeys() -> [FieldKey] { values.changedKeys() }

    /// `@property (readonly, copy) id<CKRecordKeyValueSetting> encryptedValues` (CKRecord.h,
    /// macOS 12 / iOS 15 / tvOS 15 / watchOS 8): "Any values set here will be locally encrypted
    /// before being saved to the server and locally decrypted when fetched from the server."
    /// Apple's store is a `CKEncryptedRecordValueStore`; a key set both here and on the record
    /// raises an exception (the decompiled `-setObject:forKey:`), as do references and assets.
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    /// The property is `NS_SWIFT_SENDABLE`, so Swift imports its type as `& Sendable`.
    public var encryptedValues: any CKRecordKeyValueSetting & Sendable { encrypted }

    // MARK: NSSecureCoding

    public static var supportsSecureCoding: Bool { true }

    /// "This will encode all parts of a CKRecord except the record keys / values" (CKRecord.h).
    open func encodeSystemFields(with coder: NSCoder) {
        coder.encode(recordType as NSString, forKey: "RecordType")
        coder.encode(recordID, forKey: "RecordID")
        coder.encode(creationDate.map { $0 as NSDate }, forKey: "RecordCtime")
        coder.encode(modificationDate.map { $0 as NSDate }, forKey: "RecordMtime")
        coder.encode(creatorUserRecordID, forKey: "CreatorUserRecordID")
        coder.encode(lastModifiedUserRecordID, forKey: "LastModifiedUserRecordID")
        coder.encode(recordChangeTag.map { $0 as NSString }, forKey: "ETag")
        coder.encode(share, forKey: "ShareReference")
        coder.encode(parent, forKey: "ParentReference")
    }

    open func encode(with coder: NSCoder) {
        encodeSystemFields(with: coder)
        coder.encode(values, forKey: "ValueStore")
        coder.encode(encrypted, forKey: "EncryptedValueStore")
    }

    public required init?(coder: NSCoder) {
        guard let type = coder.decodeIfPresent(NSString.self, forKey: "RecordType"),
            let id = coder.decodeIfPresent(CKRecord.ID.self, forKey: "RecordID")
        else { return nil }
        recordType = type as String
        recordID = id
        creationDate = coder.decodeIfPresent(NSDate.self, forKey: "RecordCtime") as Date?
        modificationDate = coder.decodeIfPresent(NSDate.self, forKey: "RecordMtime") as Date?
        creatorUserRecordID = coder.decodeIfPresent(CKRecord.ID.self, forKey: "CreatorUserRecordID")
        lastModifiedUserRecordID = coder.decodeIfPresent(CKRecord.ID.self, forKey: "LastModifiedUserRecordID")
        recordChangeTag = coder.decodeIfPresent(NSString.self, forKey: "ETag") as String?
        share = coder.decodeIfPresent(CKRecord.Reference.self, forKey: "ShareReference")
        storedParent = coder.decodeIfPresent(CKRecord.Reference.self, forKey: "ParentReference")
        values = coder.decodeIfPresent(CKRecordValueStore.self, forKey: "ValueStore") ?? CKRecordValueStore()
        encrypted = coder.decodeIfPresent(CKEncryptedRecordValueStore.self, forKey: "EncryptedValueStore") ?? CKEncryptedRecordValueStore()
        super.init()
        values.record = self
        encrypted.record = self
    }

    /// The other store, for the rule that a key lives in one store only.
    fileprivate func store(besides store: CKRecordValueStore) -> CKRecordValueStore {
        store === values ? encrypted : values
    }
}

extension CKRecord: CKRecordKeyValueSetting {}

/// `@protocol CKRecordKeyValueSetting <NSObject>` (CKRecord.h): "Formalizes a protocol for
/// getting and setting keys on a CKRecord. Not intended to be used directly by client code."
/// Apple's Swift signatures use `__CKRecordObjCValue`; the stand-in's value protocol stands in.
public protocol CKRecordKeyValueSetting: NSObjectProtocol {
    func object(forKey key: CKRecord.FieldKey) -> (any CKRecordValueProtocol)?
    func setObject(_ object: (any CKRecordValueProtocol)?, forKey key: CKRecord.FieldKey)
    subscript(key: CKRecord.FieldKey) -> (any CKRecordValueProtocol)? { get set }
    func allKeys() -> [CKRecord.FieldKey]
    func changedKeys() -> [CKRecord.FieldKey]
}

@available(macOS 10.11, iOS 9.0, tvOS 9.0, watchOS 3.0, *)
extension CKRecordKeyValueSetting {
    /// The iOS 18 interface's typed access (`extension CKRecordKeyValueSetting`, `@nonobjc`):
    /// `record["title"] as String?` reads a value of the type asked for (`nil` when the field holds
    /// another type), and setting one writes it as `setObject(_:forKey:)` does. Apple's extension
    /// also declares `subscript(key:) -> (any CKRecordValueProtocol)?`; here the value protocol is
    /// the one the protocol's own subscript already uses.
    public subscript<T: CKRecordValueProtocol>(key: CKRecord.FieldKey) -> T? {
        get { object(forKey: key) as? T }
        set { setObject(newValue, forKey: key) }
    }
}

/// Apple's private `CKRecordValueStore` (a record's values, the values as last fetched or saved,
/// and the changed keys), archived under "RecordValues", "OriginalValues" and "ChangedKeys"
/// (decompiled `-[CKRecordValueStore encodeWithCoder:]`; missing keys decode as empty).
/// Top-level and internal: swift-corelibs-foundation archives only top-level classes, and Apple
/// does not expose the class.
class CKRecordValueStore: NSObject, NSSecureCoding, CKRecordKeyValueSetting, @unchecked Sendable {
    // @unchecked: the dictionaries are guarded by `lock`; `record` is set once after init.
    private let lock = NSLock()
    private var fields: [CKRecord.FieldKey: any CKRecordValueProtocol] = [:]
    private var changed: [CKRecord.FieldKey] = []
    weak var record: CKRecord?

    required override init() {}

    class var supportsSecureCoding: Bool { true }

    func object(forKey key: CKRecord.FieldKey) -> (any CKRecordValueProtocol)? {
        lock.withLock { fields[key] }
    }

    func setObject(_ object: (any CKRecordValueProtocol)?, forKey key: CKRecord.FieldKey) {
        if object != nil, let other = record?.store(besides: self), other.object(forKey: key) != nil {
            preconditionFailure("CKRecord: the key \(key) is set both on the record and in its encryptedValues (CloudKit raises an exception)")
        }
        check(object)
        lock.withLock {
            fields[key] = object
            if !changed.contains(key) { changed.append(key) }
        }
    }

    /// What the store refuses (nothing; the encrypted store overrides it).
    func check(_ object: (any CKRecordValueProtocol)?) {}

    subscript(key: CKRecord.FieldKey) -> (any CKRecordValueProtocol)? {
        get { object(forKey: key) }
        set { setObject(newValue, forKey: key) }
    }

    func allKeys() -> [CKRecord.FieldKey] { lock.withLock { fields.keys.sorted() } }

    func changedKeys() -> [CKRecord.FieldKey] { lock.withLock { changed } }

    func encode(with coder: NSCoder) {
        let (values, changedKeys) = lock.withLock { (fields, changed) }
        var keys: [NSObject] = []
        var objects: [Any] = []
        var types: [Any] = []
        var typesNeeded = false
        for (key, value) in values {
            guard let (type, object) = StandInValueCoding.archive(value) else { continue }
            keys.append(key as NSString)
            objects.append(object)
            types.append(type as NSString)
            typesNeeded = typesNeeded || !StandInValueCoding.isInferred(object, as: type)
        }
        // Archived as Apple's mutable collections (StandInArchivedContainers.swift).
        coder.encode(StandInArchivedDictionary(objects: objects, forKeys: keys), forKey: "RecordValues")
        coder.encode(StandInArchivedDictionary(), forKey: "OriginalValues")
        coder.encode(StandInArchivedSet(array: changedKeys.map { $0 as NSString }), forKey: "ChangedKeys")
        // Only when the objects do not tell the types (an Int64 reads back as an Int): fewer
        // objects per record, and an archive closer to Apple's, which has no such key.
        if typesNeeded { coder.encode(StandInArchivedDictionary(objects: types, forKeys: keys), forKey: StandInValueCoding.typesKey) }
    }

    required init?(coder: NSCoder) {
        let values = coder.decodeIfPresent(of: StandInValueCoding.classes, forKey: "RecordValues") as? NSDictionary
        let types =
            coder.decodeIfPresent(of: [NSDictionary.self, NSMutableDictionary.self, NSString.self], forKey: StandInValueCoding.typesKey)
            as? NSDictionary
        var decoded: [CKRecord.FieldKey: any CKRecordValueProtocol] = [:]
        for (key, object) in values ?? [:] {
            guard let key = key as? NSString else { continue }
            // An archive CloudKit made has no Swift types: they are read off the objects.
            let value =
                (types?[key] as? NSString).map { StandInValueCoding.unarchive(object, type: $0 as String) } ?? StandInValueCoding.inferred(object)
            if let value { decoded[key as String] = value }
        }
        fields = decoded
        let changedKeys = coder.decodeIfPresent(of: [NSSet.self, NSMutableSet.self, NSString.self], forKey: "ChangedKeys") as? NSSet
        changed = (changedKeys?.allObjects.compactMap { ($0 as? NSString).map { $0 as String } } ?? []).filter { decoded[$0] != nil }.sorted()
    }

    /// A copy with the same values and changed keys, for `CKRecord.copy()`.
    func copied() -> Self {
        let copy = Self()
        lock.withLock {
            copy.fields = fields
            copy.changed = changed
        }
        return copy
    }
}

/// Apple's private `CKEncryptedRecordValueStore`: a value store subclass with the same archive
/// keys, whose values CloudKit encrypts on the device (decompiled: references and assets are
/// refused, "Illegal value of type %@ for the encrypted store").
final class CKEncryptedRecordValueStore: CKRecordValueStore, @unchecked Sendable {
    override class var supportsSecureCoding: Bool { true }

    override func check(_ object: (any CKRecordValueProtocol)?) {
        if let object, object is CKRecord.Reference || object is CKAsset {
            preconditionFailure("Illegal value of type \(type(of: object)) for the encrypted store (CloudKit raises an exception)")
        }
    }
}

/// Apple's `CKRecordID`, which Swift sees only as `CKRecord.ID` (`NS_SWIFT_NAME(CKRecord.ID)`).
///
/// Archive format and equality, from a public decompilation of CloudKit.framework
/// (`-[CKRecordID encodeWithCoder:]`, `-initWithCoder:`, `-isEqual:`, `-hash`): the name as an
/// `NSString` under "RecordName" and the zone as a `CKRecordZoneID` object under "ZoneID". Equal
/// when name and zone ID are equal; the hash is the name's hash XOR the zone ID's. Apple's
/// `-initWithCoder:` hands a missing value to `initWithRecordName:zoneID:`, which raises an
/// Objective-C exception; Swift cannot catch one, so this stand-in fails the decode instead.
///
/// Stand-in only: top-level under a hidden `__` name (see `__CKRecordZoneID` for why). Always
/// spell it `CKRecord.ID`.
public final class __CKRecordID: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
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
        guard let name = coder.decodeIfPresent(NSString.self, forKey: "RecordName"),
            let zoneID = coder.decodeIfPresent(CKRecordZone.ID.self, forKey: "ZoneID")
        else { return nil }
        recordName = name as String
        self.zoneID = zoneID
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CKRecord.ID else { return false }
        return recordName == other.recordName && zoneID == other.zoneID
    }

    public override var hash: Int { recordName.hashValue ^ zoneID.hash }
    public override var description: String { "CKRecord.ID(\(recordName), \(zoneID.zoneName))" }
}

/// Apple's Objective-C name is not usable from Swift (the compiler's rename for `NS_SWIFT_NAME`).
@available(*, unavailable, renamed: "CKRecord.ID")
public typealias CKRecordID = CKRecord.ID

extension CKRecord: NSCopying {
    /// Fields, encrypted fields, system fields and changed keys. Apple's `copyWithZone:` is
    /// `copyWithZone:userFields:YES`, which (decompiled `-[CKRecord
    /// copyWithZone:recordID:userFields:systemFields:]`, iOS 18.2) gives the copy a `-copy` of each
    /// value store (values and changed keys, so editing the copy never reaches the original) and
    /// copies of the system fields: dates, users, etag, share and parent. The in-memory store
    /// relies on it to hand out a stored version more than once (`InMemoryCloudDatabase.cachedHandOut`).
    /// Apple's copy is of the receiver's class (`[[self class] allocWithZone:]`), so a
    /// `CKShare`'s copy is a `CKShare`: a subclass is copied through its own archive.
    public func copy(with zone: NSZone? = nil) -> Any {
        if type(of: self) != CKRecord.self {
            let archiver = NSKeyedArchiver(requiringSecureCoding: true)
            encode(with: archiver)
            archiver.finishEncoding()
            if let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: archiver.encodedData) {
                unarchiver.decodingFailurePolicy = .setErrorAndReturn
                defer { unarchiver.finishDecoding() }
                if let copy = type(of: self).init(coder: unarchiver) { return copy }
            }
        }
        let copy = CKRecord(recordType: recordType, recordID: recordID)
        copy.values = values.copied()
        copy.encrypted = encrypted.copied()
        copy.values.record = copy
        copy.encrypted.record = copy
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

/// How this stand-in archives field values. Like Apple's value store, "RecordValues" holds each
/// value as a Foundation object (NSString, NSNumber, NSDate, NSData, CKReference, NSArray); the
/// Swift type each came from goes under a key of the stand-in's own, so `Int`, `Double` and
/// `Bool` come back apart on Linux, where an `NSNumber` does not cast to them. Assets are
/// archived as a `CKAsset` object with Apple's keys (`CKAssetArchive`), as Apple archives them.
enum StandInValueCoding {
    /// Stand-in only: Apple's value store has no such key (its `-initWithCoder:` ignores it).
    static let typesKey = "StandInValueTypes"
    static let classes: [AnyClass] = [
        NSDictionary.self, NSMutableDictionary.self, NSArray.self, NSString.self, NSNumber.self, NSDate.self, NSData.self, NSURL.self,
        CKRecord.Reference.self, CKAssetArchive.self,
    ]

    /// The value's Swift type name and its Foundation object, or `nil` for a value no record holds.
    static func archive(_ value: any CKRecordValueProtocol) -> (type: String, object: NSObject)? {
        switch value {
        case let value as String: return ("String", value as NSString)
        case let value as Int: return ("Int", NSNumber(value: value))
        case let value as Int64: return ("Int64", NSNumber(value: value))
        case let value as Double: return ("Double", NSNumber(value: value))
        case let value as Bool: return ("Bool", NSNumber(value: value))
        case let value as Date: return ("Date", value as NSDate)
        case let value as Data: return ("Data", value as NSData)
        case let value as CKRecord.Reference: return ("Reference", value)
        case let value as CKAsset: return ("Asset", CKAssetArchive(value))
        case let values as [any CKRecordValueProtocol]:
            let elements = values.compactMap { archive($0) }
            return ("Array<\(elements.first?.type ?? "String")>", NSArray(array: elements.map(\.object)))
        default: return nil
        }
    }

    /// Whether `inferred(_:)` reads `object` back as a value of `type`, so the archive need not say it.
    static func isInferred(_ object: NSObject, as type: String) -> Bool {
        inferred(object).flatMap { archive($0)?.type } == type
    }

    /// A value from an archive without the stand-in's types (one CloudKit made): the Swift type
    /// an `NSNumber` holds is read from its `objCType` (`c`/`B` a Bool, `f`/`d` a Double, else Int).
    static func inferred(_ object: Any) -> (any CKRecordValueProtocol)? {
        switch object {
        case let string as NSString: return string as String
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c", "B": return number.boolValue
            case "f", "d": return number.doubleValue
            default: return number.intValue
            }
        case let date as NSDate: return date as Date
        case let data as NSData: return data as Data
        case let reference as CKRecord.Reference: return reference
        case let asset as CKAssetArchive: return asset.asset
        case let array as NSArray:
            let elements = array.compactMap { inferred($0) }
            if let strings = elements as? [String] { return strings }
            if let doubles = elements as? [Double] { return doubles }
            if let ints = elements as? [Int] { return ints }
            if let dates = elements as? [Date] { return dates }
            if let references = elements as? [CKRecord.Reference] { return references }
            return nil
        default: return nil
        }
    }

    static func unarchive(_ object: Any, type: String) -> (any CKRecordValueProtocol)? {
        switch type {
        case "String": return (object as? NSString).map { $0 as String }
        case "Int": return (object as? NSNumber)?.intValue
        case "Int64": return (object as? NSNumber)?.int64Value
        case "Double": return (object as? NSNumber)?.doubleValue
        case "Bool": return (object as? NSNumber)?.boolValue
        case "Date": return (object as? NSDate).map { $0 as Date }
        case "Data": return (object as? NSData).map { $0 as Data }
        case "Reference": return object as? CKRecord.Reference
        case "Asset": return (object as? CKAssetArchive)?.asset ?? (object as? NSURL).map { CKAsset(fileURL: $0 as URL) }
        default:
            guard type.hasPrefix("Array<"), let array = object as? NSArray else { return nil }
            let element = String(type.dropFirst("Array<".count).dropLast())
            let elements = array.compactMap { unarchive($0, type: element) }
            if let strings = elements as? [String] { return strings }
            if let ints = elements as? [Int] { return ints }
            if let int64s = elements as? [Int64] { return int64s }
            if let doubles = elements as? [Double] { return doubles }
            if let dates = elements as? [Date] { return dates }
            if let datas = elements as? [Data] { return datas }
            if let references = elements as? [CKRecord.Reference] { return references }
            return elements.compactMap { $0 as? String }
        }
    }
}
