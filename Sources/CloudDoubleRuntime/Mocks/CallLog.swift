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
public final class CallLog: Sendable {
    private let state = Locked<[CallRecord]>([])

    public init() {}

    /// Appends a call and returns its sequence number.
    @discardableResult
    public func append(type: String, call: String, form: CallForm, arguments: Any) -> Int {
        state.withLock { records in
            let sequence = records.count + 1
            records.append(CallRecord(sequence: sequence, type: type, call: call, form: form, arguments: arguments))
            return sequence
        }
    }

    /// Every call so far, in order.
    public var records: [CallRecord] { state.snapshot }

    /// The calls so far, optionally only those of one described type and/or call id.
    public func records(type: String? = nil, call: String? = nil) -> [CallRecord] {
        state.withLock { records in
            records.filter { (type == nil || $0.type == type) && (call == nil || $0.call == call) }
        }
    }

    /// `Type.call` for every call so far, in order: handy for asserting a whole sequence.
    public var calls: [String] { records.map { "\($0.type).\($0.call)" } }

    public var count: Int { state.withLock { $0.count } }

    public func removeAll() {
        state.withLock { $0.removeAll() }
    }
}
