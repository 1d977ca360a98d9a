@_spi(Generated) import CloudDoubleRuntime
import CloudKit
import Foundation

/// What the server does when a share is saved in, or removed from, its owner's private database
/// (the rules and their sources are in docs/InMemoryStore.md, "Sharing").
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension InMemoryCloudDatabase {
    /// CKShare.h, `initWithRootRecord:`: "When saving a newly created CKShare, you must save the
    /// share and its rootRecord in the same CKModifyRecordsOperation batch" (the error,
    /// `invalidArguments`, is our choice); `initWithRecordZoneID:`: "A zone-wide CKShare can only
    /// exist in a zone with sharing capability CKRecordZoneCapabilityZoneWideSharing"; CKRecord.h:
    /// "The default zone does not support sharing" (`permissionFailure`, our choice). Shares live
    /// in private databases only (our choice for other scopes: `permissionFailure`).
    func shareSaveFailure(_ record: CKRecord, saving: Set<CKRecord.ID>, state: State) -> (any Error)? {
        guard let share = record as? CKShare else { return nil }
        let zoneID = share.recordID.zoneID
        guard scope == .private, state.capabilities[zoneID]?.contains(.sharing) ?? false else { return error(.permissionFailure) }
        if let root = SharingArchive.rootRecordID(of: share) {
            let isNew = state.records.entry(share.recordID, in: zoneID) == nil
            if isNew, !saving.contains(root) { return error(.invalidArguments) }
        } else if !(state.capabilities[zoneID]?.contains(.zoneWideSharing) ?? false) {
            return error(.permissionFailure)
        }
        return nil
    }

    /// Remembers the root of a share about to be stored, so the root gets its `share` reference
    /// even when it comes first in the request.
    func registerShare(_ record: CKRecord, in state: inout State) {
        guard scope == .private, let share = record as? CKShare, let root = SharingArchive.rootRecordID(of: share) else { return }
        state.shareOfRoot[root] = share.recordID
    }

    /// `record` as the server stores it: a share with its URL and participants as the server
    /// keeps them; a shared root with its `share` reference (CKRecord.h, `share`: "The share
    /// reference for this record", read-only: the server sets it).
    func withServerSharingFields(_ record: CKRecord, in state: State) -> CKRecord {
        guard scope == .private else { return record }
        if let share = record as? CKShare { return serverShare(share, in: state) }
        if let shareID = state.shareOfRoot[record.recordID], record.share?.recordID != shareID {
            return SharingArchive.record(record, share: shareID) ?? reportSharing(record, "CKRecord's \"ShareReference\"")
        }
        return record
    }

    /// The share with the server's URL and participants:
    /// - the owner is the user who saved it, an accepted `owner` who can read and write;
    /// - a participant the app added is `pending` until they accept; one already on the share
    ///   keeps their status; one the app removed is gone (CKShareParticipant.h: "The records remain
    ///   accessible for as long as the participant's status is `accepted`");
    /// - CKShare.h, `publicPermission`: "Changing the public permission to ... ReadOnly or ...
    ///   ReadWrite will result in all pending participants being removed ... Changing the public
    ///   permission to ... None will result in all participants being removed from the share."
    /// A participant whose permission the app left `unknown` reads only (our choice). Roles are
    /// kept as they are: the app adds private users only (`addParticipant(_:)` refuses the others,
    /// on Apple platforms and in the stand-in).
    private func serverShare(_ share: CKShare, in state: State) -> CKShare {
        let owner = state.partition
        let location = ShareLocation(owner: owner, zoneName: share.recordID.zoneID.zoneName, shareRecordName: share.recordID.recordName)
        let url = service.sharing.register(location, rootRecordName: SharingArchive.rootRecordID(of: share)?.recordName)
        let stored = state.records.entry(share.recordID, in: share.recordID.zoneID)?.item as? CKShare
        let before = stored.map(participantStates(of:)) ?? []
        let publicBefore = stored?.publicPermission ?? CKShare.ParticipantPermission.none
        var participants = [
            ParticipantState(
                participantID: before.first { $0.role == .owner }?.participantID ?? UUID().uuidString, userRecordName: owner, role: .owner,
                permission: .readWrite, acceptance: .accepted)
        ]
        for participant in share.participants where participant.role != .owner {
            guard var name = participant.userIdentity.userRecordID?.recordName else { continue }
            if name == CKCurrentUserDefaultName { name = account.userRecordName }
            guard name != owner, !participants.contains(where: { $0.userRecordName == name }) else { continue }
            let known = before.first { $0.userRecordName == name }
            participants.append(
                ParticipantState(
                    participantID: known?.participantID ?? UUID().uuidString, userRecordName: name,
                    role: participant.role,
                    permission: participant.permission == .unknown ? .readOnly : participant.permission,
                    acceptance: known?.acceptance == .accepted ? .accepted : .pending))
        }
        if share.publicPermission != publicBefore {
            participants.removeAll { $0.role != .owner && (share.publicPermission == .none || $0.acceptance == .pending) }
        }
        let minted = participants.compactMap { SharingArchive.participant($0, asSeenBy: "") }
        guard minted.count == participants.count, let made = SharingArchive.share(share, participants: minted, url: url), made.url == url else {
            return reportSharing(share, "CKShare's \"Participants\"/\"URL\" or CKShareParticipant's keys")
        }
        return made
    }

    /// A stored share as the user who asks sees it: they are its `currentUserParticipant`, and
    /// see themselves as `CKCurrentUserDefaultName`.
    func shareAsSeen(_ share: CKShare) -> CKShare {
        let viewer = account.userRecordName
        let participants = participantStates(of: share).compactMap { SharingArchive.participant($0, asSeenBy: viewer) }
        return SharingArchive.share(share, participants: participants, url: share.url) ?? share
    }

    /// The server's view of a share's participants (stored shares name every user by record name).
    func participantStates(of share: CKShare) -> [ParticipantState] {
        share.participants.compactMap { participant in
            guard var name = participant.userIdentity.userRecordID?.recordName else { return nil }
            if name == CKCurrentUserDefaultName { name = account.userRecordName }
            return ParticipantState(
                participantID: SharingArchive.participantID(of: participant) ?? UUID().uuidString, userRecordName: name, role: participant.role,
                permission: participant.permission, acceptance: participant.acceptanceStatus)
        }
    }

    /// What else goes when `record` is deleted from a private database: a shared root takes its
    /// share with it (our reading of CKShareParticipant.h: "only the owner can delete a shared
    /// hierarchy's root record", and of CKShare.h: the URL "is tied to the rootRecord"); a deleted
    /// share ends every participant's access and leaves its root unshared.
    func sharingRemoved(_ record: CKRecord, in state: inout State) -> [CKRecord.ID] {
        guard scope == .private else { return [] }
        let id = record.recordID
        if record is CKShare {
            service.sharing.unregister(ShareLocation(owner: state.partition, zoneName: id.zoneID.zoneName, shareRecordName: id.recordName))
            for (root, share) in state.shareOfRoot where share == id {
                state.shareOfRoot[root] = nil
                if let entry = state.records.entry(root, in: root.zoneID), let plain = SharingArchive.record(entry.item, share: nil) {
                    _ = store(plain, in: &state)
                }
            }
            return []
        }
        guard let shareID = state.shareOfRoot.removeValue(forKey: id) else { return [] }
        return [shareID]
    }

    /// A stored zone as a fetch hands it out: with `share` set when a zone-wide share exists in it
    /// (CKRecordZone.h: "The share property on a record zone will only be set on zones fetched from
    /// the server and only if a corresponding zone-wide share record for the zone exists on the
    /// server").
    func fetchedZone(_ zone: CKRecordZone, in state: State) -> CKRecordZone {
        let shareID = CKRecord.ID(recordName: CKRecordNameZoneWideShare, zoneID: zone.zoneID)
        guard state.records.entry(shareID, in: zone.zoneID)?.item is CKShare else { return zone.copy() as! CKRecordZone }
        return SharingArchive.zone(zone, share: shareID) ?? reportSharing(zone.copy() as! CKRecordZone, "CKRecordZone's \"ShareReference\"")
    }

    /// Reports an archive format the store could not write, once, and keeps the app's value.
    private func reportSharing<T>(_ value: T, _ what: String) -> T {
        service.archiveFormat.report(
            "\(what) did not take the server's values (archive format unknown to CloudDouble); sharing is not modelled for it.")
        return value
    }
}
