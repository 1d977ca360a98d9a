/// The rules for a parameter that takes a described type (`"ref"`): the protocols take it as the
/// type's protocol, the live adapter hands the SDK the object under the adapter, the fault
/// wrapper what it wraps, and a mock records it as it is.
extension ValidationPass {
    func describedParameter(_ parameter: Parameter, of call: Call, typeNames: [String: SourceLocation]) {
        guard let reference = parameter.reference else { return }
        let name = parameter.name.value
        if reference.value.hasSuffix("?") || reference.value.hasPrefix("[") {
            // The live adapter would have to unwrap an optional or every element; not supported yet.
            sink.error(
                "the parameter \"\(name)\" takes \"\(reference.value)\": a described-type parameter takes one object, not an optional or an array",
                at: reference.location,
                hint:
                    "give the described type's name alone (\"ref\": \"\(reference.value.trimmingCharacters(in: ["?", "[", "]"]))\"), or its SDK type with \"type\""
            )
            return
        }
        typeUse(.reference(reference), at: .value, typeNames: typeNames)
        if let location = parameter.defaultLocation {
            sink.error(
                "the parameter \"\(name)\" takes a described type, which has no default value", at: location,
                hint: "remove \"default\": the app passes an object the SDK handed out")
        }
        if let items = parameter.items {
            sink.error(
                "the parameter \"\(name)\" takes one described object, so it cannot list the items of a per-item result", at: items.location,
                hint: "remove \"items\"")
        }
        if call.operations != nil {
            sink.error(
                "a call that runs operations takes the operation object, not a described type", at: reference.location,
                hint: "give the operation's SDK type with \"type\"")
        }
    }
}
