/// How a stream a mock handed out ended, as the call log shows it after the stream call.
public enum StreamEnd: Sendable, Hashable, CustomStringConvertible {
    /// The stream finished after this many elements.
    case finished(elements: Int)
    /// The stream failed after this many elements, with the error's description.
    case failed(elements: Int, error: String)
    /// The app stopped listening (its task was cancelled, or it dropped the stream) after this many.
    case cancelled(elements: Int)

    public var description: String {
        switch self {
        case .finished(let count): return "finished after \(count) element(s)"
        case .failed(let count, let error): return "failed after \(count) element(s): \(error)"
        case .cancelled(let count): return "cancelled after \(count) element(s)"
        }
    }
}

/// One stream a mock handed out, for the test to drive: `yield` elements, then `finish()` or
/// `fail(_:)`. A mock makes one per call of a stream form, kept apart per call and reachable in
/// order (`mock.streams(.call)`); a stubbed list of elements is fed and finished at once.
/// Elements the app has not read yet are buffered. Elements need not be `Sendable` (an SDK's
/// objects mostly are not marked so): each goes from the test's task to the stream's one
/// consumer, the app, so a test hands an element over and leaves it to the app.
public final class StreamFeed<Element>: Sendable {
    private let continuation: AsyncThrowingStream<Element, any Error>.Continuation
    private let state = Locked(State())
    private let ended: @Sendable (StreamEnd) -> Void

    private struct State {
        var elements = 0
        var end: StreamEnd?
    }

    /// A feed and the stream it feeds; `ended` is told how the stream ended, once.
    static func make(ended: @escaping @Sendable (StreamEnd) -> Void) -> (feed: StreamFeed, stream: AsyncThrowingStream<Element, any Error>) {
        var made: AsyncThrowingStream<Element, any Error>.Continuation?
        let stream = AsyncThrowingStream { made = $0 }
        let feed = StreamFeed(made!, ended: ended)
        return (feed, stream)
    }

    private init(_ continuation: AsyncThrowingStream<Element, any Error>.Continuation, ended: @escaping @Sendable (StreamEnd) -> Void) {
        self.continuation = continuation
        self.ended = ended
        continuation.onTermination = { [weak self] termination in
            if case .cancelled = termination { self?.close { .cancelled(elements: $0) } }
        }
    }

    /// Sends an element to the app; ignored once the stream ended.
    public func yield(_ element: Element) {
        let open = state.withLock { state in
            guard state.end == nil else { return false }
            state.elements += 1
            return true
        }
        if open { continuation.yield(handingOver: element) }
    }

    /// Sends elements to the app, in order.
    public func yield(contentsOf elements: some Sequence<Element>) {
        for element in elements { yield(element) }
    }

    /// Ends the stream: the app's loop ends after the elements sent.
    public func finish() {
        close { .finished(elements: $0) }
        continuation.finish()
    }

    /// Fails the stream after the elements sent: the app's `for try await` throws `error`.
    public func fail(_ error: any Error) {
        close { .failed(elements: $0, error: String(describing: error)) }
        continuation.finish(throwing: error)
    }

    /// How many elements were sent.
    public var elementCount: Int { state.withLock { $0.elements } }

    /// How the stream ended; `nil` while it is open.
    public var end: StreamEnd? { state.withLock { $0.end } }

    private func close(_ make: (Int) -> StreamEnd) {
        let end: StreamEnd? = state.withLock { state in
            guard state.end == nil else { return nil }
            state.end = make(state.elements)
            return state.end
        }
        if let end { ended(end) }
    }
}
