import CloudKit
import Foundation

/// What only CloudKit's server makes for sharing — participants with an acceptance status, share
/// metadata, user identities, a share's URL and participants, a root record's `share` — made the
/// one public way: decoding an archive (as `OpaqueValues` does for tokens). `CKShare.Participant`,
/// `CKShare.Metadata` and `CKUserIdentity` mark `-init` `NS_UNAVAILABLE`; `url`, `participants`'
/// `acceptanceStatus` and `CKRecord.share` are read-only.
///
/// Keys are Apple's where a public decompilation of CloudKit.framework shows them (each stand-in
/// class in Sources/CloudKit cites its source); every value made is read back, and a
/// mismatch is reported to the service's `ArchiveFormatReport`.
enum SharingArchive {
    typealias Value = OpaqueValues.Value

    static func userIdentity(_ userRecordName: String) -> CKUserIdentity? {
        mint(CKUserIdentity.self, ["UserRecordID": .object(CKRecord.ID(recordName: userRecordName)), "HasICloudAccount": .bool(true)])
    }

    static func participant(_ state: ParticipantState, asSeenBy viewer: String) -> CKShare.Participant? {
        let shown = state.userRecordName == viewer ? CKCurrentUserDefaultName : state.userRecordName
        guard let identity = userIdentity(shown) else { return nil }
        return mint(
            CKShare.Participant.self,
            [
                "ParticipantID": .object(state.participantID as NSString), "UserIdentity": .object(identity),
                "IsCurrentUser": .bool(state.userRecordName == viewer), "Type": .int64(Int64(state.role.rawValue)),
                "AcceptanceStatus": .int64(Int64(state.acceptance.rawValue)), "Permission": .int64(Int64(state.permission.rawValue)),
            ])
    }

    static func metadata(
        share: CKShare, rootRecordID: CKRecord.ID?, rootRecord: CKRecord?, caller: ParticipantState?, owner: String, viewer: String,
        containerIdentifier: String
    ) -> CKShare.Metadata? {
        guard let ownerIdentity = userIdentity(owner == viewer ? CKCurrentUserDefaultName : owner) else { return nil }
        var values: [String: Value] = [
            "ContainerID": .object(containerIdentifier as NSString), "Share": .object(share), "OwnerIdentity": .object(ownerIdentity),
            "ParticipantType": .integer(caller?.role.rawValue ?? 0), "ParticipantStatus": .integer(caller?.acceptance.rawValue ?? 0),
            "ParticipantPermission": .integer(caller?.permission.rawValue ?? 0),
        ]
        if let rootRecordID { values["RootRecordID"] = .object(rootRecordID) }
        if let rootRecord { values["RootRecord"] = .object(rootRecord) }
        if let caller, let participant = participant(caller, asSeenBy: viewer) { values["CallingParticipant"] = .object(participant) }
        return mint(CKShare.Metadata.self, values)
    }

    /// `share` with the participants and URL the server gives it.
    static func share(_ share: CKShare, participants: [CKShare.Participant], url: URL?) -> CKShare? {
        var topLevel: [String: NSObject] = ["Participants": participants as NSArray]
        if let url { topLevel["URL"] = url as NSURL }
        return SystemFields.rewritten(
            archiving: { share.encode(with: $0) }, topLevel: topLevel, cleared: [], decode: { type(of: share).init(coder: $0) })
    }

    /// `record` with its `share` reference pointing at `shareID` ("ShareReference"), or without
    /// one (a new record with the same fields: the store sets the system fields on hand-out).
    static func record(_ record: CKRecord, share shareID: CKRecord.ID?) -> CKRecord? {
        guard let shareID else {
            let plain = CKRecord(recordType: record.recordType, recordID: record.recordID)
            for key in record.allKeys() { plain[key] = record[key] }
            for key in record.encryptedValues.allKeys() { plain.encryptedValues[key] = record.encryptedValues[key] }
            plain.parent = record.parent
            return plain
        }
        let made: CKRecord? = SystemFields.rewritten(
            archiving: { record.encode(with: $0) }, topLevel: ["ShareReference": CKRecord.Reference(recordID: shareID, action: .none)], cleared: [],
            decode: { type(of: record).init(coder: $0) })
        return made?.share?.recordID == shareID ? made : nil
    }

    /// `zone` with its `share` reference pointing at the zone-wide share `shareID`
    /// ("ShareReference", decompiled `-[CKRecordZone initWithCoder:]`).
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    static func zone(_ zone: CKRecordZone, share shareID: CKRecord.ID) -> CKRecordZone? {
        let made: CKRecordZone? = SystemFields.rewritten(
            archiving: { zone.encode(with: $0) }, topLevel: ["ShareReference": CKRecord.Reference(recordID: shareID, action: .none)], cleared: [],
            decode: { CKRecordZone(coder: $0) })
        return made?.share?.recordID == shareID ? made : nil
    }

    /// `object` (a record, zone or anything archiving zone IDs) with every ID of zone `from`
    /// replaced by `to`: how a record in its owner's zone (owner `__defaultOwner__`) looks in a
    /// participant's shared database (owner: the owner's user record name), and back.
    static func moved<T: NSObject & NSSecureCoding>(_ object: T, from: CKRecordZone.ID, to: CKRecordZone.ID) -> T? {
        guard from != to else { return object }
        let archive = KeyedArchives.data { $0.encode(object, forKey: NSKeyedArchiveRootObjectKey) }
        guard let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: archive) else { return nil }
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        // Apple's `delegate` is not retained (`assign`): keep the replacement alive while decoding.
        let replacing = ZoneIDReplacement(from: from, to: to)
        return withExtendedLifetime(replacing) {
            unarchiver.delegate = replacing
            defer { unarchiver.finishDecoding() }
            return unarchiver.decodeObject(of: type(of: object), forKey: NSKeyedArchiveRootObjectKey)
        }
    }

    static func mint<T: NSObject & NSSecureCoding>(_ type: T.Type, _ values: [String: Value]) -> T? {
        OpaqueValues.mint(type, values)
    }
}

/// Replaces zone IDs as they are decoded (`NSKeyedUnarchiverDelegate`'s `didDecode`, which may
/// return a substitute). Every method is implemented: swift-corelibs-foundation's protocol has no
/// optional requirements.
final class ZoneIDReplacement: NSObject, NSKeyedUnarchiverDelegate {
    let from: CKRecordZone.ID
    let to: CKRecordZone.ID

    init(from: CKRecordZone.ID, to: CKRecordZone.ID) {
        self.from = from
        self.to = to
    }

    func unarchiver(_ unarchiver: NSKeyedUnarchiver, didDecode object: Any?) -> Any? {
        (object as? CKRecordZone.ID) == from ? to : object
    }

    func unarchiver(_ unarchiver: NSKeyedUnarchiver, cannotDecodeObjectOfClassName name: String, originalClasses classNames: [String]) -> AnyClass? {
        nil
    }
    func unarchiver(_ unarchiver: NSKeyedUnarchiver, willReplace object: Any, with newObject: Any) {}
    func unarchiverWillFinish(_ unarchiver: NSKeyedUnarchiver) {}
    func unarchiverDidFinish(_ unarchiver: NSKeyedUnarchiver) {}
}

extension SharingArchive {
    /// The root record a share was made for (`nil` for a zone-wide share), from its archive:
    /// Apple's `CKShare` keeps it private ("RootRecordID").
    static func rootRecordID(of share: CKShare) -> CKRecord.ID? {
        OpaqueValues.archived(share.encode(with:)) { $0.decodeIfPresent(CKRecord.ID.self, forKey: "RootRecordID") }
    }

    /// A participant's ID (`participantID` is refined for Swift), from its archive: "ParticipantID".
    static func participantID(of participant: CKShare.Participant) -> String? {
        OpaqueValues.archived(participant.encode(with:)) { $0.decodeIfPresent(NSString.self, forKey: "ParticipantID") as String? }
    }
}

extension NSCoder {
    /// `decodeObject(of:forKey:)` that asks first (see the stand-in's `decodeIfPresent`).
    fileprivate func decodeIfPresent<T: NSObject & NSCoding>(_ type: T.Type, forKey key: String) -> T? {
        containsValue(forKey: key) ? decodeObject(of: type, forKey: key) : nil
    }
}
