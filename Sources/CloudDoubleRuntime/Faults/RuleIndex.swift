#if canImport(Synchronization)
import Synchronization
#endif

/// The selectors of an installed plan, immutable, for the injector's lock-free first look at a
/// call: when no selector matches, no rule can fire and no rule's count changes (a rule counts
/// only the calls its selector matches), so the call goes through without taking the lock.
final class RuleIndex: Sendable {
    /// A selector with the UTF-8 lengths of its strings (`-1`: any), so that most calls are
    /// told apart by a form and two integers, without touching the strings.
    private struct Entry: Sendable {
        let form: CallForm?
        let callLength: Int
        let typeLength: Int
        let selector: FaultSelector
    }

    private let entries: [Entry]

    init(_ selectors: [FaultSelector]) {
        var seen = Set<FaultSelector>()
        entries = selectors.filter { seen.insert($0).inserted }.map { selector in
            Entry(form: selector.form, callLength: selector.call?.utf8.count ?? -1, typeLength: selector.type?.utf8.count ?? -1, selector: selector)
        }
    }

    /// Whether some rule's selector matches this call (as `FaultSelector.matches`, cheapest
    /// comparison first: the form, the strings' lengths, then their bytes).
    func couldMatch(type: String, call: String, form: CallForm) -> Bool {
        let callLength = call.utf8.count
        let typeLength = type.utf8.count
        return entries.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                if let wanted = entries[index].form, wanted != form { continue }
                let wantedCall = entries[index].callLength
                if wantedCall >= 0, wantedCall != callLength { continue }
                let wantedType = entries[index].typeLength
                if wantedType >= 0, wantedType != typeLength { continue }
                if entries[index].selector.matches(type: type, call: call, form: form) { return true }
            }
            return false
        }
    }
}

/// Where an injector publishes the ``RuleIndex`` of its current plan (`nil`: no call can fire)
/// for its calls to read. This class keeps it under a lock, for platforms without
/// `Synchronization.Atomic` (before macOS 15 / iOS 18); ``make()`` returns the lock-free
/// ``AtomicRuleIndexCell`` wherever `Atomic` is available (always on Linux).
class RuleIndexCell: @unchecked Sendable {
    // @unchecked: a non-final class cannot be checked; its only state is behind a lock, and the
    // one subclass adds only an `Atomic`.
    private let current = Locked<RuleIndex?>(nil)

    static func make() -> RuleIndexCell {
        #if canImport(Synchronization)
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) { return AtomicRuleIndexCell() }
        #endif
        return RuleIndexCell()
    }

    /// Publishes `index`. The caller keeps every index it publishes alive for as long as the
    /// cell can be read (the lock-free subclass does not retain it).
    func store(_ index: RuleIndex?) {
        current.withLock { $0 = index }
    }

    /// Whether some rule of the published index matches this call.
    func couldMatch(type: String, call: String, form: CallForm) -> Bool {
        current.withLock { $0 }?.couldMatch(type: type, call: call, form: form) ?? false
    }
}

#if canImport(Synchronization)
/// The lock-free cell: an atomic, unretained reference to the current index, so a reader needs
/// no lock and no reference counting.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class AtomicRuleIndexCell: RuleIndexCell, @unchecked Sendable {
    // @unchecked: its own state is one `Atomic`.
    private let pointer = Atomic<Unmanaged<RuleIndex>?>(nil)

    override func store(_ index: RuleIndex?) {
        pointer.store(index.map { Unmanaged.passUnretained($0) }, ordering: .releasing)
    }

    override func couldMatch(type: String, call: String, form: CallForm) -> Bool {
        guard let index = pointer.load(ordering: .acquiring) else { return false }
        return index._withUnsafeGuaranteedRef { $0.couldMatch(type: type, call: call, form: form) }
    }
}
#endif
