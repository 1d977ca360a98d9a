import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// The in-memory CloudKit's sharing rules (issue #24, point 2), each as Apple documents it or as
/// docs/InMemoryStore.md marks our choice. Alice owns, Bob (and Carol) participate.
final class SharingTests: XCTestCase, StoreTestSupport {
    let cloud = InMemoryCloudKit(userRecordName: "_alice")
    lazy var alice = cloud.mockDatabase()
    lazy var bobDevice = cloud.device(signedInAs: "_bob")
    lazy var bob = bobDevice.mockDatabase(.shared)
    /// Alice's zone as Bob's shared database names it.
    let sharedNotes = CKRecordZone.ID(zoneName: "Notes", ownerName: "_alice")

    override func setUp() {
        super.setUp()
        cloud.privateDatabase.seed(zones: [CKRecordZone(zoneID: notes)])
    }

    /// Saves a list with one item under it and an unrelated note, and shares the list with Bob.
    func shareList(permission: CKShare.ParticipantPermission = .readWrite) async throws -> CKShare {
        let list = note("list", "groceries", zone: notes)
        let item = note("item", "milk", zone: notes)
        item.setParent(list)
        let share = CKShare(rootRecord: list)
        let participant = try cloud.shareParticipant(forUserRecordID: CKRecord.ID(recordName: "_bob"))
        participant.permission = permission
        share.addParticipant(participant)
        let results = try await alice.modifyRecords(saving: [list, item, note("other", "not shared", zone: notes), share], deleting: [])
        return try XCTUnwrap(results.saveResults[share.recordID]?.get() as? CKShare)
    }

    func bobAccepts(_ share: CKShare) throws {
        let metadata = try bobDevice.shareMetadata(for: try XCTUnwrap(share.url))
        _ = try bobDevice.accept(metadata)
    }

    func id(_ name: String) -> CKRecord.ID { CKRecord.ID(recordName: name, zoneID: sharedNotes) }

    // MARK: Saving a share

    func testARecordShareSavedWithItsRootGetsTheServersFields() async throws {
        let share = try await shareList()
        XCTAssertNotNil(share.url, "CKShare.h: the URL is available after the share record has been saved to the server")
        XCTAssertEqual(share.owner.role, .owner)
        XCTAssertEqual(share.owner.acceptanceStatus, .accepted)
        XCTAssertEqual(share.owner.userIdentity.userRecordID?.recordName, CKCurrentUserDefaultName, "the owner sees themselves as the current user")
        XCTAssertTrue(share.currentUserParticipant === share.participants.first { $0.role == .owner })
        let bobOnShare = try XCTUnwrap(share.participants.first { $0.userIdentity.userRecordID?.recordName == "_bob" })
        XCTAssertEqual(bobOnShare.acceptanceStatus, .pending, "an added participant is pending until they accept")
        XCTAssertEqual(bobOnShare.permission, .readWrite)
        let root = try await alice.record(for: CKRecord.ID(recordName: "list", zoneID: notes))
        XCTAssertEqual(root.share?.recordID, share.recordID, "the server sets the root's share reference")
    }

    func testTheShareURLIsStableForItsRoot() async throws {
        let first = try await shareList()
        _ = try await alice.deleteRecord(withID: first.recordID)
        let root = try await alice.record(for: CKRecord.ID(recordName: "list", zoneID: notes))
        XCTAssertNil(root.share, "deleting the share leaves the root unshared")
        let again = CKShare(rootRecord: root)
        let results = try await alice.modifyRecords(saving: [root, again], deleting: [])
        let saved = try XCTUnwrap(results.saveResults[again.recordID]?.get() as? CKShare)
        XCTAssertEqual(saved.url, first.url, "CKShare.h: re-sharing the same root gives the same URL")
    }

    func testANewShareNeedsItsRootInTheSameRequestAndASharingZone() async throws {
        let list = note("list", "groceries", zone: notes)
        _ = try await alice.save(list)
        do {
            _ = try await alice.save(CKShare(rootRecord: list))
            XCTFail("expected invalidArguments")
        } catch { XCTAssertEqual(code(error), "invalidArguments", "CKShare.h: save the share and its root in the same batch") }
        let inDefaultZone = note("plain", "p")
        let defaultZoneShare = CKShare(rootRecord: inDefaultZone)
        let results = try await alice.modifyRecords(saving: [inDefaultZone, defaultZoneShare], deleting: [], atomically: false)
        guard case .failure(let failure)? = results.saveResults[defaultZoneShare.recordID] else { return XCTFail("expected permissionFailure") }
        XCTAssertEqual(code(failure), "permissionFailure", "CKRecord.h: the default zone does not support sharing")
    }

    // MARK: Metadata and acceptance

    func testBobSeesTheHierarchyOnlyAfterAccepting() async throws {
        let share = try await shareList()
        let metadata = try bobDevice.shareMetadata(for: try XCTUnwrap(share.url), shouldFetchRootRecord: true)
        XCTAssertEqual(metadata.participantStatus, .pending)
        XCTAssertEqual(metadata.participantRole, .privateUser)
        XCTAssertEqual(metadata.participantPermission, .readWrite)
        XCTAssertEqual(metadata.hierarchicalRootRecordID, id("list"), "named in Bob's shared database, owner _alice")
        XCTAssertEqual(metadata.rootRecord?["title"] as? String, "groceries")
        XCTAssertEqual(metadata.share.owner.userIdentity.userRecordID?.recordName, "_alice")
        XCTAssertNil(metadata.sdkValue_, "a mirror made from the store's state: no Apple metadata minted")
        XCTAssertEqual(bobDevice.sharedDatabase.zoneIDs, [], "nothing before acceptance")

        let accepted = try bobDevice.accept(metadata)
        XCTAssertEqual(accepted.currentUserParticipant?.acceptanceStatus, .accepted)
        XCTAssertEqual(accepted.recordID.zoneID, sharedNotes)
        XCTAssertEqual(bobDevice.sharedDatabase.zoneIDs, [sharedNotes], "the owner's zone, with the owner's user record name")
        XCTAssertEqual(
            bobDevice.sharedDatabase.records(in: sharedNotes).map(\.recordID.recordName).filter { $0 != share.recordID.recordName }, ["item", "list"])
        let item = try await bob.record(for: id("item"))
        XCTAssertEqual(item["title"] as? String, "milk")
        XCTAssertEqual(item.parent?.recordID, id("list"), "references are renamed with the zone")
        do {
            _ = try await bob.record(for: id("other"))
            XCTFail("outside the hierarchy")
        } catch { XCTAssertEqual(code(error), "unknownItem") }
    }

    func testZoneChangesInTheSharedDatabaseShowTheHierarchyAndTheShare() async throws {
        try bobAccepts(try await shareList())
        let changed = Locked<[String]>([])
        let operation = CKFetchRecordZoneChangesOperation(recordZoneIDs: [sharedNotes], configurationsByRecordZoneID: [:])
        operation.recordWasChangedBlock = { id, _ in changed.withLock { $0.append(id.recordName) } }
        let done = expectation(description: "fetched")
        operation.fetchRecordZoneChangesResultBlock = { _ in done.fulfill() }
        bob.add(operation)
        await fulfillment(of: [done], timeout: 5)
        XCTAssertEqual(Set(changed.snapshot).subtracting(["list", "item"]).count, 1, "the list, its item and the share; not the other note")
        XCTAssertFalse(changed.snapshot.contains("other"))
    }

    func testAStrangerNeedsVerificationAndAPublicShareLetsAnyoneJoin() async throws {
        let share = try await shareList()
        let carol = cloud.device(signedInAs: "_carol")
        XCTAssertThrowsError(try carol.shareMetadata(for: share.url!)) { XCTAssertEqual(self.code($0), "participantMayNeedVerification") }

        share.publicPermission = .readOnly
        _ = try await alice.save(share)
        let metadata = try carol.shareMetadata(for: share.url!)
        let joined = try carol.accept(metadata)
        XCTAssertEqual(
            joined.currentUserParticipant?.role, .publicUser, "CKShareParticipant.h: participants of a public share assume the publicUser role")
        XCTAssertEqual(joined.currentUserParticipant?.permission, .readOnly)
        XCTAssertNil(
            joined.participants.first { $0.userIdentity.userRecordID?.recordName == "_bob" },
            "CKShare.h: making a share public removes pending participants")
    }

    // MARK: Permissions and the end of access

    func testAReadOnlyParticipantCannotWrite() async throws {
        try bobAccepts(try await shareList(permission: .readOnly))
        let item = try await bob.record(for: id("item"))
        item["title"] = "oat milk"
        do {
            _ = try await bob.save(item)
            XCTFail("expected permissionFailure")
        } catch { XCTAssertEqual(code(error), "permissionFailure") }
    }

    func testARefusedItemFailsAnAtomicBatchInTheSharedZone() async throws {
        try bobAccepts(try await shareList())
        let item = try await bob.record(for: id("item"))
        item["title"] = "oat milk"
        let results = try await bob.modifyRecords(saving: [item], deleting: [id("list")], savePolicy: .ifServerRecordUnchanged, atomically: true)
        XCTAssertEqual(code(results.deleteResults[id("list")]?.error), "permissionFailure")
        XCTAssertEqual(code(results.saveResults[id("item")]?.error), "batchRequestFailed", "the zone is atomic: nothing is written")
        XCTAssertEqual(cloud.privateDatabase.record(CKRecord.ID(recordName: "item", zoneID: notes))?["title"] as? String, "milk")
    }

    func testAWritingParticipantEditsTheOwnersRecords() async throws {
        try bobAccepts(try await shareList())
        let item = try await bob.record(for: id("item"))
        item["title"] = "oat milk"
        let child = CKRecord(recordType: "Note", recordID: id("bob's"))
        child.setParent(item)
        _ = try await bob.modifyRecords(saving: [item, child], deleting: [])
        let seenByAlice = try await alice.record(for: CKRecord.ID(recordName: "item", zoneID: notes))
        XCTAssertEqual(seenByAlice["title"] as? String, "oat milk")
        XCTAssertEqual(seenByAlice.lastModifiedUserRecordID?.recordName, "_bob")
        XCTAssertNotNil(
            cloud.privateDatabase.record(CKRecord.ID(recordName: "bob's", zoneID: notes)), "a new child joins the hierarchy in the owner's zone")
        do {
            _ = try await bob.deleteRecord(withID: id("list"))
            XCTFail("only the owner deletes the root")
        } catch { XCTAssertEqual(code(error), "permissionFailure") }
    }

    func testRemovingTheParticipantOrDeletingTheShareOrTheRootEndsAccess() async throws {
        var share = try await shareList()
        let staleMetadata = try bobDevice.shareMetadata(for: try XCTUnwrap(share.url))
        try bobAccepts(share)
        share = try await alice.record(for: share.recordID) as! CKShare
        share.removeParticipant(share.participants.first { $0.userIdentity.userRecordID?.recordName == "_bob" }!)
        _ = try await alice.save(share)
        XCTAssertEqual(bobDevice.sharedDatabase.zoneIDs, [], "removed: no access")
        XCTAssertThrowsError(try bobDevice.accept(staleMetadata)) {
            XCTAssertEqual(self.code($0), "permissionFailure", "CKError.h: access failure (save, fetch, or shareAccept)")
        }

        let zoneShare = CKShare(recordZoneID: notes)
        zoneShare.addParticipant(try cloud.shareParticipant(forUserRecordID: CKRecord.ID(recordName: "_bob")))
        let savedZoneShare = try await alice.save(zoneShare) as! CKShare
        try bobAccepts(savedZoneShare)
        XCTAssertEqual(bobDevice.sharedDatabase.zoneIDs, [sharedNotes])
        _ = try await alice.deleteRecord(withID: savedZoneShare.recordID)
        XCTAssertEqual(bobDevice.sharedDatabase.zoneIDs, [], "a deleted share ends access")
    }

    func testTheOwnerDeletingTheRootRemovesTheSharedHierarchy() async throws {
        let share = try await shareList()
        try bobAccepts(share)
        // The item names the list as its parent, so it goes in the same request (see ParentHierarchyTests).
        _ = try await alice.modifyRecords(
            saving: [], deleting: [CKRecord.ID(recordName: "list", zoneID: notes), CKRecord.ID(recordName: "item", zoneID: notes)])
        XCTAssertNil(cloud.privateDatabase.record(share.recordID), "the share goes with its root")
        XCTAssertEqual(bobDevice.sharedDatabase.zoneIDs, [])
    }

    func testAParticipantDeletingTheShareLeavesIt() async throws {
        let share = try await shareList()
        try bobAccepts(share)
        _ = try await bob.deleteRecord(withID: CKRecord.ID(recordName: share.recordID.recordName, zoneID: sharedNotes))
        XCTAssertEqual(bobDevice.sharedDatabase.zoneIDs, [], "CKShareParticipant.h: CloudKit removes the participant")
        XCTAssertNotNil(cloud.privateDatabase.record(share.recordID), "the share remains for everyone else")
    }

    func testSharedDatabaseChangesReportSharedAndLostZones() async throws {
        func changes(
            since token: CKServerChangeToken?
        ) async throws -> (changed: [CKRecordZone.ID], deleted: [CKRecordZone.ID], token: CKServerChangeToken) {
            let changed = Locked<[CKRecordZone.ID]>([])
            let deleted = Locked<[CKRecordZone.ID]>([])
            let operation = CKFetchDatabaseChangesOperation(previousServerChangeToken: token)
            operation.recordZoneWithIDChangedBlock = { id in changed.withLock { $0.append(id) } }
            operation.recordZoneWithIDWasDeletedBlock = { id in deleted.withLock { $0.append(id) } }
            let result = Locked<Result<CKServerChangeToken, any Error>?>(nil)
            let done = expectation(description: "fetched")
            operation.fetchDatabaseChangesResultBlock = { outcome in
                result.withLock { $0 = outcome.map(\.serverChangeToken) }
                done.fulfill()
            }
            bob.add(operation)
            await fulfillment(of: [done], timeout: 5)
            return (changed.snapshot, deleted.snapshot, try XCTUnwrap(result.snapshot).get())
        }
        let share = try await shareList()
        let before = try await changes(since: nil)
        XCTAssertEqual(before.changed, [])
        try bobAccepts(share)
        let accepted = try await changes(since: before.token)
        XCTAssertEqual(accepted.changed, [sharedNotes])
        let quiet = try await changes(since: accepted.token)
        XCTAssertEqual(quiet.changed, [])
        _ = try await alice.deleteRecord(withID: share.recordID)
        let lost = try await changes(since: quiet.token)
        XCTAssertEqual(lost.deleted, [sharedNotes])
    }

    // MARK: Through the container's calls and operations (the shipped description)

    func testTheMockContainerAnswersShareCallsFromTheStore() async throws {
        let share = try await shareList()
        let container = bobDevice.mockContainer()
        let metadata = try await container.shareMetadata(for: try XCTUnwrap(share.url))
        XCTAssertEqual(metadata.participantStatus, .pending)
        let accepted = try await container.accept(metadata)
        XCTAssertEqual(accepted.currentUserParticipant?.acceptanceStatus, .accepted)
        let item = try await container.sharedCloudDatabase.record(for: id("item"))
        XCTAssertEqual(item["title"] as? String, "milk", "the container's shared database is Bob's shared database")
    }

    func testTheContainersPerItemAndCompletionFormsAnswerFromTheStore() async throws {
        let share = try await shareList()
        let container = bobDevice.mockContainer()
        let unknown = URL(string: "https://www.icloud.com/share/0nothing")!
        let metadatas = try await container.shareMetadatas(for: [try XCTUnwrap(share.url), unknown])
        XCTAssertEqual(code(metadatas[unknown]?.error), "unknownItem", "our choice for a URL no live share has")
        let metadata = try XCTUnwrap(try metadatas[share.url!]?.get())
        let fetched = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<CloudShareMetadata, any Error>) in
            container.fetchShareMetadata(with: share.url!) { metadata, error in
                if let metadata { continuation.resume(returning: metadata) } else { continuation.resume(throwing: error ?? CKError(.internalError)) }
            }
        }
        XCTAssertEqual(fetched.share.recordID, metadata.share.recordID)
        let accepted = try await container.accept([metadata])
        XCTAssertEqual(try accepted[metadata]?.get().currentUserParticipant?.acceptanceStatus, .accepted, "answered keyed by the mirror given")
        let participants = try await cloud.mockContainer().shareParticipants(forUserRecordIDs: [CKRecord.ID(recordName: "_carol")])
        XCTAssertEqual(try participants[CKRecord.ID(recordName: "_carol")]?.get().userIdentity.userRecordID?.recordName, "_carol")
    }

    func testAcceptingSeveralSharesTakesMetadataATestMadeAndAFaultPlanNamesItByItsShare() async throws {
        let list = try await shareList()
        cloud.privateDatabase.seed(zones: [CKRecordZone(zoneName: "Photos")])
        let zoneShare = CKShare(recordZoneID: CKRecordZone.ID(zoneName: "Photos"))
        zoneShare.addParticipant(try cloud.shareParticipant(forUserRecordID: CKRecord.ID(recordName: "_bob")))
        let photos = try await alice.save(zoneShare) as! CKShare
        let owner = CloudUserIdentity(userRecordID: CKRecord.ID(recordName: "_alice"), nameComponents: nil, hasiCloudAccount: true)
        func made(_ share: CKShare) -> CloudShareMetadata {
            CloudShareMetadata(
                containerIdentifier: "iCloud.test", share: share, hierarchicalRootRecordID: nil, participantRole: .privateUser,
                participantStatus: .pending, participantPermission: .readWrite, ownerIdentity: owner, rootRecord: nil)
        }
        let (listMetadata, photosMetadata) = (made(list), made(photos))
        let faulty = FaultInjectingCloudContainer(
            wrapping: bobDevice.mockContainer(),
            plan: FaultPlan {
                FaultRule.failItems(.call(CloudContainerCall.acceptShares), keys: [photos.recordID.stableItemKey: "networkFailure"])
            })

        let accepted = try await faulty.accept([listMetadata, photosMetadata])

        XCTAssertEqual(try accepted[listMetadata]?.get().currentUserParticipant?.acceptanceStatus, .accepted)
        XCTAssertEqual(code(accepted[photosMetadata]?.error), "networkFailure", "the item key is the share's record ID")
        XCTAssertEqual(photos.recordID.stableItemKey, "Photos/cloudkit.zoneshare")
    }

    func testAFaultPlanFailsOneShareOfAnAcceptSharesOperation() async throws {
        let list = try await shareList()
        let zoneShare = CKShare(recordZoneID: CKRecordZone.ID(zoneName: "Photos"))
        cloud.privateDatabase.seed(zones: [CKRecordZone(zoneName: "Photos")])
        zoneShare.addParticipant(try cloud.shareParticipant(forUserRecordID: CKRecord.ID(recordName: "_bob")))
        let photos = try await alice.save(zoneShare) as! CKShare
        let urls = [try XCTUnwrap(list.url), try XCTUnwrap(photos.url)]

        let metadatas = operationMetadata(for: urls, shouldFetchRootRecord: true)
        XCTAssertEqual(metadatas[urls[0]]?.rootRecord?["title"] as? String, "groceries", "shouldFetchRootRecord")
        XCTAssertNil(metadatas[urls[1]]?.hierarchicalRootRecordID, "CKShare.h: a zone-wide share's metadata has no root")

        let container = bobDevice.mockContainer(delivery: .immediate)
        let toFail = try XCTUnwrap(metadatas[urls[1]])
        let faulty = FaultInjectingCloudContainer(
            wrapping: container,
            plan: FaultPlan {
                FaultRule.failItems(.call(CloudContainerCall.acceptSharesOperation), [toFail], with: "networkFailure")
            })
        let accept = CKAcceptSharesOperation(shareMetadatas: urls.compactMap { metadatas[$0] })
        let results = Locked<[String: String]>([:])
        accept.perShareResultBlock = { metadata, result in
            results.withLock { $0[metadata.share.recordID.zoneID.zoneName] = (try? result.get()) == nil ? self.code(result.error) : "ok" }
        }
        faulty.add(accept)
        XCTAssertEqual(results.snapshot, ["Notes": "ok", "Photos": "networkFailure"])
        XCTAssertEqual(bobDevice.sharedDatabase.zoneIDs, [sharedNotes], "the failed share was never accepted")
    }
}

extension SharingTests {
    /// Bob's Apple `CKShare.Metadata` for `urls`, from a `CKFetchShareMetadataOperation` (the
    /// calls answer with mirrors; the operation's blocks carry Apple's objects).
    func operationMetadata(for urls: [URL], shouldFetchRootRecord: Bool = false) -> [URL: CKShare.Metadata] {
        let fetch = CKFetchShareMetadataOperation(shareURLs: urls)
        fetch.shouldFetchRootRecord = shouldFetchRootRecord
        let metadatas = Locked<[URL: CKShare.Metadata]>([:])
        fetch.perShareMetadataResultBlock = { url, result in metadatas.withLock { $0[url] = try? result.get() } }
        bobDevice.mockContainer(delivery: .immediate).add(fetch)
        return metadatas.snapshot
    }
}

extension Result {
    var error: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
