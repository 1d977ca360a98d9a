/// Rules for the elements a fault wrapper passes from a stream call's stream to the app, one
/// decision per element, as listener rules decide per event: what an exploration family uses to
/// draw faults at each element (a ``StreamFault`` decides once per call instead). Each counts
/// the elements of the calls its selector matches, across their streams, from 1 since the plan
/// was installed: `.nth(5)` is the fifth element the app asked for from any stream of the call.
/// The selector is narrowed to the `element` form.
///
/// An element rule decides when the app asks for the next element, before the wrapped stream is
/// asked for it, so a failed page is never fetched. The ask that finds the end of the stream
/// counts too: a failure there fails the stream in place of its end.
extension FaultRule {
    /// The stream fails in place of the scheduled element (after `latency`, on the injector's
    /// time source): the wrapped stream is not asked for it, and the stream ends.
    public static func failElement(
        _ selector: FaultSelector, on schedule: FaultSchedule = .always, probability: Double = 1, with codes: ErrorCodeRef...,
        retryAfter: Double? = nil, after latency: FaultLatency? = nil
    ) -> FaultRule {
        FaultRule(
            selector.streamElements, schedule: schedule, probability: probability, latency: latency,
            outcome: .fail(codes: codes.map { WeightedCode($0) }, retryAfter: retryAfter.map { .fixed($0) }))
    }

    /// The scheduled elements never reach the app: the stream goes on with the next one (fault
    /// events say `dropped`).
    public static func dropElement(_ selector: FaultSelector, on schedule: FaultSchedule = .always, probability: Double = 1) -> FaultRule {
        FaultRule(selector.streamElements, schedule: schedule, probability: probability, outcome: .hang)
    }

    /// The scheduled elements reach the app `latency` later, on the injector's time source.
    public static func delayElement(
        _ selector: FaultSelector, on schedule: FaultSchedule = .always, probability: Double = 1, by latency: FaultLatency
    ) -> FaultRule {
        FaultRule(selector.streamElements, schedule: schedule, probability: probability, latency: latency, outcome: .passThrough)
    }
}

extension FaultSelector {
    /// The elements on their way from one stream call's streams to the app: what the element
    /// rules select (``FaultRule/failElement(_:on:probability:with:retryAfter:after:)``).
    public static func elements<Key: CallKey>(of key: Key) -> FaultSelector {
        FaultSelector(type: Key.typeName_, call: key.id_, form: .element)
    }

    /// This selector, narrowed to elements on their way out of streams.
    var streamElements: FaultSelector {
        var selector = self
        selector.form = .element
        return selector
    }
}
