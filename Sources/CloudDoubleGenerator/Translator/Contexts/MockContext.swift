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
struct MockTypeContext: TemplateContext {
    var names: TypeNames
    var properties: [Property]
    /// One per form of each call.
    var calls: [Call]
    /// The backing protocol's requirements: one per store-marked property and call.
    var backingRequirements: [BackingRequirement]
    /// The operations' backing protocols the backing refines (`CloudFetchRecordsBacking`).
    var backingRefinements: [String]

    /// A property: read from stubs (or the backing), set values recorded.
    struct Property: TemplateContext {
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

        var templateValue: TemplateValue {
            .object([
                (key: "attributes", value: Attribute.lines(attributes)),
                ("declaration", .string(declaration)),
                ("key", key.templateValue),
                ("backed", .string(backed ?? "")),
                ("fallback", .string(fallback.expression ?? "")),
                ("child", fallback.child?.templateValue ?? .bool(false)),
                ("settable", .bool(settable)),
                ("copied", CopiedSwift.templateValue(copied)),
            ])
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
    struct Child: Sendable {
        /// A string literal naming the child (its property, or the call and its arguments).
        var key: String
        /// `MockCloudDatabase`.
        var mock: String
        /// `CloudDatabase`.
        var protocolName: String

        var templateValue: TemplateValue {
            .object([(key: "key", value: .string(key)), ("mock", .string(mock)), ("childProtocol", .string(protocolName))])
        }
    }

    /// Which recorder entry point answers a form.
    enum Method: Sendable {
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
    }

    /// What a recorder call is given.
    struct Answer: Sendable {
        /// The call's id.
        var id: StringLiteral
        /// The arguments as recorded: `()`, a parameter, or a labelled tuple of them.
        var arguments: String
        /// `T.self` for handlers, the value's type.
        var type: String = ""
        /// The backing's answer, for a store-marked call.
        var backed: String?
        /// The answer with no stub; nil when an unstubbed call fails.
        var fallback: String?
        /// The value a completion handler gets beside an error.
        var errorValue: String = ""
        /// The completion handler's name.
        var handler: String

        init(id: StringLiteral, arguments: String, backed: String? = nil, handler: String) {
            self.id = id
            self.arguments = arguments
            self.backed = backed
            self.handler = handler
        }
    }

    /// One form of a call.
    struct Call: TemplateContext {
        var attributes: [Attribute]
        var declaration: String
        /// Where a `mockDefault` or `errorValue` was copied from.
        var copied: CopiedSwift?
        var answer: Answer
        var method: Method

        var templateValue: TemplateValue {
            // One field under `method`, read as `{{#method.respond}}`: a dotted name's later parts
            // are looked up in `method` alone, so another kind's section never finds a field of an
            // enclosing context.
            let kind: (key: String, value: TemplateValue)
            switch method {
            case .respondWithoutFailing: kind = (key: "respondWithoutFailing", value: true)
            case .child(let child): kind = (key: "child", value: child.templateValue)
            case .respond: kind = (key: "respond", value: true)
            case .deliverError: kind = (key: "deliverError", value: true)
            case .deliverOptional: kind = (key: "deliverOptional", value: true)
            case .deliverValue: kind = (key: "deliverValue", value: true)
            case .deliverResult: kind = (key: "deliverResult", value: true)
            case .run(let outcomes, let errorModel):
                kind = (key: "run", value: .object([(key: "outcomes", value: .lines(outcomes)), ("errorModel", .string(errorModel))]))
            }
            return .object([
                (key: "attributes", value: Attribute.lines(attributes)),
                ("declaration", .string(declaration)),
                ("copied", CopiedSwift.templateValue(copied)),
                ("id", answer.id.templateValue),
                ("arguments", .string(answer.arguments)),
                ("type", .string(answer.type)),
                ("backed", .string(answer.backed ?? "")),
                ("fallback", answer.fallback.map(TemplateValue.string) ?? .bool(false)),
                ("errorValue", .string(answer.errorValue)),
                ("handler", .string(answer.handler)),
                ("method", .object([kind])),
            ])
        }
    }

    /// A requirement of the backing protocol.
    struct BackingRequirement: TemplateContext {
        var doc: DocComment
        /// `func fetchRecord(_ arguments: CKRecord.ID) throws -> CKRecord`.
        var declaration: String

        var templateValue: TemplateValue {
            .object([(key: "doc", value: doc.templateValue), ("declaration", .string(declaration))])
        }
    }

    var templateValue: TemplateValue {
        .object(names.fields + [
            (key: "properties", value: properties.templateValue),
            ("calls", calls.templateValue),
            ("hasBacking", .bool(!backingRequirements.isEmpty || !backingRefinements.isEmpty)),
            ("backingRequirements", backingRequirements.templateValue),
            ("backingRefinements", .string(backingRefinements.map { ", " + $0 }.joined())),
        ])
    }
}
