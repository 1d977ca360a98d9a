/// The context of `Templates/mocks.mustache`: the recording mocks file.
struct MockFileContext: TemplateContext {
    var file: FileContext
    var types: [MockTypeContext]

    static let fields: [TemplateField<Self>] =
        FileContext.fields.map { $0.of { $0.file } } + [.init("types") { $0.types.templateValue }]
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
    /// The listener keys' name and the object-style registrations, when the type has listeners.
    var listeners: Listeners?
    /// The operations' backing protocols the backing refines (`CloudFetchRecordsBacking`).
    var backingRefinements: [String]
    /// Whether a call has a `stream` form: the mock then offers `streams(.call)`.
    var hasStreams: Bool
    /// Whether the mock has a backing protocol: for its own store calls, or for the child mocks
    /// it hands out (`BackedTypes`).
    var hasBacking: Bool

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

        static let fields: [TemplateField<Self>] = [
            .init("attributes") { Attribute.lines($0.attributes) },
            .init("declaration") { .string($0.declaration) },
            .init("child") { $0.fallback.child.templateValue },
            .init("settable") { .bool($0.settable) },
            .init("copied") { $0.copied.templateValue },
            .init("key") { $0.key.templateValue },
            .init("backed") { .string($0.backed ?? "") },
            .init("fallback") { .string($0.fallback.expression ?? "") },
        ]
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

    /// The mock of a described type a member hands out: one per property, or per call and
    /// arguments, sharing the log; the runtime records the member as the child's origin.
    struct Child: TemplateContext {
        /// The member that hands it out.
        var member: Member
        /// `MockCloudDatabase`.
        var mock: String
        /// `CloudDatabase`.
        var protocolName: String
        /// Whether the member returns it optional (`"returnsRef": "Database?"`).
        var optional = false

        enum Member: Sendable {
            /// A property, by its name.
            case property(StringLiteral)
            /// A call, by its id, with its arguments as the mock records them.
            case call(StringLiteral, arguments: SpelledText)
        }

        static let fields: [TemplateField<Self>] = [
            .init("property") { if case .property(let name) = $0.member { name.templateValue } else { false } },
            .init("call") { if case .call(let id, _) = $0.member { id.templateValue } else { false } },
            .init("callArguments") { if case .call(_, let arguments) = $0.member { arguments.templateValue } else { false } },
            .init("mock") { .string($0.mock) },
            .init("childProtocol") { .string($0.protocolName) },
            .init("childType") { .string($0.optional ? "(any " + $0.protocolName + ")?" : "any " + $0.protocolName) },
        ]
    }

    /// Which recorder entry point answers a form.
    enum Method: TemplateContext {
        /// A synchronous form: never throws; a stub, the default or `()`.
        case respondWithoutFailing
        /// A synchronous form returning a described type: a child mock.
        case child(Child)
        /// A synchronous form that throws: a stub, the default, or the stubbed error.
        case respondThrowing
        /// A synchronous form that throws and returns a described type: a stub, the stubbed
        /// error, else a child mock.
        case respondThrowingChild(Child)
        /// The same with `newEachCall`: a new child mock at each call, listed for the test.
        case respondThrowingNewChild(Child)
        /// A synchronous form taking a non-escaping closure (`NonEscapingClosure.swift`).
        case nonEscaping(NonEscaping)
        /// `async throws`.
        case respond
        /// `async throws` returning a described type: a stub, else a child mock.
        case respondChild(Child)
        /// A completion handler with only an error.
        case deliverError
        /// A completion handler whose value is optional.
        case deliverOptional
        /// A completion handler passed a described type: a stub, else a child mock.
        case deliverChild(Child)
        /// A synchronous member handing out a new child mock at each call (`newEachCall`),
        /// unless stubbed; `newChildren(_:)` lists what it handed out.
        case newChild(Child)
        /// The same for an `async` member.
        case respondNewChild(Child)
        /// A completion handler passed a described type non-optional: a stub, else a child mock,
        /// and `errorValue` (the mock itself) beside an error.
        case deliverChildValue(Child)
        /// A `Result` handler passed a described type: a stub, else a child mock.
        case deliverChildResult(Child)
        /// A completion handler with a non-optional value, and `errorValue` beside an error.
        case deliverValue
        /// A `Result` handler.
        case deliverResult
        /// A `stream` form: a stream fed from the stub's elements, or by the test.
        case stream
        /// A form of a generic call returning its generic parameter: the stub, kept as `Any`,
        /// cast to the result (`MockCastContext.swift`).
        case cast(Cast)
        /// `add(_:)`: the operation is completed with the first of `outcomes` whose class it is.
        case run(outcomes: [String], errorModel: String)
        /// A listener call: a registration of its own (`MockListenerContext.swift`).
        case listen(Listen)
        /// The call that removes a handle-style listener's registration: recorded, then the
        /// registration with the handle `parameter` ends.
        case removeListener(parameter: String)
        /// A call that removes every listener (`"removesListeners"`): recorded, then every
        /// active registration of the mock ends.
        case removeAllListeners

        /// One field, named after the method, read as `{{#method.respond}}`: a dotted name's
        /// later parts are looked up in `method` alone, so another kind's section never finds a
        /// field of an enclosing context.
        static let fields: [TemplateField<Self>] = [
            .init("child") { if case .child(let child) = $0 { child.templateValue } else { nil } },
            .init("respondWithoutFailing") { if case .respondWithoutFailing = $0 { true } else { nil } },
            .init("respondThrowing") { if case .respondThrowing = $0 { true } else { nil } },
            .init("respondThrowingChild") { if case .respondThrowingChild(let child) = $0 { child.templateValue } else { nil } },
            .init("respondThrowingNewChild") { if case .respondThrowingNewChild(let child) = $0 { child.templateValue } else { nil } },
            .init("nonEscaping") { if case .nonEscaping(let closure) = $0 { closure.templateValue } else { nil } },
            .init("respond") { if case .respond = $0 { true } else { nil } },
            .init("respondChild") { if case .respondChild(let child) = $0 { child.templateValue } else { nil } },
            .init("deliverError") { if case .deliverError = $0 { true } else { nil } },
            .init("deliverOptional") { if case .deliverOptional = $0 { true } else { nil } },
            .init("deliverChild") { if case .deliverChild(let child) = $0 { child.templateValue } else { nil } },
            .init("newChild") { if case .newChild(let child) = $0 { child.templateValue } else { nil } },
            .init("respondNewChild") { if case .respondNewChild(let child) = $0 { child.templateValue } else { nil } },
            .init("deliverChildValue") { if case .deliverChildValue(let child) = $0 { child.templateValue } else { nil } },
            .init("deliverChildResult") { if case .deliverChildResult(let child) = $0 { child.templateValue } else { nil } },
            .init("deliverValue") { if case .deliverValue = $0 { true } else { nil } },
            .init("deliverResult") { if case .deliverResult = $0 { true } else { nil } },
            .init("stream") { if case .stream = $0 { true } else { nil } },
            .init("cast") { if case .cast(let cast) = $0 { cast.templateValue } else { nil } },
            .init("run") {
                if case .run(let outcomes, let errorModel) = $0 { Run(outcomes: outcomes, errorModel: errorModel).templateValue } else { nil }
            },
            .init("listen") { if case .listen(let listen) = $0 { listen.templateValue } else { nil } },
            .init("removeListener") {
                if case .removeListener(let parameter) = $0 { RemoveListener(handle: parameter).templateValue } else { nil }
            },
            .init("removeAllListeners") { if case .removeAllListeners = $0 { true } else { nil } },
        ]
    }

    /// `method.run`.
    struct Run: TemplateContext {
        var outcomes: [String]
        var errorModel: String

        static let fields: [TemplateField<Self>] = [
            .init("outcomes") { .lines($0.outcomes) },
            .init("errorModel") { .string($0.errorModel) },
        ]
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
        /// The completion handler as the recorder calls it, value first: its name, or a
        /// closure swapping the arguments of an error-first handler.
        var handler: String

        init(id: StringLiteral, arguments: SpelledText, backed: String? = nil, handler: String) {
            self.id = id
            self.arguments = arguments
            self.backed = backed
            self.handler = handler
        }
    }

    /// One form of a call.
    struct Call: TemplateContext {
        var attributes: [Attribute]
        var declaration: SpelledText
        /// Where a `mockDefault` or `errorValue` was copied from.
        var copied: CopiedSwift?
        var answer: Answer
        var method: Method

        static let fields: [TemplateField<Self>] = [
            .init("attributes") { Attribute.lines($0.attributes) },
            .init("declaration") { $0.declaration.templateValue },
            .init("id") { $0.answer.id.templateValue },
            .init("handler") { .string($0.answer.handler) },
            .init("arguments") { $0.answer.arguments.templateValue },
            .init("copied") { $0.copied.templateValue },
            .init("backed") { .string($0.answer.backed ?? "") },
            .init("fallback") { $0.answer.fallback.map(TemplateValue.string) ?? false },
            .init("errorValue") { .string($0.answer.errorValue) },
            .init("method") { $0.method.templateValue },
        ]
    }

    /// A requirement of the backing protocol.
    struct BackingRequirement: TemplateContext {
        var doc: DocComment
        /// `func fetchRecord(_ arguments_: CKRecord.ID) throws -> CKRecord`.
        var declaration: String

        static let fields: [TemplateField<Self>] = [
            .init("doc") { $0.doc.templateValue },
            .init("declaration") { .string($0.declaration) },
        ]
    }

    static let fields: [TemplateField<Self>] =
        TypeNames.fields.map { $0.of { $0.names } } + [
            .init("properties") { $0.properties.templateValue },
            .init("calls") { $0.calls.templateValue },
            .init("hasBacking") { .bool($0.hasBacking) },
            .init("backsOnlyChildren") { .bool($0.hasBacking && $0.backingRequirements.isEmpty && $0.backingRefinements.isEmpty) },
            .init("backingRequirements") { $0.backingRequirements.templateValue },
            .init("backingRefinements") { .string($0.backingRefinements.map { ", " + $0 }.joined()) },
            .init("listeners") { $0.listeners?.templateValue ?? false },
            .init("hasStreams") { .bool($0.hasStreams) },
        ]
}
