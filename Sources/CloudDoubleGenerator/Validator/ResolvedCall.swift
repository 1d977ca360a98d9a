/// A call with its id (the given one, else its first form's name), the operations it runs, its
/// result on the type model, and its forms. It holds no Swift text: the translators spell a call
/// (`CallSpelling`). A class, as are its forms: the translators and their contexts share one per
/// call.
@dynamicMemberLookup
final class ResolvedCall: Sendable {
    /// The call as described, but for parameters holding mirrors, which hold the mirrors.
    let spec: Call
    let callID: String
    /// The operations it runs, in the description's order (`"operations"`: true or names).
    let runs: [OperationSpec]
    let forms: [ResolvedForm]
    /// The result on the type model (`nil` for none): a described type as its protocol's
    /// existential (`any CloudDatabase`), an SDK type a mirror stands for as the mirror.
    let returnsType: SwiftType?
    /// The mirrors `returnsType` holds in place of SDK types; empty for most calls.
    let mirrored: MirrorSubstitution
    /// The result as the SDK returns it, before mirrors replaced its SDK types.
    let sdkReturnsType: SwiftType?
    /// The parameters that hold mirrors, by index, typed as the SDK takes them.
    let sdkParameterTypes: [Int: SwiftType]
    /// Set when the call registers a listener.
    let listener: ResolvedListener?

    /// The operations of `operations` that `call` runs, in their order.
    static func runs(of call: Call, among operations: [OperationSpec]) -> [OperationSpec] {
        switch call.operations {
        case nil: []
        case .all: operations
        case .named(let names): operations.filter { operation in names.contains { $0.value == operation.name.value } }
        }
    }

    /// `operations` and `mirrors` are the description's; `names` spells a described type as its
    /// protocol, and a mirror as its struct.
    init(_ call: Call, operations: [OperationSpec], mirrors: [MirroredType], names: GeneratedNames) {
        callID = call.id?.value ?? call.forms.first?.name.value ?? ""
        runs = Self.runs(of: call, among: operations)
        mirrored = MirrorSubstitution(
            mirrors: call.mirrors.compactMap { used in
                mirrors.first { $0.name.value == used.value }.flatMap { mirror in
                    mirror.sdkType.model.map { ($0.canonical, names.mirrorName(mirror.name.value)) }
                }
            })
        sdkReturnsType = Self.result(of: call, names: names)
        listener = ResolvedListener(call)
        if !mirrored.isEmpty, let type = sdkReturnsType {
            returnsType = mirrored.substituted(type)
        } else {
            returnsType = sdkReturnsType
        }
        var resolved = call
        var sdkParameterTypes: [Int: SwiftType] = [:]
        for (index, parameter) in call.parameters.enumerated() {
            guard let written = parameter.reference else { continue }
            let reference = DescribedReference(written)
            let type = reference.swiftType(protocolName: names.protocolName(reference.name.value))
            resolved.parameters[index].type = DeclaredType(Located(type.description, written.location))
        }
        if !mirrored.isEmpty {
            for (index, parameter) in call.parameters.enumerated() where parameter.reference == nil {
                guard let type = parameter.type.model, mirrored.holdsMirroredType(type) else { continue }
                sdkParameterTypes[index] = type
                let substituted = mirrored.substitutedParameter(type).description
                resolved.parameters[index].type = DeclaredType(Located(substituted, parameter.type.location))
            }
        }
        spec = resolved
        self.sdkParameterTypes = sdkParameterTypes
        forms = call.forms.map { ResolvedForm($0, of: resolved) }
    }

    /// The call's result on the type model (`nil` for none).
    private static func result(of call: Call, names: GeneratedNames) -> SwiftType? {
        switch call.returns {
        case nil:
            return nil
        case .swift(let type)?:
            return type.model
        case .reference(let written)?:
            let returned = DescribedReference(written)
            return returned.swiftType(protocolName: names.protocolName(returned.name.value))
        }
    }

    /// Whether the call's form is a `stream` (the validator allows no other form beside it).
    var isStream: Bool { forms.contains { $0.kind == .stream } }

    /// Whether the result is itself optional (`T?`, `Optional<T>`).
    var returnsIsOptional: Bool { returnsType?.isOptional ?? false }

    /// The described type the call returns, when it returns one.
    var returnsReference: String? {
        if case .reference(let written)? = spec.returns { return DescribedReference(written).name.value }
        return nil
    }

    /// Whether the call returns one described object, an optional one or an array of them.
    var returnsReferenceShape: DescribedReference.Shape? {
        if case .reference(let written)? = spec.returns { return DescribedReference(written).shape }
        return nil
    }

    subscript<T>(dynamicMember keyPath: KeyPath<Call, T>) -> T { spec[keyPath: keyPath] }
}
