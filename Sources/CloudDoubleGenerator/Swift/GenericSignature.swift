/// A call's generic parameters on the type model (`"genericParameters"`): which of the call's
/// types mention them, and how a declaration spells them. A mock cannot name a call's generic
/// parameter in its key, so what mentions one is kept type-erased there (`erased(_:)`).
struct GenericSignature: Sendable {
    /// The parameters as described, in order.
    let parameters: [GenericParameter]
    /// Their names.
    let names: Set<String>

    init(_ parameters: [GenericParameter]) {
        self.parameters = parameters
        names = Set(parameters.map(\.name.value))
    }

    /// Parameters known by name only (an SDK method's, read by `import`): no clause to spell.
    init(names: [String]) {
        parameters = []
        self.names = Set(names)
    }

    var isEmpty: Bool { names.isEmpty }

    /// `<T: Decodable, U>`; empty for a call without generic parameters. An `async` form
    /// (`crossesIsolation`) adds `SendableMetatype` to a parameter not already `Sendable`: its live
    /// adapter hands `T.Type` (or a `T`) to the SDK's nonisolated method, and under a module's
    /// default main-actor isolation a conformance of `T` may be isolated to the main actor, which the
    /// SDK would then use off it (Swift reports sending the metatype as a possible data race).
    func clause(crossesIsolation: Bool) -> String {
        guard !parameters.isEmpty else { return "" }
        let items = parameters.map { parameter in
            var constraints = parameter.conformsTo.map(\.value)
            if crossesIsolation,
                !constraints.contains(where: { ["Sendable", "Swift.Sendable", "SendableMetatype", "Swift.SendableMetatype"].contains($0) })
            {
                constraints.append("Swift.SendableMetatype")
            }
            return parameter.name.value + (constraints.isEmpty ? "" : ": " + constraints.joined(separator: " & "))
        }
        return "<" + items.joined(separator: ", ") + ">"
    }

    /// Whether `type` names one of the generic parameters (`T`, `[T]`, `T.Type`, `Box<T>`).
    func mentions(_ type: SwiftType?) -> Bool {
        guard !isEmpty, let type else { return false }
        switch type {
        case .nominal(let parts):
            return names.contains(parts[0].name) || parts.contains { $0.arguments.contains { mentions($0) } }
        case .optional(let wrapped), .implicitlyUnwrapped(let wrapped), .array(let wrapped), .existential(let wrapped),
            .opaque(let wrapped), .metatype(let wrapped, _), .attributed(_, let wrapped), .specified(_, let wrapped),
            .variadic(let wrapped):
            return mentions(wrapped)
        case .dictionary(let key, let value):
            return mentions(key) || mentions(value)
        case .tuple(let elements):
            return elements.contains { mentions($0.type) }
        case .function(let function):
            if case .typed(let error) = function.throwing, mentions(error) { return true }
            return mentions(function.result) || function.parameters.contains { mentions($0.type) }
        case .composition(let types):
            return types.contains { mentions($0) }
        }
    }

    /// Whether `type` is a generic parameter's metatype (`T.Type`), which a mock records as the
    /// name of the type the app passed (`"Note.self"`).
    func isMetatype(_ type: SwiftType?) -> Bool {
        if case .metatype(.nominal(let parts), isProtocol: false)? = type, parts.count == 1, parts[0].arguments.isEmpty {
            return names.contains(parts[0].name)
        }
        return false
    }
}
