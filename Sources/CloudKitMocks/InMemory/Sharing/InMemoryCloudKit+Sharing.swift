@_spi(Generated) import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import Foundation

/// The container's sharing calls: participants, share metadata and acceptance, for the user
/// signed in on this device. Rules and sources: docs/InMemoryStore.md, "Sharing".
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension InMemoryCloudKit {
    /// The container identifier of an `InMemoryCloudKit` made without one (our choice).
    public static let defaultContainerIdentifier = "iCloud.clouddouble.in-memory"

    /// `CKContainer.shareParticipant(forUserRecordID:)`: a participant to add to a share, as
    /// CKShareParticipant.h says participants come ("You don't create participants ... you can
    /// generate participants using CKFetchShareParticipantsOperation"). Every user record name is
    /// a user (our choice); the participant is a private user who reads only until the app says
    /// otherwise (our choice: Apple does not document the defaults).
    public func shareParticipant(forUserRecordID userRecordID: CKRecord.ID) throws -> CKShare.Participant {
        if let failure = account.failure(for: .private, writing: false, errors: privateDatabase) { throw failure }
        let state = ParticipantState(
            participantID: UUID().uuidString, userRecordName: userRecordID.recordName, role: .privateUser, permission: .readOnly, acceptance: .unknown
        )
        guard let participant = SharingArchive.participant(state, asSeenBy: account.userRecordName) else {
            throw privateDatabase.error(.internalError)
        }
        return participant
    }

    /// `CKContainer.shareMetadata(for:)`: the share behind a URL as the signed-in user sees it,
    /// with their role, status and permission (`sharedState(at:…)`), and the owner's identity, as
    /// mirrors: `CKShare.Metadata` and `CKUserIdentity` have no public initialiser. The owner is
    /// named as the share's owner participant is (`__defaultOwner__` for the signed-in user), with
    /// no name components, as `userIdentity(forUserRecordID:)` answers (our choice).
    public func shareMetadata(
        for url: URL, shouldFetchRootRecord: Bool = false, rootRecordDesiredKeys: [CKRecord.FieldKey]? = nil
    ) throws -> CloudShareMetadata {
        let seen = try sharedState(at: url, shouldFetchRootRecord: shouldFetchRootRecord, rootRecordDesiredKeys: rootRecordDesiredKeys)
        return CloudShareMetadata(
            containerIdentifier: containerIdentifier, share: seen.share, hierarchicalRootRecordID: seen.rootRecordID,
            participantRole: seen.caller.role, participantStatus: seen.caller.acceptance, participantPermission: seen.caller.permission,
            ownerIdentity: CloudUserIdentity(
                userRecordID: CKRecord.ID(recordName: seen.owner == account.userRecordName ? CKCurrentUserDefaultName : seen.owner),
                nameComponents: nil, hasiCloudAccount: true),
            rootRecord: seen.rootRecord)
    }

    /// `CKFetchShareMetadataOperation`, whose blocks carry Apple's `CKShare.Metadata`: the same
    /// metadata with the owner's identity and the calling participant, made by decoding an
    /// archive (`SharingArchive`).
    func sdkShareMetadata(
        for url: URL, shouldFetchRootRecord: Bool = false, rootRecordDesiredKeys: [CKRecord.FieldKey]? = nil
    ) throws -> CKShare.Metadata {
        let seen = try sharedState(at: url, shouldFetchRootRecord: shouldFetchRootRecord, rootRecordDesiredKeys: rootRecordDesiredKeys)
        guard
            let metadata = SharingArchive.metadata(
                share: seen.share, rootRecordID: seen.rootRecordID, rootRecord: seen.rootRecord, caller: seen.caller, owner: seen.owner,
                viewer: account.userRecordName, containerIdentifier: containerIdentifier)
        else { throw privateDatabase.error(.internalError) }
        return metadata
    }

    /// What share metadata says of the share behind `url`, as the signed-in user sees it. A URL
    /// no live share has is `unknownItem` (our choice); a user who is not on a private share gets
    /// `participantMayNeedVerification` (CKError.h: "Share Metadata cannot be determined, because
    /// the user is not a member of the share"); anyone may read a share whose `publicPermission`
    /// is not `none` (CKShare.h: "can be joined by any user with access to the share's
    /// shareURL"). CKShare.h: "in order to access a root record before accepting a share, you
    /// must run a CKFetchShareMetadataOperation requesting the root record"
    /// (`shouldFetchRootRecord`).
    private func sharedState(
        at url: URL, shouldFetchRootRecord: Bool, rootRecordDesiredKeys: [CKRecord.FieldKey]?
    ) throws -> (share: CKShare, rootRecordID: CKRecord.ID?, rootRecord: CKRecord?, caller: ParticipantState, owner: String) {
        if let failure = account.failure(for: .private, writing: false, errors: privateDatabase) { throw failure }
        let (location, view, share) = try liveShare(at: url)
        let caller = try callerState(of: share, in: view)
        let root = SharingArchive.rootRecordID(of: share)
        let rootRecord =
            shouldFetchRootRecord ? root.flatMap { try? view.fetch([$0], desiredKeys: rootRecordDesiredKeys).get().first?.result.get() } : nil
        let seen = SharedDatabaseNames(owner: location.owner, viewer: account.userRecordName, zoneName: location.zoneName)
        return (seen.move(share), root.map(seen.move), rootRecord.map(seen.move), caller, location.owner)
    }

    /// `CKContainer.accept(_:)`: accepts the share the metadata names, by its URL
    /// (`accept(shareAt:)`). A mirror a test made will do if its share has the URL.
    public func accept(_ metadata: CloudShareMetadata) throws -> CKShare {
        try accept(shareAt: metadata.share.url)
    }

    /// `CKAcceptSharesOperation`, which takes Apple's `CKShare.Metadata`: as `accept(shareAt:)`
    /// says.
    public func accept(_ metadata: CKShare.Metadata) throws -> CKShare {
        try accept(shareAt: metadata.share.url)
    }

    /// The signed-in user accepts the share at `url` (CKShareParticipant.h: "If the status is
    /// `pending`, use CKAcceptSharesOperation to accept the share. Upon acceptance, CloudKit makes
    /// the shared records available in the participant's shared database"); a user not on a
    /// private share (say, removed since they fetched the metadata) gets `permissionFailure`
    /// (CKShareParticipant.h: "A participant of a private share can't accept the share unless the
    /// owner adds them first"; CKError.h, `permissionFailure`: "Access failure (save, fetch, or
    /// shareAccept)"); on a public share they join as a `publicUser` with the share's public
    /// permission (CKShareParticipant.h: "Participants of a public share assume the `publicUser`
    /// role"). The owner accepting changes nothing; a share without a URL is `unknownItem`.
    /// Returns the share as the user now sees it.
    private func accept(shareAt url: URL?) throws -> CKShare {
        if let failure = account.failure(for: .private, writing: true, errors: privateDatabase) { throw failure }
        guard let url else { throw privateDatabase.error(.unknownItem) }
        let (location, view, share) = try liveShare(at: url)
        let viewer = account.userRecordName
        var caller = try callerState(of: share, in: view, refusing: .permissionFailure)
        caller.acceptance = .accepted
        let accepted = caller
        let updated =
            location.owner == viewer
            ? share
            : view.updateShare(at: location) { participants in
                participants.removeAll { $0.userRecordName == viewer }
                participants.append(accepted)
            }
        guard let updated else { throw privateDatabase.error(.unknownItem) }
        return SharedDatabaseNames(owner: location.owner, viewer: viewer, zoneName: location.zoneName).move(updated)
    }

    /// The live share at `url` in its owner's private database, handed out to this user.
    private func liveShare(at url: URL) throws -> (location: ShareLocation, view: InMemoryCloudDatabase, share: CKShare) {
        guard let location = privateDatabase.service.sharing.location(of: url), let view = privateDatabase.ownerView(location.owner),
            let share = view.record(location.shareID) as? CKShare
        else { throw privateDatabase.error(.unknownItem) }
        return (location, view, share)
    }

    /// The signed-in user on `share`: their participant, or a would-be public user.
    private func callerState(
        of share: CKShare, in view: InMemoryCloudDatabase, refusing code: CKError.Code = .participantMayNeedVerification
    ) throws -> ParticipantState {
        let viewer = account.userRecordName
        if let known = view.participantStates(of: share).first(where: { $0.userRecordName == viewer }), known.acceptance != .removed { return known }
        guard share.publicPermission != .none else { throw privateDatabase.error(code) }
        return ParticipantState(
            participantID: UUID().uuidString, userRecordName: viewer, role: .publicUser, permission: share.publicPermission, acceptance: .pending)
    }
}

/// A zone's two names: the owner's (`__defaultOwner__`) and a participant's (the owner's user
/// record name, CKRecordZone.ID docs: "the ownerName of the zone is ... the user record name of
/// the zone's owner").
struct SharedDatabaseNames {
    var owner: String
    var viewer: String
    var zoneName: String

    func move<T: NSObject & NSSecureCoding>(_ object: T) -> T {
        guard owner != viewer else { return object }
        return SharingArchive.moved(
            object, from: CKRecordZone.ID(zoneName: zoneName, ownerName: CKCurrentUserDefaultName),
            to: CKRecordZone.ID(zoneName: zoneName, ownerName: owner))
            ?? object
    }

    func move(_ id: CKRecord.ID) -> CKRecord.ID {
        owner == viewer ? id : CKRecord.ID(recordName: id.recordName, zoneID: CKRecordZone.ID(zoneName: zoneName, ownerName: owner))
    }
}

@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension InMemoryCloudDatabase {
    /// Changes a stored share's participants as the server does (acceptance, a participant
    /// leaving): a new version of the share, which shows up in change fetches (CKShare.h: "A
    /// CKShare will appear in a CKFetchRecordChangesOperation's results set whenever the
    /// participant list is updated"). Returns the new version as the signed-in user sees it.
    @discardableResult
    func updateShare(at location: ShareLocation, _ change: (inout [ParticipantState]) -> Void) -> CKShare? {
        state.withLock { state in
            guard let share = state.records.entry(location.shareID, in: location.zoneID)?.item as? CKShare else { return nil }
            var participants = participantStates(of: share)
            change(&participants)
            let minted = participants.compactMap { SharingArchive.participant($0, asSeenBy: "") }
            guard let updated = SharingArchive.share(share, participants: minted, url: share.url) else { return nil }
            return handOut(store(updated, asServer: true, in: &state), in: state) as? CKShare
        }
    }
}

/// The container's described share calls and operations, answered from this service (the mock
/// container's backing): each item fails or succeeds on its own.
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension InMemoryCloudKit {
    public func shareParticipantForUserRecordID(_ arguments: CKRecord.ID) throws -> CKShare.Participant {
        try shareParticipant(forUserRecordID: arguments)
    }

    public func shareMetadata(_ arguments: URL) throws -> CloudShareMetadata {
        try shareMetadata(for: arguments)
    }

    public func acceptShare(_ arguments: CloudShareMetadata) throws -> CKShare {
        try accept(arguments)
    }

    public func shareParticipantsForUserRecordIDs(_ arguments: [CKRecord.ID]) throws -> [CKRecord.ID: Result<CKShare.Participant, any Error>] {
        Dictionary(arguments.map { id in (id, Result { try shareParticipant(forUserRecordID: id) }) }, uniquingKeysWith: { first, _ in first })
    }

    public func shareMetadatas(_ arguments: [URL]) throws -> [URL: Result<CloudShareMetadata, any Error>] {
        Dictionary(arguments.map { url in (url, Result { try shareMetadata(for: url) }) }, uniquingKeysWith: { first, _ in first })
    }

    public func acceptShares(_ arguments: [CloudShareMetadata]) throws -> [CloudShareMetadata: Result<CKShare, any Error>] {
        Dictionary(arguments.map { metadata in (metadata, Result { try accept(metadata) }) }, uniquingKeysWith: { first, _ in first })
    }

    public func acceptSharesOperation(_ operation: CKAcceptSharesOperation) -> CloudAcceptSharesOutcome {
        CloudAcceptSharesOutcome(shares: (operation.shareMetadatas ?? []).map { metadata in (metadata, Result { try accept(metadata) }) })
    }

    /// `shouldFetchRootRecord` and `rootRecordDesiredKeys` as CKFetchShareMetadataOperation.h
    /// describes them: "If set to YES, the resulting CKShareMetadata will have a rootRecord object
    /// filled out"; "Declares which user-defined keys should be fetched and added to the resulting
    /// rootRecord".
    public func fetchShareMetadataOperation(_ operation: CKFetchShareMetadataOperation) -> CloudFetchShareMetadataOutcome {
        CloudFetchShareMetadataOutcome(
            metadatas: (operation.shareURLs ?? []).map { url in
                (
                    url,
                    Result {
                        try sdkShareMetadata(
                            for: url, shouldFetchRootRecord: operation.shouldFetchRootRecord, rootRecordDesiredKeys: operation.rootRecordDesiredKeys)
                    }
                )
            })
    }
}
