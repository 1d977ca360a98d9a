@_spi(Generated) import CloudDoubleRuntime
import XCTest

final class VersionedStoreTests: XCTestCase {
    func testVersionsAndChangesPerPartition() {
        var store = VersionedStore<String, String, Int>()
        store.savePartition("zone")
        let first = store.save(1, as: "a", in: "zone")
        let second = store.save(2, as: "a", in: "zone")
        XCTAssertGreaterThan(second.version, first.version, "every save bumps the version")
        store.save(3, as: "b", in: "zone")
        let mark = store.sequence
        store.save(4, as: "c", in: "zone")
        XCTAssertEqual(store.delete("b", in: "zone"), 3)
        XCTAssertNil(store.delete("missing", in: "zone"))

        let changes = store.itemChanges(in: "zone", since: mark).map { change -> String in
            switch change.kind {
            case .saved(let key): return "saved \(key)"
            case .deleted(let key, let item): return "deleted \(key) (\(item))"
            case .partitionSaved, .partitionDeleted: return "partition"
            }
        }
        XCTAssertEqual(changes, ["saved c", "deleted b (3)"])
        XCTAssertEqual(store.itemChanges(in: "zone", since: 0).count, 3, "only the latest change per item")
    }

    func testPartitionChanges() {
        var store = VersionedStore<String, String, Int>()
        store.savePartition("one")
        store.savePartition("two")
        let mark = store.sequence
        store.save(1, as: "a", in: "one")
        XCTAssertTrue(store.deletePartition("two"))
        XCTAssertFalse(store.deletePartition("two"))
        let changes = store.partitionChanges(since: mark)
        XCTAssertEqual(changes.changed, ["one"])
        XCTAssertEqual(changes.deleted, ["two"])
        XCTAssertNil(store.entry("a", in: "two"))
    }

    func testObjectTagsFollowIdentityNotEquality() {
        final class Box: NSObject {}
        let tags = ObjectTags<String>()
        let one = Box()
        let two = Box()
        tags[one] = "1"
        XCTAssertEqual(tags[one], "1")
        XCTAssertNil(tags[two])
        tags[one] = nil
        XCTAssertNil(tags[one])
    }
}
