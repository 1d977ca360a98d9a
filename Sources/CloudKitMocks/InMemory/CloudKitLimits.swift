import CloudKit
import Foundation

/// The request and record limits the in-memory CloudKit enforces, CloudKit's documented ones by
/// default (`InMemoryCloudKit.limits` changes them for a test). Exceeding one fails with
/// `limitExceeded`, the code CloudKit documents for it.
public struct CloudKitLimits: Sendable, Equatable {
    /// Items (records to save plus IDs to delete or fetch) in one request. Apple,
    /// `CKError.Code.limitExceeded`: "400 items (records or shares) per operation"; "If your app
    /// receives `limitExceeded`, it must split the operation in half and try both requests again."
    public var itemsPerRequest: Int
    /// The size of a request's records, assets not counted. Apple, `CKError.Code.limitExceeded`:
    /// "2 MB per request (not counting asset sizes)".
    public var bytesPerRequest: Int
    /// One record's size, assets not counted. Apple, CloudKit Web Services Reference, *Data Size
    /// Limits*: "Maximum record size (not including Asset fields): 1 MB". Apple does not say which
    /// error a too-large record gets; `limitExceeded` on that record is our choice.
    public var bytesPerRecord: Int

    public init(itemsPerRequest: Int = 400, bytesPerRequest: Int = 2 * 1024 * 1024, bytesPerRecord: Int = 1024 * 1024) {
        self.itemsPerRequest = itemsPerRequest
        self.bytesPerRequest = bytesPerRequest
        self.bytesPerRecord = bytesPerRecord
    }

    /// CloudKit's documented limits.
    public static let cloudKit = CloudKitLimits()

    /// No limits at all.
    public static let unlimited = CloudKitLimits(itemsPerRequest: .max, bytesPerRequest: .max, bytesPerRecord: .max)

    /// What a record counts for against the limits. Apple does not say how it measures a record;
    /// our measure: the UTF-8 bytes of its type, name and every key, plus each value's bytes
    /// (strings as UTF-8, data as is, numbers, dates and booleans 8, references their record and
    /// zone names, lists the sum of their elements); assets count nothing.
    public static func size(of record: CKRecord) -> Int {
        var total = record.recordType.utf8.count + record.recordID.recordName.utf8.count
        for store in [record as any CKRecordKeyValueSetting, record.encryptedValues] {
            for key in store.allKeys() {
                total += key.utf8.count + (store[key].map(size(of:)) ?? 0)
            }
        }
        return total
    }

    private static func size(of value: any CKRecordValueProtocol) -> Int {
        switch value {
        case let value as String: return value.utf8.count
        case let value as Data: return value.count
        case let value as CKRecord.Reference: return value.recordID.recordName.utf8.count + value.recordID.zoneID.zoneName.utf8.count
        case is CKAsset: return 0
        case let values as [any CKRecordValueProtocol]: return values.reduce(0) { $0 + size(of: $1) }
        default: return 8
        }
    }
}
