/// One entry of a ``CallLog``: which described type and call, through which form, with what
/// arguments, and where in the overall order it happened.
///
/// `arguments` holds the SDK values the app passed (records, IDs, queries). Those are SDK objects
/// that are not all `Sendable`, so the record is `@unchecked Sendable`: it is immutable once made,
/// and the log hands out copies of the array, never a reference to its storage.
public struct CallRecord: @unchecked Sendable, CustomStringConvertible {
    /// 1-based position in the log; shared by every mock that shares the log.
    public let sequence: Int
    /// The described type that received the call, e.g. `Database`.
    public let type: String
    /// The call id, e.g. `fetchRecord` (the same for every form of the call).
    public let call: String
    public let form: CallForm
    /// The arguments: a single value, a labelled tuple for several, `()` for none.
    public let arguments: Any

    public var description: String {
        "#\(sequence) \(type).\(call) [\(form)] \(arguments)"
    }
}

/// An ordered, thread-safe log of calls. Several mocks (a container and its databases) can share
/// one log, so a test sees one sequence across all of them. No static state: each test makes its own.
///
/// The log's lock also guards the state of every mock that writes to it (``MockRecorder``), so a
/// recorded call takes one lock for its history, its stub and its place in the log. A call is
/// appended once, to its slot's history (mock, call id), with the call's sequence number; the log
/// itself only counts. ``records`` merges the slots' histories by sequence number when asked.
public final class CallLog: Sendable {
    /// Everything behind the log's lock.
    @usableFromInline
    struct Storage {
        /// The sequence number of the next call: how many calls were ever logged.
        @usableFromInline var nextSequence: UInt32 = 0
        /// The sequence number of the first call in the log (``removeAll()`` forgets those before).
        var firstSequence: UInt32 = 0
        /// Every slot whose calls can be in the log; slots are never removed.
        var slots: [CallSlot] = []
        /// The slots of calls appended directly (``append(type:call:form:arguments:)``).
        var directSlots: [DirectKey: CallSlot] = [:]
        /// The slot of the last direct append, found without hashing when the next is the same.
        var lastDirectSlot: CallSlot?
        /// The cassette the mocks that write to this log record to or play back from.
        @usableFromInline var cassette: Cassette?
    }

    struct DirectKey: Hashable {
        let type: String
        let call: String
    }

    @usableFromInline let storage = Locked(Storage())

    /// A new, empty log. Made inside a test that runs under a cassette (``Cassette/current``: the
    /// `.cassette` trait of CloudDoubleTesting), it is attached to that cassette.
    public init() {
        if let cassette = Cassette.current { cassette.attach(to: self) }
    }

    /// Appends a call and returns its sequence number.
    @discardableResult
    public func append(type: String, call: String, form: CallForm, arguments: Any) -> Int {
        storage.withLock { storage in
            let slot: CallSlot
            if let last = storage.lastDirectSlot, last.call == call, last.typeName == type {
                slot = last
            } else {
                let key = DirectKey(type: type, call: call)
                if let existing = storage.directSlots[key] {
                    slot = existing
                } else {
                    slot = storage.makeSlot(type: type, call: call, direct: true)
                    storage.directSlots[key] = slot
                }
                storage.lastDirectSlot = slot
            }
            slot.append(RecordedCall(arguments, sequence: storage.takeSequence(), form: form))
            return storage.count
        }
    }

    /// Every call so far, in order.
    public var records: [CallRecord] { records(type: nil, call: nil) }

    /// The calls so far, optionally only those of one described type and/or call id.
    public func records(type: String? = nil, call: String? = nil) -> [CallRecord] {
        storage.withLock { storage in
            storage.merged(type: type, call: call) { sequence, slot, recorded in
                CallRecord(sequence: sequence, type: slot.typeName, call: slot.call, form: recorded.form, arguments: recorded.arguments)
            }
        }
    }

    /// `Type.call` for every call so far, in order: handy for asserting a whole sequence.
    public var calls: [String] {
        storage.withLock { storage in
            storage.merged(type: nil, call: nil) { _, slot, _ in "\(slot.typeName).\(slot.call)" }
        }
    }

    public var count: Int { storage.withLock { $0.count } }

    /// The cassette the mocks writing to this log record to or play back from (``Cassette/attach(to:)``).
    public var cassette: Cassette? { storage.withLock { $0.cassette } }

    /// Forgets the log's entries (the mocks keep their own argument histories).
    public func removeAll() {
        storage.withLock { storage in
            storage.firstSequence = storage.nextSequence
            for slot in storage.directSlots.values { slot.removeAll() }
        }
    }
}

extension CallLog.Storage {
    /// How many calls the log holds.
    var count: Int { Int(nextSequence - firstSequence) }

    /// A new slot, whose calls the log's reads will find.
    @usableFromInline
    mutating func makeSlot(type: String, call: String, direct: Bool = false) -> CallSlot {
        let slot = CallSlot(typeName: type, call: call, direct: direct)
        slots.append(slot)
        return slot
    }

    /// The next call's sequence number.
    @inlinable
    mutating func takeSequence() -> UInt32 {
        defer { nextSequence &+= 1 }
        return nextSequence
    }

    /// The logged calls of the slots of `type` and `call` (all when `nil`), in the order they
    /// were made, each made into a `T` with its 1-based position in the log. Each slot's calls
    /// are in order already, so the sort merges runs.
    func merged<T>(type: String?, call: String?, _ make: (Int, CallSlot, RecordedCall<Any>) -> T) -> [T] {
        var found: [(sequence: UInt32, value: T)] = []
        for slot in slots where (type == nil || slot.typeName == type) && (call == nil || slot.call == call) {
            slot.history?.forEach { recorded in
                guard recorded.isLogged, recorded.sequence >= firstSequence else { return }
                found.append((recorded.sequence, make(Int(recorded.sequence - firstSequence) + 1, slot, recorded)))
            }
        }
        found.sort { $0.sequence < $1.sequence }
        return found.map(\.value)
    }
}
