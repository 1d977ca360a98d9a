/// Calls an operation's blocks with an outcome, in the order the SDK calls them. Generated code
/// makes one per `add(_:)`, reading the app's blocks at that moment (the SDK requires blocks to
/// be set before the operation is added), so a fault wrapper can then swap in its own blocks
/// and still deliver to the app's.
///
/// Replays are handed to a background queue exactly once, as the SDK hands its callbacks to the
/// operation's private queue; that is why the type is `@unchecked Sendable` although the blocks
/// it holds are not `Sendable`.
public struct OperationReplay<Outcome>: @unchecked Sendable {
    private let body: (Outcome) -> Void

    @_spi(Generated) public init(_ body: @escaping (Outcome) -> Void) {
        self.body = body
    }

    /// Calls the blocks: per-item and event blocks, the final block, then `completionBlock`.
    public func callAsFunction(_ outcome: Outcome) {
        body(outcome)
    }
}

/// Raised as an operation's final result when the outcome gives none and the result type has
/// no value a double could make up (CloudKit's change tokens have no public initialiser).
public struct MissingOperationResultError: Error, CustomStringConvertible, Sendable {
    /// The SDK class, e.g. `CKFetchDatabaseChangesOperation`.
    public let operation: String

    @_spi(Generated) public init(operation: String) {
        self.operation = operation
    }

    public var description: String {
        "the outcome of \(operation) gives no final result and its result type has no default; "
            + "pass result: .success(...) with a value the test holds"
    }
}

/// Helpers generated operation code uses to compute what the SDK passes to each block.
@_spi(Generated) public enum OperationBlocks {
    /// The final result the SDK reports after the per-item results.
    ///
    /// When requested items failed and the reported result is absent, a success or already a
    /// partial failure, the result is a partial failure carrying every failed requested item's
    /// error, keyed by item ID: what CloudKit reports to the legacy final block, and what these
    /// doubles report to the `Result` block too (Apple does not document it; see
    /// docs/GeneratedCode.md). Otherwise it is the reported result, or a success with `default`
    /// when nothing was reported.
    public static func finalResult<Final>(
        reported: Result<Final, any Error>?, failures: [(AnyHashable, any Error)], default fallback: Final?,
        errorModel: ErrorModel, operation: String
    ) -> Result<Final, any Error> {
        if !failures.isEmpty {
            var isPartial = true
            if case .failure(let error)? = reported { isPartial = errorModel.code(of: error) == errorModel.partialFailureCode }
            if isPartial {
                let errors = Dictionary(failures, uniquingKeysWith: { first, _ in first })
                return .failure(errorModel.partialFailure(errors))
            }
        }
        if let reported { return reported }
        if let fallback { return .success(fallback) }
        return .failure(MissingOperationResultError(operation: operation))
    }

    /// The item and its error when `result` failed: what a requested item's failure adds to the
    /// final result's partial failure.
    public static func failure<Key: Hashable, Value>(of key: Key, _ result: Result<Value, any Error>) -> (AnyHashable, any Error)? {
        guard case .failure(let error) = result else { return nil }
        return (AnyHashable(key), error)
    }

    /// The success value of a result, `nil` for a failure (a legacy block's value argument).
    public static func value<Value>(of result: Result<Value, any Error>) -> Value? {
        try? result.get()
    }

    /// The error of a result, `nil` for a success (a legacy block's error argument).
    public static func error<Value>(of result: Result<Value, any Error>?) -> (any Error)? {
        guard case .failure(let error)? = result else { return nil }
        return error
    }

    /// The successful values of a per-item stream by key, as legacy final blocks receive them
    /// (`fetchRecordsCompletionBlock`); `nil` when the operation failed and no item succeeded.
    public static func successes<Key: Hashable, Value>(of items: [(Key, Result<Value, any Error>)], error: (any Error)?) -> [Key: Value]? {
        var values: [Key: Value] = [:]
        for (key, result) in items {
            if case .success(let value) = result { values[key] = value }
        }
        return values.isEmpty && error != nil ? nil : values
    }

    /// The successful values of a per-item stream in order (`modifyRecordsCompletionBlock`'s
    /// saved records); `nil` when the operation failed and no item succeeded.
    public static func successValues<Key, Value>(of items: [(Key, Result<Value, any Error>)], error: (any Error)?) -> [Value]? {
        let values = items.compactMap { try? $0.1.get() }
        return values.isEmpty && error != nil ? nil : values
    }

    /// The keys of the items that succeeded, in order (`modifyRecordsCompletionBlock`'s deleted
    /// record IDs); `nil` when the operation failed and no item succeeded.
    public static func successKeys<Key, Value>(of items: [(Key, Result<Value, any Error>)], error: (any Error)?) -> [Key]? {
        let keys = items.compactMap { key, result in (try? result.get()).map { _ in key } }
        return keys.isEmpty && error != nil ? nil : keys
    }
}
