/// A described type with its members resolved.
@dynamicMemberLookup
struct ResolvedType: Sendable {
    let spec: DescribedType
    let properties: [ResolvedProperty]
    let calls: [ResolvedCall]

    /// `operations` are the description's; `names` spells described types as their protocols.
    init(resolving type: DescribedType, operations: [OperationSpec], mirrors: [MirroredType], names: GeneratedNames) {
        spec = type
        properties = type.properties.map { property in
            ResolvedProperty(spec: property, availability: property.availability.compactMap { Availability(parsing: $0.value) })
        }
        calls = type.calls.map { ResolvedCall($0, operations: operations, mirrors: mirrors, names: names) }
    }

    subscript<T>(dynamicMember keyPath: KeyPath<DescribedType, T>) -> T { spec[keyPath: keyPath] }
}

@dynamicMemberLookup
struct ResolvedProperty: Sendable {
    let spec: Property
    let availability: [Availability]

    subscript<T>(dynamicMember keyPath: KeyPath<Property, T>) -> T { spec[keyPath: keyPath] }
}
