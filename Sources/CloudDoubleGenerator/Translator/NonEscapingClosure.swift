/// A `sync` call's closure parameter without `@escaping` (Couchbase Lite's `inBatch(using:)`; the
/// validator allows one per call, `ValidationPass+NonEscapingClosures.swift`). The protocol and
/// the adapters spell it as the SDK does; where a call's arguments are kept (a mock's history and
/// log, a cassette) a placeholder of the closure's type stands for it, and the mock hands the
/// closure itself to a stub's handler inside `withoutActuallyEscaping`.
struct NonEscapingClosure: Sendable {
    /// The parameter's name, as the generated code spells it.
    let name: String
    /// The call's arguments as they are kept: `argumentsValue` with the placeholder for the closure.
    let keptArguments: String

    init?(_ call: CallSpelling, typeName: String) {
        let parameters = call.resolved.parameters
        guard
            let index = parameters.firstIndex(where: { parameter in
                parameter.type.model.map { $0.isFunction && !$0.attributes.contains("@escaping") } ?? false
            }),
            case .function(let function)? = parameters[index].type.model?.unattributed
        else { return nil }
        let parameter = parameters[index].name.value
        name = SwiftNames.escaped(parameter)
        let ignored = function.parameters.isEmpty ? "" : Array(repeating: "_", count: function.parameters.count).joined(separator: ", ") + " in "
        // Typed, as a fault wrapper hands it to a generic parameter.
        let placeholder =
            "{ \(ignored)CloudDoubleRuntime.nonEscapingClosureCalled_(\(StringLiteral(typeName).text), \(StringLiteral(call.callID).text), parameter: \(StringLiteral(parameter).text)) } as \(parameters[index].type.value)"
        keptArguments =
            parameters.count == 1
            ? placeholder
            : "("
                + parameters.map { "\($0.name.value): \($0.name.value == parameter ? placeholder : SwiftNames.escaped($0.name.value))" }.joined(
                    separator: ", ") + ")"
    }

    /// The mock's answer: the recorder's `respondThrowing_` or `respondWithoutFailing_` with the
    /// placeholder `recorded`, inside `withoutActuallyEscaping`.
    func mock(throwing: Bool) -> MockTypeContext.NonEscaping {
        MockTypeContext.NonEscaping(closure: name, recorded: keptArguments, throwing: throwing)
    }
}

extension MockTypeContext {
    /// `method.nonEscaping`: a `sync` form taking a non-escaping closure.
    struct NonEscaping: TemplateContext {
        /// The closure parameter's name, rebound to its escapable copy.
        var closure: String
        /// The arguments the history keeps.
        var recorded: String
        var throwing: Bool

        static let fields: [TemplateField<Self>] = [
            .init("closure") { .string($0.closure) },
            .init("recorded") { .string($0.recorded) },
            .init("throwing") { .bool($0.throwing) },
        ]
    }
}
