/// A Swift type a description writes, parsed once when the description is read: every stage
/// after the parser reads its structure (`model`) rather than scanning its text again. The text
/// is kept as written, so generated declarations spell the type as the description does.
public struct DeclaredType: Sendable {
    public let value: String
    public let location: SourceLocation
    /// One reference either way (a `Result` would hold the error's text inline): a description
    /// holds a declared type per parameter, result and property, tens of thousands in a large one.
    private let storage: Parsed

    private enum Parsed: Sendable {
        case type(SwiftType)
        indirect case problem(SwiftTypeError)
    }

    /// The type's structure, or why the text is not one Swift type.
    var parsed: Result<SwiftType, SwiftTypeError> {
        switch storage {
        case .type(let type): return .success(type)
        case .problem(let problem): return .failure(problem)
        }
    }

    public init(_ located: Located<String>) {
        self.init(located, parsed: SwiftTypeParser.parse(located.value))
    }

    init(_ located: Located<String>, parsed: Result<SwiftType, SwiftTypeError>) {
        value = located.value
        location = located.location
        switch parsed {
        case .success(let type): storage = .type(type)
        case .failure(let problem): storage = .problem(problem)
        }
    }

    /// The parsed type; `nil` when the text is not one (the validator reports it).
    var model: SwiftType? {
        if case .type(let type) = storage { return type }
        return nil
    }
}
