#if os(Linux)
    @_spi(StandIn) import CloudKit
    import CloudDoubleRuntime
    import Foundation
    import CloudKitDoubles
    import CloudKitMocks
    import XCTest

    /// The live container copies `CKShare.Metadata` into `CloudShareMetadata`, keeping Apple's
    /// object, and hands that object back to `accept(_:)`; a mirror a test made never reaches the
    /// SDK (checked against the Linux stand-in, which records what was called).
    final class LiveSharingMirrorTests: XCTestCase {
        /// Apple's metadata of a share Alice made for Bob, as `CKFetchShareMetadataOperation`
        /// hands it out on Bob's device.
        func sdkMetadata() async throws -> CKShare.Metadata {
            let cloud = InMemoryCloudKit(userRecordName: "_alice", containerIdentifier: "iCloud.test")
            let zone = CKRecordZone.ID(zoneName: "Notes")
            cloud.privateDatabase.seed(zones: [CKRecordZone(zoneID: zone)])
            let root = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "list", zoneID: zone))
            let share = CKShare(rootRecord: root)
            share.addParticipant(try cloud.shareParticipant(forUserRecordID: CKRecord.ID(recordName: "_bob")))
            let saved = try await cloud.mockDatabase().modifyRecords(saving: [root, share], deleting: [])
            let url = try XCTUnwrap((try saved.saveResults[share.recordID]?.get() as? CKShare)?.url)
            let fetch = CKFetchShareMetadataOperation(shareURLs: [url])
            let metadata = Locked<CKShare.Metadata?>(nil)
            fetch.perShareMetadataResultBlock = { _, result in metadata.withLock { $0 = try? result.get() } }
            cloud.device(signedInAs: "_bob").mockContainer(delivery: .immediate).add(fetch)
            return try XCTUnwrap(metadata.snapshot)
        }

        func testTheCopyKeepsApplesMetadataAndAcceptHandsItBack() async throws {
            let sdk = try await sdkMetadata()
            let mirror = CloudShareMetadata(sdk)
            XCTAssertTrue(mirror.sdkValue_ === sdk)
            XCTAssertEqual(mirror.containerIdentifier, "iCloud.test")
            XCTAssertEqual(mirror.share.recordID, sdk.share.recordID)
            XCTAssertEqual(mirror.hierarchicalRootRecordID, sdk.hierarchicalRootRecordID)
            XCTAssertEqual(mirror.participantRole, .privateUser)
            XCTAssertEqual(mirror.participantStatus, .pending)
            XCTAssertEqual(
                mirror.ownerIdentity.userRecordID?.recordName, "_alice", "the owner's identity copied with CloudUserIdentity's copy")
            XCTAssertEqual(mirror.ownerIdentity.userRecordID, sdk.ownerIdentity.userRecordID)
            XCTAssertEqual(mirror.ownerIdentity.hasiCloudAccount, sdk.ownerIdentity.hasiCloudAccount)

            let container = CKContainer(identifier: "iCloud.test")
            let live = LiveCloudContainer(container)
            do {
                _ = try await live.accept(mirror)
                XCTFail("the stand-in fails every call")
            } catch {
                XCTAssertFalse(error is MirrorWithoutSDKValue, "the SDK's own failure")
            }
            XCTAssertEqual(container.invocations, ["acceptShareMetadata:"], "the SDK got the metadata the mirror kept")
        }

        func testACopyOfTheSameSDKObjectFindsTheCallersMirrorAndAnotherObjectDoesNot() async throws {
            let sdk = try await sdkMetadata()
            let mine = CloudShareMetadata(sdk)
            let answered: [CloudShareMetadata: String] = [CloudShareMetadata(sdk): "accepted"]
            XCTAssertEqual(answered[mine], "accepted", "the live adapter's fresh copy of the SDK's key is the caller's key")
            let another = CloudShareMetadata(try await sdkMetadata())
            XCTAssertNotEqual(another, mine, "another SDK object is another key")
            let made = CloudShareMetadata(
                containerIdentifier: mine.containerIdentifier, share: mine.share, hierarchicalRootRecordID: mine.hierarchicalRootRecordID,
                participantRole: mine.participantRole, participantStatus: mine.participantStatus,
                participantPermission: mine.participantPermission, ownerIdentity: mine.ownerIdentity, rootRecord: mine.rootRecord)
            XCTAssertNotEqual(made, mine, "a mirror a test made is not the SDK's")
            XCTAssertEqual(
                made,
                CloudShareMetadata(
                    containerIdentifier: mine.containerIdentifier, share: mine.share, hierarchicalRootRecordID: mine.hierarchicalRootRecordID,
                    participantRole: mine.participantRole, participantStatus: mine.participantStatus,
                    participantPermission: mine.participantPermission, ownerIdentity: mine.ownerIdentity, rootRecord: mine.rootRecord),
                "mirrors a test made are equal by their members")

            let container = CKContainer(identifier: "iCloud.test")
            let live = LiveCloudContainer(container)
            do {
                _ = try await live.accept([mine])
                XCTFail("the stand-in fails every call")
            } catch {
                XCTAssertFalse(error is MirrorWithoutSDKValue, "the SDK's own failure")
            }
            do {
                _ = try await live.accept([mine, made])
                XCTFail("a test-made mirror holds no metadata")
            } catch {
                XCTAssertTrue(error is MirrorWithoutSDKValue)
            }
            XCTAssertEqual(container.invocations, ["acceptShareMetadatas:"], "the SDK got the kept metadata, once")
        }

        func testAMirrorATestMadeNeverReachesTheSDK() async throws {
            let sdk = try await sdkMetadata()
            let made = CloudShareMetadata(
                containerIdentifier: "iCloud.test", share: sdk.share, hierarchicalRootRecordID: nil, participantRole: .privateUser,
                participantStatus: .pending, participantPermission: .readOnly,
                ownerIdentity: CloudUserIdentity(userRecordID: CKRecord.ID(recordName: "_alice"), nameComponents: nil, hasiCloudAccount: true),
                rootRecord: nil)
            let container = CKContainer(identifier: "iCloud.test")
            let live = LiveCloudContainer(container)
            do {
                _ = try await live.accept(made)
                XCTFail("a test-made mirror holds no metadata")
            } catch {
                XCTAssertEqual(error as? MirrorWithoutSDKValue, MirrorWithoutSDKValue(mirror: "CloudShareMetadata", sdkType: "CKShare.Metadata"))
            }
            let delivered = expectation(description: "completion")
            live.accept(made) { share, error in
                XCTAssertNil(share)
                XCTAssertTrue(error is MirrorWithoutSDKValue)
                delivered.fulfill()
            }
            await fulfillment(of: [delivered], timeout: 5)
            XCTAssertEqual(container.invocations, [], "the SDK was never called")
        }
    }
#endif
