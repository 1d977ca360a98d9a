/// Listener calls (`"listener"`) on a cassette: one line per registration, placed when the app
/// registers and rewritten with each event the app receives, `{"events": […]}`, and the error
/// that ended it, `{"events": […], "error": {…}}`. A registration still open when the cassette
/// is finished is written with the events so far. Playback sends the same events, then the
/// error, to the app's closures of the matching registration.
///
/// Removals are not on the line: a handle-style removal is an ordinary call (taped as one),
/// and an object-style `remove()` is the app's call on the registration, which answers nothing.
extension Cassette {
    /// Whether listener calls with `Event`s are taped: not in live mode, and only with a codec
    /// for the events.
    func tapesListener<Event>(of _: Event.Type) -> Bool {
        tapes([Event].self)
    }

    /// Record: the tape of a registration, written to a line placed now.
    func recordingListener<Arguments, Event>(type: String, call: String, arguments: Arguments, as _: Event.Type) -> ListenerTape<Event> {
        ListenerTape(line: reserve(type, call, .listener, arguments))
    }

    /// Playback: the events and the error the cassette has for this registration.
    func playedListener<Arguments, Event>(
        type: String, call: String, arguments: Arguments, as _: Event.Type
    ) throws -> (events: [Event], error: (any Error)?) {
        switch try playedOutcome(type, call, .listener, codecs.describe(arguments)) {
        case .error(let json):
            return ([], try codecs.decodeError(json))
        case .value(let json):
            guard case .object(let fields) = json, let events = fields["events"] else {
                throw CassetteError.unreadable("a listener call's value, {\"events\": […]} (with \"error\" when it ended with one)", json)
            }
            return (try codecs.decode([Event].self, from: events), try fields["error"].map(codecs.decodeError))
        }
    }
}

/// The events one registration delivered to the app, and its error, as they come. Each change
/// rewrites the registration's line, so the cassette holds them whenever it is finished.
///
/// `@unchecked Sendable`: the events are behind a lock; they are not `Sendable` (SDK snapshots
/// need not be) but are only encoded, under that lock.
final class ListenerTape<Event>: @unchecked Sendable {
    private struct State {
        var events: [Event] = []
        var error: (any Error)?
        var ended = false
    }

    private let line: CassetteLine
    private let state = Locked(State())

    init(line: CassetteLine) {
        self.line = line
        state.withLock { write($0) }
    }

    /// The app received `event`.
    func event(_ event: Event) {
        state.withLock { state in
            guard !state.ended else { return }
            state.events.append(event)
            write(state)
        }
    }

    /// The registration ended with `error`: nothing after it is taped.
    func fail(_ error: any Error) {
        state.withLock { state in
            guard !state.ended else { return }
            state.ended = true
            state.error = error
            write(state)
        }
    }

    private func write(_ state: State) {
        let codecs = line.cassette.codecs
        var fields: [String: CassetteJSON] = [:]
        do {
            fields["events"] = try codecs.encode(state.events)
        } catch {
            fields["events"] = .array([])
            TestFailure.record("CloudDouble: the cassette cannot write the events of \(line.interaction.type).\(line.interaction.call): \(error)")
        }
        if let error = state.error { fields["error"] = codecs.encodeError(error) }
        line.cassette.write(.value(.object(fields)), into: line, replacing: true)
    }
}
