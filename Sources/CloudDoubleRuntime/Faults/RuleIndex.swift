/// The distinct selectors of an installed plan, for the injector's first look at a call: when
/// no selector matches, no rule can fire and no rule's count changes (a rule counts only the
/// calls its selector matches), so the call goes through without walking the rules.
struct RuleIndex: Sendable {
    private let selectors: [FaultSelector]

    init(_ selectors: [FaultSelector]) {
        var seen = Set<FaultSelector>()
        self.selectors = selectors.filter { seen.insert($0).inserted }
    }

    /// Whether some rule's selector matches this call.
    func couldMatch(type: String, call: String, form: CallForm) -> Bool {
        selectors.contains { $0.matches(type: type, call: call, form: form) }
    }
}
