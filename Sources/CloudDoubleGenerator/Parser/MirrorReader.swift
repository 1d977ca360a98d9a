/// Reads the description's `mirrors`: each an SDK value type's members, every problem of shape
/// into `sink`.
struct MirrorReader {
    let sink: DiagnosticSink

    func mirror(_ value: JSONValue) -> MirroredType? {
        guard let object = ObjectReader<MirrorKey>(value, what: "a mirror", sink: sink) else { return nil }
        let name = object.string(.name, required: true)
        let sdkType = object.string(.sdkType, required: true)
        let members = object.array(.members, required: true)?.compactMap(member) ?? []
        guard let name, let sdkType else { return nil }
        return MirroredType(
            name: name, sdkType: DeclaredType(sdkType), members: members, sendable: object.bool(.sendable, default: true),
            keepsSDKValue: object.bool(.keepsSDKValue, default: false),
            hashable: object.bool(.hashable, default: false), mirrors: object.strings(.mirrors), documentation: object.string(.doc)?.value,
            location: object.location)
    }

    func member(_ value: JSONValue) -> MirroredMember? {
        guard let object = ObjectReader<MirrorMemberKey>(value, what: "a mirrored member", sink: sink) else { return nil }
        let name = object.string(.name, required: true)
        let type = object.string(.type, required: true)
        guard let name, let type else { return nil }
        return MirroredMember(
            name: name, type: DeclaredType(type), availability: object.attributes(.availability), documentation: object.string(.doc)?.value,
            location: object.location)
    }
}
