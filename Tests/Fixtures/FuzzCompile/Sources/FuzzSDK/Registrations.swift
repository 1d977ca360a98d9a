import Foundation

// A listener registration refining `NSObjectProtocol`, as Firestore's `ListenerRegistration`:
// the doubles' registrations of a listener returning it must compile as `NSObject` subclasses.
public protocol FuzzObjectRegistration: NSObjectProtocol {
    func remove()
}
