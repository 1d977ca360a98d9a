/// The order of a completion handler's arguments: CloudKit's handlers take the value first,
/// `(T?, Error?)`; Firebase's take the error first, `(Error?, T?)`.
public enum HandlerOrder: String, Sendable, CaseIterable {
    case valueFirst, errorFirst
}
