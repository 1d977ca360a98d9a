/// What a rule does to the elements of a stream call (a `stream` form: an `AsyncThrowingStream`,
/// an SDK `AsyncSequence`, a paginator's pages). Elements are numbered from 1 in the order the
/// wrapped stream produces them. Delays wait on the injector's time source, so a `VirtualClock`
/// makes them instant.
public enum StreamFault: Sendable, Hashable {
    /// The app gets `elements` elements, then the stream fails with a code drawn from `codes`;
    /// the wrapped stream is not asked for the next one (a paginator does not fetch the page).
    case fail(afterElements: Int, codes: [WeightedCode], retryAfter: RetryAfterChoice?)
    /// These elements never reach the app.
    case drop(elements: Set<Int>)
    /// Each element reaches the app after this latency.
    case delay(FaultLatency)
}

extension FaultRule {
    /// Matching stream calls give the app `elements` elements, then fail with one code (or
    /// several, drawn by weight).
    public static func failStream(
        _ selector: FaultSelector = .any, on schedule: FaultSchedule = .always, probability: Double = 1, afterElements elements: Int,
        with codes: ErrorCodeRef..., retryAfter: Double? = nil
    ) -> FaultRule {
        FaultRule(
            selector, schedule: schedule, probability: probability,
            outcome: .stream(.fail(afterElements: max(0, elements), codes: codes.map { WeightedCode($0) }, retryAfter: retryAfter.map { .fixed($0) }))
        )
    }

    /// A paginator (a stream call whose elements are pages) fails when the app asks for page
    /// `page` (from 1): the pages before it arrive, that one is never fetched.
    public static func failPage(
        _ selector: FaultSelector = .any, on schedule: FaultSchedule = .always, probability: Double = 1, _ page: Int, with codes: ErrorCodeRef...,
        retryAfter: Double? = nil
    ) -> FaultRule {
        FaultRule(
            selector, schedule: schedule, probability: probability,
            outcome: .stream(.fail(afterElements: max(0, page - 1), codes: codes.map { WeightedCode($0) }, retryAfter: retryAfter.map { .fixed($0) }))
        )
    }

    /// Matching stream calls lose these elements (numbered from 1).
    public static func dropElements(
        _ selector: FaultSelector = .any, on schedule: FaultSchedule = .always, probability: Double = 1, _ elements: Int...
    ) -> FaultRule {
        FaultRule(selector, schedule: schedule, probability: probability, outcome: .stream(.drop(elements: Set(elements))))
    }

    /// Each element of matching stream calls arrives after `latency`.
    public static func delayElements(
        _ selector: FaultSelector = .any, on schedule: FaultSchedule = .always, probability: Double = 1, by latency: FaultLatency
    ) -> FaultRule {
        FaultRule(selector, schedule: schedule, probability: probability, outcome: .stream(.delay(latency)))
    }
}
