/// A Swift type a description writes, parsed once when the description is read: every stage
/// after the parser reads its structure (`model`) rather than scanning its text again. The text
/// is kept as written, so generated declarations spell the type as the description does.
public struct DeclaredType: Sendable {
    public let value: String
    public let location: SourceLocation
    /// The type's structure, or why the text is not one Swift type (the validator reports it).
    let parsed: Result<SwiftType, SwiftTypeError>

    public init(_ located: Located<String>) {
        value = located.value
        location = located.location
        parsed = SwiftTypeParser.parse(located.value)
    }

    /// The parsed type; `nil` when the text is not one.
    var model: SwiftType? { try? parsed.get() }
}
