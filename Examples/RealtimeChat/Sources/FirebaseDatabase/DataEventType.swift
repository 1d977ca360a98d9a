// Transcribed from firebase/firebase-ios-sdk, FirebaseDatabase/Sources/Public/FirebaseDatabase/FIRDataEventType.h
// at commit eed63a35a90dbd46184ca1a6afeb144ee783b5fd, as Swift imports it
// (`typedef NS_ENUM(NSInteger, FIRDataEventType) … NS_SWIFT_NAME(DataEventType)`).

/// The set of events that can be observed at a Firebase Database location.
public enum DataEventType: Int, Sendable {
    /// A new child node is added to a location.
    case childAdded = 0
    /// A child node is removed from a location.
    case childRemoved = 1
    /// A child node at a location changes.
    case childChanged = 2
    /// A child node moves relative to the other child nodes at a location.
    case childMoved = 3
    /// Any data changes at a location or, recursively, at any child node.
    case value = 4
}
