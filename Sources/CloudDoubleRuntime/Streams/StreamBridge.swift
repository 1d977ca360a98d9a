/// What a live adapter returns for a `stream` form. The protocols declare every stream form as
/// `AsyncThrowingStream<T, any Error>`: a protocol requirement cannot return `some AsyncSequence`
/// (each conformer would pick its own type), and `any AsyncSequence<T, any Error>` needs the
/// iOS 18 / macOS 15 runtime, above the package's floor. So the SDK's sequence (a paginator,
/// `some AsyncSequence<T, any Error>`) is bridged here, pulled one element at a time as the app
/// asks for the next: no task, no buffer, and a page is fetched only when the app wants it.
/// Elements need not be `Sendable` (SDK objects mostly are not marked so): a stream hands each
/// element to its one consumer.
extension AsyncThrowingStream where Failure == any Error {
    /// The SDK's sequence, element by element.
    @_spi(Generated) public init<Sequence: AsyncSequence>(bridging_ sequence: Sequence) where Sequence.Element == Element {
        let iterator = StreamIterator(sequence.makeAsyncIterator())
        self.init(unfolding: { try await iterator.next() })
    }

    /// An SDK result that is already an `AsyncThrowingStream`, as it is.
    @_spi(Generated) public init(bridging_ stream: AsyncThrowingStream<Element, any Error>) {
        self = stream
    }
}

/// An SDK sequence's iterator, moved into the stream that pulls from it (its type erased, so the
/// stream's closure holds no metatype of it). `@unchecked Sendable`: a stream has one consumer,
/// which calls `next()` once at a time, so the iterator is never used concurrently.
final class StreamIterator<Element>: @unchecked Sendable {
    private let pull: () async throws -> Element?

    init<Iterator: AsyncIteratorProtocol>(_ iterator: Iterator) where Iterator.Element == Element {
        var iterator = iterator
        pull = { try await iterator.next() }
    }

    func next() async throws -> Element? {
        try await pull()
    }
}
