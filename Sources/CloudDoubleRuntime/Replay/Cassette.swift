import Foundation

/// What a ``Cassette`` does with the calls of the mocks it is attached to.
public enum CassetteMode: String, Sendable, CaseIterable {
    /// Calls are answered as without a cassette (stubs, the backing) and every answer is written
    /// to the cassette by ``Cassette/finish()``.
    case record
    /// Calls no stub answers are answered from the cassette; nothing reaches the backing.
    case playback
    /// The cassette is ignored: calls are answered as without one, and nothing is written.
    case live

    /// The environment variable that chooses the mode for every cassette made with
    /// ``fromEnvironment(default:)``: `record`, `playback` or `live`.
    public static let environmentVariable = "CLOUDDOUBLE_CASSETTE"

    /// The mode `CLOUDDOUBLE_CASSETTE` names, else `defaultMode`.
    public static func fromEnvironment(default defaultMode: CassetteMode = .playback) -> CassetteMode {
        ProcessInfo.processInfo.environment[environmentVariable].flatMap { CassetteMode(rawValue: $0.lowercased()) } ?? defaultMode
    }
}

/// How playback finds the interaction that answers a call.
public enum CassetteMatching: Sendable {
    /// Each call must be the next interaction on the cassette (same type, call and arguments).
    case inOrder
    /// Each call takes the first unplayed interaction with its type, call and arguments,
    /// wherever it is: for apps whose calls race.
    case byArguments
}

/// A call the cassette cannot answer: no interaction matches it. Recorded as a failure of the
/// running test too, so the app's own error handling cannot hide it.
public struct CassetteMismatchError: Error, CustomStringConvertible {
    public let description: String
}

/// A cassette: the calls a set of mocks received and what they answered, as a file of JSON
/// lines (docs/Cassettes.md). Attach it to the mocks' ``CallLog``; every mock that shares the
/// log (a container and the databases it hands out) then records to it or plays back from it.
///
/// Calls whose result type has no codec (a described type the mock hands out, an operation
/// outcome) are neither recorded nor played back: they are answered as without a cassette.
public final class Cassette: Sendable {
    public let file: URL
    public let mode: CassetteMode
    public let matching: CassetteMatching
    public let codecs: CassetteCodecs
    /// Runs on each interaction before it is written: redact or rewrite values here.
    public let rewrite: (@Sendable (inout CassetteInteraction) -> Void)?

    private struct State {
        /// Playback: the file's interactions. Record: one line per call, in the order the calls
        /// were made; `nil` until the call's answer comes (a completion handler, an operation).
        var interactions: [CassetteInteraction?] = []
        var played: [Bool] = []
        /// In order: the first interaction not played yet.
        var next = 0
    }

    private let state = Locked(State())

    /// Opens the cassette at `file`. In playback the file must exist, hold at least one call and
    /// no call the codecs do not know (``CassetteCodecs/register(calls:of:)``), and is read now.
    public init(
        file: URL, mode: CassetteMode = .fromEnvironment(), matching: CassetteMatching = .inOrder, codecs: CassetteCodecs,
        rewrite: (@Sendable (inout CassetteInteraction) -> Void)? = nil
    ) throws {
        self.file = file
        self.mode = mode
        self.matching = matching
        self.codecs = codecs
        self.rewrite = rewrite
        if mode == .playback {
            let lines = try Self.lines(file)
            for (line, interaction) in lines {
                guard let known = codecs.calls[interaction.type], !known.contains(interaction.call) else { continue }
                throw CassetteError.file(
                    "\(file.path):\(line):1: error: unknown call \(interaction.type).\(interaction.call): \(interaction.type) has no call "
                        + "'\(interaction.call)' (the calls are named by their id, as in the call log)")
            }
            let interactions = lines.map(\.interaction)
            if interactions.isEmpty {
                throw CassetteError.file(
                    "CloudDouble: the cassette \(file.path) has no calls, so playback could answer nothing; "
                        + "record it with \(CassetteMode.environmentVariable)=record.")
            }
            state.withLock { state in
                state.interactions = interactions
                state.played = Array(repeating: false, count: interactions.count)
            }
        }
    }

    /// Every mock that writes to `log` records to, or plays back from, this cassette.
    public func attach(to log: CallLog) {
        log.storage.withLock { $0.cassette = self }
    }

    /// The interactions recorded so far (record) or read from the file (playback).
    public var interactions: [CassetteInteraction] { state.withLock { $0.interactions.compactMap { $0 } } }

    /// Record: writes the cassette (creating its folder). Playback: throws when interactions were
    /// never played, naming the first. Live: nothing.
    public func finish() throws {
        switch mode {
        case .live: return
        case .record:
            let lines = ["# CloudDouble cassette: one call per line (docs/Cassettes.md)"] + interactions.map(\.json.line)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file, options: .atomic)
        case .playback:
            let unplayed = state.withLock { state in
                state.interactions.indices.filter { !state.played[$0] }.compactMap { index in state.interactions[index].map { (index, $0) } }
            }
            guard let (index, first) = unplayed.first else { return }
            throw CassetteMismatchError(
                description:
                    "CloudDouble: \(unplayed.count) call(s) on the cassette \(file.lastPathComponent) were never made; the first is #\(index + 1) \(first)"
            )
        }
    }

    /// Reads a cassette file: one interaction per line; blank lines and lines starting with `#`
    /// are skipped.
    public static func read(_ file: URL) throws -> [CassetteInteraction] {
        try lines(file).map(\.interaction)
    }

    /// The interactions of a cassette file, each with its line number (from 1).
    static func lines(_ file: URL) throws -> [(line: Int, interaction: CassetteInteraction)] {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw CassetteError.file("CloudDouble: no cassette at \(file.path); record it with \(CassetteMode.environmentVariable)=record.")
        }
        var interactions: [(line: Int, interaction: CassetteInteraction)] = []
        for (number, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text.hasPrefix("#") { continue }
            do {
                interactions.append((number + 1, try CassetteInteraction(json: CassetteJSON.parse(text))))
            } catch {
                throw CassetteError.file("\(file.path):\(number + 1):1: error: not a cassette interaction: \(error)")
            }
        }
        return interactions
    }

    // MARK: Used by mocks

    /// Answers one call: `answer` is how the mock answers it without a cassette (stub, backing,
    /// default). `stubbed`: a stub answers it, which wins over the cassette in playback.
    @usableFromInline
    func respond<A, V>(
        type: String, call: String, form: CallForm, arguments: A, stubbed: Bool, answer: () throws -> V
    ) throws -> V {
        guard mode != .live, codecs.supports(V.self) else { return try answer() }
        if mode == .playback {
            if stubbed { return try answer() }
            return try play(type, call, form, codecs.describe(arguments))
        }
        let result = Result { try answer() }
        reserve(type, call, form, arguments).fill(result)
        return try result.get()
    }

    /// The same for an `async` call of a wrapper (the live adapter's traffic): in playback the
    /// wrapped object is not called.
    @usableFromInline
    func respond<A, V>(
        type: String, call: String, form: CallForm, arguments: A, isolation: isolated (any Actor)? = #isolation,
        answer: () async throws -> V
    ) async throws -> V {
        guard mode != .live, codecs.supports(V.self) else { return try await answer() }
        if mode == .playback { return try play(type, call, form, codecs.describe(arguments)) }
        let line = reserve(type, call, form, arguments)
        do {
            let value = try await answer()
            line.fill(Result<V, any Error>.success(value))
            return value
        } catch {
            line.fill(Result<V, any Error>.failure(error))
            throw error
        }
    }

    /// Whether calls answering a `V` are recorded or played back: not in live mode, and only
    /// with a codec for `V`.
    func tapes<V>(_: V.Type) -> Bool {
        mode != .live && codecs.supports(V.self)
    }

    /// Record: the line of a call whose answer comes later, placed now so that lines keep the
    /// order in which calls were made, whenever their answers come.
    func reserve<A>(_ type: String, _ call: String, _ form: CallForm, _ arguments: A) -> CassetteLine {
        let interaction = CassetteInteraction(
            type: type, call: call, form: form.rawValue, arguments: codecs.describe(arguments), outcome: .value(.null))
        let index = state.withLock { state in
            state.interactions.append(nil)
            state.played.append(true)
            return state.interactions.count - 1
        }
        return CassetteLine(cassette: self, index: index, interaction: interaction)
    }

    /// Writes a reserved line's answer (once; later answers are ignored unless `replacing`: a
    /// listener's line grows with each event), after `rewrite`.
    func write(_ outcome: CassetteInteraction.Outcome, into line: CassetteLine, replacing: Bool = false) {
        var interaction = line.interaction
        interaction.outcome = outcome
        rewrite?(&interaction)
        state.withLock { state in
            if replacing || state.interactions[line.index] == nil { state.interactions[line.index] = interaction }
        }
    }

    /// The recorded answer to a call, decoded as a `V`, or a mismatch naming the first
    /// difference (the argument's path and both values), then both calls in full.
    func play<V>(_ type: String, _ call: String, _ form: CallForm, _ arguments: CassetteJSON) throws -> V {
        switch try playedOutcome(type, call, form, arguments) {
        case .value(let json): return try codecs.decode(V.self, from: json)
        case .error(let json): throw try codecs.decodeError(json)
        }
    }

    /// The recorded outcome of a call, as the cassette holds it, or a mismatch (as ``play(_:_:_:_:)``).
    func playedOutcome(_ type: String, _ call: String, _ form: CallForm, _ arguments: CassetteJSON) throws -> CassetteInteraction.Outcome {
        let actual = CassetteInteraction(type: type, call: call, form: form.rawValue, arguments: arguments, outcome: .value(.null))
        let found: Result<CassetteInteraction, CassetteMismatchError> = state.withLock { state in
            switch matching {
            case .inOrder:
                guard state.next < state.interactions.count, let expected = state.interactions[state.next] else {
                    return .failure(mismatch("the cassette has no more calls", actual: actual))
                }
                guard expected.matches(actual) else {
                    let difference = CassetteDifference(expected: expected, actual: actual).map { "call #\(state.next + 1): \($0); " } ?? ""
                    return .failure(mismatch(difference + "expected call #\(state.next + 1) \(expected)", actual: actual))
                }
                state.played[state.next] = true
                state.next += 1
                return .success(expected)
            case .byArguments:
                let unplayed = state.interactions.indices.compactMap { index in
                    state.played[index] ? nil : state.interactions[index].map { (index, $0) }
                }
                if let (index, interaction) = unplayed.first(where: { $0.1.matches(actual) }) {
                    state.played[index] = true
                    return .success(interaction)
                }
                let sameCall = unplayed.filter { $0.1.type == actual.type && $0.1.call == actual.call }
                // The difference from the first unplayed call of the same type and id.
                let difference = sameCall.first.flatMap { index, closest in
                    CassetteDifference(expected: closest, actual: actual).map { "closest call #\(index + 1): \($0); " }
                }
                let expected =
                    sameCall.isEmpty
                    ? "no unplayed call of \(actual.type).\(actual.call) is on the cassette"
                    : (difference ?? "") + "expected one of " + sameCall.map { "#\($0.0 + 1) \($0.1)" }.joined(separator: ", ")
                return .failure(mismatch(expected, actual: actual))
            }
        }
        switch found {
        case .failure(let error):
            TestFailure.record(error.description)
            throw error
        case .success(let interaction):
            return interaction.outcome
        }
    }

    private func mismatch(_ expected: String, actual: CassetteInteraction) -> CassetteMismatchError {
        CassetteMismatchError(description: "CloudDouble: cassette \(file.lastPathComponent): \(expected); actual call \(actual)")
    }
}

/// A line of a recording cassette, reserved when its call was made: the answer is written into
/// it when it comes, so the cassette keeps the order of the calls, not of their answers.
struct CassetteLine: Sendable {
    let cassette: Cassette
    let index: Int
    let interaction: CassetteInteraction

    /// Writes the answer: the value by its codec, or the error (domain, code, user info). A value
    /// the codec cannot write is written as that error and reported to the running test; an
    /// unstubbed call is the test's mistake, not an answer, and leaves no line.
    func fill<V>(_ result: Result<V, any Error>) {
        let codecs = cassette.codecs
        switch result {
        case .success(let value):
            do {
                cassette.write(.value(try codecs.encode(value)), into: self)
            } catch {
                cassette.write(.error(codecs.encodeError(error)), into: self)
                TestFailure.record("CloudDouble: the cassette cannot write the result of \(interaction.type).\(interaction.call): \(error)")
            }
        case .failure(let error):
            if !(error is UnstubbedCallError) { cassette.write(.error(codecs.encodeError(error)), into: self) }
        }
    }
}
