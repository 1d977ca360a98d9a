extension MockTypeContext {
    /// `method.listen`: a listener call registering the app's closures with the mock.
    struct Listen: TemplateContext {
        /// The app's event closure as `(Event) -> Void` (`ResolvedListener.appValues`).
        var values: String
        /// The app's error closure as `((any Error) -> Void)?`, or `nil`.
        var errors: String
        /// The mock's registration class an object-style listener returns; `nil`: the call
        /// returns a handle.
        var registration: String?

        static let fields: [TemplateField<Self>] = [
            .init("values") { .string($0.values) },
            .init("errors") { .string($0.errors) },
            .init("registration") { $0.registration.map(TemplateValue.string) ?? false },
        ]
    }

    /// `method.removeListener`.
    struct RemoveListener: TemplateContext {
        /// The handle parameter.
        var handle: String

        static let fields: [TemplateField<Self>] = [.init("handle") { .string($0.handle) }]
    }

    /// What a mock with listener calls adds: `registrations(_:)` and a registration class per
    /// object-style listener.
    struct Listeners: TemplateContext {
        /// `CloudFeedListener`.
        var keyName: String
        var registrations: [Registration]

        static let fields: [TemplateField<Self>] = [
            .init("listenerKeyName") { .string($0.keyName) },
            .init("registrations") { $0.registrations.templateValue },
        ]
    }

    /// The class an object-style listener of the mock returns, conforming to the SDK's
    /// registration protocol: its removal method ends the registration.
    struct Registration: TemplateContext {
        /// `addListenerRegistration_`.
        var className: String
        /// `ListenerRegistration`, after `NSObject, ` when it refines `NSObjectProtocol`, which
        /// `NSObject` satisfies.
        var conformance: String
        /// `remove`.
        var method: String
        /// The listener call's id, for the doc comment.
        var call: String

        static let fields: [TemplateField<Self>] = [
            .init("call") { .string($0.call) },
            .init("className") { .string($0.className) },
            .init("conformance") { .string($0.conformance) },
            .init("method") { .string($0.method) },
        ]
    }
}

extension MockTranslator {
    /// The name of the class an object-style listener `call` returns in the mock.
    static func registrationClass(_ call: String) -> String {
        SwiftNames.generated(call + "Registration")
    }

    /// The mock's method for a listener call.
    func listen(_ listener: ResolvedListener, of call: ResolvedCall) -> MockTypeContext.Method {
        .listen(
            MockTypeContext.Listen(
                values: listener.appValues, errors: listener.appErrors,
                registration: listener.removeMethod == nil ? nil : Self.registrationClass(call.callID)))
    }

    /// The listener keys' name and registration classes of `type`; `nil` without listeners.
    func listeners(_ type: ResolvedType) -> MockTypeContext.Listeners? {
        let listening = type.calls.filter { $0.listener != nil }
        guard !listening.isEmpty else { return nil }
        let registrations = listening.compactMap { call -> MockTypeContext.Registration? in
            guard let listener = call.listener, let method = listener.removeMethod, let conformance = listener.registrationProtocol else {
                return nil
            }
            return MockTypeContext.Registration(
                className: Self.registrationClass(call.callID), conformance: (listener.registrationIsNSObject ? "NSObject, " : "") + conformance,
                method: SwiftNames.escaped(method), call: call.callID)
        }
        return MockTypeContext.Listeners(keyName: translator.names.listenerKeyName(type.name.value), registrations: registrations)
    }

    /// A listener call registers with the mock; a handle-style listener's removal call ends
    /// the registration. Both are under the `#sourceLocation` of the description's
    /// `"listener"`, where a handle type that is not an integer type is reported.
    func listening(_ context: inout MockTypeContext.Call, _ call: CallSpelling, in type: ResolvedType) {
        if let listener = call.listener {
            context.method = listen(listener, of: call.resolved)
            context.copied = listener.removedBy == nil ? nil : translator.copied(at: listener.location)
        } else if let handle = Self.removedHandle(call.resolved, in: type),
            let listener = type.calls.lazy.compactMap(\.listener).first(where: { $0.removedBy == call.callID })
        {
            context.method = .removeListener(parameter: handle)
            context.copied = translator.copied(at: listener.location)
        } else if call.resolved.spec.removesListeners?.value == true {
            context.method = .removeAllListeners
        }
    }

    /// The handle parameter of `call` when it removes a handle-style listener of `type`.
    static func removedHandle(_ call: ResolvedCall, in type: ResolvedType) -> String? {
        guard call.parameters.count == 1, type.calls.contains(where: { $0.listener?.removedBy == call.callID }) else { return nil }
        return SwiftNames.escaped(call.parameters[0].name.value)
    }
}
