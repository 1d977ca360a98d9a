import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// What the server does with records' `parent` links beyond saving them (issue 35, items 4 to 6):
/// sources and choices in docs/InMemoryStore.md, "references" and "delete".
final class ParentHierarchyTests: XCTestCase, StoreTestSupport {
    let cloud = InMemoryCloudKit()
    lazy var database = cloud.mockDatabase()

    /// A list and an item under it, saved in one request.
    func saveListWithItem() async throws -> (list: CKRecord, item: CKRecord) {
        let list = note("list", "groceries")
        let item = note("item", "milk")
        item.setParent(list)
        let results = try await database.modifyRecords(saving: [list, item], deleting: [])
        return (try XCTUnwrap(results.saveResults[list.recordID]?.get()), try XCTUnwrap(results.saveResults[item.recordID]?.get()))
    }

    // MARK: 4. Deleting a parent

    func testDeletingARecordOthersNameAsParentIsAReferenceViolationAndDeletesNothing() async throws {
        let (list, _) = try await saveListWithItem()
        let results = try await database.modifyRecords(saving: [], deleting: [list.recordID], atomically: false)
        guard case .failure(let failure)? = results.deleteResults[list.recordID] else { return XCTFail("expected referenceViolation") }
        XCTAssertEqual(code(failure), "referenceViolation", "field reports (MYCloudKit#7, SyncKit) and sqlite-data's suite")
        XCTAssertEqual(cloud.privateDatabase.records().map(\.recordID.recordName), ["item", "list"], "nothing deleted")
    }

    func testAParentGoesWhenItsChildrenGoInTheSameRequestOrByDeleteSelf() async throws {
        let (list, item) = try await saveListWithItem()
        _ = try await database.modifyRecords(saving: [], deleting: [list.recordID, item.recordID])
        XCTAssertEqual(cloud.privateDatabase.records().count, 0)

        let (again, child) = try await saveListWithItem()
        child["list"] = CKRecord.Reference(record: again, action: .deleteSelf)
        _ = try await database.save(child)
        _ = try await database.deleteRecord(withID: again.recordID)
        XCTAssertEqual(
            cloud.privateDatabase.records().count, 0,
            "CKRecord.h: a separate .deleteSelf reference cleans the hierarchy up when the parent is deleted")
    }

    func testARecordWhoseChildMovedAwayCanBeDeleted() async throws {
        let (list, item) = try await saveListWithItem()
        let other = note("other", "hardware")
        item.setParent(other)
        _ = try await database.modifyRecords(saving: [other, item], deleting: [list.recordID])
        XCTAssertEqual(cloud.privateDatabase.records().map(\.recordID.recordName), ["item", "other"])
    }

    // MARK: 5. Saving a child touches its parent

    func testTheFirstChildGivesItsParentANewChangeTagSoAStaleParentConflicts() async throws {
        let list = try await database.save(note("list", "groceries"))
        let tag = try XCTUnwrap(list.recordChangeTag)
        let item = note("item", "milk")
        item.setParent(list)
        _ = try await database.save(item)
        XCTAssertNotEqual(cloud.privateDatabase.record(list.recordID)?.recordChangeTag, tag, "the server touched the parent (sqlite-data PR #363)")

        list["title"] = "renamed"
        do {
            _ = try await database.save(list)
            XCTFail("expected serverRecordChanged")
        } catch { XCTAssertEqual(code(error), "serverRecordChanged") }
    }

    func testOnlyTheFirstChildTouchesItsParentAndAParentSavedWithItsChildIsNot() async throws {
        let (list, _) = try await saveListWithItem()
        XCTAssertEqual(cloud.privateDatabase.record(list.recordID)?.recordChangeTag, list.recordChangeTag, "saved in the same request: not touched")
        let second = note("second", "bread")
        second.setParent(list)
        _ = try await database.save(second)
        XCTAssertEqual(cloud.privateDatabase.record(list.recordID)?.recordChangeTag, list.recordChangeTag, "SyncKit#189: only the first child")
        list["title"] = "renamed"
        _ = try await database.save(list)
    }

    // MARK: 6. Deleting a record that does not exist

    func testDeletingAMissingRecordIsUnknownItem() async throws {
        do {
            _ = try await database.deleteRecord(withID: CKRecord.ID(recordName: "never-saved"))
            XCTFail("expected unknownItem")
        } catch {
            XCTAssertEqual(code(error), "unknownItem", "Apple, deleteRecord(withID:): it throws \"when the record doesn't exist\"")
        }
    }
}
