/// The error model's types against the SDK: `validate` cannot know whether a type exists, the
/// symbol graph can. A mistyped `errorType` or Swift error type would otherwise first show as a
/// compile error in the generated protocols file. (Whether `errorType` has `init(_nsError:)`
/// cannot be read here: symbol graphs leave out underscored names such as `_nsError`.)
extension DriftChecker {
    mutating func checkErrorModel() {
        guard let model = description.errorModel else { return }
        var types: [(type: DeclaredType, what: String)] = model.errorType.map { [($0, "the error type")] } ?? []
        if case .codes(let codes) = model.catalogue {
            types += codes.compactMap { code in code.swiftError.map { ($0.type, "the Swift error of the code \"\(code.name.value)\"") } }
        }
        for (type, what) in types {
            let name = SDKTypeName.nominal(type)
            // A type missing from the graph may be another module's (AWSClientRuntime's
            // `UnknownAWSHTTPServiceError`); one the graph nearly spells is a renamed or mistyped one.
            guard surface.types[name] == nil, let closest = Spelling.closest(to: name, in: surface.types.keys.sorted()) else { continue }
            error(
                "\(name), \(what), is not in the symbol graph of \(surface.module)", at: type.location,
                hint: "the symbol graph has \"\(closest)\": renamed?")
        }
    }
}
