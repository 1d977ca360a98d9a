/// Searches for a smallest list of explicit faults under which a scenario still fails, by
/// running it: first whole chunks of the list are dropped (halves, then quarters, down to single
/// faults, as delta debugging does), then single items of item faults, then latencies. Each
/// step is kept only if the run still fails, so whatever it returns has been seen to fail.
struct Shrinker {
    let seed: UInt64
    let errorModel: ErrorModel
    let limit: Int
    let body: FaultExploration.Body
    /// Runs made so far.
    private(set) var runs = 0

    init(seed: UInt64, errorModel: ErrorModel, limit: Int, body: @escaping FaultExploration.Body) {
        self.seed = seed
        self.errorModel = errorModel
        self.limit = limit
        self.body = body
    }

    /// The smallest failing list found and its failure; `nil` when `faults` as an explicit plan
    /// does not fail (the failure needs something the events do not hold).
    mutating func shrink(_ faults: [ExplicitFault]) async -> (faults: [ExplicitFault], message: String)? {
        guard var message = await failure(faults) else { return nil }
        var current = faults
        // No fault at all: the scenario fails without faults.
        if let none = await failure([]) { return ([], none) }

        var size = max(1, current.count / 2)
        while runs < limit {
            var progress = false
            var start = 0
            while start < current.count, runs < limit {
                var candidate = current
                candidate.removeSubrange(start..<min(start + size, current.count))
                if let found = await failure(candidate) {
                    current = candidate
                    message = found
                    progress = true
                } else {
                    start += size
                }
            }
            if size > 1 {
                size = max(1, size / 2)
            } else if !progress {
                break
            }
        }

        // Fewer items in each item fault.
        for index in current.indices {
            guard case .failItems(var items, let retryAfter, let topLevel) = current[index].effect, items.count > 1 else { continue }
            var item = 0
            while item < items.count, items.count > 1, runs < limit {
                var fewer = items
                fewer.remove(at: item)
                var candidate = current
                candidate[index].effect = .failItems(fewer, retryAfter: retryAfter, topLevelPartialFailure: topLevel)
                if let found = await failure(candidate) {
                    items = fewer
                    current = candidate
                    message = found
                } else {
                    item += 1
                }
            }
        }

        // No latency where none is needed.
        for index in current.indices where current[index].latency > 0 && runs < limit {
            var candidate = current
            candidate[index].latency = 0
            if case .delay = candidate[index].effect { continue }  // a delay without latency is no fault
            if let found = await failure(candidate) {
                current = candidate
                message = found
            }
        }
        return (current, message)
    }

    /// What the scenario throws under exactly `faults`, or `nil` when it passes.
    private mutating func failure(_ faults: [ExplicitFault]) async -> String? {
        runs += 1
        let outcome = await FaultExploration.once(seed: seed, plan: FaultPlan(faults.map(\.rule)), errorModel: errorModel, body)
        return outcome.error.map { "\($0)" }
    }
}
