/// Calls that take a non-escaping closure (Couchbase Lite's `inBatch(using:)`, whose `NS_NOESCAPE`
/// block the SDK runs before it returns). The generated member makes the closure escapable for the
/// duration of the call (`withoutActuallyEscaping`) and hands it to a stub's handler, so
/// `.handler { block in try block() }` runs it as the SDK would; the history and the log keep a
/// placeholder instead, since the closure must not outlive the call (a handler that keeps it
/// traps when the call returns, as `withoutActuallyEscaping` checks).
extension RecordingMock {
    /// A synchronous, non-throwing member: the stub (given `arguments`), else `fallback`;
    /// `recorded` is what `arguments(.call)` and the log show.
    @inlinable
    @_spi(Generated) public func respondWithoutFailing_<A, V>(_ call: String, _ arguments: A, recorded: A, fallback: V) -> V {
        recorder_.respondWithoutFailing(call, .sync, arguments, recorded: recorded, backed: nil, fallback: fallback)
    }

    /// A synchronous `throws` member: the stub (given `arguments`), else `fallback`; with
    /// neither, ``UnstubbedCallError``. `recorded` is what `arguments(.call)` and the log show.
    @inlinable
    @_spi(Generated) public func respondThrowing_<A, V>(_ call: String, _ arguments: A, recorded: A, fallback: V?) throws -> V {
        try recorder_.respond(call, .sync, arguments, recorded: recorded, backed: nil, fallback: fallback)
    }
}

/// The body of the placeholder kept for a non-escaping closure where a call's arguments are kept
/// (a mock's history and log, a cassette): calling it after the call returned fails the running
/// test, then stops, since the SDK's closure is gone. A function, not a mock's member, so that the
/// placeholder captures nothing.
@_spi(Generated) public func nonEscapingClosureCalled_(_ type: String, _ call: String, parameter: String) -> Never {
    let message =
        "CloudDouble: \(type).\(call): the closure \"\(parameter)\" is not @escaping, so what keeps the call's arguments keeps a placeholder, which cannot run it after the call returned (run it in a stub's handler)"
    TestFailure.record(message)
    fatalError(message)
}
