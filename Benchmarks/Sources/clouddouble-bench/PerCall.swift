@_spi(Generated) import CloudDoubleRuntime
import Foundation

// The runtime sections: what a fault wrapper and a recording mock cost per call, and the call
// log's throughput. `--per-call` runs only these.

/// The shapes of generated code: the app calls a protocol requirement on an existential; a live
/// adapter forwards to the SDK object's method, a fault wrapper asks its injector, then forwards
/// to the object it wraps (here a live adapter, as in production).
final class SDKObject: Sendable {
    @inline(never) func fetch(_ id: Int) async throws -> Int { id }
}
protocol AdapterShape: AnyObject, Sendable { func fetch(_ id: Int) async throws -> Int }
final class LiveShape: AdapterShape {
    let base: SDKObject
    init(_ base: SDKObject) { self.base = base }
    func fetch(_ id: Int) async throws -> Int { try await base.fetch(id) }
}
/// A wrapper that only forwards: what one more level of wrapping costs by itself.
final class ForwardingShape: AdapterShape {
    let wrapped: any AdapterShape
    init(wrapping wrapped: any AdapterShape) { self.wrapped = wrapped }
    func fetch(_ id: Int) async throws -> Int { try await wrapped.fetch(id) }
}
/// A fault wrapper as generated: its method `@inline(__always)`, asking its injector, then
/// forwarding to the object it wraps.
final class FaultShape: AdapterShape {
    let wrapped: any AdapterShape
    let faults: FaultInjector
    init(wrapping wrapped: any AdapterShape, faults: FaultInjector) {
        self.wrapped = wrapped
        self.faults = faults
    }
    @inline(__always)
    func fetch(_ id: Int) async throws -> Int {
        try await faults.perform("Database", "fetchRecord", .async) { try await self.wrapped.fetch(id) }
    }
}
/// The mocks mockolo generates for a `Sendable` protocol with argument history (its
/// `sendableProtocol` fixture): one lock per call around the call count, the argument history
/// and the handler, then the handler. mockolo writes its lock (`MockoloMutex`) into the generated
/// file, so it is in the mock's module, as this one is.
final class MockoloMutex<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
struct MockoloHandlerState<Handler> {
    var callCount = 0
    var argValues: [Int] = []
    var handler: Handler?
}
/// A synchronous requirement, as app code calls it: on an existential.
protocol SyncShape: AnyObject, Sendable { func fetch(_ id: Int) -> Int }
/// mockolo's synchronous member (`update(arg:)` in the fixture).
final class MockoloShape: SyncShape, @unchecked Sendable {
    private let fetchState = MockoloMutex(MockoloHandlerState<@Sendable (Int) -> Int>())
    init(handler: @escaping @Sendable (Int) -> Int) { fetchState.withLock { $0.handler = handler } }
    func fetch(_ id: Int) -> Int {
        let fetchHandler = fetchState.withLock { state in
            state.callCount += 1
            state.argValues.append(id)
            return state.handler
        }
        if let fetchHandler { return fetchHandler(id) }
        return 0
    }
}
/// mockolo's `async throws` member (`update(arg0:arg1:)` in the fixture).
final class MockoloAsyncShape: AdapterShape, @unchecked Sendable {
    private let fetchState = MockoloMutex(MockoloHandlerState<@Sendable (Int) async throws -> Int>())
    init(handler: @escaping @Sendable (Int) async throws -> Int) { fetchState.withLock { $0.handler = handler } }
    func fetch(_ id: Int) async throws -> Int {
        let fetchHandler = fetchState.withLock { state in
            state.callCount += 1
            state.argValues.append(id)
            return state.handler
        }
        if let fetchHandler { return try await fetchHandler(id) }
        return 0
    }
}
/// Our generated mock's members, as `Templates/mocks.mustache` writes them: a synchronous member
/// is `respondWithoutFailing_`, an `async throws` one `respond_`.
final class GeneratedMockShape: SyncShape, AdapterShape, RecordingMock {
    let recorder_: MockRecorder
    static let typeName_ = "Bench"
    init(recorder_: MockRecorder) { self.recorder_ = recorder_ }
    func fetch(_ id: Int) -> Int {
        self.respondWithoutFailing_("fetch", id, fallback: 0)
    }
    func fetch(_ id: Int) async throws -> Int {
        try self.respond_("fetch", id, fallback: nil)
    }
}

/// Nanoseconds per call of `body`, the fastest of `rounds` rounds.
@inline(never)
func fastestRound(iterations: Int, rounds: Int, _ body: @escaping @Sendable () async throws -> Void) async throws -> Double {
    var best = Double.infinity
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { try await body() }
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations))
    }
    return best
}

/// Each case runs `rounds` times `iterations` calls; the fastest round counts (the machine is
/// shared, and other builds only ever make a round slower).
/// `CLOUDDOUBLE_BENCH_ITERATIONS=<n>`: fewer calls per round, for an instruction counter
/// (`valgrind --tool=callgrind`) that runs the code fifty times slower.
func perCallSection(
    iterations: Int = ProcessInfo.processInfo.environment["CLOUDDOUBLE_BENCH_ITERATIONS"].flatMap { Int($0) } ?? 1_000_000, rounds: Int = 5
) async throws {
    say("## Runtime overhead per call\n")
    say(
        "Fastest of \(rounds) rounds of \(iterations) calls each. \"Added\" is the time over the row the case wraps: the live adapter over the SDK method, a wrapper over the live adapter it wraps, the engine alone over the SDK method.\n"
    )
    row(["case", "ns per call", "added ns", "calls per second"])
    row(["---", "---:", "---:", "---:"])
    // CLOUDDOUBLE_BENCH_ONLY=<text>: only the cases whose name contains it (for profiling one).
    let only = ProcessInfo.processInfo.environment["CLOUDDOUBLE_BENCH_ONLY"]
    func measure(_ name: String, over base: Double? = nil, _ body: @escaping @Sendable () async throws -> Void) async throws -> Double {
        if let only, !name.contains(only) { return .nan }
        let best = try await fastestRound(iterations: iterations, rounds: rounds, body)
        row([name, format(best, 1), base.map { format(best - $0, 1) } ?? "", format(1e9 / best, 0)])
        return best
    }

    let sdkObject = SDKObject()
    let called = try await measure("SDK method, called directly") { _ = try await sdkObject.fetch(1) }
    let live: any AdapterShape = LiveShape(sdkObject)
    let adapted = try await measure("the same through a live adapter", over: called) { _ = try await live.fetch(1) }

    let forwarding: any AdapterShape = ForwardingShape(wrapping: live)
    _ = try await measure("the same through a wrapper that only forwards", over: adapted) { _ = try await forwarding.fetch(1) }

    // The runtime has no SDK's model built in: a one-code model is all the engine needs here.
    let model = ErrorModel(
        domain: "Bench",
        catalogue: ErrorCatalogue(
            domain: "Bench",
            codes: [
                ErrorCodeInfo(rawValue: 1, name: "zoneBusy", meaning: "Busy.", isRetryable: true, appCanHandle: true, recovery: .retry)
            ]))
    let noMatchFaults = FaultInjector(plan: FaultPlan { FaultRule.fail(.named("other"), with: "zoneBusy") }, errorModel: model)
    let noPlanFaults = FaultInjector(errorModel: model)
    // The generated wrappers' members are `@inline(__always)`, as `InlinedFaultShape`'s.
    let noMatchRule: any AdapterShape = FaultShape(wrapping: live, faults: noMatchFaults)
    _ = try await measure("the same through a fault wrapper, no matching rule", over: adapted) { _ = try await noMatchRule.fetch(1) }
    let noPlanWrapper: any AdapterShape = FaultShape(wrapping: live, faults: noPlanFaults)
    _ = try await measure("the same through a fault wrapper, no plan", over: adapted) { _ = try await noPlanWrapper.fetch(1) }

    // The engine alone: `perform` around a direct call, no wrapper.
    _ = try await measure("fault engine alone, no matching rule", over: called) {
        _ = try await noMatchFaults.perform("Database", "fetchRecord") { try await sdkObject.fetch(1) }
    }
    _ = try await measure("fault engine alone, no plan", over: called) {
        _ = try await noPlanFaults.perform("Database", "fetchRecord") { try await sdkObject.fetch(1) }
    }

    // The mocks: mockolo's shape and ours, each called the way app code calls it (a requirement
    // on an existential), stubbed with a value (ours) or a handler (mockolo has no other kind).
    let mockoloSync: any SyncShape = MockoloShape { _ in 1 }
    _ = try await measure("mock, mockolo's shape with argument history (handler), synchronous member") { _ = mockoloSync.fetch(1) }
    let generated = GeneratedMockShape(log: CallLog())
    generated.recorder_.stub(BenchCall<Int, Int>(id_: "fetch"), .value(1))
    let generatedSync: any SyncShape = generated
    _ = try await measure("mock with recording (stubbed), synchronous member as generated") { _ = generatedSync.fetch(1) }
    let mockoloAsync: any AdapterShape = MockoloAsyncShape { _ in 1 }
    _ = try await measure("mock, mockolo's shape with argument history (handler), async throws member") { _ = try await mockoloAsync.fetch(1) }
    let generatedAsync: any AdapterShape = generated
    _ = try await measure("mock with recording (stubbed), async throws member as generated") { _ = try await generatedAsync.fetch(1) }
    // `respond_` alone, called directly on the mock.
    let direct = GeneratedMockShape(log: CallLog())
    direct.recorder_.stub(BenchCall<Int, Int>(id_: "fetch"), .value(1))
    _ = try await measure("mock with recording (stubbed), respond called directly") { _ = try direct.respond_("fetch", 1, fallback: nil) as Int }

    say("\n## Call-log throughput\n")
    row(["callers", "appends", "seconds", "appends per second"])
    row(["---:", "---:", "---:", "---:"])
    for callers in [1, 8] {
        let log = CallLog()
        let perCaller = 1_000_000 / callers
        let start = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: callers) { _ in
            for index in 0..<perCaller { log.append(type: "Bench", call: "fetch", form: .async, arguments: index) }
        }
        let time = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        row(["\(callers)", "\(log.count)", format(time), format(Double(log.count) / time, 0)])
    }
}

/// The shape of a generated key type (`CloudDatabaseCall<Arguments_, Value_>`).
struct BenchCall<Arguments_, Value_>: CallKey {
    static var typeName_: String { "Bench" }
    let id_: String
}
