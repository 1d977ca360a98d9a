/// Listener calls (`"listener"`): one non-throwing `sync` form returning the registration, the
/// closure parameters it names, and one way of removing a registration.
extension ValidationPass {
    func listener(_ listener: ListenerSpec, of call: Call, in type: DescribedType) {
        let at = listener.location
        nsObjectRegistration(listener)
        if call.forms.count != 1 || call.forms.first?.kind.value != .sync || call.forms.first?.throwing == true {
            sink.error(
                "a listener is registered by one \"sync\" form that does not throw", at: at,
                hint: "describe the registering method as the call's only form, \"forms\": {\"sync\": …}")
        }
        for (present, key) in [
            (call.store != nil, "store"), (call.perItem != nil, "perItem"), (call.operations != nil, "operations"),
            (!call.mirrors.isEmpty, "mirrors"), (call.mockDefault != nil, "mockDefault"),
        ] where present {
            sink.error("a listener call cannot have \"\(key)\": the doubles answer it with a registration", at: at)
        }
        guard case .swift(let returns)? = call.returns, let returnsModel = returns.model else {
            sink.error(
                "a listener call returns its registration: \"returns\" is the SDK's handle or registration type", at: at,
                hint: "\"returns\": \"DatabaseHandle\" with \"removedBy\", or \"any ListenerRegistration\" with \"removeMethod\"")
            return
        }
        let values = closure(listener.values, of: call, what: "\"values\"")
        if let parameter = call.parameters.first(where: { $0.name.value == listener.values.value }),
            parameter.type.model?.unattributed.optionalWrapped != nil
        {
            sink.error("the \"values\" closure is optional; a listener always has one", at: listener.values.location)
        }
        if let values, values.parameters.count == 2 {
            // One closure for events and errors: (Event?, (any Error)?) -> Void.
            if values.parameters[0].type.optionalWrapped == nil || !Self.isOptionalError(values.parameters[1].type) {
                sink.error(
                    "a listener closure with two arguments takes an optional event and an optional error, (Event?, (any Error)?) -> Void",
                    at: listener.values.location)
            }
            if let errors = listener.errors {
                sink.error("the \"values\" closure takes the errors too, so the listener has no \"errors\" closure", at: errors.location)
            }
        } else if let values, values.parameters.count != 1 {
            sink.error(
                "the \"values\" closure takes one event, (Event) -> Void, or an event and an error, (Event?, (any Error)?) -> Void",
                at: listener.values.location)
        }
        if let errors = listener.errors, values?.parameters.count != 2, let closure = closure(errors, of: call, what: "\"errors\"") {
            if errors.value == listener.values.value {
                sink.error("\"errors\" names the \"values\" closure; leave it out when one closure takes both", at: errors.location)
            } else if closure.parameters.count != 1 || !Self.isError(closure.parameters[0].type) {
                sink.error("the \"errors\" closure takes one error, (any Error) -> Void", at: errors.location)
            }
        }
        switch listener.removal {
        case .call(let id):
            guard let removal = type.calls.first(where: { GeneratedNames.callID($0) == id.value }) else {
                let ids = type.calls.map(GeneratedNames.callID)
                sink.error(
                    "\"removedBy\" names no call of \(type.name.value): \"\(id.value)\"", at: id.location,
                    hint: Spelling.closest(to: id.value, in: ids).map { "did you mean \"\($0)\"?" })
                return
            }
            let handle = removal.parameters.count == 1 ? removal.parameters[0].type.model?.canonical : nil
            if removal.listener != nil || removal.returns != nil || removal.forms.contains(where: { $0.kind.value != .sync || $0.throwing })
                || handle != returnsModel.canonical
            {
                sink.error(
                    "the removal call \"\(id.value)\" must take the handle (\(returns.value)) as its one parameter, return nothing and have only a \"sync\" form that does not throw",
                    at: id.location)
            }
        case .method(let name):
            if !SwiftNames.isIdentifier(name.value) || SwiftNames.isKeyword(name.value) {
                sink.error("the removal method \"\(name.value)\" is not a valid Swift identifier", at: name.location)
            } else {
                generatedSpelling(name, what: "removal method")
            }
            guard case .existential(.nominal) = returnsModel.unparenthesized else {
                sink.error(
                    "a listener removed by \"removeMethod\" returns the SDK's registration protocol, \"any P\"; found \(returns.value)",
                    at: returns.location, hint: "the mock returns a registration of its own conforming to P")
                return
            }
        }
    }

    /// The function type of the closure parameter `name`, reported when there is none or it
    /// carries attributes a registration cannot keep.
    private func closure(_ name: Located<String>, of call: Call, what: String) -> SwiftType.FunctionType? {
        guard let parameter = call.parameters.first(where: { $0.name.value == name.value }) else {
            sink.error(
                "\(what) names no parameter of the call: \"\(name.value)\"", at: name.location,
                hint: Spelling.closest(to: name.value, in: call.parameters.map(\.name.value)).map { "did you mean \"\($0)\"?" })
            return nil
        }
        guard let model = parameter.type.model else { return nil }  // reported with the parameter
        let unwrapped = model.unattributed.optionalWrapped ?? model.unattributed
        guard case .function(let function) = unwrapped.unattributed, !function.isAsync, function.throwing == .none,
            function.result.canonical == .void
        else {
            sink.error("\(what) names \"\(name.value)\", which is not a closure returning Void", at: name.location)
            return nil
        }
        if (model.attributes + unwrapped.attributes).contains(where: { $0 != "@escaping" }) {
            sink.error(
                "the listener closure \"\(name.value)\" has attributes (\(parameter.type.value)) the fault wrapper's own closures cannot take on",
                at: parameter.type.location, hint: "describe it as the SDK declares it, with @escaping only")
        }
        return function
    }

    /// `any Error`, `Error`, `Swift.Error`.
    static func isError(_ type: SwiftType) -> Bool {
        let plain = type.unparenthesized
        if case .existential(let inner) = plain { return isError(inner) }
        guard case .nominal(let parts) = plain.canonical, parts.count == 1 else { return false }
        return parts[0].name == "Error" && parts[0].arguments.isEmpty
    }

    /// `(any Error)?`, `Error?`.
    static func isOptionalError(_ type: SwiftType) -> Bool {
        type.optionalWrapped.map(isError) ?? false
    }
}
