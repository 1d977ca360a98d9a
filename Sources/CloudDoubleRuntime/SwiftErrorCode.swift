/// How an SDK that throws Swift error types (the AWS SDK for Swift's `ResourceNotFoundException`,
/// `UnknownAWSHTTPServiceError(typeName: "SlowDown")`) spells one code of its catalogue: how to
/// make the SDK's own error for it, and how to recognise one.
///
/// An ``ErrorModel`` with these makes injected errors of these codes as the SDK's own values (so
/// the app's `catch is ResourceNotFoundException` catches them), and reads the SDK's real errors
/// back to their codes, so ``RetryPolicy``, the catalogue's traits and ``ErrorDiagnosis``
/// classify a real error and an injected one by the same rules. Codes without one stay errors of
/// the model's domain.
public struct SwiftErrorCode: Sendable {
    /// The catalogue code this spells.
    public var code: Int
    /// Makes the SDK's error for the code.
    public var make: @Sendable () -> any Error
    /// Whether an error is one of this code.
    public var recognises: @Sendable (any Error) -> Bool

    public init(code: Int, make: @escaping @Sendable () -> any Error, recognises: @escaping @Sendable (any Error) -> Bool) {
        self.code = code
        self.make = make
        self.recognises = recognises
    }
}
