import Foundation

// Linux stand-in: sharing types, as far as the container's sharing calls need them.

/// A share is a record (as on Apple platforms) describing who may see a hierarchy or zone.
public final class CKShare: CKRecord, @unchecked Sendable {
    /// No public initialiser, as on Apple platforms.
    public final class Participant: NSObject, @unchecked Sendable {
        public let userIdentity: CKUserIdentity
        init(userIdentity: CKUserIdentity) { self.userIdentity = userIdentity }
    }

    /// No public initialiser, as on Apple platforms.
    public final class Metadata: NSObject, @unchecked Sendable {
        public let containerIdentifier: String
        init(containerIdentifier: String) { self.containerIdentifier = containerIdentifier }
    }

    public init(rootRecord: CKRecord) {
        super.init(recordType: "cloudkit.share", recordID: CKRecord.ID(recordName: UUID().uuidString, zoneID: rootRecord.recordID.zoneID))
    }

    public init(recordZoneID: CKRecordZone.ID) {
        super.init(recordType: "cloudkit.share", recordID: CKRecord.ID(recordName: CKRecordNameZoneWideShare, zoneID: recordZoneID))
    }

    /// `- (nullable instancetype)initWithCoder:(NSCoder *)aDecoder NS_DESIGNATED_INITIALIZER;` (CKShare.h).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

public let CKRecordNameZoneWideShare: String = "cloudkit.zoneshare"
