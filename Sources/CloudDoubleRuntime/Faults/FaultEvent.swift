/// One injected fault, for tests to assert on and debug builds to print.
public struct FaultEvent: Sendable, Hashable, CustomStringConvertible {
    public enum Effect: Sendable, Hashable {
        case delayed
        case failed(code: Int, retryAfter: Double?)
        case failedItems(count: Int)
        case hung
        case cancelled
        /// A stream call's stream fails after this many elements, with this code.
        case failedStream(afterElements: Int, code: Int, retryAfter: Double?)
        /// A stream call's elements with these numbers (from 1) are dropped.
        case droppedElements([Int])
        /// Each element of a stream call arrives this many seconds late.
        case delayedElements(Double)
    }

    /// 1-based, in the order the faults were decided.
    public let sequence: Int
    /// When it was decided, on the injector's time source.
    public let time: Double
    public let type: String
    public let call: String
    public let form: CallForm
    /// Which call of `type.call[form]` this was (for the `listener` form which event, for the
    /// `element` form which element), counting from 1 since the plan was installed:
    /// an explicit plan's `.nth(callNumber)` rule on that call's selector fires on it again
    /// (fault exploration writes its reproductions so).
    public let callNumber: Int
    /// Index of the rule that fired.
    public let rule: Int
    /// Latency added before the outcome.
    public let latency: Double
    public var effect: Effect
    /// Stable keys of the items that were failed (partial failures only).
    public var items: [String]
    /// The error code each of ``items`` was failed with, in the same order.
    public var itemCodes: [Int] = []
    /// The catalogue's names of the codes above, for ``description`` (`zoneBusy (14)`, not `14`).
    var codeNames: [Int: String] = [:]

    public var description: String {
        // A listener rule counts the events delivered to the call's registrations, an element
        // rule the elements asked for from the call's streams, not calls.
        let counted = form == .listener ? "event" : form == .element ? "element" : "call"
        var text = "#\(sequence) t=\(time) \(type).\(call) [\(form)] \(counted) \(callNumber) rule \(rule):"
        if latency > 0 { text += " +\(latency)s" }
        switch effect {
        case .delayed: text += " delayed"
        case .failed(let code, let retryAfter): text += " failed \(named(code))" + (retryAfter.map { " retry-after \($0)s" } ?? "")
        case .failedItems(let count):
            text += " failed \(count) item(s): " + zip(items, itemCodes).map { "\($0) with \(named($1))" }.joined(separator: ", ")
        case .hung: text += form.isDelivery ? " dropped" : " hung"
        case .cancelled: text += " cancelled"
        case .failedStream(let elements, let code, let retryAfter):
            text += " failed after \(elements) element(s) with \(named(code))" + (retryAfter.map { " retry-after \($0)s" } ?? "")
        case .droppedElements(let elements): text += " dropped element(s) " + elements.map(String.init).joined(separator: ", ")
        case .delayedElements(let seconds): text += " delayed each element by \(seconds)s"
        }
        return text
    }

    /// A code as the catalogue names it, with its number: `zoneBusy (14)`; the number alone when
    /// the catalogue has no such code.
    private func named(_ code: Int) -> String {
        codeNames[code].map { "\($0) (\(code))" } ?? "\(code)"
    }
}

/// A key that identifies an item the same way on every run, for the order in which per-item
/// fault draws are made. Conform SDK ID types whose `description` is not stable.
public protocol StableItemKey {
    var stableItemKey: String { get }
}

enum StableKey {
    /// The item's stable key: its own, else its description with memory addresses removed
    /// (Apple's `NSObject` descriptions include `0x…` pointers that change between runs).
    static func of(_ item: Any) -> String {
        if let keyed = item as? any StableItemKey { return keyed.stableItemKey }
        if let string = item as? String { return string }
        var text = String(describing: item)
        while let range = text.range(of: "0x[0-9a-fA-F]+", options: .regularExpression) {
            text.replaceSubrange(range, with: "0x")
        }
        return text
    }
}
