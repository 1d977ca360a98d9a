import Foundation

/// Records what the app's blocks see, from whatever queue they run on.
public final class Trace: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []

    public init() {}

    public func add(_ entry: String) {
        lock.lock()
        entries.append(entry)
        lock.unlock()
    }

    public var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }
}
