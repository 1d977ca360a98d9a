/// A described type with its members resolved: the ones it inherits (root first), then its own.
@dynamicMemberLookup
struct ResolvedType: Sendable {
    let spec: DescribedType
    /// Every property the adapters, wrappers and mocks declare: the inherited ones lead.
    let properties: [ResolvedProperty]
    /// Every call the adapters, wrappers and mocks declare: the inherited ones lead.
    let calls: [ResolvedCall]
    /// How many of `properties` and `calls` come from the types it inherits (the rest are its
    /// protocol's own requirements).
    let inheritedPropertyCount: Int
    let inheritedCallCount: Int
    /// Whether its mock has a backing protocol (`BackedTypes`).
    let hasBacking: Bool

    /// `operations` are the description's; `names` spells described types as their protocols.
    init(
        resolving type: DescribedType, hierarchy: TypeHierarchy, backed: BackedTypes, operations: [OperationSpec], mirrors: [MirroredType],
        names: GeneratedNames
    ) {
        spec = type
        hasBacking = backed.contains(type.name.value)
        let inheritedProperties = hierarchy.inheritedProperties(of: type)
        let inheritedCalls = hierarchy.inheritedCalls(of: type)
        inheritedPropertyCount = inheritedProperties.count
        inheritedCallCount = inheritedCalls.count
        properties = (inheritedProperties + type.properties).map { property in
            ResolvedProperty(spec: property, availability: property.availability.compactMap(\.model))
        }
        calls = (inheritedCalls + type.calls).map {
            ResolvedCall($0, operations: operations, mirrors: mirrors, names: names)
        }
    }

    subscript<T>(dynamicMember keyPath: KeyPath<DescribedType, T>) -> T { spec[keyPath: keyPath] }
}

@dynamicMemberLookup
struct ResolvedProperty: Sendable {
    let spec: Property
    let availability: [Availability]

    subscript<T>(dynamicMember keyPath: KeyPath<Property, T>) -> T { spec[keyPath: keyPath] }
}
