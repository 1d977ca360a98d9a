/// Calls `import` drafts as listeners (`"listener"`): a synchronous method that takes an
/// escaping closure and returns a registration, in the two shapes SDKs give them.
extension DraftImporter {
    /// The `"listener"` of a call, when it is one: handle style, an integer handle removed by a
    /// sibling `remove…` whose one parameter takes it (Firebase's `observe(_:with:withCancel:)`
    /// and `removeObserver(withHandle:)`, `"removedBy"`); object style, `any P` for an SDK
    /// protocol `P` whose only requirement is a method without arguments (Firestore's
    /// `ListenerRegistration.remove()`, `"removeMethod"`). `siblings` are the type's other calls
    /// with their ids. Anything else is `nil`: an ordinary call.
    func listener(_ call: SDKCall, siblings: [(call: SDKCall, id: String)]) -> DraftJSON? {
        let method = call.primary
        guard call.forms.count == 1, method.kind == .sync, !method.throwsErrors, let returns = method.value,
            case .success(let registration) = SwiftTypeParser.parse(returns)
        else { return nil }
        let closures = method.requestParameters.compactMap { parameter in Self.listenerClosure(parameter.type).map { (parameter, $0) } }
        // The events go to an escaping closure of one event, or of an optional event and an optional error.
        guard
            let values = closures.first(where: { parameter, closure in
                !closure.optional
                    && (closure.function.parameters.count == 1
                        || (closure.function.parameters.count == 2 && closure.function.parameters[0].type.optionalWrapped != nil
                            && ValidationPass.isOptionalError(closure.function.parameters[1].type)))
            })
        else { return nil }
        var members: [(String, DraftJSON)] = [("values", .string(values.0.name))]
        if values.1.function.parameters.count == 1,
            let errors = closures.first(where: { parameter, closure in
                parameter.name != values.0.name && closure.function.parameters.count == 1
                    && ValidationPass.isError(closure.function.parameters[0].type)
            })
        {
            members.append(("errors", .string(errors.0.name)))
        }
        if let removal = removal(of: registration, siblings: siblings) {
            members.append(("removedBy", .string(removal)))
        } else if let (method, refinesNSObjectProtocol) = removeMethod(of: registration) {
            members.append(("removeMethod", .string(method)))
            if refinesNSObjectProtocol { members.append(("refinesNSObjectProtocol", .bool(true))) }
        } else {
            return nil
        }
        return .object(members)
    }

    /// Whether `call` removes every listener of its type (Firebase's `removeAllObservers()`): a
    /// synchronous `removeAll…` without parameters or result that does not throw.
    static func removesListeners(_ call: SDKCall) -> Bool {
        let method = call.primary
        return call.forms.count == 1 && method.kind == .sync && !method.throwsErrors && method.value == nil
            && method.requestParameters.isEmpty && method.baseName.hasPrefix("removeAll")
    }

    /// The id of the sibling `remove…` call taking the integer handle `registration` as its one
    /// parameter, returning nothing, synchronous and not throwing.
    private func removal(of registration: SwiftType, siblings: [(call: SDKCall, id: String)]) -> String? {
        guard Self.integerTypes.contains(surface.resolved(registration).canonical.description) else { return nil }
        return siblings.first { sibling, _ in
            let method = sibling.primary
            return sibling.forms.count == 1 && method.kind == .sync && !method.throwsErrors && method.value == nil
                && method.baseName.hasPrefix("remove") && method.requestParameters.count == 1
                && surface.sameType(method.requestParameters[0].type, registration.description)
        }?.id
    }

    /// The one requirement of the SDK protocol `registration` names (`any P`), when it is a
    /// method without arguments that returns nothing, and whether `P` refines `NSObjectProtocol`
    /// (Firestore's `ListenerRegistration`), which the doubles' registrations satisfy by
    /// subclassing `NSObject`. A protocol refining any other, or graphs that do not say, is not
    /// one: the mock's registration class could not conform to it.
    private func removeMethod(of registration: SwiftType) -> (name: String, refinesNSObjectProtocol: Bool)? {
        guard case .existential(.nominal(let parts)) = registration.unparenthesized, parts.allSatisfy({ $0.arguments.isEmpty }),
            let type = surface.types[parts.map(\.name).joined(separator: ".")], type.isProtocol, type.properties.isEmpty,
            let refined = surface.protocolRefinements.map({ $0[type.name] ?? [] }), refined.isSubset(of: Self.nsObjectProtocol),
            type.otherMembers.isEmpty, type.methods.count == 1, let only = type.methods.first,
            only.parameters.isEmpty, only.returns == nil, !only.isAsync, !only.throwsErrors, only.unsupported == nil
        else { return nil }
        return (only.baseName, !refined.isEmpty)
    }

    /// `NSObjectProtocol`'s precise identifiers: the Objective-C protocol on Apple platforms,
    /// Foundation's Swift protocol elsewhere.
    private static let nsObjectProtocol: Set<String> = ["c:objc(pl)NSObject", "s:10Foundation16NSObjectProtocolP"]

    /// A closure parameter a listener can keep: `@escaping (…) -> Void`, or an optional one.
    private static func listenerClosure(_ type: String) -> (function: SwiftType.FunctionType, optional: Bool)? {
        guard case .success(let model) = SwiftTypeParser.parse(type) else { return nil }
        let wrapped = model.unattributed.optionalWrapped
        guard case .function(let function) = (wrapped ?? model).unattributed.unparenthesized.unattributed, !function.isAsync,
            function.throwing == .none, function.result.canonical == .void
        else { return nil }
        guard wrapped != nil || model.attributes.contains("@escaping") else { return nil }
        return (function, wrapped != nil)
    }

    /// The handle types Swift imports integer handles as (`DatabaseHandle` is `UInt`).
    private static let integerTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Swift.Int", "Swift.Int8", "Swift.Int16", "Swift.Int32", "Swift.Int64",
        "Swift.UInt", "Swift.UInt8", "Swift.UInt16", "Swift.UInt32", "Swift.UInt64",
    ]
}

extension SDKSurface {
    /// The graphs' protocols that refine others, by path, with the precise identifiers of what
    /// they refine: symbol graphs record a refinement as the protocol's `conformsTo` edge
    /// (`inheritsFrom` too, for safety). `nil` when the graphs record no relationships.
    static func protocolRefinements(_ graphs: [SymbolGraph], paths: [String: String], types: [String: SDKType]) -> [String: Set<String>]? {
        guard graphs.contains(where: { $0.relationships != nil }) else { return nil }
        let edges = graphs.flatMap { $0.relationships ?? [] }.filter { $0.kind == "conformsTo" || $0.kind == "inheritsFrom" }
        var refinements: [String: Set<String>] = [:]
        for edge in edges {
            guard let path = paths[edge.source], types[path]?.isProtocol == true else { continue }
            refinements[path, default: []].insert(edge.target)
        }
        return refinements
    }
}
