/// One form of one call, as the validator resolved it: the form as described, its availability
/// parsed, and what its handler's value means. It holds no Swift text: the translators spell a
/// form (`FormSpelling`). A class: each artifact hands it around per form.
@dynamicMemberLookup
final class ResolvedForm: Sendable {
    let spec: CallFormSpec
    /// The form's `availability`, parsed.
    let availability: [Availability]
    /// Whether the completion handler's value is optional (so `nil` goes with an error).
    let handlerValueIsOptional: Bool

    /// `form` of `call`, which the validator accepted.
    init(_ form: CallFormSpec, of call: Call) {
        spec = form
        // The validator refused every attribute that did not parse.
        availability = form.availability.compactMap(\.model)
        if call.returns == nil {
            handlerValueIsOptional = true
        } else if let explicit = form.handlerValueType {
            handlerValueIsOptional = explicit.model?.isOptional ?? false
        } else {
            handlerValueIsOptional = true
        }
    }

    var kind: FormKind { spec.kind.value }
    /// A `sync` form declared `throws`.
    var throwsSynchronously: Bool { kind == .sync && spec.throwing }
    var handlerName: String { spec.handlerLabel }

    subscript<T>(dynamicMember keyPath: KeyPath<CallFormSpec, T>) -> T { spec[keyPath: keyPath] }
}
