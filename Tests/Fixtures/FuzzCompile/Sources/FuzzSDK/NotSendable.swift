// An SDK class that is not Sendable, as most SDK objects are not marked (Firestore's
// `QuerySnapshot`): a stream of them must compile in every artifact.
public final class FuzzSnapshot {
    public var value = 0
    public init() {}
}

@available(*, unavailable)
extension FuzzSnapshot: Sendable {}
