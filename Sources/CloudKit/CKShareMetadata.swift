import Foundation

/// `CKShareMetadata`, `CKShare.Metadata` in Swift (CKShareMetadata.h): no public initialiser
/// (`-init` and `+new` are `NS_UNAVAILABLE`); it comes from `shareMetadata(for:)`,
/// `CKFetchShareMetadataOperation` or decoding an archive.
///
/// Archive keys from the decompiled `-[CKShareMetadata initWithCoder:]`: "Share", "RootRecord",
/// "RootRecordID" (the hierarchical root record ID), "ParticipantType" (the role),
/// "ParticipantStatus", "ParticipantPermission" (integers), "OwnerIdentity",
/// "CallingParticipant". Apple archives the container under "ContainerID" as a private
/// `CKContainerID`; the stand-in writes the identifier string there (its own format).
///
/// Stand-in only: top-level under a hidden `__` name (see `__CKRecordID`). Always spell it
/// `CKShare.Metadata`.
@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
public final class __CKShareMetadata: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    static let containerKey = "ContainerID"
    static let shareKey = "Share"
    static let rootRecordKey = "RootRecord"
    static let rootRecordIDKey = "RootRecordID"
    static let roleKey = "ParticipantType"
    static let statusKey = "ParticipantStatus"
    static let permissionKey = "ParticipantPermission"
    static let ownerIdentityKey = "OwnerIdentity"
    static let callingParticipantKey = "CallingParticipant"

    public let containerIdentifier: String
    public let share: CKShare
    /// "The record ID of the shared hierarchy's root record" (`nil` for a zone-wide share:
    /// CKShare.h, "rootRecordID on the resulting CKShareMetadata is always absent").
    /// `API_AVAILABLE(macos(12.0), ios(15.0), tvos(15.0), watchos(8.0))` in CKShareMetadata.h.
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    public var hierarchicalRootRecordID: CKRecord.ID? { storedRootRecordID }
    /// Present only when `CKFetchShareMetadataOperation.shouldFetchRootRecord` asked for it.
    public let rootRecord: CKRecord?
    @available(macOS 10.14, iOS 12.0, tvOS 12.0, watchOS 5.0, *)
    public var participantRole: CKShare.ParticipantRole { CKShare.ParticipantRole(rawValue: role) ?? .unknown }
    public let participantStatus: CKShare.ParticipantAcceptanceStatus
    public let participantPermission: CKShare.ParticipantPermission
    public let ownerIdentity: CKUserIdentity
    private let storedRootRecordID: CKRecord.ID?
    private let role: Int

    @available(macOS, deprecated: 13.0, message: "Use hierarchicalRootRecordID instead")
    @available(iOS, deprecated: 16.0, message: "Use hierarchicalRootRecordID instead")
    @available(tvOS, deprecated: 16.0, message: "Use hierarchicalRootRecordID instead")
    @available(watchOS, deprecated: 9.0, message: "Use hierarchicalRootRecordID instead")
    public var rootRecordID: CKRecord.ID { storedRootRecordID ?? CKRecord.ID(recordName: "", zoneID: share.recordID.zoneID) }

    public static var supportsSecureCoding: Bool { true }

    public func encode(with coder: NSCoder) {
        coder.encode(containerIdentifier as NSString, forKey: Self.containerKey)
        coder.encode(share, forKey: Self.shareKey)
        coder.encode(rootRecord, forKey: Self.rootRecordKey)
        coder.encode(storedRootRecordID, forKey: Self.rootRecordIDKey)
        coder.encode(role, forKey: Self.roleKey)
        coder.encode(participantStatus.rawValue, forKey: Self.statusKey)
        coder.encode(participantPermission.rawValue, forKey: Self.permissionKey)
        coder.encode(ownerIdentity, forKey: Self.ownerIdentityKey)
    }

    public init?(coder: NSCoder) {
        guard let share = coder.decodeIfPresent(CKShare.self, forKey: Self.shareKey),
            let owner = coder.decodeIfPresent(CKUserIdentity.self, forKey: Self.ownerIdentityKey)
        else { return nil }
        func integer(_ key: String) -> Int { coder.containsValue(forKey: key) ? coder.decodeInteger(forKey: key) : 0 }
        self.share = share
        ownerIdentity = owner
        containerIdentifier = coder.decodeIfPresent(NSString.self, forKey: Self.containerKey) as String? ?? ""
        rootRecord = coder.decodeIfPresent(CKRecord.self, forKey: Self.rootRecordKey)
        storedRootRecordID = coder.decodeIfPresent(CKRecord.ID.self, forKey: Self.rootRecordIDKey)
        role = integer(Self.roleKey)
        participantStatus = CKShare.ParticipantAcceptanceStatus(rawValue: integer(Self.statusKey)) ?? .unknown
        participantPermission = CKShare.ParticipantPermission(rawValue: integer(Self.permissionKey)) ?? .unknown
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }
}
