/// Reads a call's `"listener"`: the closure parameters, and one way of removing a registration.
struct ListenerReader {
    let sink: DiagnosticSink

    func listener(_ value: JSONValue?) -> ListenerSpec? {
        guard let value, let object = ObjectReader<ListenerKey>(value, what: "\"listener\"", sink: sink) else { return nil }
        let values = object.string(.values, required: true)
        let removedBy = object.string(.removedBy)
        let removeMethod = object.string(.removeMethod)
        let removal: ListenerSpec.Removal
        switch (removedBy, removeMethod) {
        case (let call?, nil): removal = .call(call)
        case (nil, let method?): removal = .method(method)
        default:
            sink.error(
                "a listener names one way of removing a registration: \"removedBy\" or \"removeMethod\"", at: object.location,
                hint:
                    "\"removedBy\": the id of a call taking the handle (\"removeObserver\"); \"removeMethod\": the method of the returned registration (\"remove\")"
            )
            return nil
        }
        guard let values else { return nil }
        var refinesNSObjectProtocol: Located<Bool>?
        if let flag = object.value(.refinesNSObjectProtocol) {
            let value = object.bool(.refinesNSObjectProtocol, default: false)
            if flag.bool != nil { refinesNSObjectProtocol = Located(value, flag.location) }
        }
        return ListenerSpec(
            values: values, errors: object.string(.errors), removal: removal, refinesNSObjectProtocol: refinesNSObjectProtocol,
            location: object.location)
    }
}
