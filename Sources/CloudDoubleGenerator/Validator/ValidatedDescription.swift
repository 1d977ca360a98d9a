/// A description the validator accepted, with what it resolved: each form's and property's
/// availability parsed, each call's id, the operations it runs and its result on the type model
/// (`ResolvedType`, `ResolvedCall`, `ResolvedForm`). It holds meanings, not Swift text: the
/// translators spell declarations from it (`CallSpelling`, `FormSpelling`). Only
/// `Validator.validate` makes one, and translators take only this, so nothing is generated from
/// an unchecked description and nothing the validator knew is worked out again. Every field of
/// the description reads through (`validated.prefix`), with the resolved parts in its place.
@dynamicMemberLookup
public struct ValidatedDescription: Sendable {
    /// The description as it was read.
    public let description: APIDescription
    let types: [ResolvedType]
    /// The description's `availability`, parsed.
    let availability: [Availability]

    /// `description` resolved; only for `Validator.validate`, once every rule has passed.
    init(resolving description: APIDescription) {
        self.description = description
        let names = GeneratedNames(prefix: description.prefix.value)
        let hierarchy = TypeHierarchy(description.types)
        let backed = BackedTypes(description.types) { ResolvedCall.runs(of: $0, among: description.operations) }
        types = description.types.map {
            ResolvedType(
                resolving: $0, hierarchy: hierarchy, backed: backed, operations: description.operations, mirrors: description.mirrors,
                names: names)
        }
        // The validator refused every attribute that did not parse.
        availability = description.availability.compactMap(\.model)
    }

    public subscript<T>(dynamicMember keyPath: KeyPath<APIDescription, T>) -> T { description[keyPath: keyPath] }
}
