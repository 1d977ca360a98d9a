/// Results `import` drafts as `stream` forms.
extension DraftImporter {
    /// A result that is an `AsyncSequence` a `stream` form can say, by its spelling:
    /// `AsyncThrowingStream<T, …>`, `AsyncStream<T>`, `some AsyncSequence<T, …>` or `any
    /// AsyncSequence<T, …>`; its element, and the SDK's spelling when it is not
    /// `AsyncThrowingStream<T, any Error>` (the form's `sequence`). Another sequence type (a
    /// paginator's) is not recognised: it is drafted as a synchronous call, which a person can
    /// turn into a stream form.
    static func stream(of type: String) -> (element: String, sequence: String?)? {
        guard case .success(let model) = SwiftTypeParser.parse(type) else { return nil }
        var named = model
        switch model {
        case .opaque(let constraint), .existential(let constraint): named = constraint
        default: break
        }
        guard case .nominal(let parts) = named, let last = parts.last,
            parts.count == 1 || (parts.count == 2 && ["Swift", "_Concurrency"].contains(parts[0].name))
        else { return nil }
        let isSequence = named != model
        switch (last.name, last.arguments.count) {
        case ("AsyncSequence", 2) where isSequence, ("AsyncThrowingStream", 2) where !isSequence, ("AsyncStream", 1) where !isSequence:
            let element = last.arguments[0].description
            let plain = SwiftType.nominal([SwiftType.NominalPart(name: "AsyncThrowingStream", arguments: [last.arguments[0], Self.anyError])])
            return (element, model.isSame(as: plain) ? nil : type)
        default:
            return nil
        }
    }

    private static let anyError = SwiftType.existential(.nominal([SwiftType.NominalPart(name: "Error", arguments: [])]))
}
