/// An ordered list of rules. For each call the rules are tried in order and the first one that
/// fires (selector matches, schedule admits, probability draw succeeds) decides what happens;
/// when none fires the call goes through untouched.
public struct FaultPlan: Sendable {
    public var rules: [FaultRule]

    public init(_ rules: [FaultRule] = []) {
        self.rules = rules
    }

    public init(@FaultPlanBuilder _ rules: () -> [FaultRule]) {
        self.rules = rules()
    }

    /// No rules: every call goes through.
    public static let none = FaultPlan()
}

@resultBuilder
public enum FaultPlanBuilder {
    public static func buildExpression(_ rule: FaultRule) -> [FaultRule] { [rule] }
    public static func buildExpression(_ rules: [FaultRule]) -> [FaultRule] { rules }
    public static func buildBlock(_ parts: [FaultRule]...) -> [FaultRule] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [FaultRule]?) -> [FaultRule] { part ?? [] }
    public static func buildEither(first: [FaultRule]) -> [FaultRule] { first }
    public static func buildEither(second: [FaultRule]) -> [FaultRule] { second }
    public static func buildArray(_ parts: [[FaultRule]]) -> [FaultRule] { parts.flatMap { $0 } }
}

// MARK: - Presets

extension FaultPlan {
    /// The classic SyncContainer behaviour: a share of all calls fail after a delay, with a code
    /// drawn from a set (by default the one that article used).
    public static func randomFailures(
        rate: Double, delay: Double = 1,
        codes: [ErrorCodeRef] = [
            "internalError", "zoneBusy", "userDeletedZone", "zoneNotFound", "invalidArguments", "networkFailure",
            "networkUnavailable", "permissionFailure", "quotaExceeded", "requestRateLimited", "serviceUnavailable",
        ]
    ) -> FaultPlan {
        FaultPlan([
            FaultRule(
                probability: rate, latency: FaultLatency(delay),
                outcome: .fail(codes: codes.map { WeightedCode($0) }, retryAfter: nil))
        ])
    }

    /// A flaky network: a share of calls fail with network errors; the rest are slow and jittery.
    public static func flakyNetwork(failureRate: Double = 0.2, latency: FaultLatency = FaultLatency(0.2, jitter: 0.8)) -> FaultPlan {
        FaultPlan([
            FaultRule(
                probability: failureRate, latency: latency,
                outcome: .fail(codes: [WeightedCode("networkFailure", weight: 3), WeightedCode("networkUnavailable")], retryAfter: nil)),
            .delay(by: latency),
        ])
    }

    /// The service throttles: a share of calls fail with rate limiting or a busy zone and a retry-after.
    public static func throttled(rate: Double = 0.5, retryAfter: RetryAfterChoice = .range(1...5)) -> FaultPlan {
        FaultPlan([
            FaultRule(
                probability: rate,
                outcome: .fail(
                    codes: [WeightedCode("requestRateLimited", weight: 2), WeightedCode("zoneBusy"), WeightedCode("serviceUnavailable")],
                    retryAfter: retryAfter))
        ])
    }

    /// The user's iCloud storage is full: every save fails with `quotaExceeded`.
    public static func quotaFull(saveCalls: [String] = ["saveRecord", "modifyRecords", "modifyRecordsOperation"]) -> FaultPlan {
        FaultPlan(saveCalls.map { FaultRule.fail(.named($0), with: "quotaExceeded") })
    }

    /// Another device keeps winning: a share of saved items fail with `serverRecordChanged`.
    public static func conflicts(rate: Double = 0.3, saveCalls: [String] = ["modifyRecords", "modifyRecordsOperation"]) -> FaultPlan {
        FaultPlan(
            [FaultRule.fail(.named("saveRecord"), probability: rate, with: "serverRecordChanged")]
                + saveCalls.map { FaultRule.failItems(.named($0), rate: rate, with: "serverRecordChanged") })
    }
}
