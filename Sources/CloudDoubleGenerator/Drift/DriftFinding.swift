/// One difference between a description and the SDK's symbol graph, at the place in the
/// description it concerns, printed as `file:line:column: error: message` (or `warning:`).
public struct DriftFinding: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        /// The description says something the SDK no longer has: a removed or changed member.
        /// The generated live adapters would not compile, or would call the wrong thing.
        case error
        /// The SDK has something the description does not say: a new member or a new deprecation.
        case warning
    }

    public var severity: Severity
    public var file: String
    public var location: SourceLocation
    public var message: String
    public var hint: String?

    public init(_ severity: Severity, file: String, location: SourceLocation, message: String, hint: String? = nil) {
        self.severity = severity
        self.file = file
        self.location = location
        self.message = message
        self.hint = hint
    }

    public var description: String {
        var text = "\(file):\(location.line):\(location.column): \(severity.rawValue): \(message)"
        if let hint { text += "\n\(file):\(location.line):\(location.column): note: \(hint)" }
        return text
    }
}
