/// One injected fault written as an explicit rule: this call (by its `type.call[form]` and its
/// number among those calls; for the `listener` form the event, for the `element` form the
/// stream element, by its number), this outcome. A list of them is the plan a shrinker searches
/// and a reproduction prints; it draws nothing at random, so it does the same under any seed.
public struct ExplicitFault: Sendable, Hashable, CustomStringConvertible {
    public enum Effect: Sendable, Hashable {
        /// Only the latency: the call then goes through.
        case delay
        case fail(code: Int, retryAfter: Double?)
        /// These items (by stable key) fail, each with its code.
        case failItems([Item], retryAfter: Double?, topLevelPartialFailure: Bool)
        /// A call hangs; an event or element is dropped.
        case hang
        case cancel
        /// A stream call's stream fails after this many elements.
        case failStream(afterElements: Int, code: Int, retryAfter: Double?)
        /// A stream call's elements with these numbers (from 1) are dropped.
        case dropElements([Int])
        /// Each element of a stream call arrives this many seconds late.
        case delayElements(Double)
    }

    public struct Item: Sendable, Hashable {
        public var key: String
        public var code: Int
    }

    public var type: String
    public var call: String
    public var form: CallForm
    /// The call's number among the calls of `type.call[form]`, or the event's or element's
    /// (``FaultEvent/callNumber``).
    public var callNumber: Int
    public var latency: Double
    public var effect: Effect

    /// The fault an event records, with what the event does not hold (an item rule's
    /// retry-after and top-level failure) taken from the rule that fired. `nil` for an item
    /// rule that chose no item and added no latency: it changed nothing.
    init?(_ event: FaultEvent, rule: FaultRule?) {
        type = event.type
        call = event.call
        form = event.form
        callNumber = event.callNumber
        latency = event.latency
        switch event.effect {
        case .delayed:
            effect = .delay
        case .failed(let code, let retryAfter):
            effect = .fail(code: code, retryAfter: retryAfter)
        case .failedItems:
            let items = zip(event.items, event.itemCodes).map { Item(key: $0, code: $1) }
            guard !items.isEmpty else {
                guard latency > 0 else { return nil }
                effect = .delay
                return
            }
            var retryAfter: Double?
            var topLevel = false
            if let rule, case .failItems(let failure) = rule.outcome {
                // A range was drawn per item and the event keeps no draw: the reproduction omits it.
                if case .fixed(let seconds)? = failure.retryAfter { retryAfter = seconds }
                topLevel = failure.topLevelPartialFailure
            }
            effect = .failItems(items, retryAfter: retryAfter, topLevelPartialFailure: topLevel)
        case .hung:
            effect = .hang
        case .cancelled:
            effect = .cancel
        case .failedStream(let elements, let code, let retryAfter):
            effect = .failStream(afterElements: elements, code: code, retryAfter: retryAfter)
        case .droppedElements(let elements):
            effect = .dropElements(elements)
        case .delayedElements(let seconds):
            effect = .delayElements(seconds)
        }
    }

    var selector: FaultSelector { .named(call, type: type, form: form) }

    /// The rule that injects this fault again.
    var rule: FaultRule {
        let delay = latency > 0 ? FaultLatency(latency) : nil
        switch effect {
        case .delay:
            return FaultRule(selector, schedule: .nth(callNumber), latency: delay, outcome: .passThrough)
        case .fail(let code, let retryAfter):
            return FaultRule(
                selector, schedule: .nth(callNumber), latency: delay,
                outcome: .fail(codes: [WeightedCode(.raw(code))], retryAfter: retryAfter.map { .fixed($0) }))
        case .failItems(let items, let retryAfter, let topLevel):
            let keyed = Dictionary(items.map { ($0.key, ErrorCodeRef.raw($0.code)) }, uniquingKeysWith: { first, _ in first })
            let failure = ItemFailure(
                .keyed(keyed), codes: Set(items.map(\.code)).sorted().map { WeightedCode(.raw($0)) },
                retryAfter: retryAfter.map { .fixed($0) }, topLevelPartialFailure: topLevel)
            return FaultRule(selector, schedule: .nth(callNumber), latency: delay, outcome: .failItems(failure))
        case .hang:
            return FaultRule(selector, schedule: .nth(callNumber), latency: delay, outcome: .hang)
        case .cancel:
            return FaultRule(selector, schedule: .nth(callNumber), latency: delay, outcome: .cancel)
        case .failStream(let elements, let code, let retryAfter):
            let fault = StreamFault.fail(afterElements: elements, codes: [WeightedCode(.raw(code))], retryAfter: retryAfter.map { .fixed($0) })
            return FaultRule(selector, schedule: .nth(callNumber), latency: delay, outcome: .stream(fault))
        case .dropElements(let elements):
            return FaultRule(selector, schedule: .nth(callNumber), latency: delay, outcome: .stream(.drop(elements: Set(elements))))
        case .delayElements(let seconds):
            return FaultRule(selector, schedule: .nth(callNumber), latency: delay, outcome: .stream(.delay(FaultLatency(seconds))))
        }
    }

    /// How many faults this counts as: one per failed item or dropped element of a stream call,
    /// one otherwise. The shrinker drops them one by one.
    public var weight: Int {
        switch effect {
        case .failItems(let items, _, _): return items.count
        case .dropElements(let elements): return elements.count
        default: return 1
        }
    }

    /// Drops one of the items or elements ``weight`` counts.
    mutating func removePart(at index: Int) {
        switch effect {
        case .failItems(var items, let retryAfter, let topLevel):
            items.remove(at: index)
            effect = .failItems(items, retryAfter: retryAfter, topLevelPartialFailure: topLevel)
        case .dropElements(var elements):
            elements.remove(at: index)
            effect = .dropElements(elements)
        default:
            break
        }
    }

    public var description: String { description(names: nil) }

    /// One line for a report, naming codes by `model`'s catalogue where it has them.
    func description(names model: ErrorModel?) -> String {
        func code(_ raw: Int) -> String { model?.catalogue[raw].map { "\($0.name) (\(raw))" } ?? "\(raw)" }
        let counted = form == .listener ? "event" : form == .element ? "element" : "call"
        var text = "\(type).\(call) [\(form)] \(counted) \(callNumber):"
        if latency > 0 { text += " +\(latency)s" }
        switch effect {
        case .delay: text += " delayed"
        case .fail(let raw, let retryAfter): text += " failed with \(code(raw))" + (retryAfter.map { " retry-after \($0)s" } ?? "")
        case .failItems(let items, _, _): text += " failed items " + items.map { "\($0.key) with \(code($0.code))" }.joined(separator: ", ")
        case .hang: text += form.isDelivery ? " dropped" : " hung"
        case .cancel: text += " cancelled"
        case .failStream(let elements, let raw, let retryAfter):
            text += " failed after \(elements) element(s) with \(code(raw))" + (retryAfter.map { " retry-after \($0)s" } ?? "")
        case .dropElements(let elements): text += " dropped element(s) " + elements.map(String.init).joined(separator: ", ")
        case .delayElements(let seconds): text += " delayed each element by \(seconds)s"
        }
        return text
    }
}

// MARK: - As Swift source

extension ExplicitFault {
    /// The rule as Swift source a test can paste into a `FaultPlan { … }`, naming codes by the
    /// catalogue's names where it has them.
    func source(names model: ErrorModel) -> String {
        let selector = ".named(\(literal(call)), type: \(literal(type)), form: .\(form.rawValue))"
        let on = "on: .nth(\(callNumber))"
        func code(_ raw: Int) -> String { model.catalogue[raw].map { literal($0.name) } ?? "\(raw)" }
        let after = latency > 0 ? ", after: FaultLatency(\(latency))" : ""
        let then = latency > 0 ? ".after(FaultLatency(\(latency)))" : ""
        switch (effect, form) {
        // Events and elements are written with their own rules, which say what is done to them.
        case (.fail(let raw, nil), .listener):
            return "FaultRule.failListener(\(selector), \(on), with: \(code(raw))\(after))"
        case (.hang, .listener):
            return "FaultRule.dropEvents(\(selector), \(on))"
        case (.delay, .listener):
            return "FaultRule.delayEvents(\(selector), \(on), by: FaultLatency(\(latency)))"
        case (.fail(let raw, let retryAfter), .element):
            return "FaultRule.failElement(\(selector), \(on), with: \(code(raw))" + (retryAfter.map { ", retryAfter: \($0)" } ?? "") + after + ")"
        case (.hang, .element):
            return "FaultRule.dropElement(\(selector), \(on))"
        case (.delay, .element):
            return "FaultRule.delayElement(\(selector), \(on), by: FaultLatency(\(latency)))"
        case (.delay, _):
            return "FaultRule.delay(\(selector), \(on), by: FaultLatency(\(latency)))"
        case (.fail(let raw, let retryAfter), _):
            return "FaultRule.fail(\(selector), \(on), with: \(code(raw))" + (retryAfter.map { ", retryAfter: \($0)" } ?? "") + after + ")"
        case (.failItems(let items, let retryAfter, let topLevel), _):
            let keys = "[" + items.map { "\(literal($0.key)): \(code($0.code))" }.joined(separator: ", ") + "]"
            var text = "FaultRule.failItems(\(selector), \(on), keys: \(keys)"
            if let retryAfter { text += ", retryAfter: \(retryAfter)" }
            if topLevel { text += ", topLevelPartialFailure: true" }
            return text + ")" + then
        case (.hang, _):
            return "FaultRule.hang(\(selector), \(on))" + then
        case (.cancel, _):
            return "FaultRule.cancel(\(selector), \(on))" + then
        case (.failStream(let elements, let raw, let retryAfter), _):
            return "FaultRule.failStream(\(selector), \(on), afterElements: \(elements), with: \(code(raw))"
                + (retryAfter.map { ", retryAfter: \($0)" } ?? "") + ")" + then
        case (.dropElements(let elements), _):
            return "FaultRule.dropElements(\(selector), \(on), " + elements.map(String.init).joined(separator: ", ") + ")" + then
        case (.delayElements(let seconds), _):
            return "FaultRule.delayElements(\(selector), \(on), by: FaultLatency(\(seconds)))" + then
        }
    }

    /// A Swift string literal of `text`.
    private func literal(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20: escaped += "\\u{\(String(scalar.value, radix: 16))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "\"\(escaped)\""
    }
}
