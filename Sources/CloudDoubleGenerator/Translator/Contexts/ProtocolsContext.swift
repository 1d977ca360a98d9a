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
struct ProtocolsTypeContext: TemplateContext, TemplateScope {
    var names: TypeNames
    var doc: DocComment
    /// One per property, then one per form of each call.
    var requirements: [Requirement]
    var overloads: [Overload]
    /// One per property and call, and one per operation a call runs (before the call's own).
    var callKeys: [CallKey]

    /// A protocol requirement.
    struct Requirement: TemplateContext, TemplateWritingScope {
        var doc: DocComment
        var attributes: [Attribute]
        /// `func fetch(withRecordID recordID: CKRecord.ID) async throws -> CKRecord`.
        var declaration: SpelledText

        func value(of field: TemplateField) -> TemplateValue? {
            switch field {
            case .doc: doc.templateValue
            case .attributes: Attribute.lines(attributes)
            case .declaration: declaration.templateValue
            default: nil
            }
        }

        func write(_ field: TemplateField, to output: inout RenderOutput) -> Bool {
            guard field == .declaration else { return false }
            declaration.write(to: &output)
            return true
        }
    }

    /// An overload that leaves defaulted arguments out and forwards with their defaults.
    struct Overload: TemplateContext, TemplateScope {
        var attributes: [Attribute]
        var declaration: String
        /// The requirement called, the defaults filled in: `fetch(in: nil)`.
        var invocation: String
        var isAsync: Bool
        /// Where the first default filled in was copied from.
        var copied: CopiedSwift?

        func value(of field: TemplateField) -> TemplateValue? {
            switch field {
            case .attributes: Attribute.lines(attributes)
            case .declaration: .string(declaration)
            case .invocation: .string(invocation)
            case .isAsync: .bool(isAsync)
            case .copied: CopiedSwift.templateValue(copied)
            default: nil
            }
        }
    }

    /// `static var name: Self` in an extension of the key type constrained to the call's types.
    struct CallKey: TemplateContext, TemplateWritingScope {
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

        func value(of field: TemplateField) -> TemplateValue? {
            switch field {
            case .doc: doc.templateValue
            case .attributes: Attribute.lines(attributes)
            case .whereClause:
                .string(TextBuilder.joined(GeneratedNames.callKeyArguments, " == ", arguments, ", ", GeneratedNames.callKeyValue, " == ", value))
            case .name: .string(name)
            case .id: id.templateValue
            default: nil
            }
        }

        /// The where clause, written in its pieces (one per key: a text made of it would be made
        /// only to be copied).
        func write(_ field: TemplateField, to output: inout RenderOutput) -> Bool {
            guard field == .whereClause else { return false }
            output.append(GeneratedNames.callKeyArguments)
            output.append(" == ")
            output.append(arguments)
            output.append(", ")
            output.append(GeneratedNames.callKeyValue)
            output.append(" == ")
            output.append(value)
            return true
        }
    }

    func value(of field: TemplateField) -> TemplateValue? {
        switch field {
        case .doc: doc.templateValue
        case .protocolMembers: requirements.templateValue
        case .defaultOverloads: overloads.templateValue
        case .hasDefaultOverloads: .bool(!overloads.isEmpty)
        case .callKeys: callKeys.templateValue
        case .callKeyParameters: .string(GeneratedNames.callKeyArguments + ", " + GeneratedNames.callKeyValue)
        default: names.value(of: field)
        }
    }
}
