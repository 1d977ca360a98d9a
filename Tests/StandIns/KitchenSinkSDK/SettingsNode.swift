import Foundation

/// A class hierarchy, as Firebase's `DatabaseReference: DatabaseQuery`: a node of the settings
/// tree, which a folder subclasses. The description says `Folder` inherits `Node`.
open class SettingsNode: @unchecked Sendable {
    public let path: String
    private let lock = NSLock()
    private var _entries: [String] = []

    public init(path: String) {
        self.path = path
    }

    /// How many entries the node holds.
    open func size() async throws -> Int { lock.withLock { _entries.count } }

    open func size(completion: @escaping @Sendable (Int?, (any Error)?) -> Void) {
        completion(lock.withLock { _entries.count }, nil)
    }

    open func describe() -> String { "node \(path)" }

    func insert(_ entry: String) { lock.withLock { _entries.append(entry) } }
}

/// A node that holds other nodes.
open class SettingsFolder: SettingsNode, @unchecked Sendable {
    open func add(_ entry: String) async throws { insert(entry) }

    /// An override, which the symbol graph lists on the subclass too: the description describes
    /// it once, on `Node`.
    open override func describe() -> String { "folder \(path)" }

    open func child(named name: String) -> SettingsFolder { SettingsFolder(path: path + "/" + name) }
}
