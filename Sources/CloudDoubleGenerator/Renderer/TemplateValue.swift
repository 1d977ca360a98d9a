/// The data a template renders: the translator's output, with no logic left in it.
public enum TemplateValue: Sendable {
    case string(String)
    case bool(Bool)
    case list([TemplateValue])
    /// Named fields, searched in order (a context has a few dozen at most).
    case object([(key: String, value: TemplateValue)])
    /// An object whose only field is `line`: what a list of source lines is made of.
    case line(String)
    /// A list of `{line}` objects, rendered with `{{#name}}{{line}}{{/name}}`, kept as the lines'
    /// texts.
    case lines([String])

    /// Whether a section over this value renders (non-empty list, true, any string or object).
    var isTruthy: Bool {
        switch self {
        case .bool(let flag): return flag
        case .list(let items): return !items.isEmpty
        case .lines(let texts): return !texts.isEmpty
        case .string(let text): return !text.isEmpty
        case .object, .line: return true
        }
    }

    /// The field `name` of an object (or a line's one field, `line`), if it has one.
    func field(_ name: String) -> TemplateValue? {
        switch self {
        case .object(let fields): return fields.first { $0.key == name }?.value
        case .line(let text): return name == "line" ? .string(text) : nil
        default: return nil
        }
    }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(elements.map { (key: $0.0, value: $0.1) })
    }
}
