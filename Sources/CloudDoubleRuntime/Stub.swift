/// A typed handle for one call of one mock: `Mock` is the mock class, `Arguments` the call's
/// arguments (a single type, a labelled tuple, or `Void`), `Value` what the call returns.
///
/// Generated code declares one per call as a static computed property in a constrained
/// extension, so a test writes `mock.stub(.fetchRecord, .value(record))` and the compiler checks
/// the value's type. It is only a name; it holds no state.
public struct CallKey<Mock, Arguments, Value>: Sendable, Hashable {
    public let id: String

    public init(_ id: String) {
        self.id = id
    }
}

/// A canned response for a call.
public enum Stub<Arguments, Value>: @unchecked Sendable {
    /// Return this value.
    case value(Value)
    /// Fail with this error (thrown, or delivered to the completion handler).
    case error(any Error)
    /// Compute the response from the call's arguments; throwing fails the call.
    case handler(@Sendable (Arguments) throws -> Value)

    func resolve(_ arguments: Arguments) throws -> Value {
        switch self {
        case .value(let value): return value
        case .error(let error): throw error
        case .handler(let body): return try body(arguments)
        }
    }
}

/// Raised (thrown, or delivered to the completion handler) when a mock is called with no stub
/// and its result cannot be defaulted. It names the call so the test's failure says what to stub.
public struct UnstubbedCallError: Error, CustomStringConvertible, Sendable {
    public let mock: String
    public let call: String
    public let form: CallForm

    public var description: String {
        "\(mock).\(call) was called (\(form) form) but has no stub and no default result; "
            + "stub it first, e.g. mock.stub(.\(call), .value(...))"
    }
}
