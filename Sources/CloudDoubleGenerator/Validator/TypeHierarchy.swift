/// The `inherits` links between described types, followed once: what each type inherits, root
/// first. The validator refuses unknown parents and cycles; on a description it refused, a chain
/// stops where the link breaks, so every rule can still ask.
struct TypeHierarchy: Sendable {
    private let types: [String: DescribedType]

    init(_ types: [DescribedType]) {
        var byName: [String: DescribedType] = [:]
        for type in types where byName[type.name.value] == nil { byName[type.name.value] = type }
        self.types = byName
    }

    /// The types `type` inherits from, its parent first; empty when it inherits nothing. Stops
    /// before an unknown name or a type already in the chain (a cycle).
    func ancestors(of type: DescribedType) -> [DescribedType] {
        var chain: [DescribedType] = []
        var seen: Set<String> = [type.name.value]
        var next = type.inherits?.value
        while let name = next, let parent = types[name], seen.insert(name).inserted {
            chain.append(parent)
            next = parent.inherits?.value
        }
        return chain
    }

    /// The properties `type` inherits, the root's first, as its adapters, wrappers and mocks declare them.
    func inheritedProperties(of type: DescribedType) -> [Property] {
        ancestors(of: type).reversed().flatMap(\.properties)
    }

    /// The calls `type` inherits, the root's first.
    func inheritedCalls(of type: DescribedType) -> [Call] {
        ancestors(of: type).reversed().flatMap(\.calls)
    }
}
