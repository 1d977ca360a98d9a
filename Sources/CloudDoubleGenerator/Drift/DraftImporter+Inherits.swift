/// Class hierarchies in a draft: a drafted class whose superclass (or a class further up) is
/// drafted too says `"inherits"`, and leaves out the members the parent drafts (overrides the
/// graph lists again on the subclass).
extension DraftImporter {
    /// The nearest drafted class `sdkType` subclasses, if the symbol graph says.
    func draftedSuperclass(of sdkType: String) -> String? {
        var seen: Set<String> = [sdkType]
        var next = surface.superclasses?[sdkType]
        while let current = next, seen.insert(current).inserted {
            if sdkTypes.contains(current) { return current }
            next = surface.superclasses?[current]
        }
        return nil
    }

    /// The names the drafted ancestors of `sdkType` take: their properties, their methods' full
    /// names, and the ids their calls are drafted with (which the subclass's must not reuse).
    func inheritedNames(of sdkType: String) -> (properties: Set<String>, methods: Set<String>, ids: Set<String>) {
        var properties = Set<String>()
        var methods = Set<String>()
        var ids = Set<String>()
        var next = draftedSuperclass(of: sdkType)
        var seen: Set<String> = [sdkType]
        while let ancestor = next, seen.insert(ancestor).inserted, let type = surface.types[ancestor] {
            let names = type.properties.map(\.name)
            properties.formUnion(names)
            methods.formUnion(type.methods.map(\.fullName))
            ids.formUnion(callIDs(CallGrouping.group(type.methods.filter { $0.unsupported == nil }, surface: surface), taken: Set(names)))
            next = draftedSuperclass(of: ancestor)
        }
        return (properties, methods, ids)
    }
}
