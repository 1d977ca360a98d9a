import Foundation

// Linux stand-in: CKShare (CKShare.h, iOS 26 SDK). Archive keys follow public decompilations of
// CloudKit.framework where one shows them; each key says where it comes from.

/// `@interface CKShare : CKRecord <NSSecureCoding, NSCopying>` (macOS 10.12, iOS 10, tvOS 10,
/// watchOS 3): "Like CKRecords, CKShares can store arbitrary key-value pairs."
///
/// Archive (added to the record's system fields): "RootRecordID" and "PublicPermission" (an
/// integer) and "Participants" are the keys the brief's decompilation names; the URL is "URL", the
/// key the decompiled `-[CKRecord initWithCoder:]` reads it from (into the record's `mutableURL`:
/// Apple keeps a share's URL on the record).
@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
open class CKShare: CKRecord, @unchecked Sendable {
    public typealias Participant = __CKShareParticipant
    public typealias Metadata = __CKShareMetadata

    static let rootRecordIDKey = "RootRecordID"
    static let publicPermissionKey = "PublicPermission"
    static let participantsKey = "Participants"
    static let urlKey = "URL"

    private let lock = NSLock()
    private var storedPublicPermission: ParticipantPermission = .none
    private var storedParticipants: [Participant]
    /// The share's root (`nil` for a zone-wide share).
    let rootRecordID: CKRecord.ID?
    /// `@property (nullable, readonly, copy) NSURL *URL`: "Only available after share record has
    /// been saved to the server."
    open private(set) var url: URL?

    /// "When saving a newly created CKShare, you must save the share and its rootRecord in the same
    /// CKModifyRecordsOperation batch." The share goes in the root's zone with a new name.
    public convenience init(rootRecord: CKRecord) {
        self.init(rootRecord: rootRecord, shareID: CKRecord.ID(recordName: UUID().uuidString, zoneID: rootRecord.recordID.zoneID))
    }

    /// `- (instancetype)initWithRootRecord:(CKRecord *)rootRecord shareID:(CKRecordID *)shareID NS_DESIGNATED_INITIALIZER;`
    public init(rootRecord: CKRecord, shareID: CKRecord.ID) {
        rootRecordID = rootRecord.recordID
        storedParticipants = [Participant.localOwner()]
        super.init(recordType: "cloudkit.share", recordID: shareID)
    }

    /// "Creates a zone-wide CKShare. A zone-wide CKShare can only exist in a zone with sharing
    /// capability CKRecordZoneCapabilityZoneWideSharing." Its record name is
    /// `CKRecordNameZoneWideShare` ("A zone-wide CKShare always uses the record name").
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    public init(recordZoneID: CKRecordZone.ID) {
        rootRecordID = nil
        storedParticipants = [Participant.localOwner()]
        super.init(recordType: "cloudkit.share", recordID: CKRecord.ID(recordName: CKRecordNameZoneWideShare, zoneID: recordZoneID))
    }

    /// `- (instancetype)initWithCoder:(NSCoder *)aDecoder NS_DESIGNATED_INITIALIZER;` (CKShare.h).
    public required init?(coder: NSCoder) {
        rootRecordID = coder.decodeIfPresent(CKRecord.ID.self, forKey: Self.rootRecordIDKey)
        storedParticipants = coder.decodeIfPresent(of: [NSArray.self, Participant.self], forKey: Self.participantsKey) as? [Participant] ?? []
        url = coder.decodeIfPresent(NSURL.self, forKey: Self.urlKey) as URL?
        super.init(coder: coder)
        if coder.containsValue(forKey: Self.publicPermissionKey) {
            storedPublicPermission = ParticipantPermission(rawValue: coder.decodeInteger(forKey: Self.publicPermissionKey)) ?? .unknown
        }
    }

    /// A share's participants and URL are system fields: caching them with
    /// `encodeSystemFields(with:)` keeps them (our reading; CKShare.h is silent).
    open override func encodeSystemFields(with coder: NSCoder) {
        super.encodeSystemFields(with: coder)
        coder.encode(rootRecordID, forKey: Self.rootRecordIDKey)
        coder.encode(publicPermission.rawValue, forKey: Self.publicPermissionKey)
        coder.encode(participants as NSArray, forKey: Self.participantsKey)
        coder.encode(url.map { $0 as NSURL }, forKey: Self.urlKey)
    }

    /// "Defines what permission a user has when not explicitly added to the share ... By default,
    /// public permission is CKShareParticipantPermissionNone."
    open var publicPermission: ParticipantPermission {
        get { lock.withLock { storedPublicPermission } }
        set { lock.withLock { storedPublicPermission = newValue } }
    }

    /// "All participants on the share that the current user has permissions to see. At the
    /// minimum that will include the owner and the current user."
    open var participants: [Participant] { lock.withLock { storedParticipants } }

    /// "Convenience methods for fetching special users from the participant array."
    open var owner: Participant { participants.first { $0.role == .owner } ?? participants[0] }
    open var currentUserParticipant: Participant? { participants.first { $0.isCurrentUser } }

    /// "If a participant with a matching userIdentity already exists, then that existing
    /// participant's properties will be updated; no new participant will be added." Apple's
    /// assertions come first (decompiled `-[CKShare addParticipant:]`, raised as Objective-C
    /// exceptions, which end the app): "You can only add PrivateUsers as participants on a share"
    /// (an administrator too, from iOS 26) and "Only owners may add participants to a share".
    open func addParticipant(_ participant: Participant) {
        precondition(
            participant.role == .privateUser || participant.role == .administrator, "You can only add PrivateUsers as participants on a share")
        if let current = currentUserParticipant {
            precondition(current.role == .owner || current.role == .administrator, "Only owners may add participants to a share")
        }
        lock.withLock {
            if let index = storedParticipants.firstIndex(of: participant) {
                storedParticipants[index].role = participant.role
                storedParticipants[index].permission = participant.permission
            } else {
                storedParticipants.append(participant)
            }
        }
    }

    /// Removes a participant added with `addParticipant(_:)`.
    open func removeParticipant(_ participant: Participant) {
        lock.withLock { storedParticipants.removeAll { $0 == participant } }
    }

    /// `CKShareParticipantAcceptanceStatus` (CKShareParticipant.h).
    public enum ParticipantAcceptanceStatus: Int, @unchecked Sendable {
        case unknown = 0
        case pending = 1
        case accepted = 2
        case removed = 3
    }

    /// `CKShareParticipantPermission` (CKShareParticipant.h).
    public enum ParticipantPermission: Int, @unchecked Sendable {
        case unknown = 0
        case none = 1
        case readOnly = 2
        case readWrite = 3
    }

    /// `CKShareParticipantRole` (CKShareParticipant.h; macOS 10.14, iOS 12, tvOS 12, watchOS 5).
    @available(macOS 10.14, iOS 12.0, tvOS 12.0, watchOS 5.0, *)
    public enum ParticipantRole: Int, @unchecked Sendable {
        case unknown = 0
        case owner = 1
        case privateUser = 3
        case publicUser = 4
        @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
        case administrator = 2
    }
}

@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
extension CKShare {
    /// The iOS 18 interface's `CKShare.SystemFieldKey` (Objective-C `CKShareTitleKey`,
    /// `CKShareThumbnailImageDataKey`, `CKShareTypeKey`): "Predefined keys in the
    /// CKRecordTypeShare schema. They're used by the out of process UI flow to send a share, and
    /// as part of the share acceptance flow. These are optional" (CKShare.h). The values are the
    /// keys' strings in CloudKit's share schema.
    public enum SystemFieldKey {
        /// "Value is a string. Example for a recipe sharing app: 'Pot Roast'".
        public static let title: CKRecord.FieldKey = "cloudkit.title"
        /// "Value is a data blob suitable to pass into +[NSImage imageWithData:] or
        /// +[UIImage imageWithData:]".
        public static let thumbnailImageData: CKRecord.FieldKey = "cloudkit.thumbnailImageData"
        /// "Value is a string representing a UTI. Example for a recipe sharing app:
        /// 'com.mycompany.recipe'".
        public static let shareType: CKRecord.FieldKey = "cloudkit.type"
    }
}

/// `CKRecordNameZoneWideShare` (macOS 12, iOS 15, tvOS 15, watchOS 8).
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
public let CKRecordNameZoneWideShare: String = "cloudkit.zoneshare"
