/// The two batch cases apps most often get wrong (in CloudKit: retryable items of a partial
/// failure, and `limitExceeded`).
extension ErrorModel {
    /// The items worth sending again after a batch: those whose per-item result failed with a
    /// retryable error. Items that failed for good (a conflict, a missing zone) are left out;
    /// handle those by their own recovery.
    public func itemsToRetry<Key: Hashable, Value>(in results: [Key: Result<Value, any Error>]) -> [Key] {
        results.compactMap { key, result in
            guard case .failure(let error) = result, diagnose(error).isRetryable else { return nil }
            return key
        }
    }

    /// The same for a partial failure reported as one error (legacy completion blocks): the IDs
    /// of its items whose own errors are retryable, looking inside nested partial failures.
    public func itemsToRetry<Key: Hashable>(in error: any Error, as _: Key.Type = Key.self) -> [Key] {
        leafErrors(of: error).compactMap { item, itemError in
            diagnose(itemError).isRetryable ? item.base as? Key : nil
        }
    }

    /// Whether the error says the request was too large (the model's ``requestTooLargeCode``,
    /// CloudKit's `limitExceeded`), directly or for every item inside a partial failure. Always
    /// false for a model without that code.
    public func isLimitExceeded(_ error: any Error) -> Bool {
        guard let limit = requestTooLargeCode else { return false }
        if code(of: error) == limit { return true }
        let items = partialErrors(of: error)
        return !items.isEmpty && items.values.allSatisfy { code(of: $0) == limit }
    }

    /// Sends `items` with `send`; when the service answers that the request is too large
    /// (``isLimitExceeded(_:)``), splits the batch in half and sends each half the same way, down
    /// to single items. Returns each sent batch's
    /// result in order, running `send` in the caller's isolation. Any other error is rethrown.
    public func splittingOnLimitExceeded<Item: Sendable, Output>(
        _ items: [Item], isolation: isolated (any Actor)? = #isolation, send: ([Item]) async throws -> Output
    ) async throws -> [Output] {
        do {
            return [try await send(items)]
        } catch  where isLimitExceeded(error) && items.count > 1 {
            let middle = items.count / 2
            let first = try await splittingOnLimitExceeded(Array(items[..<middle]), isolation: isolation, send: send)
            let second = try await splittingOnLimitExceeded(Array(items[middle...]), isolation: isolation, send: send)
            return first + second
        }
    }
}
