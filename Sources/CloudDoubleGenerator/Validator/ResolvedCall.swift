/// A call with its id (the given one, else its first form's name), the operations it runs, its
/// result spelled and on the type model, and its forms' signatures.
/// A class, as are its forms: every artifact hands each call and form around per form, and a
/// copy of the value would retain each of its texts every time.
@dynamicMemberLookup
final class ResolvedCall: Sendable {
    /// The call without its forms, which are here resolved.
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

    /// What a call resolves to besides its forms: its id, the operations it runs, its result.
    struct Resolved {
        let callID: String
        let runs: [OperationSpec]
        /// The result in Swift and on the type model (`nil` for none): a described type spelled
        /// as its protocol (`any CloudDatabase`; `names` spells it).
        let returns: String?
        let returnsType: SwiftType?

        /// The call at `index` of `calls`; `operations` are the description's.
        init(_ calls: [Call], _ index: Int, operations: [OperationSpec], names: GeneratedNames) {
            callID = calls[index].id?.value ?? calls[index].forms.first?.name.value ?? ""
            switch calls[index].operations {
            case nil: runs = []
            case .all: runs = operations
            case .named(let names): runs = operations.filter { operation in names.contains { $0.value == operation.name.value } }
            }
            switch calls[index].returns {
            case nil:
                returns = nil
                returnsType = nil
            case .swift(let type)?:
                returns = type.value
                returnsType = type.model
            case .reference(let name)?:
                let protocolName = names.protocolName(name.value)
                returns = "any " + protocolName
                returnsType = .existential(.nominal([SwiftType.NominalPart(name: protocolName, arguments: [])]))
            }
        }
    }

    /// Resolves `call` to `resolved`; its forms' texts are at `spans` in `texts` (its type's
    /// `FormTexts`).
    init(_ call: consuming Call, resolved: Resolved, texts: String, spans: ArraySlice<FormTexts.Span>) {
        // The call is taken apart, not copied: its forms out, the rest moved into `spec` at the end.
        let described = call.forms
        call.forms = []
        callID = resolved.callID
        runs = resolved.runs
        returns = resolved.returns
        returnsType = resolved.returnsType
        let start = spans.startIndex
        forms = (consume described).mapTakingElements { index, form in
            ResolvedForm(form, returns: resolved.returns, texts: texts, span: spans[start + index])
        }
        spec = consume call
    }

    /// The call as the description gives it.
    var described: Call {
        var call = spec
        call.forms = forms.map(\.spec)
        return call
    }

    /// Whether the result is itself optional (`T?`, `Optional<T>`).
    var returnsIsOptional: Bool { returnsType?.isOptional ?? false }

    /// The described type the call returns, when it returns one.
    var returnsReference: String? {
        if case .reference(let name)? = spec.returns { return name.value }
        return nil
    }

    // The recorded arguments' type and value are spelled when asked: each artifact that reads
    // them reads them once per call, and kept for every call they would hold a large
    // description's memory for the whole run.

    /// The type of the arguments in the mock's history and the call's key: `Swift.Void`, the one
    /// parameter's type, or a tuple labelled with the parameter names.
    var argumentsType: String { Self.argumentsType(spec.parameters) }

    /// The arguments as the mock records them: `()`, the one parameter, or a labelled tuple.
    var argumentsValue: String {
        var text = TextBuilder(capacity: 64)
        appendArgumentsValue(to: &text)
        return text.text()
    }

    /// Appends `argumentsValue` to `text`: the mocks and fault wrappers write it into their
    /// output from here (`SpelledText.arguments`), with no string made per call.
    func appendArgumentsValue<Sink: TextSink & ~Copyable>(to text: inout Sink) {
        let parameters = spec.parameters
        switch parameters.count {
        case 0: text += "()"
        case 1: text += SwiftNames.escaped(parameters[0].name.value)
        default:
            text += "("
            for index in parameters.indices {
                let name = parameters[index].name.value
                if index > 0 { text += ", " }
                text += name
                text += ": "
                text += SwiftNames.escaped(name)
            }
            text += ")"
        }
    }

    subscript<T>(dynamicMember keyPath: KeyPath<Call, T>) -> T { spec[keyPath: keyPath] }

    private static func argumentsType(_ parameters: [Parameter]) -> String {
        switch parameters.count {
        case 0: return Qualified.void
        case 1: return storedType(parameters[0].type)
        default:
            var text = TextBuilder(capacity: 64)
            text += "("
            for index in parameters.indices {
                if index > 0 { text += ", " }
                text += parameters[index].name.value
                text += ": "
                text += storedType(parameters[index].type)
            }
            text += ")"
            return text.text()
        }
    }

    /// A parameter's type as a stored value (the mock's recorded arguments): `@escaping` only
    /// applies to a parameter, so `@escaping @Sendable (Double) -> Void` is kept as
    /// `@Sendable (Double) -> Void`, and a test can call the closure the app passed.
    private static func storedType(_ type: DeclaredType) -> String {
        guard case .attributed(let attributes, let function)? = type.model, attributes.contains("@escaping") else { return type.value }
        let kept = attributes.filter { $0 != "@escaping" }
        return (kept.isEmpty ? function : .attributed(kept, function)).description
    }
}
