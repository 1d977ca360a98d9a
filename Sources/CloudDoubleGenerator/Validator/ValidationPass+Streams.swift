/// Calls with a `stream` form: a sequence of elements, declared `AsyncThrowingStream<T, any Error>`.
extension ValidationPass {
    /// A stream call's shape: the stream is its only form (its stub is a list of elements, where
    /// other forms' stubs are one value), its `returns` is the element type, and nothing that
    /// reads one result (per-item results, operations, store answers, mock defaults, described
    /// types, mirrors) applies.
    func streamShape(_ call: Call) {
        guard let stream = call.forms.first(where: { $0.kind.value == .stream }) else { return }
        if call.forms.count > 1 {
            sink.error(
                "a \"stream\" form is its call's only form: the call's stub is a list of elements, where another form's is one value",
                at: stream.location, hint: "describe the other form as a call of its own, with its own \"id\"")
        }
        switch call.returns {
        case nil:
            sink.error(
                "a \"stream\" form needs the element type in the call's \"returns\"", at: stream.location,
                hint: "for `PaginatorSequence<ScanInput, ScanOutput>`, \"returns\": \"ScanOutput\"")
        case .reference?, .swift?:
            // A described type is refused as a stream's element (`form`'s rule).
            break
        }
        let refused: [(present: Bool, key: String)] = [
            (call.perItem != nil, "perItem"), (call.operations != nil, "operations"), (call.store != nil, "store"),
            (call.mockDefault != nil, "mockDefault"), (!call.mirrors.isEmpty, "mirrors"),
        ]
        for entry in refused where entry.present {
            sink.error(
                "\"\(entry.key)\" does not apply to a call with a \"stream\" form", at: call.location,
                hint: "an unstubbed stream call opens a stream the test feeds (`mock.streams(.call)`)")
        }
        if stream.discardableResult {
            sink.error(
                "\"discardableResult\" does not apply to a \"stream\" form: a stream does nothing until it is read", at: stream.location)
        }
        if let sequence = stream.sequence, case .failure = SwiftTypeParser.parse(sequence.value) {
            sink.error("\"sequence\" is not a Swift type: \(sequence.value)", at: sequence.location)
        }
    }
}
