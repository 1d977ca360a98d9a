/// What generated mocks call for `stream` forms (see RecordingMock+Members.swift for the rest).
extension RecordingMock {
    /// A `stream` form: logged, then a new stream fed by a ``StreamFeed`` the test reaches with
    /// `mock.streams(.call)`. A stubbed list of elements is sent and the stream finished at
    /// once; a stubbed error (or a throwing handler) fails it before any element. Unstubbed, the
    /// stream stays open until the test feeds it. Its end is logged after the call.
    @_spi(Generated) public func stream_<A, E>(_ call: String, _ arguments: A) -> AsyncThrowingStream<E, any Error> {
        recorder_.stream(call, arguments)
    }

    /// The streams handed out for `key`, oldest first.
    @_spi(Generated) public func streams_<E>(_ key: any CallKey) -> [StreamFeed<E>] {
        recorder_.feeds(key.id)
    }
}

extension MockRecorder {
    /// With a cassette on the log, the stream is taped as the app reads it (record), or fed
    /// from the cassette when no stub answers (playback).
    func stream<A, E>(_ call: String, _ arguments: A) -> AsyncThrowingStream<E, any Error> {
        let (stub, cassette): (Stub<A, [E]>?, Cassette?) = record(call, .stream, arguments)
        let log = self.log
        let typeName = self.typeName
        let (feed, stream) = StreamFeed<E>.make { end in log.append(type: typeName, call: call, form: .stream, arguments: end) }
        state.withLock { $0.feeds[call, default: []].append(feed) }
        let taped = cassette.flatMap { $0.tapesStream(of: E.self) ? $0 : nil }
        if let stub {
            do {
                feed.yield(contentsOf: try stub.resolve(arguments))
                feed.finish()
            } catch {
                feed.fail(error)
            }
        } else if let taped, taped.mode == .playback {
            do {
                let tape = try taped.playedStream(type: typeName, call: call, arguments: arguments, as: E.self)
                feed.yield(contentsOf: tape.elements)
                if let error = tape.error { feed.fail(error) } else { feed.finish() }
            } catch {
                feed.fail(error)
            }
        }
        guard let taped, taped.mode == .record else { return stream }
        return taped.recording(stream, type: typeName, call: call, arguments: arguments)
    }

    func feeds<E>(_ call: String) -> [StreamFeed<E>] {
        state.withLock { ($0.feeds[call] ?? []).compactMap { $0 as? StreamFeed<E> } }
    }
}
