import Foundation

/// Values attached to objects the store does not own and cannot extend: the change tag of a
/// record it handed out, the position behind a cursor, the sequence behind a change token. SDK
/// objects like these often have no settable property for it (`CKRecord.recordChangeTag` is
/// read-only), so the store remembers them by identity. Entries go away with their objects.
@_spi(Generated) public final class ObjectTags<Value>: @unchecked Sendable {
    // @unchecked: `entries` is only touched under `lock`.
    private struct Entry {
        weak var object: AnyObject?
        var value: Value
    }

    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var writesSincePurge = 0

    public init() {}

    public subscript(object: AnyObject) -> Value? {
        get {
            lock.lock()
            defer { lock.unlock() }
            guard let entry = entries[ObjectIdentifier(object)], entry.object === object else { return nil }
            return entry.value
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            entries[ObjectIdentifier(object)] = newValue.map { Entry(object: object, value: $0) }
            writesSincePurge += 1
            // An identifier can be reused once its object is gone: drop dead entries now and then.
            if writesSincePurge > 256 {
                entries = entries.filter { $0.value.object != nil }
                writesSincePurge = 0
            }
        }
    }
}
