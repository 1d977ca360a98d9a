/// Collects the diagnostics of one file, so that every problem is reported, not the first.
final class DiagnosticSink {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String) {
        self.file = file
    }

    func error(_ message: String, at location: SourceLocation, hint: String? = nil) {
        diagnostics.append(Diagnostic(file: file, location: location, message: message, hint: hint))
    }
}
