extension SDKMethod {
    /// Why a generic method is not a call a description can say (`ValidationPass+Generics`):
    /// only `sync` and `async` forms, and a `sync` one returning its generic parameter throws.
    var genericRefusal: String? {
        guard !genericParameters.isEmpty else { return nil }
        if handler != nil { return "it is generic and takes a completion handler; a generic call has only sync and async forms" }
        let signature = GenericSignature(names: genericParameters.map(\.name))
        if !isAsync, !throwsErrors, let returns, case .success(let model) = SwiftTypeParser.parse(returns), signature.mentions(model) {
            return "it is generic, synchronous and does not throw, so a mock would have no value of its result when unstubbed"
        }
        return nil
    }
}
