import CloudDoubleRuntime
import CouchTodos
import CouchbaseLite
import Foundation
import Testing

/// The batch: `clearCompleted()` deletes the completed items inside `inBatch(using:)`, handing
/// `delete(_:)` the documents the collection gave the list. On mocks, those are the child mocks
/// the test made (`===`); through a fault wrapper, the wrapper hands the mock what it wraps, and
/// fails chosen deletes with Couchbase Lite's own `NSError`.
@Suite struct ClearCompletedTests {
    private let todos = [
        Todo(id: "milk", title: "Buy milk", done: true), Todo(id: "bread", title: "Buy bread"),
        Todo(id: "eggs", title: "Buy eggs", done: true), Todo(id: "tea", title: "Buy tea", done: true),
    ]

    @Test func theBatchDeletesTheDocumentsTheCollectionHandedOut() throws {
        let mock = MockTodos(todos)
        let list = TodoList(collection: mock.collection)
        list.load(ids: todos.map(\.id))

        #expect(list.clearCompleted() == 3)

        let deleted = mock.collection.arguments(.delete)
        #expect(deleted.count == 3)
        #expect(deleted[0] === mock.documents["milk"])
        #expect(deleted[1] === mock.documents["eggs"])
        #expect(deleted[2] === mock.documents["tea"])
        #expect(mock.database.callCount(.inBatch) == 1)
        #expect(mock.collection.log.calls.suffix(4) == ["Database.inBatch", "Collection.delete", "Collection.delete", "Collection.delete"])
        #expect(list.todos.map(\.id) == ["bread"])
        #expect(list.failure == nil)
    }

    @Test func aBusyDeleteInTheBatchLeavesItsItemAndTheOthersGo() throws {
        let mock = MockTodos(todos)
        let plan = FaultPlan { FaultRule.fail(.call(CouchCollectionCall.delete), on: .nth(2), with: "busy") }
        let faulty = FaultInjectingCouchCollection(wrapping: mock.collection, plan: plan, seed: 1, time: VirtualClock().timeSource)
        let list = TodoList(collection: faulty)
        list.load(ids: todos.map(\.id))

        #expect(list.clearCompleted() == 2)

        // The fault wrapper hands the mock the documents it wraps, and the failed delete never
        // reaches it.
        let deleted = mock.collection.arguments(.delete)
        #expect(deleted.count == 2)
        #expect(deleted[0] === mock.documents["milk"])
        #expect(deleted[1] === mock.documents["tea"])
        // Fails if the injected error were not Couchbase Lite's: TodoFailure reads domain and code.
        #expect(list.failure == .busy)
        #expect(list.todos.map(\.id) == ["bread", "eggs"])
        #expect(faulty.faults.events.map(\.description) == ["#1 t=0.0 Collection.delete [sync] call 2 rule 0: failed busy (16)"])
    }

    @Test func injectedErrorsAreCouchbaseLitesNSErrors() throws {
        let mock = MockTodos(todos)
        let plan = FaultPlan { FaultRule.fail(.call(CouchCollectionCall.delete), with: "notFound") }
        let faulty = FaultInjectingCouchCollection(wrapping: mock.collection, plan: plan, seed: 2)
        let document = try #require(faulty.document(withID: "milk", error: nil))
        do {
            try faulty.delete(document)
            Issue.record("the injected failure did not happen")
        } catch {
            let error = error as NSError
            #expect(error.domain == CBLErrorDomain)
            #expect(error.domain == "CouchbaseLite")
            #expect(error.code == CBLErrorNotFound)
        }
        #expect(mock.collection.callCount(.delete) == 0)
    }

    @Test func theSameSeedFailsTheSameDeletes() throws {
        func run() throws -> (events: [FaultEvent], left: [String], deleted: [String]) {
            let mock = MockTodos(todos)
            let plan = FaultPlan { FaultRule.fail(.call(CouchCollectionCall.delete), probability: 0.5, with: "busy") }
            let faulty = FaultInjectingCouchCollection(wrapping: mock.collection, plan: plan, seed: 11, time: VirtualClock().timeSource)
            let list = TodoList(collection: faulty)
            list.load(ids: todos.map(\.id))
            list.clearCompleted()
            let deleted = mock.collection.arguments(.delete).map(\.id)
            #expect(Set(deleted).isDisjoint(with: list.todos.map(\.id)), "what reached the SDK left the list; what failed stayed")
            #expect(list.failure == (faulty.faults.events.isEmpty ? nil : .busy))
            return (faulty.faults.events, list.todos.map(\.id), deleted)
        }
        let first = try run()
        #expect(!first.events.isEmpty)
        #expect(first.deleted.count + first.events.count == 3)
        let second = try run()
        #expect(second.events == first.events)
        #expect(second.left == first.left)
    }
}
