/// The context of `Templates/mocks.mustache`: the recording mocks file.
struct MockFileContext: TemplateContext {
    var file: FileContext
    var types: ContextList<MockTypeContext>

    var templateValue: TemplateValue {
        .object(file.fields + [(key: "types", value: types.templateValue)])
    }
}

/// One mock, `MockCloudDatabase`, and its backing protocol: its names, then its members,
/// properties first.
struct MockTypeContext: TemplateContext, TemplateWritingScope {
    var names: TypeNames
    var properties: ScopeList<Property>
    /// One per form of each call.
    var calls: ScopeList<Call>
    /// The backing protocol's requirements: one per store-marked property and call.
    var backingRequirements: ScopeList<BackingRequirement>
    /// The operations' backing protocols the backing refines (`CloudFetchRecordsBacking`).
    var backingRefinements: [String]

    /// A property: read from stubs (or the backing), set values recorded.
    struct Property: TemplateContext, AttributedScope {
        var attributes: [Attribute]
        /// `public var name: Type`.
        var declaration: String
        /// The property's name as the mock's key.
        var key: StringLiteral
        /// The backing's answer, `try backing.name()`, for a store-marked property.
        var backed: String?
        /// What an unstubbed read returns.
        var fallback: Fallback
        var settable: Bool
        /// Where a `mockDefault` was copied from.
        var copied: CopiedSwift?

        func value(of field: TemplateField) -> TemplateValue? {
            switch field {
            case .attributes: Attribute.lines(attributes)
            case .declaration: .string(declaration)
            case .key: key.templateValue
            case .backed: .string(backed ?? "")
            case .fallback: .string(fallback.expression ?? "")
            case .child: fallback.child?.templateValue ?? .bool(false)
            case .settable: .bool(settable)
            case .copied: CopiedSwift.templateValue(copied)
            default: nil
            }
        }

        func write(_ field: TemplateField, to output: inout RenderOutput) -> Bool {
            guard field == .key else { return false }
            key.append(to: &output)
            return true
        }
    }

    enum Fallback: Sendable {
        /// An expression: the description's `mockDefault`, or the type's empty value.
        case expression(String)
        /// A child mock of a described type.
        case child(Child)

        var expression: String? {
            if case .expression(let text) = self { return text }
            return nil
        }

        var child: Child? {
            if case .child(let child) = self { return child }
            return nil
        }
    }

    /// The mock of a described type a member hands out: one per key, sharing the log.
    struct Child: TemplateScope {
        /// A string literal naming the child (its property, or the call and its arguments).
        var key: String
        /// `MockCloudDatabase`.
        var mock: String
        /// `CloudDatabase`.
        var protocolName: String

        func value(of field: TemplateField) -> TemplateValue? {
            switch field {
            case .key: .string(key)
            case .mock: .string(mock)
            case .childProtocol: .string(protocolName)
            default: nil
            }
        }
    }

    /// Which recorder entry point answers a form.
    enum Method: TemplateScope {
        /// A synchronous form: never throws; a stub, the default or `()`.
        case respondWithoutFailing
        /// A synchronous form returning a described type: a child mock.
        case child(Child)
        /// `async throws`.
        case respond
        /// A completion handler with only an error.
        case deliverError
        /// A completion handler whose value is optional.
        case deliverOptional
        /// A completion handler with a non-optional value, and `errorValue` beside an error.
        case deliverValue
        /// A `Result` handler.
        case deliverResult
        /// `add(_:)`: the operation is completed with the first of `outcomes` whose class it is.
        case run(outcomes: [String], errorModel: String)

        /// One field, read as `{{#method.respond}}`: a dotted name's later parts are looked up
        /// in `method` alone, so another kind's section never finds a field of an enclosing
        /// context.
        func value(of field: TemplateField) -> TemplateValue? {
            switch (self, field) {
            case (.respondWithoutFailing, .respondWithoutFailing): true
            case (.child(let child), .child): child.templateValue
            case (.respond, .respond): true
            case (.deliverError, .deliverError): true
            case (.deliverOptional, .deliverOptional): true
            case (.deliverValue, .deliverValue): true
            case (.deliverResult, .deliverResult): true
            case (.run(let outcomes, let errorModel), .run): .object([(key: "outcomes", value: .lines(outcomes)), ("errorModel", .string(errorModel))])
            default: nil
            }
        }
    }

    /// What a recorder call is given.
    struct Answer: Sendable {
        /// The call's id.
        var id: StringLiteral
        /// The arguments as recorded: `()`, a parameter, or a labelled tuple of them.
        var arguments: SpelledText
        /// The backing's answer, for a store-marked call.
        var backed: String?
        /// The answer with no stub: an expression, `nil` when an unstubbed call fails (`respond`
        /// and the handlers take an optional), absent for forms that need none.
        var fallback: String?
        /// The value a completion handler gets beside an error.
        var errorValue: String = ""
        /// The completion handler's name.
        var handler: String

        init(id: StringLiteral, arguments: SpelledText, backed: String? = nil, handler: String) {
            self.id = id
            self.arguments = arguments
            self.backed = backed
            self.handler = handler
        }
    }

    /// One form of a call.
    struct Call: TemplateContext, AttributedScope {
        var attributes: [Attribute]
        var declaration: SpelledText
        /// Where a `mockDefault` or `errorValue` was copied from.
        var copied: CopiedSwift?
        var answer: Answer
        var method: Method

        func value(of field: TemplateField) -> TemplateValue? {
            switch field {
            case .attributes: Attribute.lines(attributes)
            case .declaration: declaration.templateValue
            case .copied: CopiedSwift.templateValue(copied)
            case .id: answer.id.templateValue
            case .arguments: answer.arguments.templateValue
            case .backed: .string(answer.backed ?? "")
            case .fallback: answer.fallback.map(TemplateValue.string) ?? .bool(false)
            case .errorValue: .string(answer.errorValue)
            case .handler: .string(answer.handler)
            case .method: method.templateValue
            default: nil
            }
        }

        func value(of field: TemplateField, then next: TemplateField) -> TemplateValue?? {
            field == .method ? .some(method.value(of: next)) : value(of: field).map { $0.value(of: next) }
        }

        func write(_ field: TemplateField, to output: inout RenderOutput) -> Bool {
            switch field {
            case .declaration: declaration.write(to: &output)
            case .id: answer.id.append(to: &output)
            case .arguments: answer.arguments.write(to: &output)
            default: return false
            }
            return true
        }
    }

    /// A requirement of the backing protocol.
    struct BackingRequirement: TemplateContext, TemplateScope {
        var doc: DocComment
        /// `func fetchRecord(_ arguments_: CKRecord.ID) throws -> CKRecord`.
        var declaration: String

        func value(of field: TemplateField) -> TemplateValue? {
            switch field {
            case .doc: doc.templateValue
            case .declaration: .string(declaration)
            default: nil
            }
        }
    }

    func value(of field: TemplateField) -> TemplateValue? {
        switch field {
        case .properties: properties.templateValue
        case .calls: calls.templateValue
        case .hasBacking: .bool(!backingRequirements.isEmpty || !backingRefinements.isEmpty)
        case .backingRequirements: backingRequirements.templateValue
        case .backingRefinements: .string(backingRefinements.map { ", " + $0 }.joined())
        default: names.value(of: field)
        }
    }

    /// The type's names, written in their pieces.
    func write(_ field: TemplateField, to output: inout RenderOutput) -> Bool {
        names.write(field, to: &output)
    }
}
