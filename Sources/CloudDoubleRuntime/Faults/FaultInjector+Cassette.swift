import Dispatch

/// The forms of a wrapper's calls besides `async` (``FaultInjector/perform(_:_:_:arguments:isolation:_:)``)
/// on the injector's ``FaultInjector/cassette``: synchronous calls, property reads, completion
/// handlers and `Result` handlers. In record mode the app's handler is wrapped so that what it
/// receives (the wrapped object's answer, or an injected fault) is written to the call's line,
/// placed when the call was made. In playback the wrapped object is not called and no rule is
/// consulted: the handler gets the recorded answer, later, on a background queue, as the SDK
/// delivers. Without a cassette each form is what it was: the fault engine, then the call.
extension FaultInjector {
    /// A synchronous call or a property read. It cannot fail, so no rule applies to it; with a
    /// cassette it is recorded, or answered from it (a mismatch fails the test and asks `body`).
    @inlinable
    @_spi(Generated) public func respond<Arguments, Value>(
        _ type: String, _ call: String, _ form: CallForm, arguments: Arguments, _ body: () -> Value
    ) -> Value {
        guard let cassette else { return body() }
        return (try? cassette.respond(type: type, call: call, form: form, arguments: arguments, stubbed: false, answer: body)) ?? body()
    }

    /// A completion handler `(Value, Error?)`: `fail` calls it with an error (and the value the
    /// SDK passes with one); `proceed` makes the wrapped call with the handler it is given.
    @_spi(Generated) public func complete<Arguments, Value>(
        _ type: String, _ call: String, _ form: CallForm, arguments: Arguments,
        handler: @escaping (Value, (any Error)?) -> Void, fail: @escaping (any Error) -> Void,
        proceed: @escaping (_ handler: @escaping @Sendable (Value, (any Error)?) -> Void) -> Void
    ) {
        let app = UncheckedBox(handler)
        complete(
            type, call, form, arguments: arguments, as: Value.self,
            replay: { result in
                switch result {
                case .success(let value): app.value(value, nil)
                case .failure(let error): fail(error)
                }
            }, fail: fail
        ) { heard in
            proceed { value, error in
                heard?(error.map { .failure($0) } ?? .success(value))
                app.value(value, error)
            }
        }
    }

    /// A completion handler `(Error?)`, for calls without a result.
    @_spi(Generated) public func complete<Arguments>(
        _ type: String, _ call: String, _ form: CallForm, arguments: Arguments,
        handler: @escaping ((any Error)?) -> Void, fail: @escaping (any Error) -> Void,
        proceed: @escaping (_ handler: @escaping @Sendable ((any Error)?) -> Void) -> Void
    ) {
        let app = UncheckedBox(handler)
        complete(
            type, call, form, arguments: arguments, as: Void.self,
            replay: { result in
                switch result {
                case .success: app.value(nil)
                case .failure(let error): fail(error)
                }
            }, fail: fail
        ) { heard in
            proceed { error in
                heard?(error.map { .failure($0) } ?? .success(()))
                app.value(error)
            }
        }
    }

    /// A `Result` handler.
    @_spi(Generated) public func complete<Arguments, Value>(
        _ type: String, _ call: String, _ form: CallForm, arguments: Arguments,
        handler: @escaping (Result<Value, any Error>) -> Void,
        proceed: @escaping (_ handler: @escaping @Sendable (Result<Value, any Error>) -> Void) -> Void
    ) {
        let app = UncheckedBox(handler)
        complete(type, call, form, arguments: arguments, as: Value.self, replay: handler, fail: { handler(.failure($0)) }) { heard in
            proceed { result in
                heard?(result)
                app.value(result)
            }
        }
    }

    /// A `Result` handler with per-item results (``complete(_:_:_:deliver:request:merge:proceed:)``),
    /// recorded as the app receives it: item faults merged in.
    @_spi(Generated) public func complete<Arguments, Value>(
        _ type: String, _ call: String, _ form: CallForm, arguments: Arguments, deliver: @escaping (Result<Value, any Error>) -> Void,
        request: (ItemFaults) -> Void, merge: @escaping (Value, ItemFaults) -> Value,
        proceed: @escaping (_ items: ItemFaults, _ deliver: @escaping @Sendable (Result<Value, any Error>) -> Void) -> Void
    ) {
        guard let cassette, cassette.tapes(Value.self) else {
            return complete(type, call, form, deliver: deliver, request: request, merge: merge, proceed: proceed)
        }
        guard cassette.mode == .record else { return play(cassette, type, call, form, arguments, replay: deliver) }
        let line = cassette.reserve(type, call, form, arguments)
        complete(
            type, call, form,
            deliver: { result in
                line.fill(result)
                deliver(result)
            }, request: request, merge: merge, proceed: proceed)
    }

    /// The cassette's part of every handler form. `replay` gives the app a recorded answer;
    /// `proceed` makes the wrapped call, passing the answer the app gets to `heard` (`nil`
    /// without a recording cassette) before the app gets it.
    private func complete<Arguments, Value>(
        _ type: String, _ call: String, _ form: CallForm, arguments: Arguments, as _: Value.Type,
        replay: @escaping (Result<Value, any Error>) -> Void, fail: @escaping (any Error) -> Void,
        proceed: @escaping (_ heard: (@Sendable (Result<Value, any Error>) -> Void)?) -> Void
    ) {
        guard let cassette, cassette.tapes(Value.self) else {
            return complete(type, call, form, fail: fail) { proceed(nil) }
        }
        guard cassette.mode == .record else { return play(cassette, type, call, form, arguments, replay: replay) }
        let line = cassette.reserve(type, call, form, arguments)
        complete(
            type, call, form,
            fail: { error in
                line.fill(Result<Value, any Error>.failure(error))
                fail(error)
            }
        ) {
            proceed { line.fill($0) }
        }
    }

    /// Playback: the recorded answer (or the mismatch), delivered later on a background queue.
    private func play<Arguments, Value>(
        _ cassette: Cassette, _ type: String, _ call: String, _ form: CallForm, _ arguments: Arguments,
        replay: @escaping (Result<Value, any Error>) -> Void
    ) {
        let answer = Result<Value, any Error> { try cassette.play(type, call, form, cassette.codecs.describe(arguments)) }
        let work = UncheckedBox { replay(answer) }
        DispatchQueue.global().async { work.value() }
    }
}
