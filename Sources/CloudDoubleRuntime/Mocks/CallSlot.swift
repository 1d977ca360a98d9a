/// One call of one mock (or one type and call appended to a log directly): every call made, with
/// its arguments and its place in the log, and the stubbed responses. Only ever touched under the
/// lock of the log it belongs to, which is what makes the `@unchecked Sendable` true.
///
/// A call is one append here and nothing else: the log's order across slots is kept by the
/// sequence number each call carries, and found again when the log is read (reads are rare,
/// calls are hot).
@usableFromInline
final class CallSlot: @unchecked Sendable {
    @usableFromInline let typeName: String
    @usableFromInline let call: String
    /// A slot of direct appends (``CallLog/append(type:call:form:arguments:)``): the log forgets
    /// its calls with its entries (``CallLog/removeAll()``), a mock's slot keeps them.
    let isDirect: Bool

    /// The calls, typed while every call passes the same type (the usual case; each is stored
    /// unboxed), boxed as `Any` once two types meet (a property's reads and writes).
    @exclusivity(unchecked) @usableFromInline var history: ArgumentHistory? {
        didSet { historyReference = history.map(Unmanaged.passUnretained) }
    }
    /// `history`, unretained: a call appends without retaining and releasing it.
    @exclusivity(unchecked) @usableFromInline var historyReference: Unmanaged<ArgumentHistory>?
    /// `Arguments` of a typed history; `nil` for none yet, or a mixed one.
    @exclusivity(unchecked) @usableFromInline var historyType: ObjectIdentifier?

    /// The stubbed responses, and their `Arguments` and `Value` types.
    @exclusivity(unchecked) @usableFromInline var stubs: AnyStubQueue? {
        didSet { stubsReference = stubs.map(Unmanaged.passUnretained) }
    }
    /// `stubs`, unretained, as `historyReference`.
    @exclusivity(unchecked) @usableFromInline var stubsReference: Unmanaged<AnyStubQueue>?
    @exclusivity(unchecked) @usableFromInline var stubTypes: (arguments: ObjectIdentifier, value: ObjectIdentifier)?

    init(typeName: String, call: String, direct: Bool) {
        self.typeName = typeName
        self.call = call
        self.isDirect = direct
    }

    // MARK: History

    var count: Int { history?.count ?? 0 }

    /// Appends one call.
    @inlinable
    func append<Arguments>(_ call: RecordedCall<Arguments>) {
        if historyType == ObjectIdentifier(Arguments.self), let historyReference {
            historyReference._withUnsafeGuaranteedRef { unsafeDowncast($0, to: TypedHistory<Arguments>.self).append(call) }
        } else {
            appendSlowly(call)
        }
    }

    /// The first call, or arguments of another type than those before.
    @usableFromInline
    func appendSlowly<Arguments>(_ call: RecordedCall<Arguments>) {
        guard let history else {
            history = TypedHistory<Arguments>()
            historyType = ObjectIdentifier(Arguments.self)
            return append(call)
        }
        if historyType != nil {
            self.history = MixedHistory(history)
            historyType = nil
        }
        self.history!.appendAny(RecordedCall(call.arguments, sequence: call.sequence, form: call.form))
    }

    /// The arguments of every call that were an `Arguments`, oldest first.
    func arguments<Arguments>(as _: Arguments.Type) -> [Arguments] {
        guard let history else { return [] }
        if historyType == ObjectIdentifier(Arguments.self) {
            return unsafeDowncast(history, to: TypedHistory<Arguments>.self).arguments
        }
        var arguments: [Arguments] = []
        history.forEach { call in
            if let typed = call.arguments as? Arguments { arguments.append(typed) }
        }
        return arguments
    }

    /// Forgets every call (a direct slot, when its log is cleared).
    func removeAll() {
        history = nil
        historyType = nil
    }

    // MARK: Stubs

    func setStubs<Arguments, Value>(_ responses: [Stub<Arguments, Value>]) {
        stubs = StubQueue(responses)
        stubTypes = (ObjectIdentifier(Arguments.self), ObjectIdentifier(Value.self))
    }

    /// The response for the next call, taken from the queue (the last one stays); `nil` when
    /// there is none for these types.
    @inlinable
    func nextStub<Arguments, Value>(_: Arguments.Type, _: Value.Type) -> Stub<Arguments, Value>? {
        guard let stubsReference, let types = stubTypes, types.arguments == ObjectIdentifier(Arguments.self),
            types.value == ObjectIdentifier(Value.self)
        else { return nil }
        return stubsReference._withUnsafeGuaranteedRef { unsafeDowncast($0, to: StubQueue<Arguments, Value>.self).next() }
    }
}

@usableFromInline
class AnyStubQueue {}

/// A call's stubbed responses: each call takes the next one; the last one answers every later call.
@usableFromInline
final class StubQueue<Arguments, Value>: AnyStubQueue {
    @usableFromInline let responses: [Stub<Arguments, Value>]
    @exclusivity(unchecked) @usableFromInline var position = 0

    init(_ responses: [Stub<Arguments, Value>]) {
        self.responses = responses
    }

    @inlinable
    func next() -> Stub<Arguments, Value>? {
        guard position < responses.count else { return nil }
        let response = responses[position]
        if position < responses.count - 1 { position += 1 }
        return response
    }
}
