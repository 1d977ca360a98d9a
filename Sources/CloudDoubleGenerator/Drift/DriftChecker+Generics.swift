extension DriftChecker {
    /// Reports a generic call whose parameters or conformances differ from the SDK method's,
    /// compared in order by name and by conformances as a set.
    mutating func compareGenerics(_ form: CallFormSpec, _ call: Call, _ method: SDKMethod, in typeName: String) {
        let described = call.genericParameters.map { SDKGenericParameter(name: $0.name.value, conformsTo: $0.conformsTo.map(\.value)) }
        let same =
            described.count == method.genericParameters.count
            && zip(described, method.genericParameters).allSatisfy { mine, theirs in
                mine.name == theirs.name
                    && Set(mine.conformsTo.map(SwiftDeclarationTokens.spelled)) == Set(theirs.conformsTo.map(SwiftDeclarationTokens.spelled))
            }
        guard !same else { return }
        let says = described.isEmpty ? "no generic parameters" : SDKGenericParameter.clause(described)
        let has = method.genericParameters.isEmpty ? "none" : SDKGenericParameter.clause(method.genericParameters)
        error(
            "`\(fullName(form, call))` in \(typeName): its generic parameters changed: the description says \(says), the SDK now has \(has)",
            at: call.genericParameters.first?.location ?? form.name.location,
            hint: "write \"genericParameters\" as the SDK declares them")
    }
}
