/// `stream` forms in the symbol graph: a synchronous method that does not throw and returns the
/// sequence the form's `sequence` spells (by default `AsyncThrowingStream<T, any Error>`).
extension DriftChecker {
    /// Whether the SDK method has the form's kind; a stream form's method is synchronous.
    func sameKind(_ form: CallFormSpec, _ method: SDKMethod) -> Bool {
        guard form.kind.value == .stream else { return method.kind == form.kind.value }
        return method.kind == .sync && !method.throwsErrors
    }

    /// The SDK's result a stream form says: its `sequence`, else `AsyncThrowingStream<T, any Error>`.
    func sequence(_ form: CallFormSpec, _ call: Call) -> String? {
        if let sequence = form.sequence { return sequence.value }
        return sdkType(call.returns).map { "AsyncThrowingStream<\($0.value), any Error>" }
    }

    func sameSequence(_ form: CallFormSpec, _ call: Call, _ method: SDKMethod) -> Bool {
        guard let expected = sequence(form, call), let actual = method.returns else { return false }
        return surface.sameType(expected, actual)
    }
}
