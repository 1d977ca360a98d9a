/// The context of `Templates/protocols.mustache`: the protocols file.
struct ProtocolsFileContext: TemplateContext {
    var file: FileContext
    /// The description's error model, declared once on `ErrorModel`; nil without one.
    var errorModel: ErrorModelContext?
    var types: ContextList<ProtocolsTypeContext>
    var operations: [OperationContext]

    /// `extension ErrorModel { static var <name>: ErrorModel { <expression> } }`.
    struct ErrorModelContext: Sendable {
        /// The static member's name, an identifier: `cloudKit`.
        var name: String
        /// What the name comes from, for the comment.
        var namedAfter: String
        /// The `ErrorModel(…)` expression, with the SDK's constants copied from the description.
        var expression: String
        /// Where the constants were copied from.
        var copied: CopiedSwift?
    }

    var templateValue: TemplateValue {
        .object(file.fields + [
            (key: "hasErrorModel", value: .bool(errorModel != nil)),
            ("errorModelName", .string(errorModel?.name ?? "")),
            ("errorModelSource", .string(errorModel?.namedAfter ?? "")),
            ("errorModel", errorModel.map { .object([(key: "expression", value: .string($0.expression)), ("copied", CopiedSwift.templateValue($0.copied))]) } ?? .bool(false)),
            ("types", types.templateValue),
            ("operations", operations.templateValue),
        ])
    }
}

/// One protocol, `CloudDatabase`, with its default-argument overloads and its call keys.
struct ProtocolsTypeContext: TemplateContext {
    var names: TypeNames
    var doc: DocComment
    /// One per property, then one per form of each call.
    var requirements: [Requirement]
    var overloads: [Overload]
    /// One per property and call, and one per operation a call runs (before the call's own).
    var callKeys: [CallKey]

    /// A protocol requirement.
    struct Requirement: TemplateContext {
        var doc: DocComment
        var attributes: [Attribute]
        /// `func fetch(withRecordID recordID: CKRecord.ID) async throws -> CKRecord`.
        var declaration: String

        var templateValue: TemplateValue {
            .object([(key: "doc", value: doc.templateValue), ("attributes", Attribute.lines(attributes)), ("declaration", .string(declaration))])
        }
    }

    /// An overload that leaves defaulted arguments out and forwards with their defaults.
    struct Overload: TemplateContext {
        var attributes: [Attribute]
        var declaration: String
        /// The requirement called, the defaults filled in: `fetch(in: nil)`.
        var invocation: String
        var isAsync: Bool
        /// Where the first default filled in was copied from.
        var copied: CopiedSwift?

        var templateValue: TemplateValue {
            .object([
                (key: "attributes", value: Attribute.lines(attributes)), ("declaration", .string(declaration)),
                ("invocation", .string(invocation)), ("isAsync", .bool(isAsync)), ("copied", CopiedSwift.templateValue(copied)),
            ])
        }
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

        var templateValue: TemplateValue {
            .object([
                (key: "doc", value: doc.templateValue), ("attributes", Attribute.lines(attributes)),
                ("whereClause", .string("\(GeneratedNames.callKeyArguments) == \(arguments), \(GeneratedNames.callKeyValue) == \(value)")), ("name", .string(name)), ("id", id.templateValue),
            ])
        }
    }

    var templateValue: TemplateValue {
        .object(names.fields + [
            (key: "doc", value: doc.templateValue),
            ("protocolMembers", requirements.templateValue),
            ("defaultOverloads", overloads.templateValue),
            ("hasDefaultOverloads", .bool(!overloads.isEmpty)),
            ("callKeys", callKeys.templateValue),
            ("callKeyParameters", .string(GeneratedNames.callKeyArguments + ", " + GeneratedNames.callKeyValue)),
        ])
    }
}
