/// Class inheritance in the symbol graphs, for `inherits`: `import` drafts it, `check` verifies it.
extension SDKSurface {
    /// The `inheritsFrom` edges between the graphs' classes (a protocol's edges are refinements,
    /// not superclasses), by path; `nil` when the graphs record no relationships.
    static func superclasses(_ graphs: [SymbolGraph], paths: [String: String], types: [String: SDKType]) -> [String: String]? {
        guard graphs.contains(where: { $0.relationships != nil }) else { return nil }
        var superclasses: [String: String] = [:]
        for edge in graphs.flatMap({ $0.relationships ?? [] }) where edge.kind == "inheritsFrom" {
            guard let source = paths[edge.source], let target = paths[edge.target], types[source]?.isProtocol != true else { continue }
            superclasses[source] = target
        }
        return superclasses
    }

    /// Whether `type` subclasses `ancestor`, directly or further up: `nil` when the graphs do not
    /// say (no relationships, or a superclass outside them).
    func isSubclass(_ type: String, of ancestor: String) -> Bool? {
        guard let superclasses else { return nil }
        var seen: Set<String> = [type]
        var next = superclasses[type]
        while let current = next, seen.insert(current).inserted {
            if current == ancestor { return true }
            next = superclasses[current]
        }
        // The chain left the graphs' types (NSObject): what lies beyond is not known.
        return types[ancestor] == nil ? nil : false
    }
}
