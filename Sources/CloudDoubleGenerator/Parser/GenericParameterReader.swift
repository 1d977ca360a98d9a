/// Reads a call's `"genericParameters"`: `[{ "name": "T", "conformsTo": ["Decodable"] }]`.
struct GenericParameterReader {
    let sink: DiagnosticSink

    func genericParameters(_ values: [JSONValue]?) -> [GenericParameter] {
        (values ?? []).compactMap { value in
            guard let object = ObjectReader<GenericParameterKey>(value, what: "a generic parameter", sink: sink) else { return nil }
            guard let name = object.string(.name, required: true) else { return nil }
            return GenericParameter(name: name, conformsTo: object.strings(.conformsTo).map(DeclaredType.init), location: object.location)
        }
    }
}
