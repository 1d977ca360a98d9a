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
        for call in type.calls {
            for form in call.forms {
                guard SwiftNames.isIdentifier(form.name.value) else {
                    shared = nil
                    return
                }
                let async = form.kind.value == .async
                let (seenBit, sharedBit) = async ? (Self.asyncSeen, Self.asyncShared) : (Self.otherSeen, Self.otherShared)
                let bits = seen[form.name.value, default: 0]
                seen[form.name.value] = bits | (bits & seenBit != 0 ? sharedBit : seenBit)
            }
        }
        shared = seen
    }

    /// Whether `form` could share its key with another form of the type.
    func needsKey(_ form: CallFormSpec) -> Bool {
        guard let shared else { return true }
        return (shared[form.name.value] ?? 0) & (form.kind.value == .async ? Self.asyncShared : Self.otherShared) != 0
    }
}
