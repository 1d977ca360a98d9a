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
            ("errorModel", .string(errorModel?.expression ?? "")),
            ("errorModelCopied", CopiedSwift.templateValue(errorModel?.copied)),
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
                ("whereClause", .string("Arguments == \(arguments), Value == \(value)")), ("name", .string(name)), ("id", id.templateValue),
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
        ])
    }
}

/// One described operation's outcome type, its replay, intercept and delivery, its backing
/// protocol and the accessors of its deprecated blocks. The bodies are code the operation
/// translator builds as lines: what a block call looks like depends on the block's role and on
/// which names its copied arguments use.
struct OperationContext: TemplateContext {
    /// `CKFetchRecordsOperation`.
    var sdkType: String
    /// `CloudFetchRecordsOutcome`.
    var outcomeName: String
    /// `fetchRecordsOperation`: the key's name and id.
    var keyName: String
    /// The store action of a store-marked operation (its backing protocol is declared then).
    var storeAction: String?
    /// `CloudFetchRecordsBacking`.
    var backingName: String
    var doc: DocComment
    /// `Result<(…), any Error>` and the value type in it.
    var resultType: String
    var finalType: String
    /// One case per stream: doc and `case name(payload)`.
    var eventCases: [(doc: DocComment, declaration: String)]
    var streamInit: [String]
    var replay: [String]
    var delivery: [String]
    var intercept: [String]
    /// The private accessor protocol and type of deprecated blocks (empty lists when none).
    var legacyProtocol: String
    var legacyAccess: String
    var legacyRequirements: [String]
    var legacyWitnesses: [String]

    var templateValue: TemplateValue {
        .object([
            (key: "sdkType", value: .string(sdkType)),
            ("outcomeName", .string(outcomeName)),
            ("keyLiteral", StringLiteral(keyName).templateValue),
            ("keyName", .string(keyName)),
            ("hasStore", .bool(storeAction != nil)),
            ("storeAction", .string(storeAction ?? "")),
            ("backingName", .string(backingName)),
            ("doc", doc.templateValue),
            ("resultType", .string(resultType)),
            ("finalType", .string(finalType)),
            ("eventCases", .list(eventCases.map { .object([(key: "doc", value: $0.doc.templateValue), ("declaration", .string($0.declaration))]) })),
            ("streamInit", .lines(streamInit)),
            ("replay", .lines(replay)),
            ("delivery", .lines(delivery)),
            ("intercept", .lines(intercept)),
            ("hasDeprecatedBlocks", .bool(!legacyRequirements.isEmpty)),
            ("legacyProtocol", .string(legacyProtocol)),
            ("legacyAccess", .string(legacyAccess)),
            ("legacyRequirements", .lines(legacyRequirements)),
            ("legacyWitnesses", .lines(legacyWitnesses)),
        ])
    }
}
