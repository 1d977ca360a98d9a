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
/// recorded call takes one lock for its argument history, its stub and its log entry. An entry is
/// small: it names the call's slot (mock, call id) and the call's place in that slot's argument
/// history, where the arguments are kept once, unboxed; ``records`` builds the ``CallRecord``s
/// when they are asked for.
public final class CallLog: Sendable {
    /// Everything behind the log's lock.
    @usableFromInline
    struct Storage {
        @usableFromInline var entries: [Entry] = []
        /// Every slot an entry can name, by index; slots are never removed.
        var slots: [CallSlot] = []
        /// The slots of calls appended directly (``append(type:call:form:arguments:)``).
        var directSlots: [DirectKey: CallSlot] = [:]
        /// The slot of the last direct append, found without hashing when the next is the same.
        var lastDirectSlot: CallSlot?
        /// The arguments of direct appends, in order (their entries' positions index this).
        var directArguments: [Any] = []
        /// The cassette the mocks that write to this log record to or play back from.
        @usableFromInline var cassette: Cassette?
    }

    /// One logged call: its slot, its place in the slot's history, its form.
    @usableFromInline
    struct Entry {
        let slot: UInt32
        let form: CallForm
        // 32 bits, as the slot: an entry is 12 bytes, not 16, and a long test's log touches a
        // quarter less memory (docs/Benchmarks.md).
        let storedPosition: UInt32

        var position: Int { Int(storedPosition) }

        @usableFromInline
        init(slot: UInt32, form: CallForm, position: Int) {
            self.slot = slot
            self.form = form
            self.storedPosition = UInt32(truncatingIfNeeded: position)
        }
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
            storage.directArguments.append(arguments)
            storage.log(slot, form: form, position: storage.directArguments.count - 1)
            return storage.entries.count
        }
    }

    /// Every call so far, in order.
    public var records: [CallRecord] { records(type: nil, call: nil) }

    /// The calls so far, optionally only those of one described type and/or call id.
    public func records(type: String? = nil, call: String? = nil) -> [CallRecord] {
        storage.withLock { storage in
            var records: [CallRecord] = []
            for (index, entry) in storage.entries.enumerated() {
                let slot = storage.slots[Int(entry.slot)]
                guard type == nil || slot.typeName == type, call == nil || slot.call == call else { continue }
                records.append(CallRecord(
                    sequence: index + 1, type: slot.typeName, call: slot.call, form: entry.form,
                    arguments: slot.isDirect ? storage.directArguments[entry.position] : slot.argument(at: entry.position)))
            }
            return records
        }
    }

    /// `Type.call` for every call so far, in order: handy for asserting a whole sequence.
    public var calls: [String] {
        storage.withLock { storage in
            storage.entries.map { entry in
                let slot = storage.slots[Int(entry.slot)]
                return "\(slot.typeName).\(slot.call)"
            }
        }
    }

    public var count: Int { storage.withLock { $0.entries.count } }

    /// The cassette the mocks writing to this log record to or play back from (``Cassette/attach(to:)``).
    public var cassette: Cassette? { storage.withLock { $0.cassette } }

    /// Forgets the log's entries (the mocks keep their own argument histories).
    public func removeAll() {
        storage.withLock { storage in
            storage.entries.removeAll()
            storage.directArguments.removeAll()
        }
    }
}

extension CallLog.Storage {
    /// A new slot, numbered for entries to name.
    @usableFromInline
    mutating func makeSlot(type: String, call: String, direct: Bool = false) -> CallSlot {
        let slot = CallSlot(typeName: type, call: call, index: UInt32(truncatingIfNeeded: slots.count), direct: direct)
        slots.append(slot)
        return slot
    }

    @inlinable
    mutating func log(_ slot: CallSlot, form: CallForm, position: Int) {
        entries.append(CallLog.Entry(slot: slot.index, form: form, position: position))
    }
}

/// One call of one mock (or one type and call appended to a log directly): the arguments of
/// every call, oldest first, and the stubbed responses. Only ever touched under the lock of the
/// log it belongs to, which is what makes the `@unchecked Sendable` true.
@usableFromInline
final class CallSlot: @unchecked Sendable {
    @usableFromInline let typeName: String
    @usableFromInline let call: String
    /// Its index in the log's slots, which entries name.
    @usableFromInline let index: UInt32
    /// A slot of direct appends: the log keeps their arguments itself (`Storage.directArguments`).
    let isDirect: Bool

    /// The arguments, typed while every call passes the same type (the usual case; each is
    /// stored unboxed), boxed as `Any` once two types meet (a property's reads and writes).
    @exclusivity(unchecked) @usableFromInline var history: ArgumentHistory?
    /// `Arguments` of a typed history; `nil` for none yet, or a mixed one.
    @exclusivity(unchecked) @usableFromInline var historyType: ObjectIdentifier?

    /// The stubbed responses, and their `Arguments` and `Value` types.
    @exclusivity(unchecked) @usableFromInline var stubs: AnyStubQueue?
    @exclusivity(unchecked) @usableFromInline var stubTypes: (arguments: ObjectIdentifier, value: ObjectIdentifier)?

    init(typeName: String, call: String, index: UInt32, direct: Bool) {
        self.typeName = typeName
        self.call = call
        self.index = index
        self.isDirect = direct
    }

    // MARK: History

    var count: Int { history?.count ?? 0 }

    /// Appends one call's arguments; returns their position.
    @inlinable
    func append<Arguments>(_ arguments: Arguments) -> Int {
        if historyType == ObjectIdentifier(Arguments.self), let history {
            return unsafeDowncast(history, to: TypedHistory<Arguments>.self).append(arguments)
        }
        return appendSlowly(arguments)
    }

    /// The first call, or arguments of another type than those before.
    @usableFromInline
    func appendSlowly<Arguments>(_ arguments: Arguments) -> Int {
        guard let history else {
            history = TypedHistory<Arguments>()
            historyType = ObjectIdentifier(Arguments.self)
            return append(arguments)
        }
        if historyType != nil {
            self.history = MixedHistory(history.all())
            historyType = nil
        }
        return self.history!.appendAny(arguments)
    }

    /// The arguments of every call that were an `Arguments`, oldest first.
    func arguments<Arguments>(as _: Arguments.Type) -> [Arguments] {
        guard let history else { return [] }
        if historyType == ObjectIdentifier(Arguments.self) {
            return unsafeDowncast(history, to: TypedHistory<Arguments>.self).values
        }
        return history.all().compactMap { $0 as? Arguments }
    }

    func argument(at position: Int) -> Any {
        history?.value(at: position) ?? ()
    }

    // MARK: Stubs

    func setStubs<Arguments, Value>(_ responses: [Stub<Arguments, Value>]) {
        stubs = StubQueue(responses)
        stubTypes = (ObjectIdentifier(Arguments.self), ObjectIdentifier(Value.self))
    }

    /// The response for the next call, taken from the queue (the last one stays); `nil` when
    /// there is none for these types.
    @inlinable
    func nextStub<Arguments, Value>(_: Arguments.Type, _: Value.Type) -> ((Arguments) throws -> Value)? {
        guard let stubs, let types = stubTypes, types.arguments == ObjectIdentifier(Arguments.self),
            types.value == ObjectIdentifier(Value.self)
        else { return nil }
        return unsafeDowncast(stubs, to: StubQueue<Arguments, Value>.self).next()
    }
}

/// The arguments of a slot's calls.
@usableFromInline
class ArgumentHistory {
    var count: Int { 0 }
    func value(at position: Int) -> Any { () }
    func all() -> [Any] { [] }
    func appendAny(_ value: Any) -> Int { preconditionFailure("only a mixed history takes any value") }
}

/// Every call passed an `Arguments`: kept unboxed.
@usableFromInline
final class TypedHistory<Arguments>: ArgumentHistory {
    @exclusivity(unchecked) @usableFromInline var values: [Arguments] = []

    @inlinable
    func append(_ value: Arguments) -> Int {
        values.append(value)
        return values.count - 1
    }

    override var count: Int { values.count }
    override func value(at position: Int) -> Any { values[position] }
    override func all() -> [Any] { values.map { $0 } }
}

/// Calls passed arguments of different types (a property read passes `()`, a write the value).
final class MixedHistory: ArgumentHistory {
    private var values: [Any]

    init(_ values: [Any]) {
        self.values = values
    }

    override var count: Int { values.count }
    override func value(at position: Int) -> Any { values[position] }
    override func all() -> [Any] { values }
    override func appendAny(_ value: Any) -> Int {
        values.append(value)
        return values.count - 1
    }
}

@usableFromInline
class AnyStubQueue {}

/// A call's stubbed responses: each call takes the next one; the last one answers every later call.
@usableFromInline
final class StubQueue<Arguments, Value>: AnyStubQueue {
    @usableFromInline let responses: [(Arguments) throws -> Value]
    @exclusivity(unchecked) @usableFromInline var position = 0

    init(_ stubs: [Stub<Arguments, Value>]) {
        // One closure per case, decided now: switching on the generic enum at each call would
        // cost a metadata lookup.
        responses = stubs.map { stub -> (Arguments) throws -> Value in
            switch stub {
            case .value(let value): return { _ in value }
            case .error(let error): return { _ in throw error }
            case .handler(let body): return body
            }
        }
    }

    @inlinable
    func next() -> ((Arguments) throws -> Value)? {
        guard position < responses.count else { return nil }
        let response = responses[position]
        if position < responses.count - 1 { position += 1 }
        return response
    }
}
