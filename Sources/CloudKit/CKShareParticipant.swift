import Foundation

/// `CKShareParticipant`, `CKShare.Participant` in Swift (CKShareParticipant.h): "You don't create
/// participants" (`-init` and `+new` are `NS_UNAVAILABLE`); they come from the container's
/// `shareParticipant(for…)` calls, a share's `participants`, or decoding an archive.
///
/// Archive keys from the decompiled `-[CKShareParticipant initWithCoder:]`: "ParticipantID",
/// "UserIdentity", "IsCurrentUser", "Type" (the role, an integer), "AcceptanceStatus",
/// "Permission".
///
/// Stand-in only: top-level under a hidden `__` name (swift-corelibs-foundation archives only
/// top-level classes, see `__CKRecordID`). Always spell it `CKShare.Participant`.
@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
public final class __CKShareParticipant: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    static let participantIDKey = "ParticipantID"
    static let userIdentityKey = "UserIdentity"
    static let isCurrentUserKey = "IsCurrentUser"
    static let roleKey = "Type"
    static let acceptanceStatusKey = "AcceptanceStatus"
    static let permissionKey = "Permission"

    /// `typealias ID = String` (Apple's overlay, Swift 4.2).
    public typealias ID = String

    private let lock = NSLock()
    /// "The participant's unique identifier"; Apple's overlay spells it `participantID`.
    public let participantID: CKShare.Participant.ID
    let isCurrentUser: Bool
    /// "The identity of the participant."
    public let userIdentity: CKUserIdentity
    private var storedRole: CKShare.ParticipantRole
    private var storedPermission: CKShare.ParticipantPermission
    /// "The current state of the user's acceptance of the share." Read-only.
    public let acceptanceStatus: CKShare.ParticipantAcceptanceStatus

    init(
        participantID: String = UUID().uuidString, userIdentity: CKUserIdentity, role: CKShare.ParticipantRole,
        permission: CKShare.ParticipantPermission,
        acceptanceStatus: CKShare.ParticipantAcceptanceStatus, isCurrentUser: Bool
    ) {
        self.participantID = participantID
        self.userIdentity = userIdentity
        storedRole = role
        storedPermission = permission
        self.acceptanceStatus = acceptanceStatus
        self.isCurrentUser = isCurrentUser
    }

    /// The owner a new share starts with: the current user (`CKCurrentUserDefaultName`), who can
    /// read and write (our reading: CKShare.h makes `owner` non-optional on a share not yet saved).
    static func localOwner() -> __CKShareParticipant {
        __CKShareParticipant(
            userIdentity: CKUserIdentity(userRecordID: CKRecord.ID(recordName: CKCurrentUserDefaultName)), role: .owner, permission: .readWrite,
            acceptanceStatus: .accepted, isCurrentUser: true)
    }

    /// "The participant's role for the share." Settable.
    @available(macOS 10.14, iOS 12.0, tvOS 12.0, watchOS 5.0, *)
    public var role: CKShare.ParticipantRole {
        get { lock.withLock { storedRole } }
        set { lock.withLock { storedRole = newValue } }
    }

    /// "The participant's permission level for the share." Settable.
    public var permission: CKShare.ParticipantPermission {
        get { lock.withLock { storedPermission } }
        set { lock.withLock { storedPermission = newValue } }
    }

    public static var supportsSecureCoding: Bool { true }

    public func encode(with coder: NSCoder) {
        coder.encode(participantID as NSString, forKey: Self.participantIDKey)
        coder.encode(userIdentity, forKey: Self.userIdentityKey)
        coder.encode(isCurrentUser, forKey: Self.isCurrentUserKey)
        coder.encode(Int64(role.rawValue), forKey: Self.roleKey)
        coder.encode(Int64(acceptanceStatus.rawValue), forKey: Self.acceptanceStatusKey)
        coder.encode(Int64(permission.rawValue), forKey: Self.permissionKey)
    }

    public init?(coder: NSCoder) {
        guard let identity = coder.decodeIfPresent(CKUserIdentity.self, forKey: Self.userIdentityKey) else { return nil }
        participantID = coder.decodeIfPresent(NSString.self, forKey: Self.participantIDKey) as String? ?? UUID().uuidString
        userIdentity = identity
        isCurrentUser = coder.containsValue(forKey: Self.isCurrentUserKey) && coder.decodeBool(forKey: Self.isCurrentUserKey)
        func integer(_ key: String) -> Int { coder.containsValue(forKey: key) ? Int(coder.decodeInt64(forKey: key)) : 0 }
        storedRole = CKShare.ParticipantRole(rawValue: integer(Self.roleKey)) ?? .unknown
        acceptanceStatus = CKShare.ParticipantAcceptanceStatus(rawValue: integer(Self.acceptanceStatusKey)) ?? .unknown
        storedPermission = CKShare.ParticipantPermission(rawValue: integer(Self.permissionKey)) ?? .unknown
    }

    public func copy(with zone: NSZone? = nil) -> Any {
        __CKShareParticipant(
            participantID: participantID, userIdentity: userIdentity, role: role, permission: permission, acceptanceStatus: acceptanceStatus,
            isCurrentUser: isCurrentUser)
    }

    /// CKShareParticipant.h: "returns YES if both participants represent the same person ...
    /// participantID matches ... userIdentity.userRecordID matches".
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? __CKShareParticipant else { return false }
        if participantID == other.participantID { return true }
        guard let mine = userIdentity.userRecordID, let theirs = other.userIdentity.userRecordID else { return false }
        return mine == theirs
    }

    public override var hash: Int { userIdentity.userRecordID?.hash ?? participantID.hashValue }
}
