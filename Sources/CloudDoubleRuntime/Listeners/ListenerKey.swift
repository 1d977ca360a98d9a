/// A listener call of one described type, with the type of the events its listener receives:
/// the key of `mock.registrations(.observe)` and of listener fault rules
/// (`.failListener(.listener(CloudFeedListener.observe), …)`). Generated per described type
/// with listeners (`CloudFeedListener<Event_>`), as call keys are.
public protocol ListenerKey<Event_>: Sendable, Hashable, CustomStringConvertible {
    associatedtype Event_
    /// The described type's name, as in the call log and fault events (`Feed`).
    static var typeName_: String { get }
    /// The listener call's id (`observe`).
    var id_: String { get }
}

extension ListenerKey {
    /// `Feed.observe`.
    public var description: String { "\(Self.typeName_).\(id_)" }
}

extension FaultSelector {
    /// The events on their way to one listener call's registrations: what the listener rules
    /// select (``FaultRule/failListener(_:on:probability:with:after:)``).
    public static func listener<Key: ListenerKey>(_ key: Key) -> FaultSelector {
        FaultSelector(type: Key.typeName_, call: key.id_, form: .listener)
    }
}
