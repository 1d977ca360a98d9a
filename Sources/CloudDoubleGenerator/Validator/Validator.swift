/// Checks the rules that need the whole description: names are valid Swift, nothing is declared
/// twice, ids and generated names do not collide, references point at described types, forms are
/// consistent. Every problem is reported, each at the value that causes it.
public enum Validator {
    /// The description, resolved, when it passes every rule; every problem otherwise.
    @discardableResult
    public static func validate(_ description: APIDescription, file: String) throws(DiagnosticsError) -> ValidatedDescription {
        let sink = DiagnosticSink(file: file)
        ValidationPass(description: description, sink: sink).run()
        if !sink.diagnostics.isEmpty { throw DiagnosticsError(sink.diagnostics) }
        return ValidatedDescription(resolving: description)
    }

    /// The Swift name of a form: `fetch(withRecordID:completionHandler:)` (`SwiftNames.fullName`).
    public static func fullName(of form: CallFormSpec, in call: Call) -> String {
        SwiftNames.fullName(of: form, in: call.parameters)
    }

    /// `name`, or `name(label:_:)`.
    static func isMemberName(_ text: String) -> Bool {
        guard let open = text.firstIndex(of: "(") else { return SwiftNames.isIdentifier(text) }
        guard text.hasSuffix(")"), SwiftNames.isIdentifier(String(text[..<open])) else { return false }
        let labels = text[text.index(after: open)..<text.index(before: text.endIndex)]
        guard labels.isEmpty || labels.hasSuffix(":") else { return false }
        return labels.split(separator: ":", omittingEmptySubsequences: false).dropLast().allSatisfy {
            $0 == "_" || SwiftNames.isIdentifier(String($0))
        }
    }
}
