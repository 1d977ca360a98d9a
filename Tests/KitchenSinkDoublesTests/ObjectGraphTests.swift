import CloudDoubleRuntime
import CloudDoubleTestSupport
import Foundation
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// A small in-memory document store, as a test writes one for a Firestore-shaped SDK: documents
/// by path. Set on the root mock, it gives each document mock a backing that knows the document's
/// path, and each batch mock one that keeps the batch's writes until `commit()`. Paths come from
/// the mocks' origins: `store.collection("notes").document("a")` and `store.document("notes/a")`
/// are two mocks of one document.
private final class InMemoryDocuments: SinkDocumentStoreBacking, GraphBacking {
    private let documents = Locked<[String: [String: String]]>([:])
    /// How many backings the store gave, for the test that they are asked for once per mock.
    let given = Locked(0)

    func seed(_ path: String, _ data: [String: String]) {
        documents.withLock { $0[path] = data }
    }

    func data(at path: String) -> [String: String]? {
        documents.withLock { $0[path] }
    }

    func apply(_ writes: [(path: String, data: [String: String]?)]) {
        documents.withLock { documents in
            for write in writes { documents[write.path] = write.data }
        }
    }

    func backing(for mock: any RecordingMock) -> AnyObject? {
        given.withLock { $0 += 1 }
        if let document = mock as? MockSinkDocumentReference, let path = Self.path(of: document) {
            return Document(store: self, path: path)
        }
        if mock is MockSinkWriteBatch { return PendingWrites(store: self) }
        return nil
    }

    /// The document a reference the app holds stands for, from the calls that made it.
    static func path(of document: any SinkDocumentReference) -> String? {
        guard let origin = (document as? MockSinkDocumentReference)?.origin else { return nil }
        if let path = origin.arguments(SinkDocumentStoreCall.document) { return path }
        guard let id = origin.arguments(SinkCollectionReferenceCall.document),
            let collection = origin.parent?.origin?.arguments(SinkDocumentStoreCall.collection)
        else { return nil }
        return collection + "/" + id
    }

    /// One document's backing.
    final class Document: SinkDocumentReferenceBacking {
        let store: InMemoryDocuments
        let path: String

        init(store: InMemoryDocuments, path: String) {
            self.store = store
            self.path = path
        }

        func getDocument() throws -> [String: String]? { store.data(at: path) }
    }

    /// One batch's backing: its writes, applied by `commit()`.
    final class PendingWrites: SinkWriteBatchBacking {
        let store: InMemoryDocuments
        private let writes = Locked<[(path: String, data: [String: String]?)]>([])

        init(store: InMemoryDocuments) { self.store = store }

        func setData(_ arguments_: (data: [String: String], document: any SinkDocumentReference)) throws {
            guard let path = InMemoryDocuments.path(of: arguments_.document) else { throw UnknownDocument() }
            writes.withLock { $0.append((path, arguments_.data)) }
        }

        func deleteDocument(_ arguments_: any SinkDocumentReference) throws {
            guard let path = InMemoryDocuments.path(of: arguments_) else { throw UnknownDocument() }
            writes.withLock { $0.append((path, nil)) }
        }

        func commit() throws {
            store.apply(
                writes.withLock { writes in
                    defer { writes = [] }
                    return writes
                })
        }
    }

    struct UnknownDocument: Error {}
}

/// Under mocks, a batch's writes reach the store: the batch takes the references the app got
/// (`"ref"` parameters of store calls), the store resolves each to a path by its origin, and a
/// later read through another mock of the same document sees the change.
final class ObjectGraphTests: XCTestCase {
    /// What an app does with Firestore: writes in a batch, then reads.
    private func writeNotes(in database: any SinkDocumentStore) async throws {
        let notes = database.collection("notes")
        let batch = database.batch()
        batch.setData(["title": "new"], forDocument: notes.document("a"))
        batch.deleteDocument(notes.document("b"))
        try await batch.commit()
    }

    func testABatchsWritesReachTheStoreAndAnotherReferenceSeesThem() async throws {
        let store = InMemoryDocuments()
        store.seed("notes/a", ["title": "old"])
        store.seed("notes/b", ["title": "gone"])
        let database = MockSinkDocumentStore(delivery: .immediate)
        database.backing = store

        let a = try await database.document("notes/a").getDocument()
        XCTAssertEqual(a, ["title": "old"])
        try await writeNotes(in: database)

        let written = try await database.document("notes/a").getDocument()
        XCTAssertEqual(written, ["title": "new"], "read through another mock of the same document")
        let deleted = try await database.document("notes/b").getDocument()
        XCTAssertNil(deleted)
        let sameMock = try await database.collection("notes").document("a").getDocument()
        XCTAssertEqual(sameMock, ["title": "new"])
        XCTAssertEqual(store.data(at: "notes/a"), ["title": "new"])
    }

    func testThroughFaultWrappersTheStoreGetsTheMocksOwnReferences() async throws {
        let store = InMemoryDocuments()
        store.seed("notes/b", ["title": "gone"])
        let database = MockSinkDocumentStore(delivery: .immediate)
        database.backing = store
        try await writeNotes(in: FaultInjectingSinkDocumentStore(wrapping: database, plan: FaultPlan()))
        XCTAssertEqual(store.data(at: "notes/a"), ["title": "new"])
        XCTAssertNil(store.data(at: "notes/b"))
    }

    func testEachBatchKeepsItsWritesUntilItCommits() async throws {
        let store = InMemoryDocuments()
        let database = MockSinkDocumentStore(delivery: .immediate)
        database.backing = store
        let first = database.batch()
        let second = database.batch()
        first.setData(["title": "first"], forDocument: database.document("notes/a"))
        second.setData(["title": "second"], forDocument: database.document("notes/b"))
        XCTAssertNil(store.data(at: "notes/a"), "nothing is written before commit")

        let committed = expectation(description: "committed")
        second.commit { error in
            XCTAssertNil(error)
            committed.fulfill()
        }
        await fulfillment(of: [committed], timeout: 5)
        XCTAssertEqual(store.data(at: "notes/b"), ["title": "second"])
        XCTAssertNil(store.data(at: "notes/a"), "the other batch's writes wait for its own commit")
        try await first.commit()
        XCTAssertEqual(store.data(at: "notes/a"), ["title": "first"])
    }

    func testEachMockIsAskedForItsBackingOnceAndStubsStillWin() async throws {
        let store = InMemoryDocuments()
        store.seed("notes/a", ["title": "stored"])
        let database = MockSinkDocumentStore(delivery: .immediate)
        database.backing = store
        let document = try XCTUnwrap(database.document("notes/a") as? MockSinkDocumentReference)
        _ = try await document.getDocument()
        _ = try await document.getDocument()
        XCTAssertEqual(store.given.withLock { $0 }, 1, "the backing given is kept")
        XCTAssertTrue(document.backing is InMemoryDocuments.Document)

        document.stub(.getDocument, .value(["title": "stubbed"]))
        let stubbed = try await document.getDocument()
        XCTAssertEqual(stubbed, ["title": "stubbed"])
        XCTAssertEqual(document.callCount(.getDocument), 3)
    }

    func testAMockTheTestMadeAsksNoOne() async throws {
        let database = MockSinkDocumentStore(delivery: .immediate)
        database.backing = InMemoryDocuments()
        let made = MockSinkDocumentReference(delivery: .immediate)
        database.stub(.document, .value(made))
        XCTAssertTrue(database.document("notes/a") === made)
        XCTAssertNil(made.origin)
        XCTAssertNil(made.backing, "a stub's value is no child of the store")
    }
}
