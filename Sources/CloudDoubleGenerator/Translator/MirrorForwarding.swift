/// How a live adapter forwards a form whose result or parameters hold mirrors: it takes the SDK
/// values back out of mirror parameters (`MirrorSubstitution.sdkArgument`), calls the SDK, then
/// copies the SDK's result into mirrors (`MirrorSubstitution.conversion`), in the handler for
/// completion forms.
struct MirrorForwarding {
    let call: CallSpelling
    let form: FormSpelling

    /// The body's lines; empty when neither the result nor a parameter holds a mirror (the
    /// call is forwarded as it is).
    var body: [String] {
        let arguments = sdkArguments
        let conversion = call.sdkReturnsType.flatMap { call.mirrored.conversion(of: $0, from: "sdkValue_") }
        guard conversion != nil || !arguments.isEmpty else { return [] }
        let replaced = Dictionary(uniqueKeysWithValues: arguments.map { ($0.index, $0.local) })
        let handler = SwiftNames.escaped(form.handlerName)
        switch form.kind {
        case .stream:
            // The validator refuses mirrors in a stream's elements.
            return []
        case .sync:
            // A form that cannot throw has nowhere to report a mirror a test made: it traps with
            // `MirrorWithoutSDKValue`'s description.
            let taking = form.throwsSynchronously ? "try" : "try!"
            let call = (form.throwsSynchronously ? "try self.base_." : "self.base_.") + self.call(replacing: replaced)
            let prelude = arguments.map { "let \($0.local) = \(taking) \($0.expression)" }
            guard let conversion else { return prelude + ["return \(call)"] }
            return prelude + ["let sdkValue_ = \(call)", "return \(conversion)"]
        case .async:
            let prelude = arguments.map { "let \($0.local) = try \($0.expression)" }
            let call = "try await self.base_." + self.call(replacing: replaced)
            guard let conversion else { return prelude + ["return \(call)"] }
            return prelude + ["let sdkValue_ = \(call)", "return \(conversion)"]
        case .result:
            let copy = conversion.map { "{ result_ in \(handler)(result_.map { sdkValue_ in \($0) }) }" }
            return handlerPrelude(arguments, failing: "\(handler)(.failure(error))")
                + ["self.base_." + form.callExpression(handler: copy, replacing: replaced)]
        case .completion:
            var copy: String?
            var failure = "\(handler)(error)"
            if let sdkType = call.sdkReturnsType {
                let optional = sdkType.isOptional ? sdkType : .optional(sdkType)
                let value = call.mirrored.conversion(of: optional, from: "sdkValue_") ?? "sdkValue_"
                let errorFirst = form.form.handlerOrder == .errorFirst
                failure = errorFirst ? "\(handler)(error, nil)" : "\(handler)(nil, error)"
                if conversion != nil {
                    copy =
                        errorFirst
                        ? "{ error_, sdkValue_ in \(handler)(error_, \(value)) }"
                        : "{ sdkValue_, error_ in \(handler)(\(value), error_) }"
                }
            }
            return handlerPrelude(arguments, failing: failure)
                + ["self.base_." + form.callExpression(handler: copy, replacing: replaced)]
        }
    }

    /// Each parameter holding mirrors: its index, the local holding the SDK's value, and the
    /// expression (after `try`) taking that value out of the mirrors.
    private typealias SDKArgument = (index: Int, local: String, sdkType: SwiftType, expression: String)

    private var sdkArguments: [SDKArgument] {
        call.sdkParameterTypes.keys.sorted().compactMap { index in
            let type = call.sdkParameterTypes[index]!
            let name = SwiftNames.escaped(call.parameters[index].name.value)
            return call.mirrored.sdkArgument(of: type, from: name).map { (index, "sdkArgument\(index)_", type, $0) }
        }
    }

    private func call(replacing replaced: [Int: String]) -> String {
        form.callExpression(handler: nil, replacing: replaced)
    }

    /// A handler form reports a mirror a test made (`MirrorWithoutSDKValue`) to the handler.
    private func handlerPrelude(
        _ arguments: [SDKArgument], failing failure: String
    )
        -> [String]
    {
        guard !arguments.isEmpty else { return [] }
        return arguments.map { "let \($0.local): \($0.sdkType.description)" } + ["do {"]
            + arguments.map { "    \($0.local) = try \($0.expression)" }
            + ["} catch {", "    \(failure)", "    return", "}"]
    }
}
