/// How a live adapter forwards a form whose result holds mirrors: it calls the SDK, then copies
/// the SDK's result into the mirrors (`MirrorSubstitution.conversion`), in the handler for
/// completion forms.
struct MirrorForwarding {
    let call: ResolvedCall
    let form: ResolvedForm

    /// The body's lines; empty when the result holds no mirror (the SDK's result is forwarded).
    var body: [String] {
        guard let sdkType = call.sdkReturnsType, let conversion = call.mirrored.conversion(of: sdkType, from: "sdkValue_") else { return [] }
        let handler = SwiftNames.escaped(form.handlerName)
        switch form.kind {
        case .stream:
            // The validator refuses mirrors in a stream's elements.
            return []
        case .sync:
            let call = form.throwsSynchronously ? "try self.base_." : "self.base_."
            return ["let sdkValue_ = \(call)\(form.callExpression)", "return \(conversion)"]
        case .async:
            return ["let sdkValue_ = try await self.base_.\(form.callExpression)", "return \(conversion)"]
        case .result:
            let copy = "{ result_ in \(handler)(result_.map { sdkValue_ in \(conversion) }) }"
            return ["self.base_.\(form.callExpression(of: call, handler: copy, replacing: [:]))"]
        case .completion:
            let optional = sdkType.isOptional ? sdkType : .optional(sdkType)
            let value = call.mirrored.conversion(of: optional, from: "sdkValue_") ?? "sdkValue_"
            let copy =
                form.spec.handlerOrder == .errorFirst
                ? "{ error_, sdkValue_ in \(handler)(error_, \(value)) }"
                : "{ sdkValue_, error_ in \(handler)(\(value), error_) }"
            return ["self.base_.\(form.callExpression(of: call, handler: copy, replacing: [:]))"]
        }
    }
}
