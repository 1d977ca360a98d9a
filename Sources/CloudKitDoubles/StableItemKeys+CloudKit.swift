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

// A share's metadata, a per-item input of `accept(_:)` of several, is named by the share's record
// ID: the one part every metadata for a share has, whether the SDK, a store or a test made it.
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension CloudShareMetadata: StableItemKey {
    public var stableItemKey: String { share.recordID.stableItemKey }
}
