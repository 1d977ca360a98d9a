/// What a template renders, typed: each artifact's translator makes one, every value already
/// escaped (``DocComment``, ``StringLiteral``, ``Attribute``, identifiers through
/// `SwiftNames.escaped`). `fields` is the one place a context's field names are spelled, for file
/// and member contexts alike; `TemplateContextTests` checks that every name a bundled template
/// looks up is one of them and that every one of them is read, and the context snapshots lock
/// what each holds.
protocol TemplateContext: Sendable {
    static var fields: [TemplateField<Self>] { get }
}

extension TemplateContext {
    /// The context as the renderer reads it: an object of its fields.
    var templateValue: TemplateValue {
        .object(Self.fields.compactMap { field in field.value(self).map { (key: field.name, value: $0) } })
    }

    /// The names of `fields`.
    static var fieldNames: [String] { fields.map(\.name) }
}

extension Array where Element: TemplateContext {
    var templateValue: TemplateValue { .list(map(\.templateValue)) }
}

extension Optional where Wrapped: TemplateContext {
    /// The context, or `false` for a section over it to render nothing.
    var templateValue: TemplateValue { self?.templateValue ?? .bool(false) }
}

/// Copied Swift and where it came from: an expression of the description's and its
/// `#sourceLocation` (an error model's constants, an operation's final default).
struct CopiedExpression: TemplateContext {
    var expression: String
    var copied: CopiedSwift?

    static let fields: [TemplateField<Self>] = [
        .init("expression") { .string($0.expression) },
        .init("copied") { $0.copied.templateValue },
    ]
}
