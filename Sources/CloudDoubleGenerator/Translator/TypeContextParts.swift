/// The parts of a type's context that take work to build: the members each artifact declares.
/// Each artifact's template looks up only some of them, so a context made for one template
/// builds only those (a template never sees what it does not look up).
struct TypeContextParts: OptionSet, Sendable {
    let rawValue: Int

    static let protocolMembers = TypeContextParts(rawValue: 1 << 0)
    static let defaultOverloads = TypeContextParts(rawValue: 1 << 1)
    static let liveMembers = TypeContextParts(rawValue: 1 << 2)
    static let faultMembers = TypeContextParts(rawValue: 1 << 3)
    static let mockMembers = TypeContextParts(rawValue: 1 << 4)
    static let callKeys = TypeContextParts(rawValue: 1 << 5)
    static let backing = TypeContextParts(rawValue: 1 << 6)
    static let all: TypeContextParts = [.protocolMembers, .defaultOverloads, .liveMembers, .faultMembers, .mockMembers, .callKeys, .backing]

    /// The fields of a type's context each part fills (or decides, as `hasBacking` does).
    static let fields: [String: TypeContextParts] = [
        "protocolMembers": .protocolMembers,
        "defaultOverloads": .defaultOverloads, "hasDefaultOverloads": .defaultOverloads,
        "liveMembers": .liveMembers,
        "faultMembers": .faultMembers,
        "mockMembers": .mockMembers,
        "callKeys": .callKeys,
        "backingRequirements": .backing, "hasBacking": .backing,
    ]

    init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The parts a template that looks up `names` needs.
    init(fieldNames names: Set<String>) {
        self = []
        for (field, part) in Self.fields where names.contains(field) { insert(part) }
    }
}
