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
struct ProtocolsTypeContext: TemplateContext, TemplateWritingScope {
    var names: TypeNames
    var doc: DocComment
    /// One per property, then one per form of each call.
    var requirements: ScopeList<Requirement>
    var overloads: ScopeList<Overload>
    /// One per property and call, and one per operation a call runs (before the call's own).
    var callKeys: ScopeList<CallKey>

    /// A protocol requirement.
    struct Requirement: TemplateContext, TemplateWritingScope {
        var doc: Doc
        var attributes: [Attribute]
        /// `func fetch(withRecordID recordID: CKRecord.ID) async throws -> CKRecord`.
        var declaration: SpelledText

        /// A requirement's documentation.
        enum Doc: Sendable {
            case comment(DocComment)
            /// A form's: the call's documentation, then `` Call `id`; forwards to `sdkType.selector`. ``,
            /// written in its pieces. Only for pieces that are each a plain line
            /// (`DocComment.isPlainLine`), so the line is the one ``DocComment`` would make.
            case forwarding(documentation: DocComment?, id: String, sdkType: String, selector: String)

            var lines: [String] {
                switch self {
                case .comment(let comment): return comment.lines
                case .forwarding(let documentation, let id, let sdkType, let selector):
                    var text = TextBuilder(capacity: 128)
                    Self.appendForwarding(id: id, sdkType: sdkType, selector: selector, to: &text)
                    return (documentation?.lines ?? []) + [text.text()]
                }
            }

            static func appendForwarding<Sink: TextSink & ~Copyable>(id: String, sdkType: String, selector: String, to text: inout Sink) {
                text += "Call `"
                text.append(id)
                text += "`; forwards to `"
                text.append(sdkType)
                text += "."
                text.append(selector)
                text += "`."
            }
        }

        func value(of field: TemplateField) -> TemplateValue? {
            switch field {
            case .doc: .lines(doc.lines)
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

        func writeLines(_ field: TemplateField, prefix: UnsafeBufferPointer<UInt8>, suffix: UnsafeBufferPointer<UInt8>, to output: inout RenderOutput) -> Bool {
            if field == .attributes {
                Attribute.write(attributes, prefix: prefix, suffix: suffix, to: &output)
                return true
            }
            guard field == .doc, case .forwarding(let documentation, let id, let sdkType, let selector) = doc else { return false }
            for line in documentation?.lines ?? [] {
                output.append(prefix)
                output.append(line)
                output.append(suffix)
            }
            output.append(prefix)
            Doc.appendForwarding(id: id, sdkType: sdkType, selector: selector, to: &output)
            output.append(suffix)
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
        var doc: Doc
        /// The availability and deprecation every form of the call shares.
        var attributes: [Attribute]
        /// The recorded arguments' type and the value's.
        var arguments: String
        var value: String
        /// The static member's name, an identifier.
        var name: String
        /// The id mocks and fault rules know the call by.
        var id: StringLiteral

        /// A key's documentation.
        enum Doc: Sendable {
            case comment(DocComment)
            /// A call's: `` The call `id`: `selector`, `selector`. ``, written in its pieces. Only
            /// for pieces that are each a plain line (`DocComment.isPlainLine`), so the line is
            /// the one ``DocComment`` would make.
            case call(id: String, selectors: [String])

            var lines: [String] {
                switch self {
                case .comment(let comment): return comment.lines
                case .call(let id, let selectors):
                    var text = TextBuilder(capacity: 128)
                    Self.append(id: id, selectors: selectors, to: &text)
                    return [text.text()]
                }
            }

            static func append<Sink: TextSink & ~Copyable>(id: String, selectors: [String], to text: inout Sink) {
                text += "The call `"
                text.append(id)
                text += "`: "
                for (index, selector) in selectors.enumerated() {
                    if index == 0 { text += "`" } else { text += ", `" }
                    text.append(selector)
                    text += "`"
                }
                text += "."
            }
        }

        func writeLines(_ field: TemplateField, prefix: UnsafeBufferPointer<UInt8>, suffix: UnsafeBufferPointer<UInt8>, to output: inout RenderOutput) -> Bool {
            if field == .attributes {
                Attribute.write(attributes, prefix: prefix, suffix: suffix, to: &output)
                return true
            }
            guard field == .doc, case .call(let id, let selectors) = doc else { return false }
            output.append(prefix)
            Doc.append(id: id, selectors: selectors, to: &output)
            output.append(suffix)
            return true
        }

        func value(of field: TemplateField) -> TemplateValue? {
            switch field {
            case .doc: .lines(doc.lines)
            case .attributes: Attribute.lines(attributes)
            case .whereClause:
                .string({
                    var text = TextBuilder(capacity: 64)
                    appendWhereClause(to: &text)
                    return text.text()
                }())
            case .name: .string(name)
            case .id: id.templateValue
            default: nil
            }
        }

        /// The where clause, written in its pieces (one per key: a text made of it would be made
        /// only to be copied).
        func write(_ field: TemplateField, to output: inout RenderOutput) -> Bool {
            switch field {
            case .whereClause: appendWhereClause(to: &output)
            case .id: id.append(to: &output)
            default: return false
            }
            return true
        }

        func appendWhereClause<Sink: TextSink & ~Copyable>(to text: inout Sink) {
            text.append(GeneratedNames.callKeyArguments)
            text += " == "
            text.append(arguments)
            text += ", "
            text.append(GeneratedNames.callKeyValue)
            text += " == "
            text.append(value)
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

    /// The type's names, written in their pieces.
    func write(_ field: TemplateField, to output: inout RenderOutput) -> Bool {
        names.write(field, to: &output)
    }
}
