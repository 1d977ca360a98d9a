import Foundation

/// Stream calls (`stream` forms): a call rule that fires decides once, when the app makes the
/// call, and the stream the app gets applies it element by element as the app reads; element
/// rules (`FaultRule+Elements.swift`) decide again at each element.
extension FaultInjector {
    /// A stream call: `body` makes the wrapped object's stream. A whole-call rule (`fail`,
    /// `cancel`) fails the stream before its first element, without calling `body`; `hang` keeps
    /// it waiting until the app's task is cancelled; a rule's latency comes before the first
    /// element; a ``StreamFault`` fails, thins or slows the stream as the app reads it.
    ///
    /// With the injector's ``cassette``, the stream the app reads (faults included) is taped
    /// element by element, or in playback sent from the cassette without calling `body`.
    @_spi(Generated) public func stream<Arguments, Element>(
        _ type: String, _ call: String, arguments: Arguments, _ body: () -> AsyncThrowingStream<Element, any Error>
    ) -> AsyncThrowingStream<Element, any Error> {
        guard let cassette, cassette.tapesStream(of: Element.self) else { return stream(type, call, body) }
        if cassette.mode == .playback { return cassette.played(type: type, call: call, arguments: arguments, as: Element.self) }
        return cassette.recording(stream(type, call, body), type: type, call: call, arguments: arguments)
    }

    /// A stream call without a cassette. Element rules (``FaultRule/failElement(_:on:probability:with:retryAfter:after:)``)
    /// decide at each element the app asks for, after what a call rule decided for the call.
    func stream<Element>(
        _ type: String, _ call: String, _ body: () -> AsyncThrowingStream<Element, any Error>
    ) -> AsyncThrowingStream<Element, any Error> {
        let elements = mayFire(type, call, .element) ? StreamElements(injector: self, type: type, call: call) : nil
        var faults = FaultedStream<Element>.Faults()
        var first = 0.0
        if mayFire(type, call, .stream), let decision = decide(type, call, .stream) {
            switch decision.outcome {
            // `streamDecision` draws a `fail`'s error, so `.stream(.fail, nil)` does not occur.
            case .proceed, .items, .stream(.fail, nil): break
            case .fail(let error): faults.failure = (0, error)
            case .hang: faults.hangs = true
            case .stream(.fail(let elements, _, _), let error?): faults.failure = (elements, error)
            case .stream(.drop(let elements), _): faults.dropped = elements
            case .stream(.delay, _): faults.eachDelay = decision.latency
            }
            first = decision.latency
            if case .stream(.delay, _) = decision.outcome { first = 0 }  // a delay's latency is each element's
        } else if elements == nil {
            return body()
        }
        let upstream: AsyncThrowingStream<Element, any Error>? = faults.failure?.elements == 0 || faults.hangs ? nil : body()
        let faulted = FaultedStream(upstream, faults: faults, firstDelay: first, time: time, elements: elements)
        return AsyncThrowingStream(unfolding: { try await faulted.next() })
    }

    /// The decision and event of a rule with a ``StreamFault``; its latency is the delay per
    /// element of a `delay`, and comes before the first element otherwise.
    func streamDecision(_ fault: StreamFault, latency: Double) -> (Decision, FaultEvent.Effect) {
        switch fault {
        case .fail(let elements, let codes, let retryAfter):
            let error = makeError(codes: codes, retryAfter: retryAfter)
            let effect = FaultEvent.Effect.failedStream(
                afterElements: elements, code: errorModel.code(of: error) ?? (error as NSError).code, retryAfter: errorModel.retryAfter(of: error))
            return (Decision(latency: latency, outcome: .stream(fault, error: error)), effect)
        case .drop(let elements):
            return (Decision(latency: latency, outcome: .stream(fault, error: nil)), .droppedElements(elements.sorted()))
        case .delay(let each):
            let seconds = each.fixed + (each.jitter > 0 ? random.unit() * each.jitter : 0)
            return (Decision(latency: seconds, outcome: .stream(fault, error: nil)), .delayedElements(seconds))
        }
    }
}

/// The elements of one stream call under the plan's element rules: one decision per element the
/// app asks for, counted across the call's streams as listener events are across registrations.
struct StreamElements: Sendable {
    let injector: FaultInjector
    let type: String
    let call: String

    func decide() -> FaultInjector.Decision? {
        injector.decide(type, call, .element)
    }
}

/// The stream a fault wrapper hands the app when a rule could fire: it pulls from the wrapped
/// stream one element at a time, as the app asks. `@unchecked Sendable`: a stream has one
/// consumer, which calls `next()` once at a time, so its state is never used concurrently, and
/// each element passes through to that consumer (elements need not be `Sendable`).
final class FaultedStream<Element>: @unchecked Sendable {
    struct Faults {
        /// Fail when the app asks for the element after `elements` delivered ones.
        var failure: (elements: Int, error: any Error)?
        var dropped: Set<Int> = []
        var eachDelay: Double = 0
        var hangs = false
    }

    private var upstream: AsyncThrowingStream<Element, any Error>.AsyncIterator?
    private let faults: Faults
    private var firstDelay: Double
    private let time: TimeSource
    private let elements: StreamElements?
    /// Elements pulled from the wrapped stream, and delivered to the app.
    private var pulled = 0
    private var delivered = 0

    init(_ upstream: AsyncThrowingStream<Element, any Error>?, faults: Faults, firstDelay: Double, time: TimeSource, elements: StreamElements?) {
        self.upstream = upstream?.makeAsyncIterator()
        self.faults = faults
        self.firstDelay = firstDelay
        self.time = time
        self.elements = elements
    }

    func next() async throws -> Element? {
        guard let elements else { return try await pull() }
        // An ask under element rules is in flight, as an `async` call is: element decisions made
        // while another call or ask is in flight come in the scheduler's order.
        _ = elements.injector.start(elements.type, elements.call, .element)
        defer { elements.injector.finish() }
        return try await pull()
    }

    private func pull() async throws -> Element? {
        if firstDelay > 0 {
            let delay = firstDelay
            firstDelay = 0
            try await time.sleep(delay)
        }
        if faults.hangs { try await FaultInjector.hangUntilCancelled() }
        while true {
            if let failure = faults.failure, delivered >= failure.elements {
                upstream = nil
                throw failure.error
            }
            guard upstream != nil else { return nil }
            var drops = false
            if let decision = elements?.decide() {
                if decision.latency > 0 { try await time.sleep(decision.latency) }
                switch decision.outcome {
                case .fail(let error):
                    upstream = nil
                    throw error
                case .hang: drops = true
                case .proceed, .items, .stream: break
                }
            }
            guard let element = try await upstream?.next() else {
                upstream = nil
                return nil
            }
            pulled += 1
            if drops || faults.dropped.contains(pulled) { continue }
            if faults.eachDelay > 0 { try await time.sleep(faults.eachDelay) }
            delivered += 1
            return element
        }
    }
}
