/// How a call is spelled in Swift: its result, its arguments as a mock records them and a call
/// key types them, and each of its forms (`FormSpelling`). A translator makes one for each call it
/// translates (`Translator.spelling(of:)`), from what the validator resolved (`ResolvedCall`,
/// which holds no Swift text).
@dynamicMemberLookup
struct CallSpelling: Sendable {
    let resolved: ResolvedCall
    /// The result in Swift (`nil` for none): the description's spelling, a described type as its
    /// protocol (`any CloudDatabase`), or, when mirrors stand for SDK types in it, the type model's.
    let returns: String?
    let forms: [FormSpelling]

    /// `call`, a described type spelled as its protocol by `names`.
    init(_ call: ResolvedCall, names: GeneratedNames) {
        resolved = call
        if !call.mirrored.isEmpty, let type = call.returnsType {
            returns = type.description
        } else {
            switch call.spec.returns {
            case nil: returns = nil
            case .swift(let type)?: returns = type.value
            case .reference?: returns = call.returnsType?.description
            }
        }
        forms = call.forms.map { [returns] form in FormSpelling(form, of: call, returns: returns) }
    }

    /// The type of the arguments in the mock's history and the call's key: `Swift.Void`, the one
    /// parameter's type, or a tuple labelled with the parameter names.
    var argumentsType: String {
        let parameters = resolved.parameters
        switch parameters.count {
        case 0: return Qualified.void
        case 1: return storedType(parameters[0].type)
        default: return "(" + parameters.map { "\($0.name.value): \(storedType($0.type))" }.joined(separator: ", ") + ")"
        }
    }

    /// The arguments as the mock records them: `()`, the one parameter, or a labelled tuple.
    var argumentsValue: String {
        let parameters = resolved.parameters
        switch parameters.count {
        case 0: return "()"
        case 1: return storedValue(parameters[0])
        default: return "(" + parameters.map { "\($0.name.value): \(storedValue($0))" }.joined(separator: ", ") + ")"
        }
    }

    /// The value type of the call's key: the result, `Void` for none, and for a stream the
    /// elements a mock's stub sends (`[T]`).
    var keyValueType: String {
        if generics.mentions(returnsType) { return Qualified.any }
        guard resolved.isStream else { return returns ?? Qualified.void }
        return "[" + (returns ?? Qualified.void) + "]"
    }

    /// The arguments as the mock records them, one parameter: itself, or for a generic
    /// parameter's metatype the type's name (`"Note.self"`), or `Any` for what mentions one.
    private func storedValue(_ parameter: Parameter) -> String {
        let name = SwiftNames.escaped(parameter.name.value)
        if generics.isMetatype(parameter.type.model) { return "\"\\(" + name + ").self\"" }
        if generics.mentions(parameter.type.model) { return name + " as " + Qualified.any }
        return name
    }

    /// The call's generic parameters (`"genericParameters"`).
    var generics: GenericSignature { GenericSignature(resolved.genericParameters) }
    /// Whether the result mentions a generic parameter: a mock then keeps its stubs as `Any` and
    /// casts them to the result at the call.
    var returnsIsGeneric: Bool { generics.mentions(returnsType) }

    var callID: String { resolved.callID }
    var isStream: Bool { resolved.isStream }
    var runs: [OperationSpec] { resolved.runs }
    var returnsType: SwiftType? { resolved.returnsType }
    var returnsIsOptional: Bool { resolved.returnsIsOptional }
    var returnsReference: String? { resolved.returnsReference }
    var returnsReferenceShape: DescribedReference.Shape? { resolved.returnsReferenceShape }
    var mirrored: MirrorSubstitution { resolved.mirrored }
    var sdkReturnsType: SwiftType? { resolved.sdkReturnsType }
    var sdkParameterTypes: [Int: SwiftType] { resolved.sdkParameterTypes }
    var listener: ResolvedListener? { resolved.listener }

    // The description's fields by one key path each (a key path through `ResolvedCall`'s own
    // lookup would be made at run time, on every read).
    subscript<T>(dynamicMember keyPath: KeyPath<Call, T>) -> T { resolved.spec[keyPath: keyPath] }

    /// A parameter's type as a stored value (the mock's recorded arguments): `@escaping` only
    /// applies to a parameter, so `@escaping @Sendable (Double) -> Void` is kept as
    /// `@Sendable (Double) -> Void`, and a test can call the closure the app passed.
    /// A parameter mentioning a generic parameter is kept as `Any`, and its metatype (`T.Type`)
    /// as the name of the type passed (`GenericSignature`).
    private func storedType(_ type: DeclaredType) -> String {
        if generics.isMetatype(type.model) { return Qualified.string }
        if generics.mentions(type.model) { return Qualified.any }
        guard case .attributed(let attributes, let function)? = type.model, attributes.contains("@escaping") else { return type.value }
        let kept = attributes.filter { $0 != "@escaping" }
        return (kept.isEmpty ? function : .attributed(kept, function)).description
    }
}
