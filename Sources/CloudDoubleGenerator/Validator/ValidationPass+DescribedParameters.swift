/// The rules for a parameter that takes a described type (`"ref"`): one object, an optional one or
/// an array of them (`"Section"`, `"Section?"`, `"[Section]"`). The protocols take it as the type's
/// protocol, the live adapter hands the SDK the object under each adapter, the fault wrapper what
/// each wraps, and a mock records it as it is.
extension ValidationPass {
    func describedParameter(_ parameter: Parameter, of call: Call, typeNames: [String: SourceLocation]) {
        guard let reference = parameter.reference else { return }
        let name = parameter.name.value
        typeUse(.reference(DescribedReference(reference).name), at: .value, typeNames: typeNames)
        if let location = parameter.defaultLocation {
            sink.error(
                "the parameter \"\(name)\" takes a described type, which has no default value", at: location,
                hint: "remove \"default\": the app passes an object the SDK handed out")
        }
        if let items = parameter.items {
            sink.error(
                "the parameter \"\(name)\" takes described objects, so it cannot list the items of a per-item result", at: items.location,
                hint: "remove \"items\"")
        }
        if call.operations != nil {
            sink.error(
                "a call that runs operations takes the operation object, not a described type", at: reference.location,
                hint: "give the operation's SDK type with \"type\"")
        }
    }
}
