/// A listener call (`"listener"`) as the translators use it: the closures the doubles take from
/// the app's arguments, the event type, and how a registration is removed. Made from a validated
/// call only.
struct ResolvedListener: Sendable {
    /// One closure for events and one (or none) for errors, or one closure for both,
    /// `(Event?, (any Error)?) -> Void` (Firestore's).
    enum Shape: Sendable {
        case separate(values: String, errors: String?)
        case combined(String)
    }

    let shape: Shape
    /// The events' type, as the key of `mock.registrations(_:)` holds it: `DataSnapshot`.
    let eventType: String
    let removal: ListenerSpec.Removal
    /// The parameter index of each closure, for the fault wrapper's forwarded call.
    let valuesIndex: Int
    let errorsIndex: Int?
    /// The SDK's registration protocol (`ListenerRegistration` for `any ListenerRegistration`),
    /// for object-style removal.
    let registrationProtocol: String?
    /// The registration protocol refines `NSObjectProtocol`: the doubles' registrations
    /// subclass `NSObject`.
    let registrationIsNSObject: Bool
    /// Where the description says `"listener"`: a handle that is not an integer type is a
    /// compile error reported there.
    let location: SourceLocation

    init?(_ call: Call) {
        guard let spec = call.listener, let valuesIndex = call.parameters.firstIndex(where: { $0.name.value == spec.values.value }),
            case .function(let function)? = call.parameters[valuesIndex].type.model?.unattributed
        else { return nil }
        self.valuesIndex = valuesIndex
        let values = SwiftNames.escaped(spec.values.value)
        if function.parameters.count == 2 {
            shape = .combined(values)
            eventType = (function.parameters[0].type.optionalWrapped ?? function.parameters[0].type).description
            errorsIndex = nil
        } else {
            let errors = spec.errors?.value
            shape = .separate(values: values, errors: errors.map(SwiftNames.escaped))
            eventType = function.parameters.first?.type.description ?? "Swift.Void"
            errorsIndex = errors.flatMap { name in call.parameters.firstIndex { $0.name.value == name } }
        }
        removal = spec.removal
        if case .swift(let returns)? = call.returns, case .existential(let named)? = returns.model.map(\.unparenthesized) {
            registrationProtocol = named.description
        } else {
            registrationProtocol = nil
        }
        registrationIsNSObject = spec.refinesNSObjectProtocol?.value ?? false
        location = spec.location
    }

    /// The app's event closure as `(Event) -> Void`.
    var appValues: String {
        switch shape {
        case .separate(let values, _): values
        case .combined(let closure): "{ (value_: \(eventType)) in \(closure)(value_, nil) }"
        }
    }

    /// The app's error closure as `((any Error) -> Void)?`.
    var appErrors: String {
        switch shape {
        case .separate(_, let errors): errors ?? "nil"
        case .combined(let closure): "{ (error_: any Swift.Error) in \(closure)(nil, error_) }"
        }
    }

    /// The fault wrapper's arguments in place of the app's closures, reading `tap_`.
    var tappedArguments: [Int: String] {
        switch shape {
        case .separate:
            var replaced = [valuesIndex: "tap_.values"]
            if let errorsIndex { replaced[errorsIndex] = "tap_.errors" }
            return replaced
        case .combined:
            return [valuesIndex: "{ value_, error_ in if let error_ { tap_.errors(error_) } else if let value_ { tap_.values(value_) } }"]
        }
    }

    /// The handle-style removal call's id, if any.
    var removedBy: String? {
        if case .call(let id) = removal { return id.value }
        return nil
    }

    /// The object-style removal method, if any.
    var removeMethod: String? {
        if case .method(let name) = removal { return name.value }
        return nil
    }
}
