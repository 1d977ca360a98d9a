/// The rules for a described type handed to a completion handler (`returnsRef` on a call with a
/// `completion` form). The doubles pass the handler the type's protocol, so `handlerValueType`
/// can only say whether it is optional, by naming the type's SDK type with or without `?`; and
/// a double failing the call cannot make an SDK object to pass beside the error, so a
/// non-optional value's `errorValue` is the object the call was made on (`self`), as Firebase's
/// write blocks pass the reference written.
extension ValidationPass {
    /// `reference` is the described type the call returns, `type` the one it is a member of.
    func describedHandlerValue(of form: CallFormSpec, in type: DescribedType, returning reference: Located<String>) {
        guard form.kind.value == .completion, let handlerValue = form.handlerValueType else { return }
        guard let described = description.types.first(where: { $0.name.value == reference.value }),
            let sdkType = described.sdkType.model?.canonical, let model = handlerValue.model
        else { return }
        var unwrapped = model.unattributed.canonical
        if case .optional(let wrapped) = unwrapped { unwrapped = wrapped.canonical }
        guard unwrapped == sdkType else {
            sink.error(
                "the handler of a completion form returning a described type (\"\(reference.value)\") gets its wrapper, so \"handlerValueType\" can only be \"\(described.sdkType.value)\", optional or not; found \(handlerValue.value)",
                at: handlerValue.location,
                hint: "write \"\(described.sdkType.value)\" (the handler passes it with the error) or remove \"handlerValueType\" (it passes nil)")
            return
        }
        guard !model.isOptional, let errorValue = form.errorValue else { return }
        if errorValue.value.trimmingSpaces() != "self" {
            sink.error(
                "a completion form passing a described type (\"\(reference.value)\") with an error passes the object the call was made on; \"errorValue\" can only be \"self\"",
                at: errorValue.location, hint: "write \"errorValue\": \"self\", or make \"handlerValueType\" optional")
        } else if reference.value != type.name.value {
            sink.error(
                "\"errorValue\": \"self\" passes a \(type.name.value) where the handler takes a \(reference.value); a non-optional described handler value must be of the type the call is made on",
                at: errorValue.location,
                hint: "make \"handlerValueType\" optional (\"\(described.sdkType.value)?\"): the handler then gets nil with an error")
        }
    }
}

extension ValidationPass {
    /// `"newEachCall": true` says the SDK makes a new object at each call, so only a call that
    /// returns a described type takes it, and only through `sync` and `async` forms (the mock
    /// hands the new child out as their result; a handler form would need it inside the handler).
    func newEachCall(_ call: Call) {
        guard let flag = call.newEachCall, flag.value else { return }
        guard case .reference? = call.returns else {
            sink.error(
                "\"newEachCall\" applies to a call that returns a described type (\"returnsRef\")", at: flag.location,
                hint: "remove it: a mock answers other results from stubs")
            return
        }
        if let form = call.forms.first(where: { $0.kind.value == .completion || $0.kind.value == .result }) {
            sink.error(
                "\"newEachCall\" is supported on calls with \"sync\" and \"async\" forms only; this call has a \(form.kind.value.rawValue) form",
                at: flag.location, hint: "leave \"newEachCall\" out: the mock then hands out one child mock per arguments")
        }
    }
}
