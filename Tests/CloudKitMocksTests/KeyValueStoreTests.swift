import CloudDoubleRuntime
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// Seed 004's favourites controller, written against the generated protocol.
final class FavouritesController: @unchecked Sendable {
    static let key = "FavouriteCounties"
    let store: any CloudKeyValueStore

    init(store: any CloudKeyValueStore) { self.store = store }

    var favourites: [String] { (store.array(forKey: Self.key) as? [String]) ?? [] }

    func add(_ county: String) {
        guard !favourites.contains(county) else { return }
        store.set((favourites + [county]).sorted(), forKey: Self.key)
    }

    func remove(_ county: String) {
        store.set(favourites.filter { $0 != county }, forKey: Self.key)
    }
}

final class KeyValueStoreTests: XCTestCase {
    func testTheFavouritesControllerAgainstTheInMemoryStore() {
        let cloud = InMemoryKeyValueStore()
        let controller = FavouritesController(store: cloud.mock())
        controller.add("Kent")
        controller.add("Devon")
        controller.add("Kent")
        XCTAssertEqual(controller.favourites, ["Devon", "Kent"])
        controller.remove("Kent")
        XCTAssertEqual(cloud.contents[FavouritesController.key] as? [String], ["Devon"])
    }

    func testTypedReadsAndTheDictionaryRepresentation() {
        let cloud = InMemoryKeyValueStore()
        let store = cloud.mock()
        store.set(Int64(42), forKey: "count")
        store.set(2.5, forKey: "ratio")
        store.set(true, forKey: "flag")
        store.set("text", forKey: "name")
        XCTAssertEqual(store.longLong(forKey: "count"), 42)
        XCTAssertEqual(store.double(forKey: "ratio"), 2.5)
        XCTAssertTrue(store.bool(forKey: "flag"))
        XCTAssertEqual(store.string(forKey: "name"), "text")
        XCTAssertNil(store.string(forKey: "count"), "a value of another type reads as nil")
        XCTAssertEqual(store.longLong(forKey: "missing"), 0)
        store.removeObject(forKey: "flag")
        XCTAssertEqual(store.dictionaryRepresentation.keys.sorted(), ["count", "name", "ratio"])
        XCTAssertTrue(store.synchronize())
    }

    func testTheServicesLimits() {
        let cloud = InMemoryKeyValueStore()
        let store = cloud.mock()
        let reasons = Locked<[Int]>([])
        let observer = cloud.notificationCenter.addObserver(forName: KeyValueStoreNotification.didChangeExternally, object: nil, queue: nil) { note in
            reasons.withLock { $0.append((note.userInfo?[KeyValueStoreNotification.reasonKey] as? NSNumber)?.intValue ?? -1) }
        }
        defer { cloud.notificationCenter.removeObserver(observer) }

        store.set(String(repeating: "k", count: 129), forKey: String(repeating: "k", count: 129))
        store.set(Data(count: InMemoryKeyValueStore.maximumValueBytes + 1), forKey: "big")
        for index in 0..<4 { store.set(Data(count: 300_000), forKey: "chunk\(index)") }
        XCTAssertEqual(cloud.violations.map(\.kind), [.keyTooLong, .valueTooLarge, .totalTooLarge])
        XCTAssertNil(store.data(forKey: "chunk3"), "the write over the quota was dropped")
        XCTAssertNotNil(store.data(forKey: "chunk2"))
        XCTAssertEqual(reasons.snapshot, [2, 2], "quota violations are announced, an over-long key is not (it throws on a device)")

        let small = InMemoryKeyValueStore()
        let keys = small.mock()
        for index in 0...InMemoryKeyValueStore.maximumKeys { keys.set(Int64(index), forKey: "key\(index)") }
        XCTAssertEqual(small.contents.count, InMemoryKeyValueStore.maximumKeys)
        XCTAssertEqual(small.violations.map(\.kind), [.tooManyKeys])
    }

    func testAChangeFromAnotherDevicePostsTheNotification() {
        let cloud = InMemoryKeyValueStore()
        let store = cloud.mock()
        let received = Locked<(reason: Int, keys: [String], fromTheStore: Bool)?>(nil)
        let observer = cloud.notificationCenter.addObserver(forName: KeyValueStoreNotification.didChangeExternally, object: store, queue: nil) {
            note in
            received.withLock {
                $0 = (
                    (note.userInfo?[KeyValueStoreNotification.reasonKey] as? NSNumber)?.intValue ?? -1,
                    note.userInfo?[KeyValueStoreNotification.changedKeysKey] as? [String] ?? [], note.object as AnyObject? === store
                )
            }
        }
        defer { cloud.notificationCenter.removeObserver(observer) }

        store.set("local", forKey: "theme")
        XCTAssertNil(received.snapshot, "local writes post nothing")
        cloud.simulateExternalChange(["theme": "dark", "font": nil])
        XCTAssertEqual(received.snapshot?.reason, 0)
        XCTAssertEqual(received.snapshot?.keys, ["font", "theme"])
        XCTAssertEqual(received.snapshot?.fromTheStore, true)
        XCTAssertEqual(store.string(forKey: "theme"), "dark")

        cloud.simulateAccountChange()
        XCTAssertEqual(received.snapshot?.reason, 3)
        XCTAssertNil(store.object(forKey: "theme"))
    }

    func testStubsWinOverTheStore() {
        let cloud = InMemoryKeyValueStore()
        let store = cloud.mock()
        store.set("stored", forKey: "name")
        store.stub(.string, .value("stubbed"))
        XCTAssertEqual(store.string(forKey: "name"), "stubbed")
        XCTAssertEqual(store.callCount(.setString), 1)
    }
}
