/// What a mock keeps for one call id: the arguments of every call, whatever its form, and the
/// stubbed responses. A value in the mock's state, behind its lock.
@usableFromInline
struct CallState {
    /// The arguments of every call, oldest first. One call id can see more than one type (a
    /// property's reads pass `()`, its writes the value), so they are kept as `Any`.
    @usableFromInline var arguments = AppendOnlyList<Any>()
    /// The stubbed responses, each a `Stub<Arguments, Value>`; `nil` when none was set.
    @usableFromInline var stubs: StubQueue?

    @usableFromInline init() {}

    /// Appends a call's arguments; returns the response that answers it.
    @inlinable
    mutating func record<Arguments, Value>(_ arguments: Arguments) -> Stub<Arguments, Value>? {
        self.arguments.append(arguments)
        return stubs?.next(Arguments.self, Value.self)
    }

    /// The response that would answer the next call, without recording one or taking it from
    /// the queue (a call the test makes, `TestSetUp`).
    @inlinable
    func peek<Arguments, Value>(_: Arguments.Type, _: Value.Type) -> Stub<Arguments, Value>? {
        stubs?.peek(Arguments.self, Value.self)
    }

    /// The arguments of every call that were an `Arguments`, oldest first.
    func arguments<Arguments>(as _: Arguments.Type) -> [Arguments] {
        arguments.elements.compactMap { $0 as? Arguments }
    }
}

/// A call's stubbed responses: each call takes the next one; the last one answers every later call.
@usableFromInline
struct StubQueue {
    /// The responses, typed by the call key's argument and value types: a call asks for them with
    /// a class cast (`typed`), which compares class metadata, where a cast from `Any` to
    /// `Stub<Arguments, Value>` goes through the runtime's general cast.
    @usableFromInline let responses: AnyObject
    @usableFromInline var position = 0

    init<Arguments, Value>(responses: [Stub<Arguments, Value>]) {
        self.responses = StubResponses(responses)
    }

    /// The response for the next call, taken from the queue (the last one stays); `nil` when
    /// there is none, or the stubs were set for other argument or value types.
    @inlinable
    mutating func next<Arguments, Value>(_: Arguments.Type, _: Value.Type) -> Stub<Arguments, Value>? {
        guard let responses = typed(Arguments.self, Value.self), position < responses.stubs.count else { return nil }
        let response = responses.stubs[position]
        if position < responses.stubs.count - 1 { position += 1 }
        return response
    }

    /// The response for the next call, left in the queue.
    @inlinable
    func peek<Arguments, Value>(_: Arguments.Type, _: Value.Type) -> Stub<Arguments, Value>? {
        guard let responses = typed(Arguments.self, Value.self), position < responses.stubs.count else { return nil }
        return responses.stubs[position]
    }

    /// The responses, when they were set for these types.
    @inlinable
    func typed<Arguments, Value>(_: Arguments.Type, _: Value.Type) -> StubResponses<Arguments, Value>? {
        responses as? StubResponses<Arguments, Value>
    }
}

/// The stubs of one call, as ``StubQueue`` holds them. Never changed once made.
@usableFromInline
final class StubResponses<Arguments, Value> {
    @usableFromInline let stubs: [Stub<Arguments, Value>]

    init(_ stubs: [Stub<Arguments, Value>]) {
        self.stubs = stubs
    }
}
