/// Mirrors in a draft: an SDK type a drafted call returns that no one but the SDK can make (no
/// public initialiser in the symbol graph, some public properties) is drafted as a mirror of its
/// properties, and the call lists it, so mocks and stores can answer the call.
extension DraftImporter {
    /// The SDK types in `returns` to mirror, each where a mirror can be copied in; empty when none.
    func mirrorCandidates(in returns: String) -> [String] {
        guard case .success(let model) = SwiftTypeParser.parse(returns) else { return [] }
        var found: [String] = []
        model.walk { type in
            guard case .nominal(let parts) = type, parts.allSatisfy({ $0.arguments.isEmpty }) else { return }
            let path = parts.map(\.name).joined(separator: ".")
            guard !found.contains(path), !sdkTypes.contains(path), let sdk = surface.types[path], !sdk.isProtocol,
                !sdk.otherMembers.contains(where: { $0.hasPrefix("init(") }), !mirrorMembers(of: sdk).isEmpty
            else { return }
            let one = MirrorSubstitution(mirrors: [(type.canonical, "M")])
            if !one.holdsMirroredType(one.substituted(model)) { found.append(path) }
        }
        return found
    }

    /// `CKDatabase.RecordZoneChange.Modification` → `RecordZoneChangeModification`,
    /// `CKShare.Metadata` → `ShareMetadata`.
    static func mirrorName(_ sdkType: String) -> String {
        let parts = sdkType.split(separator: ".").map(String.init)
        switch parts.count {
        case 1: return shortName(sdkType) + "Value"
        case 2: return shortName(parts[0]) + parts[1]
        default: return parts.dropFirst().joined()
        }
    }

    /// The properties a mirror can copy: carried types, names a description may give, not
    /// deprecated, and with no availability of their own or all the same (a mirror's members
    /// newer than the floor share one; the first such member's wins).
    func mirrorMembers(of sdk: SDKType) -> [(property: SDKProperty, availability: String?)] {
        var shared: String?
        return sdk.properties.compactMap { property in
            guard
                property.unsupported == nil && !SwiftNames.hasGeneratedSpelling(property.name) && !SwiftNames.isReservedMemberName(property.name)
                    && Self.uncarried(property.type, at: .property) == nil
                    && !property.availability.contains(where: { $0.deprecated != nil || $0.isUnconditionallyDeprecated == true })
            else { return nil }
            let introduced = Self.platforms.compactMap { domain in
                property.availability.first { $0.domain == domain }?.introduced.map { "\(domain) \($0.text)" }
            }
            guard !introduced.isEmpty else { return (property, nil) }
            let attribute = "@available(\(introduced.joined(separator: ", ")), *)"
            if shared == nil { shared = attribute }
            return shared == attribute ? (property, attribute) : nil
        }
    }

    /// The drafted mirrors, in the order the calls first named them.
    func draftedMirrors(_ sdkTypes: [String]) -> [DraftJSON] {
        sdkTypes.map { path in
            let sdk = surface.types[path] ?? SDKType(name: path)
            let members = mirrorMembers(of: sdk).map { property, availability in
                var fields: [(String, DraftJSON)] = [("name", .string(property.name)), ("type", .string(property.type))]
                if let availability { fields.append(("availability", .array([.string(availability)]))) }
                if let doc = property.documentation { fields.append(("doc", .string(doc))) }
                return DraftJSON.object(fields)
            }
            let doc = "\(Self.marker): \(path) has no public initialiser, so a test cannot make one: keep the members the app reads."
            return .object([
                ("name", .string(Self.mirrorName(path))), ("sdkType", .string(path)), ("doc", .string(doc)), ("members", .array(members)),
            ])
        }
    }
}
