/// Why generation failed. Each case prints as diagnostics (`file:line:column: error: …`).
public enum GeneratorError: Error, Sendable, CustomStringConvertible {
    /// Problems in the description.
    case description(DiagnosticsError)
    /// A template directory that is missing or holds a broken template.
    case templates(String)
    /// Reading the description or writing an output failed.
    case io(String)

    public var description: String {
        switch self {
        case .description(let error): return error.description
        case .templates(let message): return message
        case .io(let message): return message
        }
    }
}
