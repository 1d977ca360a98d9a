/// Mirrors against the SDK: each mirrored member must still be a member of the SDK value, of the
/// type the mirror declares, or the live adapter's copy no longer compiles. Members the mirror
/// leaves out are not reported: a mirror holds only what the app reads. A type the SDK names
/// through a typealias (`CKShare.Metadata` for a class declared `__CKShareMetadata`) is the
/// type the alias names.
extension DriftChecker {
    mutating func check(_ mirror: MirroredType) {
        let typeName = SDKTypeName.nominal(mirror.sdkType)
        guard let sdk = surface.types[typeName] ?? aliasedType(mirror.sdkType) else {
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

    /// The SDK type a typealias the mirror's `sdkType` names stands for, if it is one.
    private func aliasedType(_ sdkType: DeclaredType) -> SDKType? {
        guard let model = sdkType.model, case .nominal(let parts) = surface.resolved(model), parts.allSatisfy({ $0.arguments.isEmpty }) else {
            return nil
        }
        return surface.types[parts.map(\.name).joined(separator: ".")]
    }
}
