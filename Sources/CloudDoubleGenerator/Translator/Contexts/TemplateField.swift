/// One field of a template context: the name a template looks it up by, and how the context
/// answers it. Each context declares its fields once, in one table (`fields`), in the order its
/// snapshot lists them.
struct TemplateField<Context>: Sendable {
    let name: String
    /// The field's value; nil when this context has no such field (a kind's fields other than
    /// its own), so that the lookup goes on outwards, as for any name an object does not hold.
    let value: @Sendable (Context) -> TemplateValue?

    init(_ name: String, _ value: @escaping @Sendable (Context) -> TemplateValue?) {
        self.name = name
        self.value = value
    }

    /// The same field, answered by the part of an enclosing context that holds this one (a
    /// file's common fields, a type's names).
    func of<Outer>(_ part: @escaping @Sendable (Outer) -> Context) -> TemplateField<Outer> {
        let value = self.value
        return TemplateField<Outer>(name) { value(part($0)) }
    }
}
