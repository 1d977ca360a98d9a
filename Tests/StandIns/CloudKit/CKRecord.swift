import Foundation

// Linux stand-in: records, record IDs and the values record fields hold.

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
