/// A member's declaration, forwarded call or recorded arguments as a context holds it: a text made
/// already, or a part of a form's or call's spelling, made into a `String` when the context's
/// field is read.
enum SpelledText: Sendable {
    case text(String)
    /// The form's declaration after an access prefix (`public `, or empty).
    case declaration(FormSpelling, after: String)
    /// The form's forwarded call, without a receiver.
    case callExpression(FormSpelling)
    /// The call's arguments as the mocks record them (`CallSpelling.argumentsValue`).
    case arguments(CallSpelling)

    /// The text as a `String`.
    var string: String {
        switch self {
        case .text(let text): text
        case .declaration(let form, let access): form.declaration(after: access)
        case .callExpression(let form): form.callExpression
        case .arguments(let call): call.argumentsValue
        }
    }

    var templateValue: TemplateValue { .string(string) }
}
