import Foundation

/// A value guarded by a lock. Every read and write of mock, log and fault-engine state goes
/// through one of these, so the types that hold them are thread-safe, not just `@unchecked
/// Sendable`.
///
/// `NSLock` is used because it exists on every supported platform at the runtime floor
/// (`Synchronization.Mutex` needs iOS 18 / macOS 15).
public final class Locked<Value>: @unchecked Sendable {
    @usableFromInline var value: Value
    @usableFromInline let lock = NSLock()

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value. Inlinable, so a caller in another module
    /// (a generated mock) gets it specialised, with no generic metadata looked up per call.
    @inlinable
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the current value.
    public var snapshot: Value {
        withLock { $0 }
    }
}
