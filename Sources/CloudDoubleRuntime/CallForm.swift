/// The shape through which app code reached a call. One logical call (one stub slot, one fault
/// target, one name in the call log) may be exposed by the SDK in several forms.
public enum CallForm: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A plain synchronous method.
    case sync
    /// A property read.
    case get
    /// A property write.
    case set
    /// `async throws`.
    case async
    /// A completion handler `(T?, Error?) -> Void`.
    case completion
    /// A completion handler `(Result<T, Error>) -> Void`.
    case result
    /// An operation object handed to the SDK (`database.add(operation)`).
    case operation
    /// An event on its way to a listener the app registered (`observe(_:with:)`): what listener
    /// fault rules select (``FaultRule/failListener(_:on:probability:with:after:)``).
    case listener
    /// A listener's registration removed, as the call log shows it.
    case remove
    /// A call whose result is an `AsyncSequence` (an `AsyncThrowingStream`, `some AsyncSequence`,
    /// a paginator), declared `AsyncThrowingStream<T, any Error>` in the protocols.
    case stream
    /// An element on its way from a `stream` call's stream to the app: what element fault rules
    /// select (``FaultSelector/elements(of:)``), numbered across the call's streams.
    case element

    public var description: String { rawValue }

    /// Whether this is something on its way to the app (a listener's event, a stream's element)
    /// rather than a call: a selector without a form never matches it.
    var isDelivery: Bool { self == .listener || self == .element }
}
