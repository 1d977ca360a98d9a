/// `method.cast` of `Templates/mocks.mustache`: a form of a generic call whose result mentions
/// its generic parameter. The mock's key keeps the stubs as `Any`; the runtime casts the stub to
/// the result at the call and fails the test, naming the call and both types, when it is not one.
extension MockTypeContext {
    struct Cast: TemplateContext {
        /// A `sync` form (which the validator requires to throw); `async` otherwise.
        var throwingSynchronously: Bool
        /// The result as the description writes it (`T`), for the message of a stub of another type.
        var result: StringLiteral

        static let fields: [TemplateField<Self>] = [
            .init("throwingSynchronously") { .bool($0.throwingSynchronously) },
            .init("result") { $0.result.templateValue },
        ]
    }
}
