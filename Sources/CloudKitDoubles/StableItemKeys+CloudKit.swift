import CloudDoubleRuntime
import CloudKit

// How fault events and explicit item rules name CloudKit's item IDs: by their parts, the same on
// every platform (Apple's `description` of a `CKRecordID` differs from the Linux stand-in's, and
// a reproduction printed by fault exploration on one must replay on the other). Our choice of
// spelling: `zone/record`, with `owner:` in front for a zone another user owns.

extension CKRecordZone.ID: StableItemKey {
    public var stableItemKey: String {
        ownerName == CKCurrentUserDefaultName ? zoneName : "\(ownerName):\(zoneName)"
    }
}

extension CKRecord.ID: StableItemKey {
    public var stableItemKey: String { "\(zoneID.stableItemKey)/\(recordName)" }
}
