/// Mirrors against the SDK: each mirrored member must still be a member of the SDK value, of the
/// type the mirror declares, or the live adapter's copy no longer compiles. Members the mirror
/// leaves out are not reported: a mirror holds only what the app reads.
extension DriftChecker {
    mutating func check(_ mirror: MirroredType) {
        let typeName = SDKTypeName.nominal(mirror.sdkType)
        guard let sdk = surface.types[typeName] else {
            let hint = Spelling.closest(to: typeName, in: surface.types.keys.sorted()).map { "the symbol graph has \"\($0)\": renamed?" }
            error(
                "\(typeName), which the mirror \(mirror.name.value) mirrors, is not in the symbol graph of \(surface.module) (removed or renamed)",
                at: mirror.sdkType.location, hint: hint)
            return
        }
        for member in mirror.members {
            guard let actual = sdk.properties.first(where: { $0.name == member.name.value }) else {
                let hint = Spelling.closest(to: member.name.value, in: sdk.properties.map(\.name)).map { "\(sdk.name) has `\($0)`: renamed?" }
                error(
                    "the mirrored member `\(member.name.value)` is no longer in \(sdk.name) (removed or renamed)", at: member.name.location,
                    hint: hint)
                continue
            }
            if !surface.sameType(member.type.value, actual.type) {
                error(
                    "the mirrored member `\(member.name.value)` of \(sdk.name): \(change(member.type.value, actual.type))", at: member.type.location)
            }
        }
    }
}
