import CloudDoubleRuntime
import CouchTodos
@_spi(StandIn) import CouchbaseLite
import Foundation
import Testing

/// The list on the live adapter over the stand-in: the batch deletes the very documents the
/// collection handed out (a document of another database would be `CBLErrorInvalidParameter`),
/// and the errors are the ones Couchbase Lite makes, so these tests fail if the description's
/// error model or the app misreads a real Couchbase Lite error.
@Suite struct TodoListStandInTests {
    private func list() throws -> (TodoList, CBLDatabase, CBLCollection) {
        let database = try CBLDatabase(name: "todos")
        let list = try TodoList(database: LiveCouchDatabase(database))
        let collection = try database.defaultCollection()
        #expect(list.add("Buy milk", id: "milk"))
        #expect(list.add("Buy bread", id: "bread"))
        #expect(list.add("Buy eggs", id: "eggs"))
        #expect(list.setDone(true, id: "milk"))
        #expect(list.setDone(true, id: "eggs"))
        return (list, database, collection)
    }

    @Test func theBatchDeletesTheCompletedDocuments() throws {
        let (list, _, collection) = try list()

        #expect(list.clearCompleted() == 2)

        #expect(list.failure == nil)
        #expect(list.todos.map(\.id) == ["bread"])
        #expect(collection.document(withID: "milk", error: nil) == nil)
        #expect(collection.document(withID: "eggs", error: nil) == nil)
        #expect(collection.document(withID: "bread", error: nil) != nil)
    }

    @Test func aBusyDatabaseFailsOneDeleteAndTheRestOfTheBatchLands() throws {
        let (list, database, collection) = try list()
        database.failNextWrites(withCodes: [CBLErrorBusy])

        #expect(list.clearCompleted() == 1)

        #expect(list.failure == .busy)
        #expect(list.todos.map(\.id) == ["milk", "bread"])
        #expect(collection.document(withID: "milk", error: nil) != nil, "the refused delete was not applied")
        #expect(collection.document(withID: "eggs", error: nil) == nil)
    }

    @Test func aClosedDatabaseFailsTheBatchAndTheReads() throws {
        let (list, database, _) = try list()
        try database.close()

        #expect(list.clearCompleted() == 0)
        #expect(list.failure == .notOpen)

        list.load(ids: ["bread"])
        #expect(list.failure == .notOpen, "document(withID:error:) reports it through its error pointer")
        #expect(list.todos.isEmpty)
    }

    @Test func aClosedDatabaseHasNoCollectionToOpenTheListIn() throws {
        let database = try CBLDatabase(name: "todos")
        try database.close()
        do {
            _ = try TodoList(database: LiveCouchDatabase(database))
            Issue.record("a list opened in a closed database")
        } catch {
            #expect(TodoFailure(error) == .notOpen)
        }
    }

    @Test func theLiveAdapterHandsTheSDKTheDocumentItWraps() throws {
        let mine = try CBLDatabase(name: "mine").defaultCollection()
        let theirs = try CBLDatabase(name: "theirs").defaultCollection()
        try mine.save(CBLMutableDocument(id: "milk", data: ["title": "Buy milk"]))
        try theirs.save(CBLMutableDocument(id: "milk", data: ["title": "Buy milk"]))
        let live = LiveCouchCollection(mine)

        // Another database's document, under a live adapter: the SDK gets that document and
        // refuses it, as Couchbase Lite does.
        let foreign = try #require(LiveCouchCollection(theirs).document(withID: "milk", error: nil))
        do {
            try live.delete(foreign)
            Issue.record("a document of another database was deleted")
        } catch {
            #expect(TodoFailure(error) == .invalidParameter)
        }
        let own = try #require(live.document(withID: "milk", error: nil))
        try live.delete(own)
        #expect(mine.document(withID: "milk", error: nil) == nil)
        #expect(theirs.document(withID: "milk", error: nil) != nil)
    }

    @Test func theModelDiagnosesCouchbaseLitesOwnErrors() {
        let model = ErrorModel.couchbaseLite
        #expect(model.diagnose(NSError(domain: CBLErrorDomain, code: CBLErrorBusy)).isRetryable)
        #expect(!model.diagnose(NSError(domain: CBLErrorDomain, code: CBLErrorNotFound)).isRetryable)
        #expect(!model.diagnose(NSError(domain: "CouchbaseLiteSwift", code: CBLErrorBusy)).isRetryable, "another domain is not Couchbase Lite's")
    }
}
