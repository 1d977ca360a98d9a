/// One call as a slot keeps it: the arguments, and the call's place in its log, which is how the
/// log's order across slots is found again when the whole log is read (``CallLog/records``).
@usableFromInline
struct RecordedCall<Arguments> {
    @usableFromInline let arguments: Arguments
    /// The log's count of calls when this one was made (``CallLog/Storage/nextSequence``), or
    /// ``notLogged`` for history that has no log entry (an operation, whose `add` call is logged).
    /// 32 bits, as the log's entries were: with a small argument a call takes 16 bytes.
    @usableFromInline let sequence: UInt32
    @usableFromInline let form: CallForm

    @usableFromInline static var notLogged: UInt32 { .max }

    @inlinable
    init(_ arguments: Arguments, sequence: UInt32, form: CallForm) {
        self.arguments = arguments
        self.sequence = sequence
        self.form = form
    }

    var isLogged: Bool { sequence != Self.notLogged }
}

/// The calls of one slot, oldest first.
@usableFromInline
class ArgumentHistory {
    var count: Int { 0 }
    /// Every call, oldest first, with its arguments boxed.
    func forEach(_ body: (RecordedCall<Any>) -> Void) {}
    func appendAny(_ call: RecordedCall<Any>) { preconditionFailure("only a mixed history takes any value") }
}

/// Every call passed an `Arguments`: kept unboxed, in chunks that never move. A call appends one
/// element; a full chunk is followed by a new one, twice as large up to ``largestChunk``, so
/// growing never copies the calls already kept (an array's growth copies them and touches the
/// new pages twice; see docs/Benchmarks.md).
@usableFromInline
final class TypedHistory<Arguments>: ArgumentHistory {
    @usableFromInline typealias Element = RecordedCall<Arguments>

    /// The chunk calls are appended to, how many it holds and how many it can.
    @exclusivity(unchecked) @usableFromInline var current: UnsafeMutablePointer<Element>?
    @exclusivity(unchecked) @usableFromInline var used = 0
    @exclusivity(unchecked) @usableFromInline var capacity = 0
    /// The full chunks before it, oldest first.
    var full: [UnsafeMutableBufferPointer<Element>] = []
    private var fullCount = 0

    /// Elements in the largest chunk: 64 KiB of 16-byte calls, below the size at which `malloc`
    /// maps fresh pages for each chunk.
    static var largestChunk: Int { 4096 }

    override init() {}

    deinit {
        for chunk in full {
            chunk.baseAddress!.deinitialize(count: chunk.count)
            chunk.baseAddress!.deallocate()
        }
        if let current {
            current.deinitialize(count: used)
            current.deallocate()
        }
    }

    @inlinable
    func append(_ call: Element) {
        if used == capacity { addChunk() }
        (current.unsafelyUnwrapped + used).initialize(to: call)
        used += 1
    }

    @usableFromInline
    func addChunk() {
        if let current {
            full.append(UnsafeMutableBufferPointer(start: current, count: used))
            fullCount += used
        }
        capacity = Swift.min(Swift.max(capacity * 2, 8), Self.largestChunk)
        current = .allocate(capacity: capacity)
        used = 0
    }

    override var count: Int { fullCount + used }

    /// Every call, oldest first.
    func forEachTyped(_ body: (Element) -> Void) {
        for chunk in full { chunk.forEach(body) }
        if let current { UnsafeBufferPointer(start: current, count: used).forEach(body) }
    }

    var arguments: [Arguments] {
        var arguments: [Arguments] = []
        arguments.reserveCapacity(count)
        forEachTyped { arguments.append($0.arguments) }
        return arguments
    }

    override func forEach(_ body: (RecordedCall<Any>) -> Void) {
        forEachTyped { body(RecordedCall($0.arguments, sequence: $0.sequence, form: $0.form)) }
    }
}

/// Calls passed arguments of different types (a property read passes `()`, a write the value).
final class MixedHistory: ArgumentHistory {
    private var calls: [RecordedCall<Any>] = []

    init(_ history: ArgumentHistory) {
        super.init()
        calls.reserveCapacity(history.count + 1)
        history.forEach { calls.append($0) }
    }

    override var count: Int { calls.count }
    override func forEach(_ body: (RecordedCall<Any>) -> Void) { calls.forEach(body) }
    override func appendAny(_ call: RecordedCall<Any>) { calls.append(call) }
}
