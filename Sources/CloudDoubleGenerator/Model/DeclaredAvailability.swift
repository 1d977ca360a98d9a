/// An `@available(…)` attribute a description writes, parsed once when the description is read:
/// every stage after the parser (the validator, the translators, `check`) reads the parsed
/// attribute (`model`) rather than parsing its text again. Generated code writes the attribute
/// back from its parsed arguments (`Availability.text`); the text is kept as written, for the
/// validator's messages.
public struct DeclaredAvailability: Sendable {
    public let value: String
    public let location: SourceLocation
    /// The attribute, or why Swift would refuse the text (the validator reports it).
    let parsed: Result<Availability, Availability.Problem>

    public init(_ located: Located<String>) {
        value = located.value
        location = located.location
        parsed = Availability.parse(located.value)
    }

    /// The parsed attribute; `nil` when the text is not one the validator accepts.
    var model: Availability? { try? parsed.get() }
}
