import Foundation

/// The per-item part of a fired rule: rewrites the chosen items of a per-item result into
/// failures. Generated wrappers call ``apply(to:)-…`` on each per-item field of the result.
public final class ItemFaults: Sendable {
    private let failure: ItemFailure
    private let injector: FaultInjector
    private let eventIndex: Int
    private let failed = Locked<[(key: AnyHashable, stable: String, error: NSError)]>([])

    init(_ failure: ItemFailure, injector: FaultInjector, eventIndex: Int) {
        self.failure = failure
        self.injector = injector
        self.eventIndex = eventIndex
    }

    /// A per-item result keyed by item ID.
    public func apply<Key: Hashable, Value>(to results: [Key: Result<Value, any Error>]) -> [Key: Result<Value, any Error>] {
        var rewritten = results
        for key in chosen(results.keys) {
            rewritten[key] = .failure(failItem(key))
        }
        return rewritten
    }

    /// A per-item result as ordered pairs (query results).
    public func apply<Key: Hashable, Value>(to results: [(Key, Result<Value, any Error>)]) -> [(Key, Result<Value, any Error>)] {
        let keys = Set(chosen(results.map(\.0)))
        return results.map { key, result in keys.contains(key) ? (key, .failure(failItem(key))) : (key, result) }
    }

    /// The chosen items among `keys`, each with the error it now fails with (operations, whose
    /// results arrive as a stream of per-item callbacks).
    public func failures<Key: Hashable>(among keys: [Key]) -> [Key: NSError] {
        var errors: [Key: NSError] = [:]
        for key in chosen(keys) where errors[key] == nil { errors[key] = failItem(key) }
        return errors
    }

    /// The item errors injected so far, keyed by item ID.
    public var itemErrors: [AnyHashable: any Error] {
        failed.withLock { Dictionary($0.map { ($0.key, $0.error as any Error) }, uniquingKeysWith: { first, _ in first }) }
    }

    /// The error to throw for the whole call, when the rule asks for a top-level partial failure
    /// and some items were failed.
    var topLevelError: NSError? {
        guard failure.topLevelPartialFailure else { return nil }
        let errors = itemErrors
        return errors.isEmpty ? nil : injector.errorModel.partialFailure(errors)
    }

    /// The items to fail, drawn in a stable order so a seed gives the same items every run.
    private func chosen<Keys: Sequence>(_ keys: Keys) -> [Keys.Element] where Keys.Element: Hashable {
        switch failure.selection {
        case .items(let items):
            return keys.filter { items.contains(AnyHashable($0)) }
        case .rate(let rate):
            let ordered = keys.map { (key: $0, stable: StableKey.of($0)) }.sorted { $0.stable < $1.stable }
            return ordered.filter { _ in injector.random.unit() < rate }.map(\.key)
        }
    }

    private func failItem<Key: Hashable>(_ key: Key) -> NSError {
        let error = injector.makeError(codes: failure.codes, retryAfter: failure.retryAfter)
        let stable = StableKey.of(key)
        failed.withLock { $0.append((AnyHashable(key), stable, error)) }
        injector.noteFailedItem(stable, event: eventIndex)
        return error
    }
}
