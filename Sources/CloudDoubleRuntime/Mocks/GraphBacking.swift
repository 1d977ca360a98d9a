/// A backing that answers the child mocks below the mock it backs, by giving each a backing of
/// its own: the in-memory store of an SDK whose objects hand each other out, where what a call
/// does depends on the object it is made on (Firestore's `document.getDocument()` takes no
/// argument saying which document).
///
/// ```swift
/// final class InMemoryDocuments: SinkDocumentStoreBacking, GraphBacking {
///     func backing(for mock: any RecordingMock) -> AnyObject? {
///         if let document = mock as? MockSinkDocumentReference, let path = Self.path(of: document) {
///             return Document(store: self, path: path)      // a SinkDocumentReferenceBacking
///         }
///         if mock is MockSinkWriteBatch { return PendingWrites(store: self) }  // a SinkWriteBatchBacking
///         return nil
///     }
/// }
/// database.backing = InMemoryDocuments()   // answers every document and batch the app reaches from it
/// ```
///
/// A backed mock without a backing of its own asks the nearest mock above it (its
/// ``MockOrigin``'s parent, and so on up) whose backing is a `GraphBacking`, the first time it
/// reads its backing (at its first call the description marks with a store action), and keeps
/// the answer as its own (a `nil` answer is not kept: it asks again at its next such call). A
/// mock the test made (a stub's value) has no origin, so it asks no one.
public protocol GraphBacking: AnyObject, Sendable {
    /// The backing of `mock`, a child mock below the one this backs: an object conforming to the
    /// mock's backing protocol (or `nil` to leave it unbacked). Read `mock.origin` to tell which
    /// of the service's objects it stands for.
    func backing(for mock: any RecordingMock) -> AnyObject?
}

extension BackedMock {
    /// The backing the nearest ``GraphBacking`` above this mock (whose origin is `origin`) gives
    /// it, kept as its own; `nil` when there is none, or it gives none of this mock's type.
    @usableFromInline
    func graphBacking(below origin: MockOrigin) -> Backing_? {
        var above = origin.parent
        while let mock = above {
            if let graph = mock.recorder_.backing as? any GraphBacking {
                guard let given = graph.backing(for: self) as? Backing_ else { return nil }
                // Asked outside the lock (the graph reads `origin`); the first answer is kept.
                return recorder_.state.withLock { state in
                    if let kept = state.backing as? Backing_ { return kept }
                    state.backing = given as AnyObject
                    return given
                }
            }
            above = mock.origin_?.parent
        }
        return nil
    }
}
