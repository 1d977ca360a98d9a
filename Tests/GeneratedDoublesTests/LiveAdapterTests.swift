#if os(Linux)
@_spi(StandIn) import CloudKit
import CloudDoubleRuntime
import Foundation
import CloudKitDoubles
import CloudKitMocks
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
        XCTAssertEqual(container.privateCloudDatabase.invocations, [
            "recordForID:", "fetchRecordWithID:completionHandler:", "fetchRecordsWithIDs:desiredKeys:completionHandler:",
            "recordsMatching:inZoneWith:desiredKeys:resultsLimit:",
        ])
    }
}
#endif
