/// Which calls a rule applies to. `nil` parts match anything.
public struct FaultSelector: Sendable, Hashable, CustomStringConvertible {
    /// Described type, e.g. `Database`.
    public var type: String?
    /// Call id, e.g. `saveRecord`; for operations the key of the operation, e.g. `modifyRecordsOperation`.
    public var call: String?
    /// Form, e.g. `.async`.
    public var form: CallForm?

    public init(type: String? = nil, call: String? = nil, form: CallForm? = nil) {
        self.type = type
        self.call = call
        self.form = form
    }

    /// Every call.
    public static let any = FaultSelector()

    /// One call or operation of one described type, by the same typed key the mocks use:
    /// `.call(CloudDatabaseCall.saveRecord)`, `.call(CloudDatabaseCall.modifyRecordsOperation)`.
    /// A misspelt key does not compile. `form` narrows it to one form of the call.
    public static func call<Key: CallKey>(_ key: Key, form: CallForm? = nil) -> FaultSelector {
        FaultSelector(type: Key.typeName, call: key.id, form: form)
    }

    /// The escape hatch: a call by its id as a string (`"saveRecord"`), of any type unless one
    /// is given. Nothing checks the string, so a typo never fires: prefer ``call(_:form:)``.
    public static func named(_ id: String, type: String? = nil, form: CallForm? = nil) -> FaultSelector {
        FaultSelector(type: type, call: id, form: form)
    }

    /// Every call of a described type.
    public static func type(_ name: String, form: CallForm? = nil) -> FaultSelector {
        FaultSelector(type: name, form: form)
    }

    /// Every call through one form.
    public static func form(_ form: CallForm) -> FaultSelector {
        FaultSelector(form: form)
    }

    /// A selector without a form matches every form but `listener` and `element`: events on
    /// their way to a listener and elements on their way out of a stream are selected on purpose
    /// (``listener(_:)``, ``elements(of:)``), so a plan written for calls (`randomFailures`,
    /// `flakyNetwork`) does not end the app's listeners or fail its streams element by element.
    @inline(__always)
    func matches(type: String, call: String, form: CallForm) -> Bool {
        (self.call == nil || self.call == call) && (self.type == nil || self.type == type)
            && (self.form == form || (self.form == nil && !form.isDelivery))
    }

    public var description: String {
        "\(type ?? "*").\(call ?? "*")[\(form?.rawValue ?? "*")]"
    }
}

/// Which of the calls a selector matches a rule fires on, counting from 1 since the rule (or the
/// plan holding it) was installed.
public enum FaultSchedule: Sendable, Hashable {
    /// Every matching call.
    case always
    /// Only the nth matching call.
    case nth(Int)
    /// Matching calls n through m.
    case calls(ClosedRange<Int>)
    /// The next k matching calls.
    case first(Int)

    func admits(_ count: Int) -> Bool {
        switch self {
        case .always: return true
        case .nth(let n): return count == n
        case .calls(let range): return range.contains(count)
        case .first(let k): return count <= k
        }
    }
}

/// An error code: by name from the catalogue (`"zoneBusy"`), by raw value (`23`), or by trait
/// (`.trait(.network)`: any code of the catalogue with that trait, drawn when the fault fires).
///
/// A trait is resolved against the error model of the injector the plan is installed on, so a
/// plan that asks for `.trait(.network)` works on every SDK whose catalogue marks a network code.
public enum ErrorCodeRef: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, CustomStringConvertible {
    case named(String)
    case raw(Int)
    /// Any code of the injector's catalogue with this trait, drawn uniformly (seeded) when the
    /// fault fires. The injector refuses a plan whose catalogue has no such code
    /// (``FaultPlan/validate(for:)``).
    case trait(ErrorTrait)

    public init(stringLiteral value: String) { self = .named(value) }
    public init(integerLiteral value: Int) { self = .raw(value) }

    public var description: String {
        switch self {
        case .named(let name): return name
        case .raw(let raw): return String(raw)
        case .trait(let trait): return "any \(trait) code"
        }
    }
}

/// An error code and its weight when one is drawn from several.
public struct WeightedCode: Sendable, Hashable {
    public var code: ErrorCodeRef
    public var weight: Double

    public init(_ code: ErrorCodeRef, weight: Double = 1) {
        self.code = code
        self.weight = max(0, weight)
    }
}

/// A retry-after to attach to injected retryable errors.
public enum RetryAfterChoice: Sendable, Hashable {
    case fixed(Double)
    /// Drawn uniformly from the range (seeded).
    case range(ClosedRange<Double>)
}

/// Added latency: `fixed` seconds plus up to `jitter` more, drawn (seeded).
public struct FaultLatency: Sendable, Hashable {
    public var fixed: Double
    public var jitter: Double

    public init(_ fixed: Double, jitter: Double = 0) {
        self.fixed = max(0, fixed)
        self.jitter = max(0, jitter)
    }
}

/// Which items of a per-item result fail.
public struct ItemFailure: @unchecked Sendable {
    public enum Selection {
        /// Each item fails with this probability (seeded; items are visited in a stable order).
        case rate(Double)
        /// These item IDs fail (compared with `==`, e.g. `CKRecord.ID`s).
        case items(Set<AnyHashable>)
        /// The items with these stable keys (``FaultEvent/items``) fail, each with its own
        /// code: the explicit form fault exploration writes, which names items as text.
        case keyed([String: ErrorCodeRef])
    }

    public var selection: Selection
    public var codes: [WeightedCode]
    public var retryAfter: RetryAfterChoice?
    /// Also fail the whole call with a partial failure carrying the item errors, as the SDK's
    /// legacy completion blocks report it. The Result-based APIs report per-item failures only.
    public var topLevelPartialFailure: Bool

    public init(_ selection: Selection, codes: [WeightedCode], retryAfter: RetryAfterChoice? = nil, topLevelPartialFailure: Bool = false) {
        self.selection = selection
        self.codes = codes
        self.retryAfter = retryAfter
        self.topLevelPartialFailure = topLevelPartialFailure
    }
}

/// What happens to a call when a rule fires (after any latency).
public enum FaultOutcome: Sendable {
    /// The call goes through (a latency-only rule).
    case passThrough
    /// The call fails with a code drawn by weight; retryable codes get the retry-after.
    case fail(codes: [WeightedCode], retryAfter: RetryAfterChoice?)
    /// The wrapped instance runs the call; chosen items of its per-item result fail.
    /// On calls without per-item results it passes through.
    case failItems(ItemFailure)
    /// The call never completes: an async call until its task is cancelled; a completion
    /// call until ``FaultInjector/cancelHungCalls()``. An event on its way to a listener is
    /// dropped (``FaultRule/dropEvents(_:on:probability:)``).
    case hang
    /// The call fails as cancelled: with the error model's ``ErrorModel/cancelledCode``
    /// (CloudKit's `operationCancelled`), or Swift's `CancellationError` for a model without one.
    case cancel
    /// The call goes through and its stream is failed part-way, thinned or slowed
    /// (``StreamFault``). On calls that are not streams it passes through.
    case stream(StreamFault)
}

/// One rule of a plan: which calls, when, how likely, and what happens.
public struct FaultRule: Sendable {
    public var selector: FaultSelector
    public var schedule: FaultSchedule
    public var probability: Double
    public var latency: FaultLatency?
    public var outcome: FaultOutcome

    public init(
        _ selector: FaultSelector = .any, schedule: FaultSchedule = .always, probability: Double = 1,
        latency: FaultLatency? = nil, outcome: FaultOutcome
    ) {
        self.selector = selector
        self.schedule = schedule
        self.probability = min(1, max(0, probability))
        self.latency = latency
        self.outcome = outcome
    }

    /// This rule with `latency` added before its outcome.
    public func after(_ latency: FaultLatency) -> FaultRule {
        var rule = self
        rule.latency = latency
        return rule
    }

    /// Fail matching calls with one code (or several, drawn by weight).
    public static func fail(
        _ selector: FaultSelector = .any, on schedule: FaultSchedule = .always, probability: Double = 1,
        with codes: ErrorCodeRef..., retryAfter: Double? = nil, after latency: FaultLatency? = nil
    ) -> FaultRule {
        FaultRule(
            selector, schedule: schedule, probability: probability, latency: latency,
            outcome: .fail(codes: codes.map { WeightedCode($0) }, retryAfter: retryAfter.map { .fixed($0) }))
    }

    /// Fail a share of the items of matching per-item calls.
    public static func failItems(
        _ selector: FaultSelector = .any, on schedule: FaultSchedule = .always, rate: Double, with codes: ErrorCodeRef...,
        retryAfter: Double? = nil, topLevelPartialFailure: Bool = false
    ) -> FaultRule {
        FaultRule(
            selector, schedule: schedule,
            outcome: .failItems(
                ItemFailure(
                    .rate(rate), codes: codes.map { WeightedCode($0) }, retryAfter: retryAfter.map { .fixed($0) },
                    topLevelPartialFailure: topLevelPartialFailure)))
    }

    /// Fail the named items of matching per-item calls.
    public static func failItems(
        _ selector: FaultSelector = .any, on schedule: FaultSchedule = .always, _ items: [AnyHashable], with codes: ErrorCodeRef...,
        retryAfter: Double? = nil, topLevelPartialFailure: Bool = false
    ) -> FaultRule {
        FaultRule(
            selector, schedule: schedule,
            outcome: .failItems(
                ItemFailure(
                    .items(Set(items)), codes: codes.map { WeightedCode($0) }, retryAfter: retryAfter.map { .fixed($0) },
                    topLevelPartialFailure: topLevelPartialFailure)))
    }

    /// Fail the items with these stable keys (as ``FaultEvent/items`` spells them), each with
    /// its own code, in matching per-item calls.
    public static func failItems(
        _ selector: FaultSelector = .any, on schedule: FaultSchedule = .always, keys: KeyValuePairs<String, ErrorCodeRef>,
        retryAfter: Double? = nil, topLevelPartialFailure: Bool = false
    ) -> FaultRule {
        let codes = Dictionary(keys.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<ErrorCodeRef>()
        let listed = keys.map(\.value).filter { seen.insert($0).inserted }  // in the order given, for validation
        return FaultRule(
            selector, schedule: schedule,
            outcome: .failItems(
                ItemFailure(
                    .keyed(codes), codes: listed.map { WeightedCode($0) }, retryAfter: retryAfter.map { .fixed($0) },
                    topLevelPartialFailure: topLevelPartialFailure)))
    }

    /// Delay matching calls, then let them through.
    public static func delay(
        _ selector: FaultSelector = .any, on schedule: FaultSchedule = .always, probability: Double = 1, by latency: FaultLatency
    ) -> FaultRule {
        FaultRule(selector, schedule: schedule, probability: probability, latency: latency, outcome: .passThrough)
    }

    /// Matching calls never complete.
    public static func hang(_ selector: FaultSelector = .any, on schedule: FaultSchedule = .always, probability: Double = 1) -> FaultRule {
        FaultRule(selector, schedule: schedule, probability: probability, outcome: .hang)
    }

    /// Matching calls fail as cancelled.
    public static func cancel(_ selector: FaultSelector = .any, on schedule: FaultSchedule = .always, probability: Double = 1) -> FaultRule {
        FaultRule(selector, schedule: schedule, probability: probability, outcome: .cancel)
    }
}
