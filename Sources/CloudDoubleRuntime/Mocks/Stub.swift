/// A typed name for one call (or operation) of one described type: `Arguments_` are the call's
/// arguments (a single type, a labelled tuple, or `Void`), `Value_` what the call returns. (Names
/// generated code implements end in `_`, a spelling no description name can take: the key type's
/// static members are the description's call ids, which may be `Arguments` or `Value`.)
///
/// Generated code declares one key type per described type (`CloudDatabaseCall<Arguments_, Value_>`)
/// and one key per call as a static property in a constrained extension of that type. So a
/// test writes `mock.stub(.fetchRecord, .value(record))`, `mock.callCount(.fetchRecord)` or
/// `FaultRule.fail(.call(CloudDatabaseCall.fetchRecord), with: "zoneBusy")`, the compiler checks
/// the name and the value's type, and it only ever searches the keys of that one type (so these
/// expressions cost the same to type-check however many mocks the module has). A key is only a
/// name; it holds no state.
public protocol CallKey<Arguments_, Value_>: Sendable, Hashable, CustomStringConvertible {
    associatedtype Arguments_
    associatedtype Value_
    /// The described type's name, as in the call log and fault events (`Database`).
    static var typeName_: String { get }
    /// The call's id (`fetchRecord`), the same for every form of the call.
    var id_: String { get }
}

extension CallKey {
    /// The described type's name, as in the call log and fault events (`Database`).
    public static var typeName: String { typeName_ }
    /// The call's id (`fetchRecord`), the same for every form of the call.
    public var id: String { id_ }
    /// `Database.fetchRecord`.
    public var description: String { "\(Self.typeName).\(id)" }
}

/// A canned response for a call.
public enum Stub<Arguments, Value>: @unchecked Sendable {
    /// Return this value.
    case value(Value)
    /// Fail with this error (thrown, or delivered to the completion handler).
    case error(any Error)
    /// Compute the response from the call's arguments; throwing fails the call.
    case handler(@Sendable (Arguments) throws -> Value)

    @inlinable
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
///
/// The mock also records a failure in the running test (a Swift Testing issue or an XCTest
/// failure) with the same text, before the error reaches the app's code: a `catch` or a retry
/// loop in the app cannot hide a missing stub.
public struct UnstubbedCallError: Error, CustomStringConvertible, Sendable {
    public let mock: String
    public let call: String
    public let form: CallForm
    /// The call's arguments, as `String(describing:)` prints them.
    public let arguments: String
    /// The line that stubs the call (`mock.stub(.fetchRecord, .value(<CKRecord>))`).
    public let fix: String

    init<Arguments, Value>(mock: String, call: String, form: CallForm, arguments: Arguments, value _: Value.Type) {
        self.mock = mock
        self.call = call
        self.form = form
        self.arguments = Arguments.self == Void.self ? "()" : String(describing: arguments)
        self.fix = "mock.stub(.\(call), .value(<\(Value.self)>))"
    }

    public var description: String {
        "\(mock).\(call) was called (\(form) form) with \(arguments) but has no stub and no default result; "
            + "stub it first: \(fix)"
    }
}
