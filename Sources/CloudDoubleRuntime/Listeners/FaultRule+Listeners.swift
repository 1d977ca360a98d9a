/// Rules for the events a fault wrapper passes from the SDK (or a mock) to the app's listener
/// closures (`"listener"` calls). Each counts the events of the calls its selector matches,
/// across their registrations, from 1 since the plan was installed: `.nth(3)` is the third event
/// on its way to any registration of the call. The selector is narrowed to the `listener` form.
extension FaultRule {
    /// The scheduled event becomes an error: the app's error closure gets it instead of the
    /// event (after `latency`, on the injector's time source), and the registration ends, as an
    /// SDK ends a listener it reports an error to; later events are dropped. A listener
    /// registered without an error closure ends silently.
    public static func failListener(
        _ selector: FaultSelector, on schedule: FaultSchedule = .always, probability: Double = 1, with codes: ErrorCodeRef...,
        after latency: FaultLatency? = nil
    ) -> FaultRule {
        FaultRule(
            selector.listenerEvents, schedule: schedule, probability: probability, latency: latency,
            outcome: .fail(codes: codes.map { WeightedCode($0) }, retryAfter: nil))
    }

    /// The scheduled events never reach the app (fault events say `dropped`).
    public static func dropEvents(_ selector: FaultSelector, on schedule: FaultSchedule = .always, probability: Double = 1) -> FaultRule {
        FaultRule(selector.listenerEvents, schedule: schedule, probability: probability, outcome: .hang)
    }

    /// The scheduled events reach the app `latency` later, on the injector's time source (a
    /// ``VirtualClock`` runs them at once, asynchronously, and records the delay). An event
    /// still on its way when the registration ends (an error, or the app removed it through the
    /// wrapper) is dropped.
    public static func delayEvents(
        _ selector: FaultSelector, on schedule: FaultSchedule = .always, probability: Double = 1, by latency: FaultLatency
    ) -> FaultRule {
        FaultRule(selector.listenerEvents, schedule: schedule, probability: probability, latency: latency, outcome: .passThrough)
    }
}

extension FaultSelector {
    /// This selector, narrowed to events on their way to listeners.
    var listenerEvents: FaultSelector {
        var selector = self
        selector.form = .listener
        return selector
    }
}
