import CloudDoubleRuntime
import CouchbaseLite
import Foundation

/// The view model of a to-do list kept in one collection: loads items by ID, adds them, deletes
/// the completed ones in one batch, and follows one item's changes until told to stop.
///
/// It talks to the generated `CouchDatabase` and `CouchCollection` protocols, never to
/// `CBLDatabase`: production opens `TodoList(database: LiveCouchDatabase(try CBLDatabase(name:)))`,
/// tests pass a mock or a fault-injecting wrapper.
public final class TodoList: Sendable {
    private struct State {
        var todos: [Todo] = []
        /// The documents the collection handed out, by ID: what `clearCompleted()` deletes.
        var documents: [String: any CouchDocument] = [:]
        var failure: TodoFailure?
        var watch: (any CBLListenerToken)?

        mutating func keep(_ todo: Todo, _ document: any CouchDocument) {
            if let index = todos.firstIndex(where: { $0.id == todo.id }) { todos[index] = todo } else { todos.append(todo) }
            documents[todo.id] = document
        }
    }

    private let collection: any CouchCollection
    private let state = Locked(State())

    public init(collection: any CouchCollection) {
        self.collection = collection
    }

    /// The list kept in the database's default collection. Throws what `defaultCollection()`
    /// throws (`CBLErrorNotOpen` for a closed database).
    public convenience init(database: any CouchDatabase) throws {
        self.init(collection: try database.defaultCollection())
    }

    /// The items, in the order loaded or added.
    public var todos: [Todo] { state.snapshot.todos }
    /// The last failure, `nil` after a success.
    public var failure: TodoFailure? { state.snapshot.failure }
    /// Whether a document change listener is registered.
    public var isWatching: Bool { state.snapshot.watch != nil }

    /// Reads the items with these IDs; an ID with no document is skipped, a failed read ends
    /// the load (`failure` says why).
    public func load(ids: [String]) {
        state.withLock { $0 = State(watch: $0.watch) }
        for id in ids {
            guard let read = read(id) else { return }
            if let (todo, document) = read { state.withLock { $0.keep(todo, document) } }
        }
    }

    /// Saves a new item and reads it back. Returns whether it was saved; `failure` says why not.
    @discardableResult
    public func add(_ title: String, id: String = UUID().uuidString) -> Bool {
        save(Todo(id: id, title: title))
    }

    /// Marks an item done or not, and reads it back.
    @discardableResult
    public func setDone(_ done: Bool, id: String) -> Bool {
        guard var todo = todos.first(where: { $0.id == id }) else { return false }
        todo.done = done
        return save(todo)
    }

    /// Deletes the completed items in one batch, handing the collection the documents it gave
    /// the list. Returns how many were deleted; an item whose delete fails stays, and `failure`
    /// says why (the first failure).
    @discardableResult
    public func clearCompleted() -> Int {
        let current = state.snapshot
        let completed = current.todos.filter(\.done).compactMap { current.documents[$0.id] }
        guard !completed.isEmpty else { return 0 }
        // The SDK runs the batch's block before `inBatch` returns; the block cannot throw, so
        // each delete's error is kept for after it.
        let outcome = Locked((deleted: [String](), failure: TodoFailure?.none))
        do {
            try collection.database.inBatch { [collection] in
                for document in completed {
                    do {
                        try collection.delete(document)
                        outcome.withLock { $0.deleted.append(document.id) }
                    } catch {
                        outcome.withLock { $0.failure = $0.failure ?? TodoFailure(error) }
                    }
                }
            }
        } catch {
            outcome.withLock { $0.failure = $0.failure ?? TodoFailure(error) }
        }
        let result = outcome.snapshot
        state.withLock { state in
            state.todos.removeAll { result.deleted.contains($0.id) }
            for id in result.deleted { state.documents[id] = nil }
            state.failure = result.failure
        }
        return result.deleted.count
    }

    /// Follows one item: each change to its document reads it again (a deleted one leaves the
    /// list). Replaces the item followed before.
    public func watch(id: String) {
        stopWatching()
        let token = collection.addDocumentChangeListener(withID: id) { [weak self] change in
            self?.refresh(change.documentID)
        }
        state.withLock { $0.watch = token }
    }

    /// Removes the listener; no change arrives after this.
    public func stopWatching() {
        let token = state.withLock { state in
            let token = state.watch
            state.watch = nil
            return token
        }
        token?.remove()
    }

    private func save(_ todo: Todo) -> Bool {
        do {
            try collection.save(CBLMutableDocument(id: todo.id, data: todo.fields))
        } catch {
            state.withLock { $0.failure = TodoFailure(error) }
            return false
        }
        refresh(todo.id)
        return failure == nil
    }

    /// Reads the item `id` again: updated in place, added when new, removed when gone.
    private func refresh(_ id: String) {
        guard let read = read(id) else { return }
        state.withLock { state in
            state.failure = nil
            guard let (todo, document) = read else {
                state.todos.removeAll { $0.id == id }
                state.documents[id] = nil
                return
            }
            state.keep(todo, document)
        }
    }

    /// The item and its document, `.some(nil)` when there is none, `nil` when the read failed
    /// (`failure` says why).
    private func read(_ id: String) -> (Todo, any CouchDocument)?? {
        var error: NSError?
        guard let document = collection.document(withID: id, error: &error) else {
            if let error {
                state.withLock { $0.failure = TodoFailure(error) }
                return nil
            }
            return .some(nil)
        }
        guard let todo = Todo(id: document.id, fields: document.toDictionary()) else { return .some(nil) }
        return .some((todo, document))
    }
}
