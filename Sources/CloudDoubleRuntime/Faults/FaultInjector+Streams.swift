import Foundation

/// Stream calls (`stream` forms): the rule that fires decides once, when the app makes the call,
/// and the stream the app gets applies it element by element as the app reads.
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

    /// A stream call without a cassette.
    func stream<Element>(
        _ type: String, _ call: String, _ body: () -> AsyncThrowingStream<Element, any Error>
    ) -> AsyncThrowingStream<Element, any Error> {
        guard mayFire(type, call, .stream), let decision = decide(type, call, .stream) else { return body() }
        let faults: FaultedStream<Element>.Faults
        switch decision.outcome {
        // `streamDecision` draws a `fail`'s error, so `.stream(.fail, nil)` does not occur.
        case .proceed, .items, .stream(.fail, nil): faults = FaultedStream.Faults()
        case .fail(let error): faults = FaultedStream.Faults(failure: (0, error))
        case .hang: faults = FaultedStream.Faults(hangs: true)
        case .stream(.fail(let elements, _, _), let error?): faults = FaultedStream.Faults(failure: (elements, error))
        case .stream(.drop(let elements), _): faults = FaultedStream.Faults(dropped: elements)
        case .stream(.delay, _): faults = FaultedStream.Faults(eachDelay: decision.latency)
        }
        var first = decision.latency
        if case .stream(.delay, _) = decision.outcome { first = 0 }
        let upstream: AsyncThrowingStream<Element, any Error>? = faults.failure?.elements == 0 || faults.hangs ? nil : body()
        let faulted = FaultedStream(upstream, faults: faults, firstDelay: first, time: time)
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

/// The stream a fault wrapper hands the app when a rule fired: it pulls from the wrapped stream
/// one element at a time, as the app asks. `@unchecked Sendable`: a stream has one consumer,
/// which calls `next()` once at a time, so its state is never used concurrently, and each
/// element passes through to that consumer (elements need not be `Sendable`).
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
    /// Elements pulled from the wrapped stream, and delivered to the app.
    private var pulled = 0
    private var delivered = 0

    init(_ upstream: AsyncThrowingStream<Element, any Error>?, faults: Faults, firstDelay: Double, time: TimeSource) {
        self.upstream = upstream?.makeAsyncIterator()
        self.faults = faults
        self.firstDelay = firstDelay
        self.time = time
    }

    func next() async throws -> Element? {
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
            guard upstream != nil, let element = try await upstream?.next() else { return nil }
            pulled += 1
            if faults.dropped.contains(pulled) { continue }
            if faults.eachDelay > 0 { try await time.sleep(faults.eachDelay) }
            delivered += 1
            return element
        }
    }
}
