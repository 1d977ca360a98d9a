/// When and how long to wait before trying a failed request again.
///
/// Exponential backoff with full jitter, capped; a server's retry-after is honoured (clamped to
/// ``retryAfterBounds``) and never waited less than; a shared ``RetryBudget`` makes retries fail
/// fast when the service is struggling; which errors are retried comes from the catalogue of the
/// error model it is given (there is no default model: pass the SDK's, which each description
/// declares in its protocols file, e.g. `ErrorModel.cloudKit`).
public struct RetryPolicy: Sendable {
    /// Attempts in all, the first one included.
    public var maxAttempts: Int
    /// The backoff ceiling of the first retry; it doubles each retry.
    public var baseDelay: Double
    /// No backoff is longer than this.
    public var maxDelay: Double
    /// A server's retry-after is clamped into this range before it is honoured.
    public var retryAfterBounds: ClosedRange<Double>
    /// Shared retry quota; `nil` for none.
    public var budget: RetryBudget?
    /// How errors are read (domain, keys, catalogue).
    public var errorModel: ErrorModel
    /// Which errors are retried. Defaults to the catalogue's `isRetryable`.
    public var shouldRetry: @Sendable (ErrorDiagnosis) -> Bool

    public init(
        maxAttempts: Int = 4, baseDelay: Double = 0.5, maxDelay: Double = 20, retryAfterBounds: ClosedRange<Double> = 0...300,
        budget: RetryBudget? = nil, errorModel: ErrorModel,
        shouldRetry: @escaping @Sendable (ErrorDiagnosis) -> Bool = { $0.isRetryable }
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = max(0, baseDelay)
        self.maxDelay = max(0, maxDelay)
        self.retryAfterBounds = retryAfterBounds
        self.budget = budget
        self.errorModel = errorModel
        self.shouldRetry = shouldRetry
    }

    /// What to do after `attempt` (1-based) failed with `error`: the delay before the next
    /// attempt, or `nil` to stop. Spends from the budget when it says to retry.
    public func decision(after attempt: Int, error: any Error, random: RandomSource) -> Double? {
        guard attempt < maxAttempts else { return nil }
        let diagnosis = errorModel.diagnose(error)
        guard shouldRetry(diagnosis) else { return nil }
        if let budget, !budget.spend(throttled: diagnosis.isThrottling) { return nil }
        return delay(after: attempt, retryAfter: diagnosis.retryAfter, random: random)
    }

    /// Full-jitter backoff for the retry after `attempt`, at least the (clamped) retry-after.
    public func delay(after attempt: Int, retryAfter: Double?, random: RandomSource) -> Double {
        let doublings = min(max(attempt - 1, 0), 62)
        let ceiling = min(maxDelay, baseDelay * Double(1 << doublings))
        let backoff = random.uniform(in: 0...ceiling)
        guard let retryAfter else { return backoff }
        let clamped = min(max(retryAfter, retryAfterBounds.lowerBound), retryAfterBounds.upperBound)
        return max(clamped, backoff)
    }
}

/// Runs `body` until it succeeds or the policy says stop, waiting on `time` between attempts.
/// `body` receives the 1-based attempt number and runs in the caller's isolation (an actor's
/// method can retry a closure that touches the actor's state). The last error is rethrown.
public func retrying<T>(
    _ policy: RetryPolicy, time: TimeSource = .system, random: RandomSource = .system(),
    isolation: isolated (any Actor)? = #isolation, _ body: (_ attempt: Int) async throws -> T
) async throws -> T {
    var attempt = 1
    while true {
        do {
            let value = try await body(attempt)
            policy.budget?.refund()
            return value
        } catch {
            guard let delay = policy.decision(after: attempt, error: error, random: random) else { throw error }
            try await time.sleep(delay)
            attempt += 1
        }
    }
}

/// The completion-handler twin of ``retrying(_:time:random:isolation:_:)``: `operation` is started for
/// each attempt and reports through its callback; `completion` gets the final result once.
public func retrying<T>(
    _ policy: RetryPolicy, time: TimeSource = .system, random: RandomSource = .system(),
    operation: @escaping @Sendable (_ attempt: Int, _ done: @escaping @Sendable (Result<T, any Error>) -> Void) -> Void,
    completion: @escaping @Sendable (Result<T, any Error>) -> Void
) {
    @Sendable func run(_ attempt: Int) {
        operation(attempt) { result in
            switch result {
            case .success:
                policy.budget?.refund()
                completion(result)
            case .failure(let error):
                guard let delay = policy.decision(after: attempt, error: error, random: random) else {
                    return completion(result)
                }
                time.schedule(delay) { run(attempt + 1) }
            }
        }
    }
    run(1)
}
