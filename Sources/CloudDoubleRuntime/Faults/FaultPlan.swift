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

/// The presets name no SDK's codes: they ask for codes by trait (``ErrorCodeRef/trait(_:)``),
/// which the injector resolves against its own error model's catalogue when a fault fires. A
/// catalogue without a code of the trait a preset needs is refused when the plan meets the model
/// (``FaultPlan/validate(for:)``, and the injector's `init` and ``FaultInjector/replacePlan(_:)``), never
/// when a fault fires. CloudKit-only presets (`quotaFull`, `conflicts`) are in `CloudKitDoubles`
/// (`FaultPlan+CloudKit.swift`), where they select calls with CloudKit's generated keys.
extension FaultPlan {
    /// A share of all calls fail after a delay, with a code drawn from `codes`: by default any
    /// retryable code of the catalogue. The SyncContainer article's CloudKit list is
    /// `codes: .cloudKitSyncContainer`.
    public static func randomFailures(rate: Double, delay: Double = 1, codes: [ErrorCodeRef] = [.trait(.retryable)]) -> FaultPlan {
        FaultPlan([
            FaultRule(
                probability: rate, latency: FaultLatency(delay),
                outcome: .fail(codes: codes.map { WeightedCode($0) }, retryAfter: nil))
        ])
    }

    /// A flaky network: a share of calls fail with a network error (any code of the catalogue
    /// with the `network` trait); the rest are slow and jittery.
    public static func flakyNetwork(failureRate: Double = 0.2, latency: FaultLatency = FaultLatency(0.2, jitter: 0.8)) -> FaultPlan {
        FaultPlan([
            FaultRule(probability: failureRate, latency: latency, outcome: .fail(codes: [WeightedCode(.trait(.network))], retryAfter: nil)),
            .delay(by: latency),
        ])
    }

    /// The service throttles: a share of calls fail with a throttling code of the catalogue
    /// (rate limited, busy, unavailable) and a retry-after.
    public static func throttled(rate: Double = 0.5, retryAfter: RetryAfterChoice = .range(1...5)) -> FaultPlan {
        FaultPlan([FaultRule(probability: rate, outcome: .fail(codes: [WeightedCode(.trait(.throttling))], retryAfter: retryAfter))])
    }
}

// MARK: - Checking a plan against an error model

/// What makes a plan unusable with an error model: a rule that draws a code by a trait the
/// catalogue gives no code, or a rule with no codes at all.
public struct FaultPlanError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The index of the rule in the plan.
    public let rule: Int
    /// What is wrong, naming the trait or code and the error domain.
    public let message: String

    public var description: String { message }
}

extension FaultPlan {
    /// Checks that every code the plan can draw exists in `model`'s catalogue: each trait has
    /// at least one code, each name is in the catalogue, and no rule lists no codes. Throws the
    /// first problem found. ``FaultInjector`` stops the program when it is given a plan with a
    /// missing trait or no codes; call this first to get the problem as an error instead.
    public func validate(for model: ErrorModel) throws {
        for (index, rule) in rules.enumerated() {
            if let problem = Self.problem(with: rule, index: index, in: model, includingNames: true) { throw problem }
        }
    }

    /// The first problem the injector cannot work around: a missing trait or an empty code list.
    /// Unknown names are left to fire as a `CloudDouble.FaultPlan` error, as they always have.
    func fatalProblem(in model: ErrorModel) -> FaultPlanError? {
        for (index, rule) in rules.enumerated() {
            if let problem = Self.problem(with: rule, index: index, in: model, includingNames: false) { return problem }
        }
        return nil
    }

    private static func problem(with rule: FaultRule, index: Int, in model: ErrorModel, includingNames: Bool) -> FaultPlanError? {
        let codes: [WeightedCode]
        switch rule.outcome {
        case .fail(let list, _): codes = list
        case .failItems(let failure): codes = failure.codes
        case .stream(.fail(_, let list, _)): codes = list
        case .passThrough, .hang, .cancel, .stream: return nil
        }
        let subject = "Fault rule \(index) (\(rule.selector))"
        guard !codes.isEmpty else {
            return FaultPlanError(rule: index, message: "\(subject) fails calls but lists no error codes to fail them with.")
        }
        for code in codes {
            switch code.code {
            case .trait(let trait) where model.catalogue.codes(drawnBy: trait).isEmpty:
                let key = trait == .needsUser ? "userAction" : trait.rawValue  // the description's key for the trait
                return FaultPlanError(
                    rule: index,
                    message: "\(subject) draws an error code with the trait '\(trait)', but the catalogue of \(model.domain) has no such code. "
                        + "Mark one in the catalogue (`\"\(key)\": true` on an error code of the description), or name the codes the rule should use."
                )
            case .named(let name) where includingNames && model.catalogue[name: name] == nil:
                return FaultPlanError(
                    rule: index, message: "\(subject) names the error code '\(name)', which the catalogue of \(model.domain) does not have.")
            default:
                continue
            }
        }
        return nil
    }
}
