extension DraftImporter {
    /// A generic call's `"genericParameters"`, `[{ "name": "T", "conformsTo": ["Decodable"] }]`;
    /// `nil` when the call is not generic, or when its forms declare different ones.
    func genericParameters(of call: SDKCall) -> DraftJSON? {
        let generics = call.primary.genericParameters
        guard !generics.isEmpty, call.forms.allSatisfy({ $0.method.genericParameters == generics }) else { return nil }
        return .array(
            generics.map { parameter in
                var fields: [(String, DraftJSON)] = [("name", .string(parameter.name))]
                if !parameter.conformsTo.isEmpty { fields.append(("conformsTo", .array(parameter.conformsTo.map(DraftJSON.string)))) }
                return .object(fields)
            })
    }

    /// Whether `type` names one of `method`'s generic parameters: a mock then needs no default.
    static func mentionsGenericParameter(_ type: String, of method: SDKMethod) -> Bool {
        guard !method.genericParameters.isEmpty, case .success(let model) = SwiftTypeParser.parse(type) else { return false }
        return GenericSignature(names: method.genericParameters.map(\.name)).mentions(model)
    }
}
