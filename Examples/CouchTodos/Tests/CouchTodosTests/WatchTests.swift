import CloudDoubleRuntime
import CouchTodos
import CouchbaseLite
import Foundation
import Testing

/// `watch(id:)` follows one document with `addDocumentChangeListener(withID:listener:)` and stops
/// with `remove()` on the token. The description makes it a listener form (`"listener"` with
/// `"refinesNSObjectProtocol"`, as the SDK's token refines `NSObjectProtocol`), so on the mock each
/// registration is kept apart: the test sends it changes, sees the app remove it, and a fault plan
/// drops a change on its way to the app. On the stand-in, other writers' changes drive it.
@Suite struct WatchTests {
    @Test func changesInAndARemovedRegistrationOnTheMock() throws {
        let mock = MockTodos([Todo(id: "milk", title: "Buy milk")])
        let list = TodoList(collection: mock.collection)
        list.load(ids: ["milk"])

        list.watch(id: "milk")
        let registration = try #require(mock.collection.registrations(.addDocumentChangeListener).first)
        #expect(mock.collection.arguments(.addDocumentChangeListener).first?.id == "milk")
        #expect(list.isWatching)

        // Another device completed it: the collection now hands out the new revision.
        let completed = MockCouchDocument()
        completed.stub(.id, .value("milk"))
        completed.stub(.toDictionary, .value(["title": "Buy milk", "done": true]))
        mock.collection.stub(.document, .value(completed))
        #expect(registration.emit(try Changes.of(documentID: "milk")))
        #expect(list.todos == [Todo(id: "milk", title: "Buy milk", done: true)])

        // It was deleted: no document, so it leaves the list.
        mock.collection.stub(.document, .value(nil))
        registration.emit(try Changes.of(documentID: "milk"))
        #expect(list.todos.isEmpty)

        list.stopWatching()
        #expect(registration.isRemoved)
        #expect(registration.emit(try Changes.of(documentID: "milk")) == false, "a removed registration hears nothing")
        #expect(list.isWatching == false)
        #expect(mock.collection.callCount(.addDocumentChangeListener) == 1)
        #expect(mock.collection.log.records.last?.form == .remove)
    }

    @Test func aDroppedChangeNeverReachesTheApp() throws {
        let mock = MockTodos([Todo(id: "milk", title: "Buy milk")])
        let plan = FaultPlan { FaultRule.dropEvents(.listener(CouchCollectionListener.addDocumentChangeListener), on: .nth(1)) }
        let collection = FaultInjectingCouchCollection(wrapping: mock.collection, plan: plan, seed: 1)
        let list = TodoList(collection: collection)
        list.load(ids: ["milk"])
        list.watch(id: "milk")
        let registration = try #require(mock.collection.registrations(.addDocumentChangeListener).first)

        let completed = MockCouchDocument()
        completed.stub(.id, .value("milk"))
        completed.stub(.toDictionary, .value(["title": "Buy milk", "done": true]))
        mock.collection.stub(.document, .value(completed))
        registration.emit(try Changes.of(documentID: "milk"))
        #expect(list.todos == [Todo(id: "milk", title: "Buy milk")], "the first change was dropped")
        registration.emit(try Changes.of(documentID: "milk"))
        #expect(list.todos == [Todo(id: "milk", title: "Buy milk", done: true)])
        list.stopWatching()
        #expect(registration.isRemoved)
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
