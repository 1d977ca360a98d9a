/// The data a template renders: the translator's output, with no logic left in it.
public enum TemplateValue: Sendable {
    case string(String)
    case bool(Bool)
    case list([TemplateValue])
    /// Named fields, searched in order: contexts have a few dozen fields at most, where a linear
    /// scan beats hashing every key of every member (and keeps no dictionary per member).
    case object([(key: String, value: TemplateValue)])
    /// An object whose only field is `line`: what a list of source lines is made of. Cheaper than
    /// a dictionary per line, and generated files are mostly lines.
    case line(String)
    /// A list of `{line}` objects, rendered with `{{#name}}{{line}}{{/name}}`, kept as the lines'
    /// texts: no value is made per line until it renders.
    case lines([String])
    /// A list whose items are made as they are rendered and dropped after: a long list (every
    /// type of a large description) is never held whole.
    case generated(GeneratedList)
    /// A typed context that answers names itself (a translator's): no field array is built.
    case scope(ScopedContext)

    /// Whether a section over this value renders (non-empty list, true, any string or object).
    var isTruthy: Bool {
        switch self {
        case .bool(let flag): return flag
        case .list(let items): return !items.isEmpty
        case .lines(let texts): return !texts.isEmpty
        case .generated(let list): return list.count > 0
        case .string(let text): return !text.isEmpty
        case .object, .line, .scope: return true
        }
    }

    /// The same value in storage of its own (lists and generated items aside): what a thread
    /// renders from, so two threads never touch the reference counts of one shared object.
    var privateCopy: TemplateValue {
        switch self {
        case .string(let text): return .string(text.privateCopy)
        case .bool: return self
        case .list(let items): return .list(items.map(\.privateCopy))
        case .object(let fields): return .object(fields.map { (key: $0.key.privateCopy, value: $0.value.privateCopy) })
        case .line(let text): return .line(text.privateCopy)
        case .lines(let texts): return .lines(texts.map(\.privateCopy))
        case .generated: return self
        // Shared as it is: a scope holds immutable values and makes a value each time it is
        // asked. The per-type scopes are made by the thread that renders them; only the
        // operations' `copied` locations, few, sit in a file's context.
        case .scope: return self
        }
    }
}

extension String {
    /// The same text in a buffer of its own (short texts are stored inline and have none).
    var privateCopy: String {
        utf8.withContiguousStorageIfAvailable { String(decoding: $0, as: UTF8.self) } ?? String(decoding: Array(utf8), as: UTF8.self)
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
