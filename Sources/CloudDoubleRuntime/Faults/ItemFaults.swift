import Foundation

/// The per-item part of a fired rule. Items the app *requested* (records to save, IDs to fetch)
/// are chosen before the request reaches the SDK: generated wrappers send only the items that
/// remain (`kept(_:input:)`), then merge the chosen items' failures into the SDK's answer
/// (`merged(_:input:)`), so a failed save is never written. Items the SDK *returns* (query
/// matches, changed records) are rewritten in its answer (`apply(to:)`).
///
/// With no item rule fired, an instance chooses nothing: every item is kept, every result is
/// passed through unchanged.
public final class ItemFaults: Sendable {
    private let failure: ItemFailure?
    private let injector: FaultInjector?
    private let eventIndex: Int
    private let state = Locked(State())

    private struct State {
        /// Every injected item error, in order (for ``itemErrors`` and the fault event).
        var failed: [(key: AnyHashable, error: any Error)] = []
        /// The requested items of each input, with their atomic group (`nil`: not atomic) and
        /// the error the group's other items get when one fails.
        var requested: [Int: [(key: AnyHashable, group: AnyHashable?, batchError: ErrorCodeRef?)]] = [:]
        /// The failures decided for each input's requested items.
        var decided: [Int: [AnyHashable: any Error]] = [:]
        /// What records the operation these faults run under on a cassette, if anything.
        var tap: OperationTap?
    }

    init(_ failure: ItemFailure, injector: FaultInjector, eventIndex: Int) {
        self.failure = failure
        self.injector = injector
        self.eventIndex = eventIndex
    }

    /// An instance that fails nothing: the wrapped SDK sees the request unchanged.
    @_spi(Generated) public init() {
        failure = nil
        injector = nil
        eventIndex = 0
    }

    // MARK: Recording

    /// Records the operation run under these faults to `tap` (a cassette in record mode).
    func record(to tap: OperationTap) {
        state.withLock { $0.tap = tap }
    }

    /// `delivery`, recording what it delivers when these faults run under a recording cassette.
    @_spi(Generated) public func recorded<Event, Final>(_ delivery: OperationDelivery<Event, Final>) -> OperationDelivery<Event, Final> {
        if let tap = state.withLock({ $0.tap }) { delivery.record(to: tap) }
        return delivery
    }

    // MARK: Requested items (chosen before the SDK sees them)

    /// Chooses which of `keys`, the items of one input of the request (`input` numbers the
    /// inputs of a call or operation from 0), fail. With `atomic`, a failure fails its whole
    /// group: the group's other items, in every input, get the batch error and are not sent.
    @_spi(Generated) public func request<Key: Hashable>(_ keys: [Key], input: Int, atomic: AtomicGroups<Key>? = nil) {
        guard failure != nil else { return }
        let chosen = Set(chosen(keys).map { AnyHashable($0) })
        var decided: [AnyHashable: any Error] = [:]
        for key in keys where chosen.contains(AnyHashable(key)) && decided[AnyHashable(key)] == nil {
            decided[AnyHashable(key)] = failItem(key)
        }
        let grouped = keys.map { key in (key: AnyHashable(key), group: atomic?.group(of: key), batchError: atomic?.error) }
        state.withLock { state in
            state.requested[input, default: []] += grouped
            state.decided[input, default: [:]].merge(decided) { first, _ in first }
        }
        settleAtomicGroups()
    }

    /// `items` without those chosen to fail, in order; `items` itself when none was chosen.
    @_spi(Generated) public func kept<Item, Key: Hashable>(_ items: [Item], input: Int, by key: (Item) -> Key) -> [Item] {
        let failed = failures(input: input)
        guard !failed.isEmpty else { return items }
        return items.filter { failed[AnyHashable(key($0))] == nil }
    }

    /// The same for items that are their own keys (IDs to fetch or delete).
    @_spi(Generated) public func kept<Item: Hashable>(_ items: [Item], input: Int) -> [Item] {
        kept(items, input: input) { $0 }
    }

    /// An optional list of items (an operation's request properties), filtered the same way.
    @_spi(Generated) public func kept<Item, Key: Hashable>(_ items: [Item]?, input: Int, by key: (Item) -> Key) -> [Item]? {
        items.map { kept($0, input: input, by: key) }
    }

    /// An optional list of items that are their own keys, filtered the same way.
    @_spi(Generated) public func kept<Item: Hashable>(_ items: [Item]?, input: Int) -> [Item]? {
        items.map { kept($0, input: input) }
    }

    /// The SDK's per-item answer for the items that were sent, with the failures of the items
    /// chosen from `input` added.
    @_spi(Generated) public func merged<Key: Hashable, Value>(
        _ results: [Key: Result<Value, any Error>], input: Int
    ) -> [Key: Result<Value, any Error>] {
        var merged = results
        for (key, error) in failures(input: input) {
            if let key = key.base as? Key { merged[key] = .failure(error) }
        }
        return merged
    }

    /// The same for an answer of ordered pairs: the chosen items' failures follow, in the order
    /// they were requested.
    @_spi(Generated) public func merged<Key: Hashable, Value>(
        _ results: [(Key, Result<Value, any Error>)], input: Int
    ) -> [(Key, Result<Value, any Error>)] {
        let failed = failures(input: input)
        guard !failed.isEmpty else { return results }
        let order = state.withLock { $0.requested[input] ?? [] }
        return results
            + order.compactMap { entry in
                guard let error = failed[entry.key], let key = entry.key.base as? Key else { return nil }
                return (key, .failure(error))
            }
    }

    /// The failures chosen for `input`'s requested items, in the order they were requested
    /// (operations report them to their per-item blocks).
    @_spi(Generated) public func failures<Key: Hashable>(input: Int, as _: Key.Type = Key.self) -> [(Key, any Error)] {
        let (order, failed) = state.withLock { ($0.requested[input] ?? [], $0.decided[input] ?? [:]) }
        var seen = Set<AnyHashable>()
        return order.compactMap { entry in
            guard let error = failed[entry.key], seen.insert(entry.key).inserted, let key = entry.key.base as? Key else { return nil }
            return (key, error)
        }
    }

    private func failures(input: Int) -> [AnyHashable: any Error] {
        guard failure != nil else { return [:] }
        return state.withLock { $0.decided[input] ?? [:] }
    }

    /// Every item in an atomic group with a failure fails too, with the batch error, as an
    /// atomic zone does when one of its changes fails.
    private func settleAtomicGroups() {
        guard let injector else { return }
        state.withLock { state in
            var failedGroups = Set<AnyHashable>()
            for (input, entries) in state.requested {
                for entry in entries where entry.group != nil && state.decided[input]?[entry.key] != nil {
                    failedGroups.insert(entry.group!)
                }
            }
            guard !failedGroups.isEmpty else { return }
            for (input, entries) in state.requested {
                for entry in entries {
                    guard let group = entry.group, failedGroups.contains(group), state.decided[input]?[entry.key] == nil,
                        let batchError = entry.batchError
                    else { continue }
                    state.decided[input, default: [:]][entry.key] = injector.makeError(codes: [WeightedCode(batchError)], retryAfter: nil)
                }
            }
        }
    }

    // MARK: Returned items (rewritten in the SDK's answer)

    /// A per-item result keyed by item ID.
    @_spi(Generated) public func apply<Key: Hashable, Value>(to results: [Key: Result<Value, any Error>]) -> [Key: Result<Value, any Error>] {
        var rewritten = results
        for key in chosen(results.keys) {
            rewritten[key] = .failure(failItem(key))
        }
        return rewritten
    }

    /// A per-item result as ordered pairs (query results).
    @_spi(Generated) public func apply<Key: Hashable, Value>(to results: [(Key, Result<Value, any Error>)]) -> [(Key, Result<Value, any Error>)] {
        let keys = Set(chosen(results.map(\.0)))
        return results.map { key, result in keys.contains(key) ? (key, .failure(failItem(key))) : (key, result) }
    }

    /// One returned item as the SDK reports it, failed when chosen (operations, whose returned
    /// items arrive one callback at a time).
    @_spi(Generated) public func rewritten<Key: Hashable, Value>(_ result: Result<Value, any Error>, for key: Key) -> Result<Value, any Error> {
        guard failure != nil, !chosen([key]).isEmpty else { return result }
        return .failure(failItem(key))
    }

    /// The item errors injected so far, keyed by item ID.
    @_spi(Generated) public var itemErrors: [AnyHashable: any Error] {
        state.withLock { Dictionary($0.failed.map { ($0.key, $0.error) }, uniquingKeysWith: { first, _ in first }) }
    }

    /// `value`, the merged answer of an async call, or the top-level partial failure the rule
    /// asks for instead.
    @usableFromInline
    func finish<Value>(_ value: Value) throws -> Value {
        if let error = topLevelError { throw error }
        return value
    }

    /// The error to throw for the whole call, when the rule asks for a top-level partial failure
    /// and some items were failed.
    var topLevelError: (any Error)? {
        guard let injector, failure?.topLevelPartialFailure == true else { return nil }
        let errors = itemErrors
        return errors.isEmpty ? nil : injector.errorModel.partialFailure(errors)
    }

    /// The items to fail, drawn in a stable order so a seed gives the same items every run.
    private func chosen<Keys: Sequence>(_ keys: Keys) -> [Keys.Element] where Keys.Element: Hashable {
        guard let failure, let injector else { return [] }
        switch failure.selection {
        case .items(let items):
            return keys.filter { items.contains(AnyHashable($0)) }
        case .keyed(let codes):
            return keys.filter { codes[StableKey.of($0)] != nil }
        case .rate(let rate):
            let ordered = keys.map { (key: $0, stable: StableKey.of($0)) }.sorted { $0.stable < $1.stable }
            return ordered.filter { _ in injector.random.unit() < rate }.map(\.key)
        }
    }

    private func failItem<Key: Hashable>(_ key: Key) -> any Error {
        guard let failure, let injector else { return NSError(domain: "CloudDouble.ItemFaults", code: 0) }
        let stable = StableKey.of(key)
        var codes = failure.codes
        if case .keyed(let keyed) = failure.selection, let code = keyed[stable] { codes = [WeightedCode(code)] }
        let error = injector.makeError(codes: codes, retryAfter: failure.retryAfter)
        state.withLock { $0.failed.append((AnyHashable(key), error)) }
        injector.noteFailedItem(stable, code: injector.errorModel.code(of: error) ?? (error as NSError).code, event: eventIndex)
        return error
    }
}

/// How the items of an atomic request group: a failure fails every item of its group, whose
/// other items get `error` and are not sent. CloudKit groups record changes by zone, its default
/// zone is not atomic, and the others fail with `batchRequestFailed`:
/// `AtomicGroups(by: \CKRecord.ID.zoneID, except: CKRecordZone.ID.default, error: "batchRequestFailed")`.
@_spi(Generated) public struct AtomicGroups<Key>: @unchecked Sendable {
    // @unchecked: holds an immutable closure over an immutable key path and value, read only.
    private let group: (Key) -> AnyHashable?
    /// The error of a group's items that did not fail themselves.
    let error: ErrorCodeRef

    /// Items group by `path`; items whose group is `except` are not atomic.
    public init<Group: Hashable>(by path: KeyPath<Key, Group>, except: Group? = nil, error: ErrorCodeRef) {
        self.error = error
        group = { key in
            let value = key[keyPath: path]
            return value == except ? nil : AnyHashable(value)
        }
    }

    func group(of key: Key) -> AnyHashable? {
        group(key)
    }
}
