import CouchbaseLite
import Foundation

/// A `CBLListenerToken` of the test's own, which a mock of `addDocumentChangeListener` returns
/// (the description's `mockDefault`, or a stub): Couchbase Lite's token refines `NSObjectProtocol`,
/// so a generated listener registration cannot be one (README: what the generator cannot express
/// yet). It says whether the app removed it.
final class TestListenerToken: NSObject, CBLListenerToken, @unchecked Sendable {
    private let lock = NSLock()
    private var removed = false

    var isRemoved: Bool { lock.withLock { removed } }

    func remove() { lock.withLock { removed = true } }
}
