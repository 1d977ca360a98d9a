/// Stream calls (`stream` forms) on a cassette: one line per call, placed when the call is made
/// and written when the stream ends, with the elements the app read, in order, and the error
/// the stream failed with: `{"elements": […]}`, `{"elements": […], "error": {…}}`. A stream the
/// app stops reading early is written with the elements it read, as finished. Playback sends
/// the same elements, then finishes or fails the same way.
extension Cassette {
    /// Whether stream calls with `Element`s are taped: not in live mode, and only with a codec
    /// for the elements.
    func tapesStream<Element>(of _: Element.Type) -> Bool {
        tapes([Element].self)
    }

    /// Record: `stream` as the app reads it, written to a line placed now.
    func recording<Arguments, Element>(
        _ stream: AsyncThrowingStream<Element, any Error>, type: String, call: String, arguments: Arguments
    ) -> AsyncThrowingStream<Element, any Error> {
        let tape = StreamTapeRecorder(stream, line: reserve(type, call, .stream, arguments))
        return AsyncThrowingStream(unfolding: { try await tape.next() })
    }

    /// Playback: the elements and the error the cassette has for this call.
    func playedStream<Arguments, Element>(
        type: String, call: String, arguments: Arguments, as _: Element.Type
    ) throws -> (elements: [Element], error: (any Error)?) {
        switch try playedOutcome(type, call, .stream, codecs.describe(arguments)) {
        case .error(let json):
            return ([], try codecs.decodeError(json))
        case .value(let json):
            guard case .object(let fields) = json, let elements = fields["elements"] else {
                throw CassetteError.unreadable("a stream call's value, {\"elements\": […]} (with \"error\" when it failed)", json)
            }
            return (try codecs.decode([Element].self, from: elements), try fields["error"].map(codecs.decodeError))
        }
    }

    /// Playback as a stream: the taped elements, then the end.
    func played<Arguments, Element>(
        type: String, call: String, arguments: Arguments, as _: Element.Type
    ) -> AsyncThrowingStream<Element, any Error> {
        AsyncThrowingStream { continuation in
            do {
                let tape = try playedStream(type: type, call: call, arguments: arguments, as: Element.self)
                for element in tape.elements { continuation.yield(handingOver: element) }
                continuation.finish(throwing: tape.error)
            } catch {
                continuation.finish(throwing: error)
            }
        }
    }
}

/// Reads a stream for the app and tapes what it read. `@unchecked Sendable`: a stream has one
/// consumer, which calls `next()` once at a time. The elements it keeps are encoded when the
/// stream ends, in the consumer's last `next()` (or when the app drops the stream), so an element
/// that is not `Sendable` is read there, after the app had it.
final class StreamTapeRecorder<Element>: @unchecked Sendable {
    private var upstream: AsyncThrowingStream<Element, any Error>.AsyncIterator
    private let line: CassetteLine
    private var elements: [Element] = []
    private var written = false

    init(_ stream: AsyncThrowingStream<Element, any Error>, line: CassetteLine) {
        upstream = stream.makeAsyncIterator()
        self.line = line
    }

    func next() async throws -> Element? {
        do {
            guard let element = try await upstream.next() else {
                write(error: nil)
                return nil
            }
            elements.append(element)
            return element
        } catch {
            write(error: error)
            throw error
        }
    }

    private func write(error: (any Error)?) {
        guard !written else { return }
        written = true
        line.fillStream(elements, error: error)
    }

    deinit {
        // The app stopped reading: what it read.
        if !written { line.fillStream(elements, error: nil) }
    }
}

extension CassetteLine {
    /// Writes a stream's tape: its elements by their codec, and its error.
    func fillStream<Element>(_ elements: [Element], error: (any Error)?) {
        let codecs = cassette.codecs
        var fields: [String: CassetteJSON] = [:]
        do {
            fields["elements"] = try codecs.encode(elements)
        } catch {
            fields["elements"] = .array([])
            TestFailure.record("CloudDouble: the cassette cannot write the elements of \(interaction.type).\(interaction.call): \(error)")
        }
        if let error { fields["error"] = codecs.encodeError(error) }
        cassette.write(.value(.object(fields)), into: self)
    }
}
