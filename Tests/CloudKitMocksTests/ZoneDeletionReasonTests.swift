import CloudDoubleRuntime
import CloudKit
import CloudKitMocks
import Foundation
import XCTest

@testable import CloudKitDoubles

/// `CKDatabase.DatabaseChange.Deletion.reason` is newer than the description's floor (iOS 17):
/// the mirror has it under that availability, the store reports it and cassettes keep it.
final class ZoneDeletionReasonTests: XCTestCase {
    func testTheStoreReportsADeletedZoneAsDeleted() async throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { throw XCTSkip("reason needs iOS 17") }
        let database = InMemoryCloudKit().mockDatabase()
        let work = CKRecordZone.ID(zoneName: "Work")
        _ = try await database.save(CKRecordZone(zoneID: work))
        let before = try await database.databaseChanges(since: nil)
        _ = try await database.deleteRecordZone(withID: work)
        let after = try await database.databaseChanges(since: before.changeToken)
        XCTAssertEqual(after.deletions.map(\.reason), [.deleted])
    }

    func testACassetteKeepsTheReasonWhereItWasGiven() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { throw XCTSkip("reason needs iOS 17") }
        let codecs = CassetteCodecs.cloudKit
        let zone = CKRecordZone.ID(zoneName: "Work")
        let purged = try codecs.decode(
            CloudDatabaseChangeDeletion.self, from: codecs.encode(CloudDatabaseChangeDeletion(zoneID: zone, reason: .purged)))
        XCTAssertEqual(purged.reason, .purged)
        XCTAssertEqual(purged.zoneID, zone)
        let made = try codecs.decode(CloudDatabaseChangeDeletion.self, from: codecs.encode(CloudDatabaseChangeDeletion(zoneID: zone)))
        XCTAssertNil(made.reasonStorage_, "a deletion made without a reason comes back without one")
    }
}
