extension FaultTypeContext.Call {
    /// `kind.listener`: the app's closures wrapped in the engine's tap, whose closures the
    /// wrapped object gets instead.
    struct Listener: TemplateContext {
        /// The app's event closure as `(Event) -> Void`.
        var values: String
        /// The app's error closure as `((any Error) -> Void)?`, or `nil`.
        var errors: String
        /// The forwarded call with the tap's closures in place of the app's.
        var tappedInvocation: String
        /// Whether the call returns a handle the engine keeps, to end the tap on removal.
        var handle: Bool
        /// The wrapper's registration class around what an object-style listener returns.
        var registration: String?
        /// The SDK registration's removal method (object style), escaped.
        var removeMethod: String = ""

        static let fields: [TemplateField<Self>] = [
            .init("values") { .string($0.values) },
            .init("errors") { .string($0.errors) },
            .init("tappedInvocation") { .string($0.tappedInvocation) },
            .init("handle") { .bool($0.handle) },
            .init("registration") { $0.registration.map(TemplateValue.string) ?? false },
            .init("removeMethod") { .string($0.removeMethod) },
        ]
    }

    /// `kind.removesListener`.
    struct RemovesListener: TemplateContext {
        /// The handle parameter.
        var handle: String

        static let fields: [TemplateField<Self>] = [.init("handle") { .string($0.handle) }]
    }
}

extension FaultTranslator {
    /// A listener call passes its events through the engine's tap; a handle-style listener's
    /// removal call ends the tap too.
    func listening(_ context: inout FaultTypeContext.Call, _ form: FormSpelling, _ call: CallSpelling, in type: ResolvedType) {
        if let listener = call.listener {
            context.kind = .listener(
                FaultTypeContext.Call.Listener(
                    values: listener.appValues, errors: listener.appErrors,
                    tappedInvocation: form.callExpression(handler: nil, replacing: listener.tappedArguments),
                    handle: listener.removedBy != nil,
                    registration: listener.removeMethod == nil ? nil : MockTranslator.registrationClass(call.callID),
                    removeMethod: listener.removeMethod.map(SwiftNames.escaped) ?? ""))
        } else if let handle = MockTranslator.removedHandle(call.resolved, in: type) {
            context.kind = .removesListener(parameter: handle)
        } else if call.resolved.spec.removesListeners?.value == true {
            context.kind = .removesAllListeners
        }
    }
}
