/// The arguments of an `@available(…)` attribute a description gives, parsed and checked against
/// the two forms Swift takes, so that what the validator accepts compiles without a warning:
/// - shorthand: platforms with versions and one `*` (`@available(iOS 15.0, macOS 12.0, *)`);
/// - one platform or `*`, then options (`@available(iOS, introduced: 15.0, deprecated: 17.0,
///   message: "…")`, `@available(*, deprecated, renamed: "fetch(with:)")`).
/// Swift refuses a version that is 0 (`0`, `0.0`) or has a component too large for it, and more
/// than one of `unavailable`, `deprecated` (without a version) and `noasync`; so does this.
/// Each attribute is parsed once, when the description is read (`DeclaredAvailability`); the
/// validator refuses what does not parse, so the translator only ever writes parsed parts back.
struct Availability: Sendable, Equatable {
    enum Argument: Sendable, Equatable {
        /// `iOS 15.0`, `macOS`, `deprecated`.
        case name(String, version: String?)
        /// `*`.
        case wildcard
        /// `introduced: 15.0`.
        case labeledVersion(String, String)
        /// `message: "…"`, with the literal's decoded value.
        case labeledString(String, String)

        var text: String {
            switch self {
            case .name(let name, let version): return version.map { "\(name) \($0)" } ?? name
            case .wildcard: return "*"
            case .labeledVersion(let label, let version): return "\(label): \(version)"
            case .labeledString(let label, let value): return "\(label): \(StringLiteral(value).text)"
            }
        }
    }

    /// The platform names Swift 6 recognises (others compile with a warning).
    static let platforms: Set<String> = [
        "iOS", "macOS", "OSX", "tvOS", "watchOS", "visionOS", "macCatalyst", "DriverKit", "iOSApplicationExtension",
        "macOSApplicationExtension", "OSXApplicationExtension", "macCatalystApplicationExtension", "tvOSApplicationExtension",
        "watchOSApplicationExtension", "visionOSApplicationExtension",
    ]
    /// Options without a value, with a version and with a string, in the detailed form.
    static let flags: Set<String> = ["unavailable", "deprecated", "noasync"]
    static let versionOptions: Set<String> = ["introduced", "deprecated", "obsoleted"]
    static let stringOptions: Set<String> = ["message", "renamed"]

    let arguments: [Argument]

    var text: String { "@available(" + arguments.map(\.text).joined(separator: ", ") + ")" }

    /// Whether the attribute makes the declaration unavailable everywhere (`@available(*, unavailable)`).
    var isUnconditionallyUnavailable: Bool { arguments.first == .wildcard && arguments.contains(.name("unavailable", version: nil)) }

    /// Whether the attribute makes the declaration unavailable from asynchronous contexts.
    var isNoAsync: Bool { arguments.contains(.name("noasync", version: nil)) }

    private init(arguments: [Argument]) {
        self.arguments = arguments
    }

    /// The attribute, or what is wrong with it, said so that the user can fix it.
    static func parse(_ text: String) -> Result<Availability, Problem> {
        guard text.hasPrefix("@available("), text.hasSuffix(")") else { return .failure(Problem("it is not one `@available(…)` attribute")) }
        let inside = text.dropFirst("@available(".count).dropLast()
        guard !inside.unicodeScalars.contains(where: isLineBreak) else { return .failure(Problem("it has a line break")) }
        var arguments: [Argument] = []
        let parts: [Substring]
        switch Self.arguments(inside) {
        case .success(let split): parts = split
        case .failure(let problem): return .failure(problem)
        }
        for part in parts {
            let trimmed = part.trimmingSpaces()
            guard let argument = Self.argument(trimmed) else {
                return .failure(Problem("\(SwiftNames.literal(trimmed)) is not an argument `@available` takes"))
            }
            arguments.append(argument)
        }
        let detailed = arguments.contains { argument in
            switch argument {
            case .name(_, nil), .labeledVersion, .labeledString: return true
            case .name, .wildcard: return false
            }
        }
        if let problem = detailed ? Self.detailedProblem(arguments) : Self.shorthandProblem(arguments) { return .failure(Problem(problem)) }
        return .success(Availability(arguments: arguments))
    }

    /// Why an `@available` attribute is refused.
    struct Problem: Error, Sendable {
        let reason: String

        init(_ reason: String) {
            self.reason = reason
        }
    }

    static var knownPlatforms: String { platforms.sorted().joined(separator: ", ") }

    /// Known platforms with versions, each once, and exactly one `*`.
    private static func shorthandProblem(_ arguments: [Argument]) -> String? {
        var seen = Set<String>()
        var wildcards = 0
        for argument in arguments {
            switch argument {
            case .wildcard: wildcards += 1
            case .name(let platform, _) where !platforms.contains(platform):
                return "\(SwiftNames.literal(platform)) is not a platform Swift knows (\(knownPlatforms))"
            case .name(let platform, let version):
                guard seen.insert(platform).inserted else { return "\(platform) has two versions" }
                if let version, let problem = versionProblem(version) { return problem }
            default: return "an option cannot follow a platform's version"
            }
        }
        if seen.isEmpty { return "it names no platform" }
        return wildcards == 1 ? nil : "it needs one `*`, for the platforms it does not name"
    }

    /// A known platform or `*`, then at least one option, each named once (`deprecated` and
    /// `deprecated:` are one option); `*` takes no versions.
    private static func detailedProblem(_ arguments: [Argument]) -> String? {
        let wildcard: Bool
        switch arguments[0] {
        case .wildcard: wildcard = true
        case .name(let platform, nil) where platforms.contains(platform): wildcard = false
        case .name(let platform, _) where !platforms.contains(platform) && !flags.contains(platform):
            return "\(SwiftNames.literal(platform)) is not a platform Swift knows (\(knownPlatforms))"
        default: return "options such as `deprecated` follow one platform or `*`, without versions"
        }
        guard arguments.count >= 2 else { return "it names a platform but no option" }
        var named = Set<String>()
        var flagsGiven: [String] = []
        for argument in arguments.dropFirst() {
            let option: String
            switch argument {
            case .name(let flag, nil) where flags.contains(flag):
                if let other = flagsGiven.first { return "`\(other)` and `\(flag)` cannot be combined" }
                flagsGiven.append(flag)
                option = flag
            case .labeledVersion(let label, let version) where versionOptions.contains(label):
                if wildcard { return "`*` takes no version (`\(label):`)" }
                if let problem = versionProblem(version) { return problem }
                option = label
            case .labeledString(let label, let value) where stringOptions.contains(label):
                if label == "renamed", !SwiftSnippets.isDeclarationName(value) { return "`renamed:` must be a declaration name" }
                option = label
            default:
                return "\(SwiftNames.literal(argument.text)) is not an option: use unavailable, deprecated, noasync, "
                    + "introduced:/deprecated:/obsoleted: with a version, or message:/renamed: with a string"
            }
            guard named.insert(option).inserted else { return "`\(option)` is given twice" }
        }
        return nil
    }

    /// Whether `scalar` is one that `Character.isNewline` is true for. Each is a character of its
    /// own (or half of `\r\n`), so a text has a line break exactly when it holds one.
    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// The attribute's arguments, split at its commas by `SwiftLexer` (so a comma or quote inside
    /// a message's string literal stays in the message); a comment is refused.
    private static func arguments(_ text: Substring) -> Result<[Substring], Problem> {
        let text = String(text)
        guard case .success(let tokens) = SwiftLexer.tokens(of: text) else {
            return .failure(Problem("a string literal or comment in it is not closed"))
        }
        if tokens.contains(where: { $0.kind == .comment }) { return .failure(Problem("it holds a comment")) }
        // A token's offset counts the text's UTF-8 bytes; a comma is one, so each part is a slice.
        let utf8 = text.utf8
        var parts: [Substring] = []
        var start = utf8.startIndex
        for token in tokens where token.kind == .punctuation && token.text == "," {
            let comma = utf8.index(utf8.startIndex, offsetBy: token.offset)
            parts.append(Substring(utf8[start..<comma]))
            start = utf8.index(after: comma)
        }
        parts.append(Substring(utf8[start...]))
        return .success(parts)
    }

    private static func argument(_ text: String) -> Argument? {
        if text == "*" { return .wildcard }
        if let colon = text.firstIndex(of: ":"), !text[..<colon].utf8.contains(UInt8(ascii: "\"")) {
            let label = text[..<colon].trimmingSpaces()
            let value = text[text.index(after: colon)...].trimmingSpaces()
            guard SwiftNames.isIdentifier(label) else { return nil }
            if isVersion(value) { return .labeledVersion(label, value) }
            return stringValue(value).map { .labeledString(label, $0) }
        }
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        switch words.count {
        case 1 where SwiftNames.isIdentifier(words[0]): return .name(words[0], version: nil)
        case 2 where SwiftNames.isIdentifier(words[0]) && isVersion(words[1]): return .name(words[0], version: words[1])
        default: return nil
        }
    }

    /// The largest version component Swift takes without a diagnostic (above it, a major version
    /// is "not a supported version number", and past 2³² - 1 any component is refused).
    static let largestVersionComponent = 2_147_483_645

    /// Why Swift refuses `version` (`15`, `15.0`, `15.0.1`: digits already checked), if it does.
    private static func versionProblem(_ version: String) -> String? {
        let components = version.split(separator: ".")
        for component in components {
            let digits = component.drop { $0 == "0" }
            if digits.count > 10 || (Int(digits) ?? 0) > largestVersionComponent {
                return "the version \(version) has a component too large for a version (at most \(largestVersionComponent))"
            }
        }
        if components.allSatisfy({ $0.allSatisfy { $0 == "0" } }) { return "the version \(version) is 0, which Swift does not take" }
        return nil
    }

    /// `15`, `15.0`, `15.0.1`.
    private static func isVersion(_ text: String) -> Bool {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        return (1...3).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(digits.contains) }
    }

    /// The value of a one-line string literal, `"…"`, with its escapes decoded; nil for anything
    /// that is not exactly one literal.
    private static func stringValue(_ text: String) -> String? {
        guard !text.dropFirst().isEmpty, text.first == "\"", text.last == "\"" else { return nil }
        let body = text.unicodeScalars.dropFirst().dropLast()
        // Without a quote or an escape, the value is the literal's text.
        if !body.contains(where: { $0 == "\"" || $0 == "\\" }) { return String(Substring(body)) }
        var value = ""
        var scalars = body[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\"": return nil
            case "\\":
                guard let escape = scalars.popFirst() else { return nil }
                switch escape {
                case "\\", "\"", "'": value.unicodeScalars.append(escape)
                case "n": value += "\n"
                case "t": value += "\t"
                case "r": value += "\r"
                case "0": value += "\0"
                case "u":
                    guard scalars.popFirst() == "{", let close = scalars.firstIndex(of: "}") else { return nil }
                    let hex = String(String.UnicodeScalarView(scalars[..<close]))
                    guard (1...8).contains(hex.count), let code = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(code) else { return nil }
                    value.unicodeScalars.append(decoded)
                    scalars = scalars[scalars.index(after: close)...]
                default: return nil
                }
            default: value.unicodeScalars.append(scalar)
            }
        }
        return value
    }
}
