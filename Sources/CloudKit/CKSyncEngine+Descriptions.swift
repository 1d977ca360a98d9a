import Foundation

// Linux stand-in: the iOS 18 interface makes CKSyncEngine's event payloads, options and contexts
// CustomStringConvertible. Apple does not document the text; these name the type and its counts
// or identifiers.

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.Event.StateUpdate: CustomStringConvertible {
    public var description: String { "<StateUpdate>" }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.Event.AccountChange: CustomStringConvertible {
    public var description: String { "<AccountChange \(changeType)>" }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.Event.FetchedDatabaseChanges: CustomStringConvertible {
    public var description: String { "<FetchedDatabaseChanges modifications: \(modifications.count) deletions: \(deletions.count)>" }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.Event.FetchedRecordZoneChanges: CustomStringConvertible {
    public var description: String { "<FetchedRecordZoneChanges modifications: \(modifications.count) deletions: \(deletions.count)>" }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.Event.SentDatabaseChanges: CustomStringConvertible {
    public var description: String {
        "<SentDatabaseChanges saved: \(savedZones.count) failed saves: \(failedZoneSaves.count) deleted: \(deletedZoneIDs.count) failed deletes: \(failedZoneDeletes.count)>"
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.Event.SentDatabaseChanges.FailedZoneSave: CustomStringConvertible {
    public var description: String { "<FailedZoneSave \(zone.zoneID.zoneName) \(error.code)>" }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.Event.SentRecordZoneChanges: CustomStringConvertible {
    public var description: String {
        "<SentRecordZoneChanges saved: \(savedRecords.count) failed saves: \(failedRecordSaves.count) deleted: \(deletedRecordIDs.count) failed deletes: \(failedRecordDeletes.count)>"
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.Event.SentRecordZoneChanges.FailedRecordSave: CustomStringConvertible {
    public var description: String { "<FailedRecordSave \(record.recordID.recordName) \(error.code)>" }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.Event.WillFetchChanges: CustomStringConvertible {
    public var description: String { "<WillFetchChanges>" }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.Event.WillFetchRecordZoneChanges: CustomStringConvertible {
    public var description: String { "<WillFetchRecordZoneChanges \(zoneID.zoneName)>" }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.Event.DidFetchRecordZoneChanges: CustomStringConvertible {
    public var description: String { "<DidFetchRecordZoneChanges \(zoneID.zoneName)\(error.map { " \($0.code)" } ?? "")>" }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.Event.DidFetchChanges: CustomStringConvertible {
    public var description: String { "<DidFetchChanges>" }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.Event.WillSendChanges: CustomStringConvertible {
    public var description: String { "<WillSendChanges \(context.reason)>" }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.Event.DidSendChanges: CustomStringConvertible {
    public var description: String { "<DidSendChanges \(context.reason)>" }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.FetchChangesOptions: CustomStringConvertible {
    public var description: String { "<FetchChangesOptions scope: \(scope)>" }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.FetchChangesOptions.Scope: CustomStringConvertible {
    public var description: String {
        switch self {
        case .all: return "all"
        case .allExcluding(let zoneIDs): return "allExcluding(\(zoneIDs.map(\.zoneName)))"
        case .zoneIDs(let zoneIDs): return "zoneIDs(\(zoneIDs.map(\.zoneName)))"
        }
    }
}

@available(macOS 14.2, iOS 17.2, tvOS 17.2, watchOS 10.2, *)
extension CKSyncEngine.FetchChangesContext: CustomStringConvertible {
    public var description: String { "<FetchChangesContext \(reason) \(options)>" }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.SendChangesOptions: CustomStringConvertible {
    public var description: String { "<SendChangesOptions scope: \(scope)>" }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.SendChangesOptions.Scope: CustomStringConvertible {
    public var description: String {
        switch self {
        case .all: return "all"
        case .allExcluding(let zoneIDs): return "allExcluding(\(zoneIDs.map(\.zoneName)))"
        case .zoneIDs(let zoneIDs): return "zoneIDs(\(zoneIDs.map(\.zoneName)))"
        case .recordIDs(let recordIDs): return "recordIDs(\(recordIDs.map(\.recordName)))"
        }
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine.SendChangesContext: CustomStringConvertible {
    public var description: String { "<SendChangesContext \(reason) \(options)>" }
}
