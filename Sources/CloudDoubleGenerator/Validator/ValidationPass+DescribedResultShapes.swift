/// The rules for a call returning an optional described object or an array of them
/// (`"returnsRef": "Section?"`, `"[Section]"`): the doubles wrap each object, and a mock hands out
/// a child mock (optional) or what the test stubbed (array, empty by default), so the forms that
/// need one object of their own are refused.
extension ValidationPass {
    func describedResultShape(_ call: Call) {
        guard case .reference(let written)? = call.returns else { return }
        let returned = DescribedReference(written)
        guard returned.shape != .one else { return }
        if let flag = call.newEachCall, flag.value {
            sink.error(
                "\"newEachCall\" takes a call returning one described object; this one returns \"\(written.value)\"", at: flag.location,
                hint: "remove \"newEachCall\"")
        }
        for form in call.forms {
            if let handlerValue = form.handlerValueType {
                sink.error(
                    "a completion form returning \"\(written.value)\" passes its handler \(returned.shape == .array ? "the array" : "the object") optional; \"handlerValueType\" is not supported with it",
                    at: handlerValue.location, hint: "remove \"handlerValueType\"")
            }
        }
    }
}
