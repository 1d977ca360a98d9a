/// The context of `Templates/live.mustache`: the live adapters file.
struct LiveFileContext: TemplateContext {
    var file: FileContext
    /// The `#if` condition the file is compiled under: the description's `liveCondition`, else
    /// `canImport(<module>)`.
    var liveCondition: String
    var types: [LiveTypeContext]
    /// Each mirror, copied from its SDK value.
    var mirrors: [MirrorContext] = []

    static let fields: [TemplateField<Self>] =
        FileContext.fields.map { $0.of { $0.file } } + [
            .init("liveCondition") { .string($0.liveCondition) },
            .init("types") { $0.types.templateValue },
            .init("mirrors") { $0.mirrors.templateValue },
        ]
}

/// One adapter, `LiveCloudDatabase`: its names, then its members, properties first.
struct LiveTypeContext: TemplateContext {
    var names: TypeNames
    /// The SDK documents the class as thread-safe without marking it `Sendable`: the adapter is
    /// `@unchecked Sendable`, with a comment saying why.
    var uncheckedSendable: Bool
    /// Whether the adapter hands out adapters of described types, one per SDK object.
    var hasChildren: Bool
    var properties: [ForwardedProperty]
    /// One per form of each call.
    var calls: [Call]

    /// One form of a call, forwarded to `self.base`.
    struct Call: TemplateContext {
        var attributes: [Attribute]
        /// `public func fetch(withRecordID recordID: CKRecord.ID) async throws -> CKRecord`.
        var declaration: SpelledText
        /// The SDK call without its receiver: `fetch(withRecordID: recordID)`.
        var invocation: SpelledText
        var isAsync: Bool
        /// A `sync` form that throws: called with `try`.
        var throwsSynchronously: Bool
        /// The adapter of the described type a synchronous form returns, if any.
        var child: ChildWrapping?
        /// The body, when the result holds mirrors: the SDK's result copied into them.
        var converted: [String] = []

        static let fields: [TemplateField<Self>] = [
            .init("attributes") { Attribute.lines($0.attributes) },
            .init("declaration") { $0.declaration.templateValue },
            .init("invocation") { $0.invocation.templateValue },
            .init("isAsync") { .bool($0.isAsync) },
            .init("throwsSynchronously") { .bool($0.throwsSynchronously) },
            .init("child") { $0.child.templateValue },
            .init("converted") { .lines($0.converted) },
        ]
    }

    static let fields: [TemplateField<Self>] =
        TypeNames.fields.map { $0.of { $0.names } } + [
            .init("target") { _ in "self.base_" },
            .init("uncheckedSendable") { .bool($0.uncheckedSendable) },
            .init("hasChildren") { .bool($0.hasChildren) },
            .init("properties") { $0.properties.templateValue },
            .init("calls") { $0.calls.templateValue },
        ]
}
