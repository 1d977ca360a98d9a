/// A retry quota shared by many requests (the AWS SDK's token bucket): each retry spends tokens,
/// each success returns one. When the service is in trouble the bucket empties and retries stop
/// at once instead of piling more load on it.
public final class RetryBudget: Sendable {
    public let capacity: Int
    public let retryCost: Int
    public let throttledRetryCost: Int
    private let tokens: Locked<Int>

    public init(capacity: Int = 500, retryCost: Int = 5, throttledRetryCost: Int = 10) {
        self.capacity = capacity
        self.retryCost = retryCost
        self.throttledRetryCost = throttledRetryCost
        tokens = Locked(capacity)
    }

    /// Tokens left.
    public var available: Int { tokens.snapshot }

    /// Takes the cost of one retry; `false` (taking nothing) when the budget cannot pay it.
    public func spend(throttled: Bool) -> Bool {
        let cost = throttled ? throttledRetryCost : retryCost
        return tokens.withLock { tokens in
            guard tokens >= cost else { return false }
            tokens -= cost
            return true
        }
    }

    /// Returns a token after a success.
    public func refund() {
        tokens.withLock { $0 = min(capacity, $0 + 1) }
    }
}
