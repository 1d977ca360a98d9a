/// Searches for a smallest list of explicit faults under which a scenario still fails, by
/// running it: whole chunks of the list are dropped (halves, then quarters, down to single
/// faults, as delta debugging does), then single items of item faults (and single elements of a
/// stream call's dropped elements), then latencies, in rounds
/// until a round changes nothing or the run limit is reached. Each step is kept only if the run
/// still fails, so whatever it returns has been seen to fail.
struct Shrinker {
    let seed: UInt64
    let errorModel: ErrorModel
    let limit: Int
    let body: FaultExploration.Body
    /// Runs made so far.
    private(set) var runs = 0
    /// Whether a run's `async` calls overlapped in time: the scenario is concurrent, so what the
    /// runs found says nothing; shrinking stops.
    private(set) var callsOverlapped = false

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

        // Until a whole round changes nothing: dropping items or latency can make a fault droppable.
        var changed = true
        while changed, runs < limit {
            changed = false
            if await dropFaults(&current, &message) { changed = true }
            if await dropItems(&current, &message) { changed = true }
            if await dropLatencies(&current, &message) { changed = true }
        }
        return (current, message)
    }

    /// Drops chunks of faults, halving the chunk size down to one, while the scenario still fails.
    private mutating func dropFaults(_ current: inout [ExplicitFault], _ message: inout String) async -> Bool {
        var changed = false
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
            changed = changed || progress
            if size > 1 {
                size = max(1, size / 2)
            } else if !progress {
                break
            }
        }
        return changed
    }

    /// Drops single items of item faults, and single elements of a stream call's dropped
    /// elements, while the scenario still fails.
    private mutating func dropItems(_ current: inout [ExplicitFault], _ message: inout String) async -> Bool {
        var changed = false
        for index in current.indices {
            var parts = current[index].weight
            var part = 0
            while part < parts, parts > 1, runs < limit {
                var candidate = current
                candidate[index].removePart(at: part)
                if let found = await failure(candidate) {
                    parts -= 1
                    current = candidate
                    message = found
                    changed = true
                } else {
                    part += 1
                }
            }
        }
        return changed
    }

    /// Sets latencies to zero where the scenario still fails without them (a delay keeps its own).
    private mutating func dropLatencies(_ current: inout [ExplicitFault], _ message: inout String) async -> Bool {
        var changed = false
        for index in current.indices where current[index].latency > 0 && runs < limit {
            if case .delay = current[index].effect { continue }
            var candidate = current
            candidate[index].latency = 0
            if let found = await failure(candidate) {
                current = candidate
                message = found
                changed = true
            }
        }
        return changed
    }

    /// What the scenario throws under exactly `faults`, or `nil` when it passes (or, once a run's
    /// calls overlapped, without running it: shrinking is over).
    private mutating func failure(_ faults: [ExplicitFault]) async -> String? {
        guard !callsOverlapped else { return nil }
        runs += 1
        let outcome = await FaultExploration.once(seed: seed, plan: FaultPlan(faults.map(\.rule)), errorModel: errorModel, body)
        callsOverlapped = outcome.callsOverlapped
        return callsOverlapped ? nil : outcome.failure
    }
}
