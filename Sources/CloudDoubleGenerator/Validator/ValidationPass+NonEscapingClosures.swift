/// A closure parameter without `@escaping` (Couchbase Lite's `inBatch(using:)`, whose
/// `NS_NOESCAPE` block the SDK runs before it returns): the protocol and the adapters spell it as
/// the SDK does, and the mock hands it to a stub's handler for the duration of the call only, so
/// the call has `sync` forms alone, one such closure, and nothing that keeps its arguments or
/// answers it another way (a backing, operations, a listener, a described result).
extension ValidationPass {
    func nonEscapingClosure(_ parameter: Parameter, of call: Call, isFirst: Bool) {
        let name = parameter.name.value
        let location = parameter.type.location
        if call.forms.contains(where: { $0.kind.value != .sync }) {
            sink.error(
                "the closure parameter \"\(name)\" is not @escaping, which only a call with \"sync\" forms alone can take: the mock hands it to a stub only while the call runs",
                at: location, hint: "write \"@escaping \(parameter.type.value)\" if the SDK's closure escapes, or describe only the \"sync\" form")
            return
        }
        guard isFirst else {
            sink.error(
                "the closure parameter \"\(name)\" is a second closure of the call that is not @escaping; a call may take one",
                at: location, hint: "write \"@escaping \(parameter.type.value)\" if the SDK's closure escapes, or omit the call")
            return
        }
        let returnsReference: Bool = {
            if case .reference? = call.returns { return true }
            return false
        }()
        for (present, key) in [
            (call.store != nil, "store"), (call.operations != nil, "operations"), (call.listener != nil, "listener"),
            (returnsReference, "returnsRef"),
        ] where present {
            sink.error(
                "a call whose closure parameter \"\(name)\" is not @escaping cannot have \"\(key)\": the closure must not outlive the call",
                at: location, hint: "write \"@escaping \(parameter.type.value)\" if the SDK's closure escapes")
        }
    }
}
