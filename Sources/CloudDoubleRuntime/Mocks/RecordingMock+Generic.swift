/// The members of a generic call whose result mentions its generic parameter (Firestore's
/// `getDocument<T: Decodable>(as: T.Type) async throws -> T`). The call's key cannot name `T`, so
/// its stubs are kept as `Any` and cast to the result here, at the call, where `T` is known.
extension RecordingMock {
    /// An `async throws` generic member: the stub, cast to `Value`; with no stub,
    /// ``UnstubbedCallError``. `result` is the result as the description writes it (`T`).
    @_spi(Generated) public func respondCasting_<A, Value>(_ call: String, _ arguments: A, result: String) throws -> Value {
        try recorder_.respondCasting(call, .async, arguments, result: result)
    }

    /// A synchronous `throws` generic member, answered the same way.
    @_spi(Generated) public func respondThrowingCasting_<A, Value>(_ call: String, _ arguments: A, result: String) throws -> Value {
        try recorder_.respondCasting(call, .sync, arguments, result: result)
    }
}

extension MockRecorder {
    /// Records the call and answers with its stub (kept as `Any`) as the `Value` the app asked
    /// for. A cassette sees `Value`, so it records and plays back the type the app decodes.
    func respondCasting<A, Value>(_ call: String, _ form: CallForm, _ arguments: A, result: String) throws -> Value {
        let (stub, cassette): (Stub<A, Any>?, Cassette?) = record(call, form, arguments)
        func answer() throws -> Value {
            guard let stub else { throw unstubbed(call, form, arguments, Value.self) }
            return try cast(stub.resolve(arguments), call, result: result)
        }
        guard let cassette else { return try answer() }
        return try cassette.respond(type: typeName, call: call, form: form, arguments: arguments, stubbed: stub != nil, answer: answer)
    }

    /// `value` as the `Value` the app asked for; else the error of a stub of another type,
    /// recorded first as a failure of the running test, as a missing stub is.
    func cast<Value>(_ value: Any, _ call: String, result: String) throws -> Value {
        if let value = value as? Value { return value }
        let error = MismatchedStubError(
            mock: mockName, call: call, stubbed: String(describing: type(of: value)), result: result, expected: String(describing: Value.self))
        TestFailure.record("CloudDouble: \(error.description)")
        throw error
    }
}

/// Raised when a generic call's stub is not of the type the app asked for: stubbed with a
/// `Note`, called as `getDocument(as: Invite.self)`.
public struct MismatchedStubError: Error, CustomStringConvertible, Sendable {
    public let mock: String
    public let call: String
    /// The stubbed value's type.
    public let stubbed: String
    /// The call's result as described (`T`).
    public let result: String
    /// What the result is at this call (`Invite`).
    public let expected: String

    public var description: String {
        "\(mock).\(call) was stubbed with a \(stubbed), but this call returns \(result) = \(expected); "
            + "stub it with a value of the type the app asks for"
    }
}
