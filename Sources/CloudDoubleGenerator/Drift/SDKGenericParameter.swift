/// A generic parameter of an SDK method, read from its declaration: `T` and `["Decodable"]` of
/// `func getDocument<T: Decodable>(as type: T.Type)`. `import` drafts it as a call's
/// `"genericParameters"`; `check` compares the description's with it.
struct SDKGenericParameter: Sendable, Equatable {
    var name: String
    var conformsTo: [String]

    /// The parameters of the clause `<…>` whose brackets are at `open` and `close`; `nil` when
    /// one is not a plain name with optional conformances (`each T`, a same-type constraint).
    static func parameters(_ declaration: SwiftDeclarationTokens, open: Int, close: Int) -> [SDKGenericParameter]? {
        var parameters: [SDKGenericParameter] = []
        for part in declaration.commaSeparated(open + 1, close) {
            let tokens = declaration.tokens[part]
            guard let first = tokens.first, first.kind == .identifier, SwiftNames.isIdentifier(first.text) else { return nil }
            if tokens.count == 1 {
                parameters.append(SDKGenericParameter(name: first.text, conformsTo: []))
                continue
            }
            guard tokens.count > 2, declaration.tokens[part.lowerBound + 1].text == ":",
                let constraint = declaration.text(part.lowerBound + 2, part.upperBound),
                let protocols = conformances(constraint)
            else { return nil }
            parameters.append(SDKGenericParameter(name: first.text, conformsTo: protocols))
        }
        return parameters
    }

    /// `parameters` with the conformances of the where clause `start..<end` added
    /// (`T : Decodable, T : Sendable`); `nil` when it requires anything else (`T.Element == U`).
    static func constraining(
        _ parameters: [SDKGenericParameter], _ declaration: SwiftDeclarationTokens, from start: Int, to end: Int
    ) -> [SDKGenericParameter]? {
        var constrained = parameters
        for part in declaration.commaSeparated(start, end) {
            let tokens = declaration.tokens[part]
            guard tokens.count > 2, let index = constrained.firstIndex(where: { $0.name == tokens.first?.text }),
                declaration.tokens[part.lowerBound + 1].text == ":",
                let constraint = declaration.text(part.lowerBound + 2, part.upperBound),
                let protocols = conformances(constraint)
            else { return nil }
            constrained[index].conformsTo += protocols
        }
        return constrained
    }

    /// The protocols of `Decodable` or `Decodable & Sendable`; `nil` for another type.
    private static func conformances(_ constraint: String) -> [String]? {
        guard case .success(let model) = SwiftTypeParser.parse(constraint) else { return nil }
        switch model {
        case .composition(let types) where types.allSatisfy({ if case .nominal = $0 { true } else { false } }): return types.map(\.description)
        case .nominal: return [model.description]
        default: return nil
        }
    }

    /// `<T: Decodable, U>`, as the description's clause is spelled.
    static func clause(_ parameters: [SDKGenericParameter]) -> String {
        "<" + parameters.map { $0.name + ($0.conformsTo.isEmpty ? "" : ": " + $0.conformsTo.joined(separator: " & ")) }.joined(separator: ", ") + ">"
    }
}
