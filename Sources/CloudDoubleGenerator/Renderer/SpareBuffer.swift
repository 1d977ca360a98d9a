import Foundation

/// The buffer of a rendered file its caller has let go of, kept for the next file's text. The
/// tool hands each file over and lets it go before the next is rendered: the next file is then
/// written into pages that are already mapped, where a new buffer's (a large file's text is tens
/// of megabytes) are each faulted in and zeroed by the system again (at 3,000 types, ~13,000
/// page faults, docs/Benchmarks.md). A file still held when the next is rendered leaves nothing
/// here, and the next file gets a new buffer.
final class SpareBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var base: UnsafeMutablePointer<UInt8>?
    private var capacity = 0

    /// The buffer kept, if any, and its capacity; it is the caller's now.
    func take() -> (base: UnsafeMutablePointer<UInt8>, capacity: Int)? {
        lock.lock()
        defer { lock.unlock() }
        guard let base else { return nil }
        self.base = nil
        return (base, capacity)
    }

    /// Keeps `base` for the next file (freed instead when one is kept already).
    func keep(_ base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard self.base == nil else { return free(base) }
        self.base = base
        self.capacity = capacity
    }

    deinit {
        free(base)
    }
}
