import Foundation

// Linux stand-in: the iOS 17 interface makes the change values of `databaseChanges(since:)` and
// `recordZoneChanges(inZoneWith:since:)` Equatable and Hashable; they compare by their fields.
// Written out because the conformances are declared away from the types (as Apple's are, in
// extensions available from iOS 17), where Swift does not synthesise them.

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKDatabase.DatabaseChange.Modification: Hashable {
    public static func == (a: Self, b: Self) -> Bool { a.zoneID == b.zoneID }
    public func hash(into hasher: inout Hasher) { hasher.combine(zoneID) }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKDatabase.DatabaseChange.Deletion: Hashable {
    public static func == (a: Self, b: Self) -> Bool { a.zoneID == b.zoneID && a.reason == b.reason }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(zoneID)
        hasher.combine(reason)
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKDatabase.RecordZoneChange.Modification: Hashable {
    public static func == (a: Self, b: Self) -> Bool { a.record == b.record }
    public func hash(into hasher: inout Hasher) { hasher.combine(record) }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKDatabase.RecordZoneChange.Deletion: Hashable {
    public static func == (a: Self, b: Self) -> Bool { a.recordID == b.recordID && a.recordType == b.recordType }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(recordID)
        hasher.combine(recordType)
    }
}
