#if canImport(Synchronization)
import Synchronization
#endif

/// The selectors of an installed plan, immutable, for the injector's lock-free first look at a
/// call: when no selector matches, no rule can fire and no rule's count changes (a rule counts
/// only the calls its selector matches), so the call goes through without taking the lock.
final class RuleIndex: Sendable {
    private let selectors: [FaultSelector]

    init(_ selectors: [FaultSelector]) {
        var seen = Set<FaultSelector>()
        self.selectors = selectors.filter { seen.insert($0).inserted }
    }

    /// Whether some rule's selector matches this call.
    func couldMatch(type: String, call: String, form: CallForm) -> Bool {
        for selector in selectors where selector.matches(type: type, call: call, form: form) {
            return true
        }
        return false
    }
}

#if canImport(Synchronization)
/// An atomic reference to the current ``RuleIndex`` (`nil`: no call can fire). It does not retain
/// the index: whoever stores one keeps it alive for as long as this cell can be read (the
/// injector keeps every index it publishes), so a reader needs no reference counting and no lock.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class AtomicRuleIndex: Sendable {
    private let pointer = Atomic<Unmanaged<RuleIndex>?>(nil)

    func store(_ index: RuleIndex?) {
        pointer.store(index.map { Unmanaged.passUnretained($0) }, ordering: .releasing)
    }

    @inline(__always)
    func couldMatch(type: String, call: String, form: CallForm) -> Bool {
        guard let index = pointer.load(ordering: .acquiring) else { return false }
        return index._withUnsafeGuaranteedRef { $0.couldMatch(type: type, call: call, form: form) }
    }
}
#endif
