/// A context that answers a name's lookup itself: a translator's typed context, rather than an
/// array of `(String, TemplateValue)` built for every member, searched by name and freed.
///
/// Names are resolved once, when a template is compiled: each part of a tag's name that is one of
/// the ``TemplateField``s is kept as that field, so looking it up in a scope is one `switch`, with
/// no string compared. A name no field has (a user's template may look up anything) is answered by
/// no scope, as an object without that key answers it: the lookup goes on outwards.
protocol TemplateScope: Sendable {
    /// The value of `field`, or nil when this context has no such field. A field the context has
    /// is answered even when false or empty, exactly as an object with that key would.
    func value(of field: TemplateField) -> TemplateValue?

    /// `field.next` in one step: nil when this context has no `field` (the lookup goes on
    /// outwards), `.some(nil)` when it has but that value has no `next`. A context whose field
    /// is a one-field section (`{{#kind.async}}`) answers without making the section's value.
    func value(of field: TemplateField, then next: TemplateField) -> TemplateValue??
}

/// A scope some of whose fields are written into the output from what it holds (a resolved
/// form's spelled text, a type's prefix and name) rather than made a `String` first: `{{name}}`
/// of such a field costs a copy of its bytes, where a value costs an allocation, the copy, a
/// check of the bytes as UTF-8 and a free. Its `value(of:)` still answers every field (for
/// sections, dotted names and snapshots), with the same text.
protocol TemplateWritingScope: TemplateScope {
    /// Writes the text of `field` into `output`; false when this scope does not write that field
    /// itself (its `value(of:)` answers it, or no field of this scope has the name).
    func write(_ field: TemplateField, to output: inout RenderOutput) -> Bool

    /// Writes the lines of `field`, each between `prefix` and `suffix`, as a line section over
    /// it renders them (`{{#doc}}/// {{line}}` and a line feed); false when this scope does not
    /// write that field's lines itself.
    func writeLines(_ field: TemplateField, prefix: UnsafeBufferPointer<UInt8>, suffix: UnsafeBufferPointer<UInt8>, to output: inout RenderOutput) -> Bool
}

extension TemplateWritingScope {
    func writeLines(_ field: TemplateField, prefix: UnsafeBufferPointer<UInt8>, suffix: UnsafeBufferPointer<UInt8>, to output: inout RenderOutput) -> Bool {
        false
    }
}

extension TemplateWritingScope {
    var templateValue: TemplateValue { .scope(ScopedContext(self)) }
}

extension TemplateScope {
    var templateValue: TemplateValue { .scope(ScopedContext(self)) }

    func value(of field: TemplateField, then next: TemplateField) -> TemplateValue?? {
        value(of: field).map { $0.value(of: next) }
    }
}

extension TemplateValue {
    /// The field `field` of an object or a scope, as the renderer finds a dotted name's later
    /// parts (a line's one field, `line`, is no `TemplateField`).
    func value(of field: TemplateField) -> TemplateValue? {
        switch self {
        case .scope(let context): return context.value(of: field)
        case .object(let fields): return fields.first { $0.key == field.rawValue }?.value
        default: return nil
        }
    }
}

/// A ``TemplateScope`` as a template value: one reference to the context, held in a box of its
/// own type (one allocation, and a `TemplateValue` no larger than a string's; an existential of
/// the protocol would make every value five words, copied through the runtime's witnesses).
public struct ScopedContext: Sendable {
    let box: AnyScopeBox

    init<Scope: TemplateScope>(_ scope: Scope) {
        box = ScopeBox(scope)
    }

    init<Scope: TemplateWritingScope>(_ scope: Scope) {
        box = WritingScopeBox(scope)
    }

    func value(of field: TemplateField) -> TemplateValue? {
        box.value(of: field)
    }

    func value(of field: TemplateField, then next: TemplateField) -> TemplateValue?? {
        box.value(of: field, then: next)
    }

    /// Writes `{{field}}` into `output`, as the value of `field` renders.
    func append(_ field: TemplateField, to output: inout RenderOutput) -> ScopedText {
        box.append(field, to: &output)
    }

    /// Writes a line section over `field`, if the scope writes that field's lines itself.
    func appendLines(_ field: TemplateField, prefix: UnsafeBufferPointer<UInt8>, suffix: UnsafeBufferPointer<UInt8>, to output: inout RenderOutput) -> Bool {
        box.appendLines(field, prefix: prefix, suffix: suffix, to: &output)
    }

    /// The fields the scope answers, in ``TemplateField`` order: what an object with the same
    /// fields would hold (for snapshots, for checking templates against contexts, for walking a
    /// context whole).
    public var fields: [(key: String, value: TemplateValue)] {
        TemplateField.allCases.compactMap { field in value(of: field).map { (key: field.rawValue, value: $0) } }
    }
}

/// The box's interface; `@unchecked Sendable` because a base class cannot be checked: it holds
/// nothing, and its only subclass holds one immutable `Sendable` value.
class AnyScopeBox: @unchecked Sendable {
    func value(of field: TemplateField) -> TemplateValue? { nil }
    func value(of field: TemplateField, then next: TemplateField) -> TemplateValue?? { nil }
    func append(_ field: TemplateField, to output: inout RenderOutput) -> ScopedText { .missing }
    func appendLines(_ field: TemplateField, prefix: UnsafeBufferPointer<UInt8>, suffix: UnsafeBufferPointer<UInt8>, to output: inout RenderOutput) -> Bool { false }
}

/// What writing a scope's field as `{{field}}` did.
enum ScopedText {
    /// The scope has no such field: the lookup goes on outwards.
    case missing
    /// Its text (or `true`/`false`) was written.
    case appended
    /// It is a list or an object, which a variable cannot render.
    case notText
}

private class ScopeBox<Scope: TemplateScope>: AnyScopeBox, @unchecked Sendable {
    let scope: Scope

    init(_ scope: Scope) {
        self.scope = scope
    }

    override func value(of field: TemplateField) -> TemplateValue? {
        scope.value(of: field)
    }

    override func value(of field: TemplateField, then next: TemplateField) -> TemplateValue?? {
        scope.value(of: field, then: next)
    }

    /// The value is made and written here rather than handed back: the runner neither copies
    /// nor destroys an optional value per `{{name}}` (one string's retain and release less).
    override func append(_ field: TemplateField, to output: inout RenderOutput) -> ScopedText {
        switch scope.value(of: field) {
        case .string(let text)?: output.append(text)
        case .bool(let flag)?: output.append(flag ? "true" : "false")
        case nil: return .missing
        default: return .notText
        }
        return .appended
    }
}

/// The box of a ``TemplateWritingScope``: its own fields written by the scope itself, the rest as
/// any scope's.
private final class WritingScopeBox<Scope: TemplateWritingScope>: ScopeBox<Scope>, @unchecked Sendable {
    override func append(_ field: TemplateField, to output: inout RenderOutput) -> ScopedText {
        scope.write(field, to: &output) ? .appended : super.append(field, to: &output)
    }

    override func appendLines(_ field: TemplateField, prefix: UnsafeBufferPointer<UInt8>, suffix: UnsafeBufferPointer<UInt8>, to output: inout RenderOutput) -> Bool {
        scope.writeLines(field, prefix: prefix, suffix: suffix, to: &output)
    }
}
