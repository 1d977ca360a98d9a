#if os(Linux)
    @_spi(StandIn) import CloudKit
    import CloudDoubleRuntime
    import Foundation
    import CloudKitDoubles
    import CloudKitMocks
    import CloudDoubleTestSupport
    import XCTest

    /// The live adapters forward each member, in each form, to the matching SDK method (checked
    /// against the Linux stand-in, which records what was called).
    final class LiveAdapterTests: XCTestCase {
        func testEachFormForwardsToItsOwnSDKMethod() async {
            let container = CKContainer(identifier: "iCloud.test")
            let live = LiveCloudContainer(container)
            XCTAssertTrue(live.base === container)
            XCTAssertEqual(live.containerIdentifier, "iCloud.test")
            let database = live.privateCloudDatabase as! LiveCloudDatabase
            XCTAssertTrue(database.base === container.privateCloudDatabase)
            XCTAssertTrue((live.database(with: .shared) as! LiveCloudDatabase).base === container.sharedCloudDatabase)

            let status = try? await live.accountStatus()
            XCTAssertEqual(status, .noAccount)
            let id = CKRecord.ID(recordName: "r")
            await XCTAssertThrowsErrorAsync(try await database.record(for: id))
            let done = expectation(description: "completion")
            database.fetch(withRecordID: id) { _, error in
                XCTAssertEqual((error as NSError?)?.code, CKError.Code.notAuthenticated.rawValue)
                done.fulfill()
            }
            let batch = expectation(description: "result")
            database.fetch(withRecordIDs: [id]) { _ in batch.fulfill() }
            await fulfillment(of: [done, batch], timeout: 5)
            _ = try? await database.records(matching: CKQuery(recordType: "Note", predicate: NSPredicate(value: true)))

            XCTAssertEqual(container.invocations, ["databaseWithDatabaseScope:", "accountStatus"])
            XCTAssertEqual(
                container.privateCloudDatabase.invocations,
                [
                    "recordForID:", "fetchRecordWithID:completionHandler:", "fetchRecordsWithIDs:desiredKeys:completionHandler:",
                    "recordsMatching:inZoneWith:desiredKeys:resultsLimit:",
                ])
        }

        func testTheRestOfTheSurfaceForwardsToo() async {
            let container = CKContainer(identifier: "iCloud.test")
            let live = LiveCloudContainer(container)
            let database = live.sharedCloudDatabase
            let id = CKRecord.ID(recordName: "r")
            _ = try? await live.applicationPermissionStatus(for: .userDiscoverability)
            _ = try? await live.userIdentities(forEmailAddresses: ["a@b.c"])
            _ = try? await live.shareParticipant(forUserRecordID: id)
            _ = try? await live.shareMetadatas(for: [URL(string: "https://example.com/share")!])
            _ = try? await live.allLongLivedOperationIDs()
            _ = try? await database.subscription(for: "s")
            _ = try? await database.recordZones(for: [.default])
            _ = try? await database.modifySubscriptions(saving: [], deleting: ["s"])
            _ = try? await database.databaseChanges(since: nil)
            _ = try? await database.recordZoneChanges(inZoneWith: .default, since: nil)
            let done = expectation(description: "handlers")
            done.expectedFulfillmentCount = 2
            live.requestApplicationPermission(.userDiscoverability) { status, error in
                XCTAssertEqual(status, .couldNotComplete)
                XCTAssertNotNil(error)
                done.fulfill()
            }
            database.fetch(withRecordZoneIDs: [.default]) { _ in done.fulfill() }
            await fulfillment(of: [done], timeout: 5)
            XCTAssertEqual(
                container.invocations,
                [
                    "applicationPermissionStatusFor:", "userIdentitiesForEmailAddresses:", "shareParticipantForUserRecordID:",
                    "shareMetadatasForURLs:",
                    "allLongLivedOperationIDs", "requestApplicationPermission:completionHandler:",
                ])
            XCTAssertEqual(
                container.sharedCloudDatabase.invocations,
                [
                    "subscriptionForID:", "recordZonesForIDs:", "modifySubscriptionsSaving:deleting:", "databaseChangesSince:resultsLimit:",
                    "recordZoneChangesInZoneWith:since:desiredKeys:resultsLimit:", "fetchRecordZonesWithIDs:completionHandler:",
                ])
        }
    }
#endif
