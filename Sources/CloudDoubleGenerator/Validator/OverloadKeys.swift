/// The overload keys of a type's forms (`async fetch(_:completionHandler:)[String,Int]`): a
/// form is declared twice when an earlier form has its key. A plain name (an identifier) ends at
/// the key's `(`, and only an async form's key starts `async `, so with plain names two forms
/// share a key only with the same name and the same kind of call (async or not): a form whose
/// name and kind no other form of the type has needs no key. When any form's name is not plain,
/// every form's key is spelled.
struct OverloadKeys {
    /// Each key spelled so far, at the first form that has it.
    var signatures: [String: SourceLocation] = [:]
    /// Per name, `asyncShared` or `otherShared` when more than one form has it with that kind;
    /// `nil`: every key is spelled.
    private let shared: [String: UInt8]?
    private static let (asyncSeen, otherSeen, asyncShared, otherShared): (UInt8, UInt8, UInt8, UInt8) = (1, 2, 4, 8)

    init(_ type: DescribedType) {
        var seen: [String: UInt8] = [:]
        // Room for every name at once, not grown (and rehashed) a step at a time.
        seen.reserveCapacity(type.calls.reduce(0) { $0 + $1.forms.count })
        // By index: a `for` over the arrays would copy each call and form (a retain of each field).
        for call in type.calls.indices {
            for form in type.calls[call].forms.indices {
                let name = type.calls[call].forms[form].name.value
                guard SwiftNames.isIdentifier(name) else {
                    shared = nil
                    return
                }
                Self.note(type.calls[call].forms[form].kind.value == .async, in: &seen[name, default: 0])
            }
        }
        shared = seen
    }

    /// One more form of a name (`bits`, its entry: one lookup), async or not.
    private static func note(_ async: Bool, in bits: inout UInt8) {
        let (seenBit, sharedBit) = async ? (asyncSeen, asyncShared) : (otherSeen, otherShared)
        bits |= bits & seenBit != 0 ? sharedBit : seenBit
    }

    /// Whether `form` could share its key with another form of the type.
    func needsKey(_ form: CallFormSpec) -> Bool {
        guard let shared else { return true }
        return (shared[form.name.value] ?? 0) & (form.kind.value == .async ? Self.asyncShared : Self.otherShared) != 0
    }
}
