/// The context of `Templates/protocols.mustache`: the protocols file.
struct ProtocolsFileContext: TemplateContext {
    var file: FileContext
    /// The description's error model, declared once on `ErrorModel`; nil without one.
    var errorModel: ErrorModelContext?
    var types: [ProtocolsTypeContext]
    var operations: [OperationContext]
    var mirrors: [MirrorContext] = []

    /// `extension ErrorModel { static var <name>: ErrorModel { <expression> } }`.
    struct ErrorModelContext: Sendable {
        /// The static member's name, an identifier: `cloudKit`.
        var name: String
        /// What the name comes from, for the comment.
        var namedAfter: String
        /// The `ErrorModel(…)` expression, with the SDK's constants copied from the description;
        /// with ``statements``, the statement declaring `model_` as it.
        var expression: String
        /// Where the constants were copied from.
        var copied: CopiedSwift?
        /// The statements completing `model_`, each under the `#sourceLocation` of what it copies,
        /// so a wrong type or expression is reported where the description gives it: setting the
        /// `errorType`, then adding one `SwiftErrorCode` per code the SDK throws as a Swift type.
        var statements: [CopiedExpression] = []
    }

    static let fields: [TemplateField<Self>] =
        FileContext.fields.map { $0.of { $0.file } } + [
            .init("hasErrorModel") { .bool($0.errorModel != nil) },
            .init("errorModelName") { .string($0.errorModel?.name ?? "") },
            .init("errorModelSource") { .string($0.errorModel?.namedAfter ?? "") },
            .init("errorModel") { $0.errorModel.map { CopiedExpression(expression: $0.expression, copied: $0.copied) }.templateValue },
            .init("errorModelStatements") { ($0.errorModel?.statements ?? []).templateValue },
            .init("errorModelReturns") { .bool(!($0.errorModel?.statements.isEmpty ?? true)) },
            .init("types") { $0.types.templateValue },
            .init("operations") { $0.operations.templateValue },
            .init("mirrors") { $0.mirrors.templateValue },
        ]
}

/// One protocol, `CloudDatabase`, with its default-argument overloads and its call keys.
struct ProtocolsTypeContext: TemplateContext {
    var names: TypeNames
    var doc: DocComment
    /// One per property, then one per form of each call.
    var requirements: [Requirement]
    var overloads: [Overload]
    /// One per property and call, and one per operation a call runs (before the call's own);
    /// the inherited members' too, so a child's mock takes them.
    var callKeys: [CallKey]
    /// The protocol of the described type this one inherits (which is `AnyObject` and
    /// `Sendable`); nil for a type that inherits nothing.
    var parentProtocol: String? = nil
    /// The listener keys, when the type has listener calls (`ListenerKeysContext.swift`).
    var listeners: ListenerKeys?

    /// A protocol requirement.
    struct Requirement: TemplateContext {
        var doc: DocComment
        var attributes: [Attribute]
        /// `func fetch(withRecordID recordID: CKRecord.ID) async throws -> CKRecord`.
        var declaration: SpelledText

        static let fields: [TemplateField<Self>] = [
            .init("attributes") { Attribute.lines($0.attributes) },
            .init("declaration") { $0.declaration.templateValue },
            .init("doc") { $0.doc.templateValue },
        ]
    }

    /// An overload that leaves defaulted arguments out and forwards with their defaults.
    struct Overload: TemplateContext {
        var attributes: [Attribute]
        var declaration: String
        /// The requirement called, the defaults filled in: `fetch(in: nil)`.
        var invocation: String
        var isAsync: Bool
        /// The requirement is a `sync` form that throws: called with `try`.
        var throwsSynchronously: Bool
        /// Where the first default filled in was copied from.
        var copied: CopiedSwift?

        static let fields: [TemplateField<Self>] = [
            .init("attributes") { Attribute.lines($0.attributes) },
            .init("declaration") { .string($0.declaration) },
            .init("invocation") { .string($0.invocation) },
            .init("isAsync") { .bool($0.isAsync) },
            .init("throwsSynchronously") { .bool($0.throwsSynchronously) },
            .init("copied") { $0.copied.templateValue },
        ]
    }

    /// `static var name: Self` in an extension of the key type constrained to the call's types.
    struct CallKey: TemplateContext {
        var doc: DocComment
        /// The availability and deprecation every form of the call shares.
        var attributes: [Attribute]
        /// The recorded arguments' type and the value's.
        var arguments: String
        var value: String
        /// The static member's name, an identifier.
        var name: String
        /// The id mocks and fault rules know the call by.
        var id: StringLiteral

        static let fields: [TemplateField<Self>] = [
            .init("name") { .string($0.name) },
            .init("attributes") { Attribute.lines($0.attributes) },
            .init("id") { $0.id.templateValue },
            .init("doc") { $0.doc.templateValue },
            .init("whereClause") { .string($0.whereClause) },
        ]

        /// The key's constraint on the call-key type's generic parameters.
        var whereClause: String {
            "\(GeneratedNames.callKeyArguments) == \(arguments), \(GeneratedNames.callKeyValue) == \(value)"
        }
    }

    static let fields: [TemplateField<Self>] =
        TypeNames.fields.map { $0.of { $0.names } } + [
            .init("doc") { $0.doc.templateValue },
            .init("protocolMembers") { $0.requirements.templateValue },
            .init("refinements") { .string($0.parentProtocol ?? "Swift.AnyObject, Swift.Sendable") },
            .init("defaultOverloads") { $0.overloads.templateValue },
            .init("hasDefaultOverloads") { .bool(!$0.overloads.isEmpty) },
            .init("callKeys") { $0.callKeys.templateValue },
            .init("callKeyParameters") { _ in .string(GeneratedNames.callKeyArguments + ", " + GeneratedNames.callKeyValue) },
            .init("listeners") { $0.listeners?.templateValue ?? false },
        ]
}
