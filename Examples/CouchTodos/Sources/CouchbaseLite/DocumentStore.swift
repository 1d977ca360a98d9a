// The stand-in's in-process database: the documents of its one (default) collection, the
// document change listeners, and the failures a test queued. Our choice of behaviour, not Couchbase
// Lite's (which stores a file through LiteCore and posts changes on the main queue, or the queue
// given, after the transaction commits): writes apply at once, each document's listeners are
// called synchronously on the writing thread after the write, or after the batch when in one,
// with the lock released.

import Foundation

final class DocumentStore: @unchecked Sendable {
    private struct Listener {
        let documentID: String
        let block: (CBLDocumentChange) -> Void
    }

    private let lock = NSLock()
    private var documents: [String: (data: [String: Any], revision: Int)] = [:]
    private var listeners: [Int: Listener] = [:]
    private var nextListener = 1
    private var isOpen = true
    private var batchDepth = 0
    private var pending: [CBLDocumentChange] = []
    private var failures: [Int] = []

    func checkOpen() throws {
        if !lock.withLock({ isOpen }) { throw CouchbaseErrors.error(CBLErrorNotOpen) }
    }

    func document(_ id: String) throws -> CBLDocument? {
        try lock.withLock {
            guard isOpen else { throw CouchbaseErrors.error(CBLErrorNotOpen) }
            return documents[id].map { CBLDocument(id: id, data: $0.data, store: self, revision: $0.revision) }
        }
    }

    func save(_ document: CBLMutableDocument, change: (String) -> CBLDocumentChange) throws {
        try write(document.id, change: change) {
            if let owner = document.store, owner !== self { throw CouchbaseErrors.error(CBLErrorInvalidParameter) }
            documents[document.id] = (document.toDictionary(), (documents[document.id]?.revision ?? 0) + 1)
        }
    }

    func delete(_ document: CBLDocument, change: (String) -> CBLDocumentChange) throws {
        try write(document.id, change: change) {
            guard let owner = document.store else { throw CouchbaseErrors.error(CBLErrorNotFound) }
            guard owner === self else { throw CouchbaseErrors.error(CBLErrorInvalidParameter) }
            guard documents.removeValue(forKey: document.id) != nil else { throw CouchbaseErrors.error(CBLErrorNotFound) }
        }
    }

    /// Applies `apply` under the lock unless the database is closed or a queued failure comes
    /// first, then tells the document's listeners (at once, or when the batch ends).
    private func write(_ id: String, change: (String) -> CBLDocumentChange, apply: () throws -> Void) throws {
        let heard: [(CBLDocumentChange) -> Void] = try lock.withLock {
            guard isOpen else { throw CouchbaseErrors.error(CBLErrorNotOpen) }
            if !failures.isEmpty { throw CouchbaseErrors.error(failures.removeFirst()) }
            try apply()
            if batchDepth > 0 {
                pending.append(change(id))
                return []
            }
            return listeners.keys.sorted().compactMap { listeners[$0] }.filter { $0.documentID == id }.map(\.block)
        }
        if !heard.isEmpty {
            let event = change(id)
            heard.forEach { $0(event) }
        }
    }

    func batch(_ block: () -> Void) throws {
        try lock.withLock {
            guard isOpen else { throw CouchbaseErrors.error(CBLErrorNotOpen) }
            batchDepth += 1
        }
        block()
        let deliveries: [() -> Void] = lock.withLock {
            batchDepth -= 1
            guard batchDepth == 0 else { return [] }
            let changes = pending
            pending = []
            let active = listeners.keys.sorted().compactMap { listeners[$0] }
            return changes.flatMap { change in active.filter { $0.documentID == change.documentID }.map { listener in { listener.block(change) } } }
        }
        deliveries.forEach { $0() }
    }

    func addListener(for documentID: String, _ block: @escaping (CBLDocumentChange) -> Void) -> any CBLListenerToken {
        let key = lock.withLock {
            let key = nextListener
            nextListener += 1
            listeners[key] = Listener(documentID: documentID, block: block)
            return key
        }
        return Token(store: self, key: key)
    }

    func queueFailures(_ codes: [Int]) {
        lock.withLock { failures += codes }
    }

    func close() {
        lock.withLock {
            isOpen = false
            listeners = [:]
        }
    }

    private func removeListener(_ key: Int) {
        _ = lock.withLock { listeners.removeValue(forKey: key) }
    }

    /// The token `addDocumentChangeListener` returns (the SDK's is a private class too).
    private final class Token: NSObject, CBLListenerToken, @unchecked Sendable {
        private let store: DocumentStore
        private let key: Int

        init(store: DocumentStore, key: Int) {
            self.store = store
            self.key = key
        }

        func remove() { store.removeListener(key) }
    }
}
