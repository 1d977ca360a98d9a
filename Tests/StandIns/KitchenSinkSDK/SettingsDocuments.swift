import Foundation

/// Documents by path, shaped as Firestore's `Firestore`: it hands out references
/// (`collection(_:)`, `document(_:)`) that a `SettingsWriteBatch` takes back.
public final class SettingsDocumentStore: @unchecked Sendable {
    private let lock = NSLock()
    private var documents: [String: [String: String]] = [:]

    public init() {}

    public func collection(_ collectionPath: String) -> SettingsCollectionReference {
        SettingsCollectionReference(store: self, path: collectionPath)
    }

    public func document(_ documentPath: String) -> SettingsDocumentReference {
        SettingsDocumentReference(store: self, path: documentPath)
    }

    /// A new batch at each call.
    public func batch() -> SettingsWriteBatch { SettingsWriteBatch(store: self) }

    func data(at path: String) -> [String: String]? { lock.withLock { documents[path] } }

    func apply(_ writes: [(path: String, data: [String: String]?)]) {
        lock.withLock {
            for write in writes { documents[write.path] = write.data }
        }
    }
}

/// Firestore's `CollectionReference`.
public final class SettingsCollectionReference: @unchecked Sendable {
    let store: SettingsDocumentStore
    let path: String

    init(store: SettingsDocumentStore, path: String) {
        self.store = store
        self.path = path
    }

    public func document(_ documentPath: String) -> SettingsDocumentReference {
        SettingsDocumentReference(store: store, path: path + "/" + documentPath)
    }
}

/// Firestore's `DocumentReference`.
public final class SettingsDocumentReference: @unchecked Sendable {
    let store: SettingsDocumentStore
    let path: String

    init(store: SettingsDocumentStore, path: String) {
        self.store = store
        self.path = path
    }

    /// The document's data; `nil` when there is no document at its path.
    public func getDocument() async throws -> [String: String]? { store.data(at: path) }
}

/// Firestore's `WriteBatch`: writes to documents, applied together by `commit()`.
public final class SettingsWriteBatch: @unchecked Sendable {
    private let store: SettingsDocumentStore
    private let lock = NSLock()
    private var writes: [(path: String, data: [String: String]?)] = []

    init(store: SettingsDocumentStore) { self.store = store }

    public func setData(_ data: [String: String], forDocument document: SettingsDocumentReference) {
        lock.withLock { writes.append((document.path, data)) }
    }

    public func deleteDocument(_ document: SettingsDocumentReference) {
        lock.withLock { writes.append((document.path, nil)) }
    }

    public func commit() async throws {
        store.apply(lock.withLock { writes })
    }

    public func commit(completion: @escaping @Sendable ((any Error)?) -> Void) {
        store.apply(lock.withLock { writes })
        completion(nil)
    }
}
