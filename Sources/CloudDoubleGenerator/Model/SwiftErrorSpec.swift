/// How an SDK that throws Swift error types spells one code of its catalogue (`"swiftError"` on
/// an error code): the type it throws, how to make one, and, when one type stands for several
/// codes (`UnknownAWSHTTPServiceError`), what tells this code's apart.
public struct SwiftErrorSpec: Sendable {
    /// The SDK's error type (`ResourceNotFoundException`): errors of it are this code's.
    public var type: DeclaredType
    /// Swift expression making the SDK's error (`ResourceNotFoundException(message: "…")`);
    /// `nil`: `<type>()`.
    public var make: Located<String>?
    /// Swift condition on `error`, the error as `type`, that tells this code's errors from the
    /// type's others (`error.typeName == "SlowDown"`); `nil`: every error of `type` is this code's.
    public var matches: Located<String>?
    public var location: SourceLocation
}
