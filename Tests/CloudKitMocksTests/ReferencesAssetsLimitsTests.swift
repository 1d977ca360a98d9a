import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// The in-memory CloudKit's reference, asset and limit rules (issue #24, points 3, 4 and 5), each
/// as Apple documents it (see docs/InMemoryStore.md).
final class ReferencesAssetsLimitsTests: XCTestCase, StoreTestSupport {

    // MARK: 4. References

    func testDeletingATargetDeletesItsDeleteSelfReferrersAndTheirs() async throws {
        let cloud = InMemoryCloudKit()
        let database = cloud.mockDatabase()
        let list = note("list", "groceries")
        let item = note("item", "milk")
        item["list"] = CKRecord.Reference(record: list, action: .deleteSelf)
        let detail = note("detail", "2 litres")
        detail["item"] = CKRecord.Reference(record: item, action: .deleteSelf)
        let kept = note("kept", "unrelated")
        kept["list"] = CKRecord.Reference(record: list, action: .none)
        _ = try await database.modifyRecords(saving: [list, item, detail, kept], deleting: [])

        _ = try await database.deleteRecord(withID: list.recordID)
        XCTAssertEqual(
            cloud.privateDatabase.records().map(\.recordID.recordName), ["kept"],
            "Apple: deleteSelf deletes the source record when the target is deleted")
    }

    func testAChildSavedWithoutItsParentIsAReferenceViolation() async throws {
        let database = InMemoryCloudKit().mockDatabase()
        let parent = note("parent", "p")
        let child = note("child", "c")
        child.setParent(parent)
        do {
            _ = try await database.save(child)
            XCTFail("expected referenceViolation")
        } catch { XCTAssertEqual(code(error), "referenceViolation", "CKError.h: the target of a record's parent reference was not found") }

        let results = try await database.modifyRecords(saving: [child, parent], deleting: [])
        XCTAssertNoThrow(try results.saveResults[child.recordID]?.get(), "a parent saved in the same request counts")
    }

    // MARK: 3. Assets

    func testAnAssetIsCopiedInAndHandedOutAsANewLocalFile() async throws {
        let cloud = InMemoryCloudKit()
        let database = cloud.mockDatabase()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("photo-\(UUID().uuidString).jpg")
        try Data("pixels".utf8).write(to: file)
        let record = note("a", "with a photo")
        record["photo"] = CKAsset(fileURL: file)
        let saved = try await database.save(record)
        try FileManager.default.removeItem(at: file)  // the store copied the bytes when saving

        let fetched = try await database.record(for: record.recordID)
        let url = try XCTUnwrap((fetched["photo"] as? CKAsset)?.fileURL)
        XCTAssertNotEqual(url, file, "a new local copy in CloudKit's staging area")
        XCTAssertEqual(try Data(contentsOf: url), Data("pixels".utf8))
        XCTAssertNotEqual((saved["photo"] as? CKAsset)?.fileURL, url, "each hand-out is its own copy")

        fetched["title"] = "edited"
        _ = try await database.save(fetched)  // saving a fetched record keeps its asset
        let page = try await database.records(for: [record.recordID], desiredKeys: ["title"])
        XCTAssertNil(try page[record.recordID]?.get()["photo"], "desiredKeys without the asset key returns no asset")
    }

    func testAMissingAssetFileIsAssetFileNotFound() async throws {
        let database = InMemoryCloudKit().mockDatabase()
        let record = note("a", "broken")
        record["photo"] = CKAsset(fileURL: URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString)"))
        do {
            _ = try await database.save(record)
            XCTFail("expected assetFileNotFound")
        } catch { XCTAssertEqual(code(error), "assetFileNotFound") }
    }

    // MARK: 5. Limits

    func testMoreThanFourHundredItemsIsLimitExceededAndHalvesSucceed() async throws {
        let cloud = InMemoryCloudKit()
        let database = cloud.mockDatabase()
        let notes = (1...401).map { note("n\($0)", "\($0)") }
        do {
            _ = try await database.modifyRecords(saving: notes, deleting: [])
            XCTFail("expected limitExceeded")
        } catch { XCTAssertEqual(code(error), "limitExceeded", "Apple: 400 items per operation") }
        XCTAssertEqual(cloud.privateDatabase.records().count, 0, "nothing applied")
        _ = try await database.modifyRecords(saving: Array(notes[..<200]), deleting: [])
        _ = try await database.modifyRecords(saving: Array(notes[200...]), deleting: [])
        XCTAssertEqual(cloud.privateDatabase.records().count, 401)
    }

    func testRequestAndRecordSizesCountEverythingButAssets() async throws {
        let cloud = InMemoryCloudKit()
        let database = cloud.mockDatabase()
        let big = note("big", String(repeating: "x", count: 1_100_000))
        do {
            _ = try await database.save(big)
            XCTFail("expected limitExceeded for a record over 1 MB")
        } catch { XCTAssertEqual(code(error), "limitExceeded") }

        let halves = (1...3).map { note("h\($0)", String(repeating: "y", count: 800_000)) }
        do {
            _ = try await database.modifyRecords(saving: halves, deleting: [])
            XCTFail("expected limitExceeded for a request over 2 MB")
        } catch { XCTAssertEqual(code(error), "limitExceeded") }

        cloud.limits = CloudKitLimits(itemsPerRequest: 2)
        do {
            _ = try await database.modifyRecords(saving: [note("a", "1"), note("b", "2"), note("c", "3")], deleting: [])
            XCTFail("expected limitExceeded under the test's own limit")
        } catch { XCTAssertEqual(code(error), "limitExceeded") }
        cloud.limits = .unlimited
        _ = try await database.modifyRecords(saving: halves, deleting: [])
    }
}
