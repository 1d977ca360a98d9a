/// A Swift type a description writes, parsed once when the description is read: every stage
/// after the parser reads its structure (`model`) rather than scanning its text again. The text
/// is kept as written, so generated declarations spell the type as the description does.
public struct DeclaredType: Sendable {
    public let value: String
    public let location: SourceLocation
    /// The type's structure, or why the text is not one Swift type.
    let parsed: Result<SwiftType, SwiftTypeError>

    public init(_ located: Located<String>) {
        self.init(located, parsed: SwiftTypeParser.parse(located.value))
    }

    init(_ located: Located<String>, parsed: Result<SwiftType, SwiftTypeError>) {
        value = located.value
        location = located.location
        self.parsed = parsed
    }

    /// The parsed type; `nil` when the text is not one (the validator reports it).
    var model: SwiftType? {
        if case .success(let type) = parsed { return type }
        return nil
    }
}
