/// A call that registers closures and returns a registration (`"listener"` on a call): Firebase's
/// `observe(_:with:withCancel:) -> DatabaseHandle`, removed by `removeObserver(withHandle:)`;
/// Firestore's `addSnapshotListener(_:) -> ListenerRegistration`, removed by `remove()` on it.
public struct ListenerSpec: Sendable {
    /// The parameter whose closure receives the events: `(Event) -> Void`, or one closure for
    /// events and errors, `(Event?, (any Error)?) -> Void`.
    public var values: Located<String>
    /// The parameter whose closure receives an error, which ends the listener; `nil` when there
    /// is none or `values` takes errors too.
    public var errors: Located<String>?
    public var removal: Removal
    /// The registration protocol refines `NSObjectProtocol` (Firestore's `ListenerRegistration`,
    /// an Objective-C protocol), so the doubles' registrations subclass `NSObject`; object style
    /// only. `nil` when not written.
    public var refinesNSObjectProtocol: Located<Bool>? = nil
    public var location: SourceLocation

    /// How the app removes a registration.
    public enum Removal: Sendable {
        /// A call of the same type whose one parameter is the handle the listener returned
        /// (`"removedBy": "removeObserver"`).
        case call(Located<String>)
        /// A method without arguments on the registration object the listener returned
        /// (`"removeMethod": "remove"`).
        case method(Located<String>)
    }
}
