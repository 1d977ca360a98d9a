/// The data a template renders: the translator's output, with no logic left in it.
public indirect enum TemplateValue: Sendable {
    case string(String)
    case bool(Bool)
    case list([TemplateValue])
    case object([String: TemplateValue])

    /// Whether a section over this value renders (non-empty list, true, any string or object).
    var isTruthy: Bool {
        switch self {
        case .bool(let flag): return flag
        case .list(let items): return !items.isEmpty
        case .string(let text): return !text.isEmpty
        case .object: return true
        }
    }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
