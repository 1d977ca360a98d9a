import CloudDoubleRuntime
import CouchTodos
import CouchbaseLite
import Foundation
import Testing

/// `watch(id:)` follows one document with `addDocumentChangeListener(withID:listener:)` and stops
/// with `remove()` on the token. The description cannot make it a listener form (the SDK's token
/// refines `NSObjectProtocol`: README), so on the mock it is a plain call: the test hands the app
/// a token of its own, sends changes through the listener the mock recorded, and sees the app
/// remove the token. On the stand-in, other writers' changes drive it.
@Suite struct WatchTests {
    @Test func changesInAndARemovedRegistrationOnTheMock() throws {
        let mock = MockTodos([Todo(id: "milk", title: "Buy milk")])
        let token = TestListenerToken()
        mock.collection.stub(.addDocumentChangeListener, .value(token))
        let list = TodoList(collection: mock.collection)
        list.load(ids: ["milk"])

        list.watch(id: "milk")
        let registration = try #require(mock.collection.arguments(.addDocumentChangeListener).first)
        #expect(registration.id == "milk")
        #expect(list.isWatching)

        // Another device completed it: the collection now hands out the new revision.
        let completed = MockCouchDocument()
        completed.stub(.id, .value("milk"))
        completed.stub(.toDictionary, .value(["title": "Buy milk", "done": true]))
        mock.collection.stub(.document, .value(completed))
        registration.listener(try Changes.of(documentID: "milk"))
        #expect(list.todos == [Todo(id: "milk", title: "Buy milk", done: true)])

        // It was deleted: no document, so it leaves the list.
        mock.collection.stub(.document, .value(nil))
        registration.listener(try Changes.of(documentID: "milk"))
        #expect(list.todos.isEmpty)

        list.stopWatching()
        #expect(token.isRemoved)
        #expect(list.isWatching == false)
        #expect(mock.collection.callCount(.addDocumentChangeListener) == 1)
    }

    @Test func anotherWritersChangesArriveUntilTheTokenIsRemoved() throws {
        let database = try CBLDatabase(name: "todos")
        let other = try database.defaultCollection()
        try other.save(CBLMutableDocument(id: "milk", data: ["title": "Buy milk", "done": false]))
        let list = TodoList(collection: LiveCouchCollection(try database.defaultCollection()))
        list.load(ids: ["milk"])

        list.watch(id: "milk")
        try other.save(CBLMutableDocument(id: "milk", data: ["title": "Buy milk", "done": true]))
        #expect(list.todos == [Todo(id: "milk", title: "Buy milk", done: true)])

        try database.inBatch {
            try? other.save(CBLMutableDocument(id: "milk", data: ["title": "Buy oat milk", "done": true]))
        }
        #expect(list.todos.map(\.title) == ["Buy oat milk"], "heard after the batch")

        list.stopWatching()
        try other.save(CBLMutableDocument(id: "milk", data: ["title": "Buy soy milk", "done": true]))
        #expect(list.todos.map(\.title) == ["Buy oat milk"])
    }

    @Test func aWatchedDocumentDeletedInTheAppsOwnBatchLeavesTheList() throws {
        let database = try CBLDatabase(name: "todos")
        let list = TodoList(collection: LiveCouchCollection(try database.defaultCollection()))
        list.add("Buy milk", id: "milk")
        list.setDone(true, id: "milk")
        list.watch(id: "milk")

        #expect(list.clearCompleted() == 1)
        #expect(list.todos.isEmpty)
        #expect(list.failure == nil)
    }
}
