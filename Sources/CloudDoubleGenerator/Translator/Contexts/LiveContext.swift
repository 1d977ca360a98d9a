/// The context of `Templates/live.mustache`: the live adapters file.
struct LiveFileContext: TemplateContext {
    var file: FileContext
    /// The `#if` condition the file is compiled under: the description's `liveCondition`, else
    /// `canImport(<module>)`.
    var liveCondition: String
    var types: ContextList<LiveTypeContext>

    var templateValue: TemplateValue {
        .object(file.fields + [
            (key: "liveCondition", value: .string(liveCondition)),
            ("types", types.templateValue),
        ])
    }
}

/// One adapter, `LiveCloudDatabase`: its names, then its members, properties first.
struct LiveTypeContext: TemplateContext, TemplateWritingScope {
    var names: TypeNames
    /// The SDK documents the class as thread-safe without marking it `Sendable`: the adapter is
    /// `@unchecked Sendable`, with a comment saying why.
    var uncheckedSendable: Bool
    /// Whether the adapter hands out adapters of described types, one per SDK object.
    var hasChildren: Bool
    var properties: ScopeList<ForwardedProperty>
    /// One per form of each call.
    var calls: ScopeList<Call>

    /// One form of a call, forwarded to `self.base`.
    struct Call: TemplateContext, AttributedScope {
        var attributes: [Attribute]
        /// `public func fetch(withRecordID recordID: CKRecord.ID) async throws -> CKRecord`.
        var declaration: SpelledText
        /// The SDK call without its receiver: `fetch(withRecordID: recordID)`.
        var invocation: SpelledText
        var isAsync: Bool
        /// The adapter of the described type a synchronous form returns, if any.
        var child: ChildWrapping?

        func value(of field: TemplateField) -> TemplateValue? {
            switch field {
            case .attributes: Attribute.lines(attributes)
            case .declaration: declaration.templateValue
            case .invocation: invocation.templateValue
            case .isAsync: .bool(isAsync)
            case .child: child?.templateValue ?? .bool(false)
            default: nil
            }
        }

        func write(_ field: TemplateField, to output: inout RenderOutput) -> Bool {
            switch field {
            case .declaration: declaration.write(to: &output)
            case .invocation: invocation.write(to: &output)
            default: return false
            }
            return true
        }
    }

    func value(of field: TemplateField) -> TemplateValue? {
        switch field {
        case .target: "self.base_"
        case .uncheckedSendable: .bool(uncheckedSendable)
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
