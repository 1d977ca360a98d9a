import CloudDoubleRuntime
import CouchTodos
import CouchbaseLite

/// A collection mock whose documents are child mocks the test made, one per item, and whose
/// database runs a batch's block before `inBatch` returns, as Couchbase Lite does (the block is
/// not `@escaping`: the mock hands it to the stub's handler while the call runs, and runs it only
/// when told to).
struct MockTodos {
    let collection: MockCouchCollection
    let database: MockCouchDatabase
    /// The document the collection hands out for each item's ID.
    let documents: [String: MockCouchDocument]

    init(_ todos: [Todo]) {
        let collection = MockCouchCollection()
        database = TestSetUp.run { collection.database } as! MockCouchDatabase
        self.collection = collection
        database.stub(.inBatch, .handler { block in block() })
        var documents: [String: MockCouchDocument] = [:]
        for todo in todos {
            let document = MockCouchDocument()
            document.stub(.id, .value(todo.id))
            document.stub(.toDictionary, .value(["title": todo.title, "done": todo.done]))
            documents[todo.id] = document
        }
        self.documents = documents
        collection.stub(.document, .handler { [documents] arguments in documents[arguments.documentID] })
    }
}
