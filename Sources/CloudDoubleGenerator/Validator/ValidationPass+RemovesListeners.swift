/// `"removesListeners": true` (Firebase's `removeAllObservers()`): a call of a type with
/// listeners, with one `sync` form that does not throw and no result, that is not a listener.
extension ValidationPass {
    func removesListeners(_ call: Call, in type: DescribedType) {
        guard let flag = call.removesListeners, flag.value else { return }
        if !type.calls.contains(where: { $0.listener != nil }) {
            sink.error(
                "\"removesListeners\" removes the registrations of \(type.name.value)'s listeners, and it has none", at: flag.location,
                hint: "describe the listener calls with \"listener\", or leave \"removesListeners\" out")
        }
        if call.listener != nil {
            sink.error("a listener call cannot have \"removesListeners\"", at: flag.location)
            return
        }
        if call.returns != nil || call.forms.count != 1 || call.forms.first?.kind.value != .sync || call.forms.first?.throwing == true {
            sink.error(
                "a call that removes every listener has one \"sync\" form that does not throw, and no result", at: flag.location,
                hint: "describe it as the SDK declares it: \"forms\": {\"sync\": …}, without \"returns\"")
        }
        for (present, key) in [(call.store != nil, "store"), (call.operations != nil, "operations"), (call.mockDefault != nil, "mockDefault")]
        where present {
            sink.error("a call that removes every listener cannot have \"\(key)\"", at: flag.location)
        }
    }
}
