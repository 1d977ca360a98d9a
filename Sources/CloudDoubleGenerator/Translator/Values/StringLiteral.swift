/// A Swift string literal whose value is a text from the description (a call's id, a type's
/// name, a file path): quoted and escaped once, here, so a template can only paste it whole.
struct StringLiteral: Sendable, Equatable {
    /// The literal as written in Swift, quotes included: `"fetch"`.
    let text: String

    init(_ value: String) {
        text = SwiftNames.literal(value)
    }

    var templateValue: TemplateValue { .string(text) }
}
