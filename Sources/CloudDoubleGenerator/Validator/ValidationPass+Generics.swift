/// `"genericParameters"` (Firestore's `getDocument<T: Decodable>(as: T.Type)`): names that hide
/// nothing generated code names, constraints that are types, and only the forms and keys whose
/// doubles can carry a generic parameter. A mock stores such a call's stubs type-erased and casts
/// them to the result at the call, so it has nothing to answer with when unstubbed.
extension ValidationPass {
    func genericParameters(of call: Call) {
        guard !call.genericParameters.isEmpty else { return }
        let reservedNames = genericReservedNames()
        var seen: Set<String> = []
        for parameter in call.genericParameters {
            let name = parameter.name
            if !SwiftNames.isIdentifier(name.value) || SwiftNames.isKeyword(name.value) || ["Self", "Any", "Type", "Protocol"].contains(name.value) {
                sink.error("the generic parameter name \"\(name.value)\" is not a valid Swift generic parameter name", at: name.location)
            } else if generatedSpelling(name, what: "generic parameter") {
                // Reported.
            } else if let owner = reservedNames[name.value] {
                sink.error(
                    "the generic parameter \"\(name.value)\" has the name of \(owner), which it would hide in the generated members",
                    at: name.location, hint: "rename the generic parameter (the SDK's name for it does not matter to callers)")
            } else if !seen.insert(name.value).inserted {
                sink.error("the generic parameter \"\(name.value)\" appears twice", at: name.location)
            }
            for constraint in parameter.conformsTo {
                guard let model = declaredType(constraint, at: .value) else { continue }
                if case .nominal = model { continue }
                sink.error(
                    "\"\(constraint.value)\" is not a protocol or class a generic parameter can conform to", at: constraint.location,
                    hint: "list each protocol on its own: \"conformsTo\": [\"Decodable\", \"Sendable\"]")
            }
        }
        let signature = GenericSignature(call.genericParameters)
        let resultIsGeneric: Bool = {
            if case .swift(let type)? = call.returns { return signature.mentions(type.model) }
            return false
        }()
        let refused: [(SourceLocation?, String)] = [
            (call.store?.location, "store"), (call.operations.map { _ in call.location }, "operations"), (call.listener?.location, "listener"),
            (call.perItem.map { _ in call.location }, "perItem"), (call.atomic?.location, "atomic"), (call.mirrors.first?.location, "mirrors"),
            (call.newEachCall?.location, "newEachCall"), (call.removesListeners?.location, "removesListeners"),
            (referenceLocation(call), "returnsRef"), (resultIsGeneric ? call.mockDefault?.location : nil, "mockDefault"),
        ]
        for case (let at?, let key) in refused {
            sink.error(
                "a generic call cannot have \"\(key)\"", at: at,
                hint: "describe a non-generic overload of the call for it, or leave \"\(key)\" out")
        }
        for form in call.forms {
            switch form.kind.value {
            case .async: break
            case .sync where form.throwing || !resultIsGeneric: break
            case .sync:
                sink.error(
                    "a \"sync\" form of a generic call whose result mentions a generic parameter must throw: an unstubbed mock has no value of it to return",
                    at: form.location, hint: "add \"throws\": true if the SDK's method throws; otherwise leave the call out of the description")
            case .completion, .result, .stream:
                sink.error(
                    "a generic call has only \"sync\" and \"async\" forms; found a \"\(form.kind.value.rawValue)\" form", at: form.location,
                    hint: "describe the \"async\" form the SDK offers, or a non-generic call for this form")
            }
        }
    }

    private func referenceLocation(_ call: Call) -> SourceLocation? {
        if case .reference(let written)? = call.returns { return written.location }
        return nil
    }

    /// What a generic parameter's name must not be, and what each name is: the described types,
    /// mirrors and the names generated for them, and the modules generated code qualifies by.
    private func genericReservedNames() -> [String: String] {
        var reserved: [String: String] = [:]
        let names = GeneratedNames(prefix: description.prefix.value)
        let backed = BackedTypes(description.types, runs: runOperations)
        for module in [description.module.value] + description.imports.map(\.value) + GeneratedNames.qualifyingModules {
            reserved[module] = "the module \(module)"
        }
        for type in description.types {
            reserved[type.name.value] = "the described type \(type.name.value)"
            for name in generatedNames(of: type, names, backed: backed) { reserved[name] = "the generated type \(name)" }
            reserved[names.listenerKeyName(type.name.value)] = "the generated type \(names.listenerKeyName(type.name.value))"
            reserved[SDKTypeName.nominal(type.sdkType)] = "the SDK type \(SDKTypeName.nominal(type.sdkType))"
        }
        for mirror in description.mirrors {
            reserved[mirror.name.value] = "the mirror \(mirror.name.value)"
            reserved[names.mirrorName(mirror.name.value)] = "the generated type \(names.mirrorName(mirror.name.value))"
        }
        for operation in description.operations {
            reserved[names.outcomeName(operation.name.value)] = "the generated type \(names.outcomeName(operation.name.value))"
        }
        return reserved
    }
}
