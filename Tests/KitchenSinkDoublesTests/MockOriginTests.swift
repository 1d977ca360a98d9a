import CloudDoubleRuntime
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// A child mock knows, as typed data, the member that handed it out: its parent mock, the call
/// id and that call's arguments (`MockOrigin`), which a backing reads to tell which object of the
/// service a reference stands for.
final class MockOriginTests: XCTestCase {
    func testAChildMockKnowsTheCallAndArgumentsThatHandedItOut() async throws {
        let settings = MockSinkSettings(delivery: .immediate)
        let section = try await settings.section(named: "general")
        let origin = try XCTUnwrap((section as? MockSinkSection)?.origin)
        XCTAssertTrue(origin.parent === settings)
        XCTAssertEqual(origin.call, "section")
        XCTAssertEqual(origin.parentTypeName, "Settings")
        XCTAssertEqual(origin.arguments(SinkSettingsCall.section), "general")
        XCTAssertEqual(origin.arguments as? String, "general")
        XCTAssertNil(origin.arguments(SinkFolderCall.child), "another type's call of another name")
        XCTAssertEqual("\(section)", "MockSinkSection(Settings.section(general))", "the description reads as before")
    }

    func testTheSameArgumentsGiveTheSameChildWithOneOrigin() {
        let store = MockSinkDocumentStore()
        let first = store.collection("notes")
        XCTAssertTrue(first === store.collection("notes"))
        XCTAssertEqual((store.collection("other") as? MockSinkCollectionReference)?.origin?.arguments(SinkDocumentStoreCall.collection), "other")
        XCTAssertNil(
            (first as? MockSinkCollectionReference)?.origin?.arguments(SinkCollectionReferenceCall.document),
            "a call of the same id on another type (document) is not this one")
    }

    func testANewChildAtEachCallHasItsOrigin() async throws {
        let section = MockSinkSection(delivery: .immediate)
        let copy = try await section.duplicate(named: "copy")
        let origin = try XCTUnwrap((copy as? MockSinkSection)?.origin)
        XCTAssertTrue(origin.parent === section)
        XCTAssertEqual(origin.arguments(SinkSectionCall.duplicate), "copy")
        XCTAssertEqual("\(origin)", "Section.duplicate(copy)")
    }

    func testTheLineageWalksUpToTheFirstMock() throws {
        let store = MockSinkDocumentStore()
        let document = try XCTUnwrap(store.collection("notes").document("a") as? MockSinkDocumentReference)
        let lineage = try XCTUnwrap(document.origin?.lineage)
        XCTAssertEqual(lineage.map(\.description), ["DocumentStore.collection(notes)", "CollectionReference.document(a)"])
        XCTAssertTrue(lineage.first?.parent === store)
    }

    func testAMockTheTestMadeOrAStubbedOneHasNoOrigin() {
        let settings = MockSinkSettings()
        XCTAssertNil(settings.origin)
        let stubbed = MockSinkBatch()
        settings.stub(.batch, .value(stubbed))
        XCTAssertTrue(settings.batch() === stubbed)
        XCTAssertNil(stubbed.origin)
    }

    func testTheParentIsHeldWeakly() throws {
        var store: MockSinkDocumentStore? = MockSinkDocumentStore()
        weak let released = store
        let collection = try XCTUnwrap(store?.collection("notes") as? MockSinkCollectionReference)
        store = nil
        XCTAssertNil(released, "a child does not keep its parent alive (the parent keeps its children)")
        XCTAssertNil(collection.origin?.parent)
        XCTAssertEqual(collection.origin?.arguments(SinkDocumentStoreCall.collection), "notes", "the rest of the origin stays")
    }
}
