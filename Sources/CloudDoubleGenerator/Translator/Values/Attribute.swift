/// An attribute of a generated declaration, built from its parts: nothing from the description
/// is pasted into an attribute whole, so no attribute can carry a second declaration.
enum Attribute: Sendable, Equatable {
    /// `@available(…)` from the description, parsed into its arguments.
    case available(Availability)
    /// `@available(*, deprecated, renamed: "…", message: "…")`, from a `deprecated` object.
    case deprecated(renamed: String?, message: String?)
    case discardableResult
    case preconcurrency
    /// `@inline(__always)`: on fault-wrapper members, one async frame less per call.
    case inlineAlways

    var text: String {
        switch self {
        case .available(let availability): return availability.text
        case .deprecated(let renamed, let message):
            var text = "@available(*, deprecated"
            if let renamed { text += ", renamed: " + StringLiteral(renamed).text }
            if let message { text += ", message: " + StringLiteral(message).text }
            return text + ")"
        case .discardableResult: return "@discardableResult"
        case .preconcurrency: return "@preconcurrency"
        case .inlineAlways: return "@inline(__always)"
        }
    }

    /// The description's `deprecated` object as an attribute.
    init(_ deprecation: Deprecation) {
        self = .deprecated(renamed: deprecation.renamed, message: deprecation.message)
    }

    /// Availability and deprecation: what says where a declaration can be used (a call key
    /// carries those its forms share).
    var isAvailabilityOrDeprecation: Bool {
        switch self {
        case .available, .deprecated: return true
        default: return false
        }
    }

    /// The attributes as template lines.
    static func lines(_ attributes: [Attribute]) -> TemplateValue {
        .lines(attributes.map(\.text))
    }
}
