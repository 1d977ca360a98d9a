/// A member's declaration, forwarded call or recorded arguments as a context holds it: a text made
/// already, or a part of a resolved form's spelled text or the call's arguments, which the context
/// writes into the output straight from the form or call (``TemplateWritingScope``). Every artifact declares and forwards every form: making a
/// `String` of each part in each artifact was an allocation, a copy, a UTF-8 check and a free
/// per form, four times over.
enum SpelledText: Sendable {
    case text(String)
    /// The form's declaration after an access prefix (`public `, or empty).
    case declaration(ResolvedForm, after: String)
    /// The form's forwarded call, without a receiver.
    case callExpression(ResolvedForm)
    /// The call's arguments as the mocks record them (`ResolvedCall.argumentsValue`).
    case arguments(ResolvedCall)

    /// The text as a `String`: for sections, dotted names and snapshots, which read values.
    var string: String {
        switch self {
        case .text(let text): text
        case .declaration(let form, let access): form.declaration(after: access)
        case .callExpression(let form): form.callExpression
        case .arguments(let call): call.argumentsValue
        }
    }

    var templateValue: TemplateValue { .string(string) }

    /// Writes the text into `output`, as `{{field}}` renders the value `string`.
    func write(to output: inout RenderOutput) {
        switch self {
        case .text(let text):
            output.append(text)
        case .declaration(let form, let access):
            output.append(access)
            Self.write(form.declarationUTF8, to: &output)
        case .callExpression(let form):
            Self.write(form.callExpressionUTF8, to: &output)
        case .arguments(let call):
            call.appendArgumentsValue(to: &output)
        }
    }

    private static func write(_ part: Substring.UTF8View, to output: inout RenderOutput) {
        // A native string's bytes are contiguous (bridged ones, which may not be, do not occur on Linux).
        let written: Void? = part.withContiguousStorageIfAvailable { output.append($0) }
        if written == nil { output.append(String(Substring(part))) }
    }
}
