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
/// Each mock keeps its own per-call argument history (``MockRecorder``); the log keeps the order
/// across mocks. A recorded call takes the mock's lock, then the log's, one after the other.
public final class CallLog: Sendable {
    /// Everything behind the log's lock.
    struct Storage {
        /// The calls since the log was made or last cleared, in order; a record's `sequence` is
        /// its 1-based position here.
        var records = AppendOnlyList<CallRecord>()
        /// The cassette the mocks that write to this log record to or play back from.
        var cassette: Cassette?

        /// Appends a call; returns its sequence number.
        mutating func append(type: String, call: String, form: CallForm, arguments: consuming Any) -> Int {
            let sequence = records.count + 1
            records.append(CallRecord(sequence: sequence, type: type, call: call, form: form, arguments: arguments))
            return sequence
        }
    }

    let storage = Locked(Storage())

    /// A new, empty log. Made inside a test that runs under a cassette (``Cassette/current``: the
    /// `.cassette` trait of CloudDoubleTesting), it is attached to that cassette.
    public init() {
        if let cassette = Cassette.current { cassette.attach(to: self) }
    }

    /// Appends a call and returns its sequence number.
    @discardableResult
    public func append(type: String, call: String, form: CallForm, arguments: Any) -> Int {
        storage.withLock { $0.append(type: type, call: call, form: form, arguments: arguments) }
    }

    /// Appends a mock's call; returns the log's cassette, read under the same lock.
    @usableFromInline
    func appendReadingCassette(type: String, call: String, form: CallForm, arguments: Any) -> Cassette? {
        storage.withLock { storage in
            _ = storage.append(type: type, call: call, form: form, arguments: arguments)
            return storage.cassette
        }
    }

    /// Every call so far, in order.
    public var records: [CallRecord] {
        // The chunks are copied under the lock (a reference each), joined outside it.
        storage.withLock { $0.records }.elements
    }

    /// The calls so far, optionally only those of one described type and/or call id.
    public func records(type: String? = nil, call: String? = nil) -> [CallRecord] {
        records.filter { (type == nil || $0.type == type) && (call == nil || $0.call == call) }
    }

    /// `Type.call` for every call so far, in order: handy for asserting a whole sequence.
    public var calls: [String] {
        records.map { "\($0.type).\($0.call)" }
    }

    public var count: Int { storage.withLock { $0.records.count } }

    /// The cassette the mocks writing to this log record to or play back from (``Cassette/attach(to:)``).
    public var cassette: Cassette? { storage.withLock { $0.cassette } }

    /// Forgets the log's entries (the mocks keep their own argument histories).
    public func removeAll() {
        storage.withLock { $0.records.removeAll() }
    }
}
