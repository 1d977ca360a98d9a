import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// `seed` puts records in as if saved earlier and hands back copies as the server gives them,
/// made from one archive.
final class SeedingTests: XCTestCase, StoreTestSupport {
    func testSeededCopiesCarryTheirOwnVersionsServerFields() throws {
        let cloud = InMemoryCloudKit()
        let seeded = cloud.privateDatabase.seed((1...5).map { note("n\($0)", "Note \($0)") })
        XCTAssertEqual(seeded.map { $0["title"] as? String }, (1...5).map { "Note \($0)" })
        for copy in seeded {
            XCTAssertEqual(copy.recordChangeTag, cloud.privateDatabase.record(copy.recordID)?.recordChangeTag)
            XCTAssertNotNil(copy.creationDate)
            XCTAssertEqual(copy.changedKeys(), [])
        }
        XCTAssertEqual(Set(seeded.compactMap(\.recordChangeTag)).count, 5)

        // The same record twice in one call: each copy is its own version's.
        let twice = cloud.privateDatabase.seed([note("t", "First"), note("t", "Second")])
        XCTAssertEqual(twice.map { $0["title"] as? String }, ["First", "Second"])
        XCTAssertNotEqual(twice[0].recordChangeTag, twice[1].recordChangeTag)
        XCTAssertLessThan(try XCTUnwrap(twice[0].modificationDate), try XCTUnwrap(twice[1].modificationDate))
        XCTAssertEqual(cloud.privateDatabase.record(CKRecord.ID(recordName: "t"))?.recordChangeTag, twice[1].recordChangeTag)
    }
}
