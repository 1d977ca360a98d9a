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
}

extension TemplateScope {
    var templateValue: TemplateValue { .scope(ScopedContext(self)) }
}

/// A ``TemplateScope`` as a template value (the protocol is the generator's own).
public struct ScopedContext: Sendable {
    let scope: any TemplateScope

    init(_ scope: any TemplateScope) {
        self.scope = scope
    }

    /// The fields the scope answers, in ``TemplateField`` order: what an object with the same
    /// fields would hold (for snapshots and for checking templates against contexts).
    var fields: [(key: String, value: TemplateValue)] {
        TemplateField.allCases.compactMap { field in scope.value(of: field).map { (key: field.rawValue, value: $0) } }
    }
}
