/// `inherits` against the SDK: the child's SDK class must subclass the parent's where the symbol
/// graph says, and members the parent describes are not the child's to describe again (a
/// subclass that overrides one lists it among its own symbols).
extension DriftChecker {
    mutating func checkInheritance(_ type: DescribedType) {
        guard let parentName = type.inherits, let parent = description.types.first(where: { $0.name.value == parentName.value }) else {
            return
        }
        let child = SDKTypeName.nominal(type.sdkType.value)
        let ancestor = SDKTypeName.nominal(parent.sdkType.value)
        guard surface.types[child] != nil, surface.types[ancestor] != nil, surface.isSubclass(child, of: ancestor) == false else { return }
        error(
            "\(child) does not subclass \(ancestor) in the symbol graph of \(surface.module), so \(type.name.value) cannot inherit \(parentName.value)",
            at: parentName.location, hint: "inherit the described type of a class \(child) subclasses, or remove \"inherits\"")
    }

    /// The members the types `type` inherits describe: property names and forms' full names.
    func inheritedMemberNames(of type: DescribedType) -> Set<String> {
        var names = Set<String>()
        for ancestor in TypeHierarchy(description.types).ancestors(of: type) {
            names.formUnion(ancestor.properties.map(\.name.value))
            for call in ancestor.calls {
                for form in call.forms { names.insert(Validator.fullName(of: form, in: call)) }
            }
        }
        return names
    }
}
