extension AsyncThrowingStream.Continuation {
    /// Sends `element`, which need not be `Sendable`, to the stream's consumer.
    ///
    /// `yield` takes a `sending` element, one no other code can reach, which the compiler proves
    /// only for a value made just before; a mock's feed sends what the test gives it, a stub's
    /// elements or a cassette's tape, which it cannot prove of. It is safe all the same: a stream
    /// has one consumer, the app, and the producers here keep no use of an element once sent (a
    /// test that changes an element after feeding it races with the app, as it would with the SDK).
    /// The elements of SDK streams are mostly objects not marked `Sendable` (Firestore's
    /// `QuerySnapshot`), and an accepted description must compile with them.
    func yield(handingOver element: Element) {
        nonisolated(unsafe) let handedOver = element
        yield(handedOver)
    }
}
