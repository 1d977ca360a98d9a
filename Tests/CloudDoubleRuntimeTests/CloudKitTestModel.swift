import CloudDoubleRuntime

extension ErrorModel {
    /// CloudKit's error model with the string values CloudKit uses at runtime, for the runtime's
    /// own tests (the runtime has no SDK's model built in; apps get `ErrorModel.cloudKit` from
    /// `CloudKitDoubles`, built from CloudKit's constants).
    static let cloudKit = ErrorModel(
        domain: "CKErrorDomain", catalogue: .cloudKit, retryAfterKey: "CKRetryAfter", partialErrorsKey: "CKPartialErrors",
        partialFailureCode: 2, serverRecordKey: "ServerRecord", clientRecordKey: "ClientRecord", ancestorRecordKey: "AncestorRecord")
}

// TEMPORARY (merge): the runtime tests were written against CloudKit defaults.
extension FaultInjector {
    convenience init(plan: FaultPlan = .none, seed: UInt64? = 0, time: TimeSource = .system) {
        self.init(plan: plan, seed: seed, errorModel: .cloudKit, time: time)
    }
}

extension RetryPolicy {
    init(maxAttempts: Int = 4, baseDelay: Double = 0.5, retryAfterBounds: ClosedRange<Double> = 0...300, budget: RetryBudget? = nil) {
        self.init(maxAttempts: maxAttempts, baseDelay: baseDelay, retryAfterBounds: retryAfterBounds, budget: budget, errorModel: .cloudKit)
    }
}
