/// The context of `Templates/faultInjecting.mustache`: the fault-injecting wrappers file.
struct FaultFileContext: TemplateContext {
    var file: FileContext
    /// The error model the wrappers' convenience initialisers build errors from:
    /// `ErrorModel.cloudKit`, or a bare model for a description without one.
    var errorModelReference: String
    var types: [FaultTypeContext]

    static let fields: [TemplateField<Self>] =
        FileContext.fields.map { $0.of { $0.file } } + [
            .init("errorModelReference") { .string($0.errorModelReference) },
            .init("types") { $0.types.templateValue },
        ]
}

/// One wrapper, `FaultInjectingCloudDatabase`: its names, then its members, properties first.
struct FaultTypeContext: TemplateContext {
    var names: TypeNames
    /// Whether the wrapper hands out wrappers of described types, one per wrapped object.
    var hasChildren: Bool
    var properties: [ForwardedProperty]
    /// One per form of each call.
    var calls: [Call]
    /// A class per object-style listener around the registration the wrapped object returns:
    /// removing it ends the tap too (the mock's shape, `MockListenerContext.swift`).
    var registrations: [MockTypeContext.Registration] = []

    /// One form of a call, and how the fault engine takes part in it.
    struct Call: TemplateContext {
        enum Kind: TemplateContext {
            /// A synchronous form: forwarded untouched (it cannot fail); a described type it
            /// returns comes back wrapped (`child`).
            case forwarded(child: ChildWrapping?)
            /// A synchronous form that throws: the engine may throw at once (no latency) before
            /// forwarding; a described type it returns comes back wrapped (`child`).
            case throwing(child: ChildWrapping?)
            /// `async throws`: the engine may throw or delay before forwarding.
            case async
            /// `async throws` returning a described type: as `async`, the result wrapped as `child`.
            case asyncChild(ChildWrapping)
            /// `async throws` with per-item results: chosen items fail, the rest go to the SDK.
            case asyncItems(ItemFaults)
            /// A completion handler: a failure calls it with `failure` (copied from the
            /// description's `errorValue` when `copied` is set); the engine calls the app's
            /// handler as `valueFirstHandler`.
            case completion(failure: String, valueFirstHandler: String, copied: CopiedSwift?)
            /// A `Result` handler.
            case result
            /// A `stream` form: the engine may fail, thin or slow the stream the wrapped call returns.
            case stream
            /// A `Result` handler with per-item results.
            case resultItems(ItemFaults)
            /// `add(_:)` of operations: the engine runs the operation `parameter` as the first of
            /// `outcomes` (outcome types) whose class it is.
            case operation(parameter: String, outcomes: [String])
            /// A listener call: the app's closures go through a tap (`FaultListenerContext.swift`).
            case listener(Listener)
            /// The call that removes a handle-style listener: forwarded, then the tap with the
            /// handle `parameter` ends.
            case removesListener(parameter: String)
            /// A call that removes every listener (`"removesListeners"`): forwarded, then the
            /// taps of every listener registered through this wrapper end.
            case removesAllListeners

            /// One field, named after the kind, read as `{{#kind.async}}`: a dotted name's later
            /// parts are looked up in `kind` alone, so another kind's section never finds a field
            /// of an enclosing context.
            static let fields: [TemplateField<Self>] = [
                .init("forwarded") { if case .forwarded(let child) = $0 { Forwarded(child: child).templateValue } else { nil } },
                .init("async") { if case .async = $0 { true } else { nil } },
                .init("asyncChild") { if case .asyncChild(let child) = $0 { child.templateValue } else { nil } },
                .init("throwing") { if case .throwing(let child) = $0 { Forwarded(child: child).templateValue } else { nil } },
                .init("items") { $0.items?.templateValue },
                .init("completion") {
                    if case .completion(let failure, let handler, let copied) = $0 {
                        Completion(failure: failure, valueFirstHandler: handler, copied: copied).templateValue
                    } else {
                        nil
                    }
                },
                .init("result") { if case .result = $0 { true } else { nil } },
                .init("stream") { if case .stream = $0 { true } else { nil } },
                .init("operation") {
                    if case .operation(let parameter, let outcomes) = $0 {
                        Operation(parameter: parameter, outcomes: outcomes).templateValue
                    } else {
                        nil
                    }
                },
                .init("listener") { if case .listener(let listener) = $0 { listener.templateValue } else { nil } },
                .init("removesListener") {
                    if case .removesListener(let parameter) = $0 { RemovesListener(handle: parameter).templateValue } else { nil }
                },
                .init("removesAllListeners") { if case .removesAllListeners = $0 { true } else { nil } },
            ]

            /// A per-item kind's fault handling.
            var items: Items? {
                switch self {
                case .asyncItems(let faults): Items(faults: faults, isAsync: true)
                case .resultItems(let faults): Items(faults: faults, isAsync: false)
                default: nil
                }
            }
        }

        /// `kind.forwarded` and `kind.throwing`.
        struct Forwarded: TemplateContext {
            var child: ChildWrapping?

            static let fields: [TemplateField<Self>] = [.init("child") { $0.child.templateValue }]
        }

        /// `kind.completion`.
        struct Completion: TemplateContext {
            var failure: String
            /// The app's handler as the engine calls it, value first (`FormSpelling.valueFirstHandler()`).
            var valueFirstHandler: String
            var copied: CopiedSwift?

            static let fields: [TemplateField<Self>] = [
                .init("failure") { .string($0.failure) },
                .init("valueFirstHandler") { .string($0.valueFirstHandler) },
                .init("copied") { $0.copied.templateValue },
            ]
        }

        /// `kind.operation`.
        struct Operation: TemplateContext {
            var parameter: String
            var outcomes: [String]

            static let fields: [TemplateField<Self>] = [
                .init("parameter") { .string($0.parameter) },
                .init("outcomes") { .lines($0.outcomes) },
            ]
        }

        /// `kind.items`: a per-item call's faults, and whether the call is `async`.
        struct Items: TemplateContext {
            var faults: ItemFaults
            var isAsync: Bool

            static let fields: [TemplateField<Self>] = [
                .init("isAsync") { .bool($0.isAsync) },
                .init("requests") { $0.faults.requests.templateValue },
                .init("keptInvocation") { .string($0.faults.keptInvocation) },
                .init("whole") {
                    if case .whole(let expression) = $0.faults.merge { .string(expression) } else { false }
                },
                .init("fields") {
                    if case .fields(let fields) = $0.faults.merge {
                        fields.map { MergedField(field: $0.name, expression: $0.expression) }.templateValue
                    } else {
                        []
                    }
                },
            ]
        }

        /// A field of the value that is a per-item map, replaced by `expression`.
        struct MergedField: TemplateContext {
            var field: String
            var expression: String

            static let fields: [TemplateField<Self>] = [
                .init("field") { .string($0.field) },
                .init("expression") { .string($0.expression) },
            ]
        }

        var attributes: [Attribute]
        var declaration: SpelledText
        /// The call forwarded to `self.wrapped`, without the receiver.
        var invocation: SpelledText
        /// The call's id: what fault rules select it by.
        var id: StringLiteral
        /// The completion handler's name, or empty.
        var handler: String
        /// The arguments as a cassette records them (`()`, the parameter, or a labelled tuple),
        /// as the mocks record them.
        var arguments: SpelledText
        var kind: Kind

        static let fields: [TemplateField<Self>] = [
            .init("attributes") { Attribute.lines($0.attributes) },
            .init("declaration") { $0.declaration.templateValue },
            .init("invocation") { $0.invocation.templateValue },
            .init("id") { $0.id.templateValue },
            .init("handler") { .string($0.handler) },
            .init("arguments") { $0.arguments.templateValue },
            .init("kind") { $0.kind.templateValue },
        ]
    }

    /// A per-item call's fault handling.
    struct ItemFaults: Sendable {
        /// One per parameter that carries requested items; none when every item is returned.
        var requests: [ItemRequest]
        var merge: Merge
        /// The forwarded call with each requested list replaced by the items kept.
        var keptInvocation: String
    }

    /// `items.request(keys, input: n[, atomic: …])`.
    struct ItemRequest: TemplateContext {
        /// The requested items' keys: `recordIDs`, `(zones ?? []).map(\.zoneID)`.
        var keys: String
        /// The parameter's index among the item inputs.
        var input: Int
        /// `, atomic: flag ? AtomicGroups(…) : nil`, or empty.
        var atomic: String
        /// Where the atomic group's `except` expression was copied from.
        var copied: CopiedSwift?

        static let fields: [TemplateField<Self>] = [
            .init("keys") { .string($0.keys) },
            .init("input") { .string(String($0.input)) },
            .init("atomic") { .string($0.atomic) },
            .init("copied") { $0.copied.templateValue },
        ]
    }

    /// How the chosen items' failures go into the answer.
    enum Merge: Sendable {
        /// The whole value is the per-item map: `value` becomes this expression.
        case whole(String)
        /// Fields of the value are per-item maps, each replaced by its expression.
        case fields([(name: String, expression: String)])
    }

    static let fields: [TemplateField<Self>] =
        TypeNames.fields.map { $0.of { $0.names } } + [
            .init("target") { _ in "self.wrapped_" },
            .init("hasChildren") { .bool($0.hasChildren) },
            .init("properties") { $0.properties.templateValue },
            .init("calls") { $0.calls.templateValue },
            .init("registrations") { $0.registrations.templateValue },
        ]
}
