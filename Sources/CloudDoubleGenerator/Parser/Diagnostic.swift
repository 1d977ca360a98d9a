/// A position in a source file, 1-based.
public struct SourceLocation: Sendable, Hashable, Comparable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// One problem found in an input, printed as `file:line:column: error: message` so that Xcode and
/// editors show it at the offending JSON value.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var location: SourceLocation
    public var message: String
    public var hint: String?

    public init(file: String, location: SourceLocation, message: String, hint: String? = nil) {
        self.file = file
        self.location = location
        self.message = message
        self.hint = hint
    }

    public var description: String {
        var text = "\(file):\(location.line):\(location.column): error: \(message)"
        if let hint { text += "\n\(file):\(location.line):\(location.column): note: \(hint)" }
        return text
    }
}

/// Thrown when an input has problems: every one found, in file order.
public struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics.sorted { ($0.file, $0.location) < ($1.file, $1.location) }
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
