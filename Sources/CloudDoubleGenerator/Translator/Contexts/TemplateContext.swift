/// What a template renders, typed: each artifact's translator makes one, every field documented
/// where it is declared and every value already escaped (``DocComment``, ``StringLiteral``,
/// ``Attribute``, identifiers through `SwiftNames.escaped`). `templateValue` is the one place a
/// context's field names are spelled; `TemplateContextTests` checks that every name a bundled
/// template looks up is one of them, and the context snapshots lock what each holds.
protocol TemplateContext: Sendable {
    var templateValue: TemplateValue { get }
}

/// A list of contexts made one at a time as the template reaches them and dropped after, so a
/// large description's contexts are never all held at once (its types render on all cores).
struct ContextList<Element: TemplateContext>: Sendable {
    let count: Int
    let item: @Sendable (Int) -> Element

    init(count: Int, item: @escaping @Sendable (Int) -> Element) {
        self.count = count
        self.item = item
    }

    /// Every element, made now (for tests and snapshots).
    var elements: [Element] { (0..<count).map(item) }

    var templateValue: TemplateValue {
        let item = self.item
        return .generated(GeneratedList(count: count) { item($0).templateValue })
    }
}

extension Array where Element: TemplateContext {
    var templateValue: TemplateValue { .list(map(\.templateValue)) }
}

/// A type's member contexts as its template reads them: each is put in its scope's box as it
/// is appended (moved there, not copied), so rendering the list retains one array, where an
/// array of contexts made a box and a copy of every member (a retain of each of its strings)
/// each time its section was rendered.
struct ScopeList<Element: TemplateContext>: Sendable {
    private(set) var values: [TemplateValue] = []

    init(capacity: Int = 0) {
        values.reserveCapacity(capacity)
    }

    mutating func append(_ element: consuming Element) {
        values.append(element.templateValue)
    }

    var isEmpty: Bool { values.isEmpty }

    var templateValue: TemplateValue { .list(values) }
}
