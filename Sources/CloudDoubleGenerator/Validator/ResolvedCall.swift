/// A call with its id (the given one, else its first form's name), the operations it runs, its
/// result spelled and on the type model, and its forms' signatures. A class, as are its forms:
/// the translators and their contexts share one per call.
@dynamicMemberLookup
final class ResolvedCall: Sendable {
    let spec: Call
    let callID: String
    /// The operations it runs, in the description's order (`"operations"`: true or names).
    let runs: [OperationSpec]
    let forms: [ResolvedForm]
    /// The result in Swift (`nil` for none), a described type spelled as its protocol
    /// (`any CloudDatabase`).
    let returns: String?
    /// The structure of `returns` (`nil` for none).
    let returnsType: SwiftType?
    /// The mirrors `returns` holds in place of SDK types; empty for most calls.
    let mirrored: MirrorSubstitution
    /// The result as the SDK returns it, before mirrors replaced its SDK types.
    let sdkReturnsType: SwiftType?

    /// `operations` and `mirrors` are the description's; `names` spells a described type as its
    /// protocol, and a mirror as its struct.
    init(_ call: Call, operations: [OperationSpec], mirrors: [MirroredType], names: GeneratedNames) {
        spec = call
        callID = call.id?.value ?? call.forms.first?.name.value ?? ""
        switch call.operations {
        case nil: runs = []
        case .all: runs = operations
        case .named(let names): runs = operations.filter { operation in names.contains { $0.value == operation.name.value } }
        }
        mirrored = MirrorSubstitution(
            mirrors: call.mirrors.compactMap { used in
                mirrors.first { $0.name.value == used.value }.flatMap { mirror in
                    mirror.sdkType.model.map { ($0.canonical, names.mirrorName(mirror.name.value)) }
                }
            })
        let sdkResult = Self.result(of: call, names: names)
        sdkReturnsType = sdkResult.type
        var result = sdkResult
        if !mirrored.isEmpty, let type = sdkResult.type {
            let substituted = mirrored.substituted(type)
            result = (substituted.description, substituted)
        }
        returns = result.text
        returnsType = result.type
        forms = call.forms.map { form in
            ResolvedForm(FormSpelling(form: form, parameters: call.parameters, returns: result.text, returnsType: result.type))
        }
    }

    /// The call's result in Swift and on the type model (`nil` for none).
    private static func result(of call: Call, names: GeneratedNames) -> (text: String?, type: SwiftType?) {
        switch call.returns {
        case nil:
            return (nil, nil)
        case .swift(let type)?:
            return (type.value, type.model)
        case .reference(let name)?:
            let protocolName = names.protocolName(name.value)
            return ("any " + protocolName, .existential(.nominal([SwiftType.NominalPart(name: protocolName, arguments: [])])))
        }
    }

    /// Whether the call's form is a `stream` (the validator allows no other form beside it).
    var isStream: Bool { forms.contains { $0.kind == .stream } }

    /// The value type of the call's key: the result, `Void` for none, and for a stream the
    /// elements a mock's stub sends (`[T]`).
    var keyValueType: String {
        guard isStream else { return returns ?? Qualified.void }
        return "[" + (returns ?? Qualified.void) + "]"
    }

    /// Whether the result is itself optional (`T?`, `Optional<T>`).
    var returnsIsOptional: Bool { returnsType?.isOptional ?? false }

    /// The described type the call returns, when it returns one.
    var returnsReference: String? {
        if case .reference(let name)? = spec.returns { return name.value }
        return nil
    }

    /// The type of the arguments in the mock's history and the call's key: `Swift.Void`, the one
    /// parameter's type, or a tuple labelled with the parameter names.
    var argumentsType: String {
        let parameters = spec.parameters
        switch parameters.count {
        case 0: return Qualified.void
        case 1: return Self.storedType(parameters[0].type)
        default: return "(" + parameters.map { "\($0.name.value): \(Self.storedType($0.type))" }.joined(separator: ", ") + ")"
        }
    }

    /// The arguments as the mock records them: `()`, the one parameter, or a labelled tuple.
    var argumentsValue: String {
        let parameters = spec.parameters
        switch parameters.count {
        case 0: return "()"
        case 1: return SwiftNames.escaped(parameters[0].name.value)
        default: return "(" + parameters.map { "\($0.name.value): \(SwiftNames.escaped($0.name.value))" }.joined(separator: ", ") + ")"
        }
    }

    subscript<T>(dynamicMember keyPath: KeyPath<Call, T>) -> T { spec[keyPath: keyPath] }

    /// A parameter's type as a stored value (the mock's recorded arguments): `@escaping` only
    /// applies to a parameter, so `@escaping @Sendable (Double) -> Void` is kept as
    /// `@Sendable (Double) -> Void`, and a test can call the closure the app passed.
    private static func storedType(_ type: DeclaredType) -> String {
        guard case .attributed(let attributes, let function)? = type.model, attributes.contains("@escaping") else { return type.value }
        let kept = attributes.filter { $0 != "@escaping" }
        return (kept.isEmpty ? function : .attributed(kept, function)).description
    }
}
