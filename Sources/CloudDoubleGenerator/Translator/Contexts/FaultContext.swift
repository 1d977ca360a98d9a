/// The context of `Templates/faultInjecting.mustache`: the fault-injecting wrappers file.
struct FaultFileContext: TemplateContext {
    var file: FileContext
    /// The error model the wrappers' convenience initialisers build errors from:
    /// `ErrorModel.cloudKit`, or a bare model for a description without one.
    var errorModelReference: String
    var types: ContextList<FaultTypeContext>

    var templateValue: TemplateValue {
        .object(file.fields + [
            (key: "errorModelReference", value: .string(errorModelReference)),
            ("types", types.templateValue),
        ])
    }
}

/// One wrapper, `FaultInjectingCloudDatabase`: its names, then its members, properties first.
struct FaultTypeContext: TemplateContext, TemplateWritingScope {
    var names: TypeNames
    /// Whether the wrapper hands out wrappers of described types, one per wrapped object.
    var hasChildren: Bool
    var properties: ScopeList<ForwardedProperty>
    /// One per form of each call.
    var calls: ScopeList<Call>

    /// One form of a call, and how the fault engine takes part in it.
    struct Call: TemplateContext, AttributedScope {
        enum Kind: TemplateScope {
            /// A synchronous form: forwarded untouched (it cannot fail); a described type it
            /// returns comes back wrapped (`child`).
            case forwarded(child: ChildWrapping?)
            /// `async throws`: the engine may throw or delay before forwarding.
            case async
            /// `async throws` with per-item results: chosen items fail, the rest go to the SDK.
            case asyncItems(ItemFaults)
            /// A completion handler: a failure calls it with `failure` (copied from the
            /// description's `errorValue` when `copied` is set).
            case completion(failure: String, copied: CopiedSwift?)
            /// A `Result` handler.
            case result
            /// A `Result` handler with per-item results.
            case resultItems(ItemFaults)
            /// `add(_:)` of operations: the engine runs the operation `parameter` as the first of
            /// `outcomes` (outcome types) whose class it is.
            case operation(parameter: String, outcomes: [String])

            /// One field, read as `{{#kind.async}}`: a dotted name's later parts are looked up
            /// in `kind` alone, so another kind's section never finds a field of an enclosing
            /// context.
            func value(of field: TemplateField) -> TemplateValue? {
                switch (self, field) {
                case (.forwarded(let child), .forwarded): .object([(key: "child", value: child?.templateValue ?? .bool(false))])
                case (.async, .async): true
                case (.asyncItems(let parts), .items): parts.templateValue(isAsync: true)
                case (.completion(let failure, let copied), .completion):
                    .object([(key: "failure", value: .string(failure)), ("copied", CopiedSwift.templateValue(copied))])
                case (.result, .result): true
                case (.resultItems(let parts), .items): parts.templateValue(isAsync: false)
                case (.operation(let parameter, let outcomes), .operation):
                    .object([(key: "parameter", value: .string(parameter)), ("outcomes", .lines(outcomes))])
                default: nil
                }
            }
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

        func value(of field: TemplateField) -> TemplateValue? {
            switch field {
            case .attributes: Attribute.lines(attributes)
            case .declaration: declaration.templateValue
            case .invocation: invocation.templateValue
            case .id: id.templateValue
            case .handler: .string(handler)
            case .arguments: arguments.templateValue
            case .kind: kind.templateValue
            default: nil
            }
        }

        func value(of field: TemplateField, then next: TemplateField) -> TemplateValue?? {
            field == .kind ? .some(kind.value(of: next)) : value(of: field).map { $0.value(of: next) }
        }

        func write(_ field: TemplateField, to output: inout RenderOutput) -> Bool {
            switch field {
            case .declaration: declaration.write(to: &output)
            case .invocation: invocation.write(to: &output)
            case .arguments: arguments.write(to: &output)
            case .id: id.append(to: &output)
            default: return false
            }
            return true
        }
    }

    /// A per-item call's fault handling.
    struct ItemFaults: Sendable {
        /// One per parameter that carries requested items; none when every item is returned.
        var requests: [ItemRequest]
        var merge: Merge
        /// The forwarded call with each requested list replaced by the items kept.
        var keptInvocation: String

        func templateValue(isAsync: Bool) -> TemplateValue {
            var merge: [(key: String, value: TemplateValue)] = []
            switch self.merge {
            case .whole(let expression):
                merge = [(key: "whole", value: .string(expression)), ("fields", .list([]))]
            case .fields(let fields):
                merge = [(key: "whole", value: .bool(false)), ("fields", .list(fields.map { .object([(key: "field", value: .string($0.name)), ("expression", .string($0.expression))]) }))]
            }
            return .object([
                (key: "isAsync", value: .bool(isAsync)),
                ("requests", .list(requests.map(\.templateValue))),
                ("keptInvocation", .string(keptInvocation)),
            ] + merge)
        }
    }

    /// `items.request(keys, input: n[, atomic: …])`.
    struct ItemRequest: Sendable {
        /// The requested items' keys: `recordIDs`, `(zones ?? []).map(\.zoneID)`.
        var keys: String
        /// The parameter's index among the item inputs.
        var input: Int
        /// `, atomic: flag ? AtomicGroups(…) : nil`, or empty.
        var atomic: String
        /// Where the atomic group's `except` expression was copied from.
        var copied: CopiedSwift?

        var templateValue: TemplateValue {
            .object([
                (key: "keys", value: .string(keys)), ("input", .string(String(input))), ("atomic", .string(atomic)),
                ("copied", CopiedSwift.templateValue(copied)),
            ])
        }
    }

    /// How the chosen items' failures go into the answer.
    enum Merge: Sendable {
        /// The whole value is the per-item map: `value` becomes this expression.
        case whole(String)
        /// Fields of the value are per-item maps, each replaced by its expression.
        case fields([(name: String, expression: String)])
    }

    func value(of field: TemplateField) -> TemplateValue? {
        switch field {
        case .target: "self.wrapped_"
        case .hasChildren: .bool(hasChildren)
        case .properties: properties.templateValue
        case .calls: calls.templateValue
        default: names.value(of: field)
        }
    }

    /// The type's names, written in their pieces.
    func write(_ field: TemplateField, to output: inout RenderOutput) -> Bool {
        names.write(field, to: &output)
    }
}
