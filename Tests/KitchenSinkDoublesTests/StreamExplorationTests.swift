@_spi(Generated) import CloudDoubleRuntime
import Foundation
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// An app that lists every key of the ticker's pages. When a page fails it lists again, skipping
/// the pages it already has. With `buggy` it counts the page it was fetching as had (the
/// planted resume bug), so a page that failed is never listed.
enum KeyLister {
    static let keys = (0..<10).map { "key-\($0)" }

    static func listAll(_ ticker: any SinkTicker, buggy: Bool, time: TimeSource) async throws -> [String] {
        var listed: [String] = []
        var pagesHad = 0
        for attempt in 1... {
            do {
                var page = 0
                for try await next in ticker.pages(pageSize: 2) {
                    page += 1
                    guard page > pagesHad else { continue }
                    listed += next.keys
                    pagesHad = page
                }
                return listed
            } catch {
                if attempt == 10 { throw error }
                if buggy { pagesHad += 1 }
                try await time.sleep(1)
            }
        }
        return listed
    }

    static func scenario(buggy: Bool) -> FaultExploration.Body {
        { run in
            let ticker = FaultInjectingSinkTicker(wrapping: LiveSinkTicker(SettingsTicker(keys: keys)), faults: run.faults)
            let listed = try await listAll(ticker, buggy: buggy, time: run.time)
            try run.expect(listed == keys, "listed \(listed.count) of \(keys.count) keys")
        }
    }
}

/// Exploration draws faults at each element of a stream (a page fails instead of arriving, or
/// comes late) as it does at calls, and shrinks them like any fault.
final class StreamExplorationTests: XCTestCase {
    static let family = FaultPlan {
        FaultRule.failElement(.elements(of: SinkTickerCall.pages), probability: 0.1, with: .trait(.retryable))
        FaultRule.delayElement(.elements(of: SinkTickerCall.pages), probability: 0.3, by: FaultLatency(0.5, jitter: 1))
        FaultRule.fail(.call(SinkTickerCall.pages), probability: 0.1, with: "busy")
    }

    let exploration = FaultExploration(seeds: 1...40, plan: family, errorModel: .kitchenSink)

    func testFindsTheResumeBugAndShrinksToOneFailedPage() async throws {
        let report = await exploration.run(KeyLister.scenario(buggy: true))
        let failure = try XCTUnwrap(report.failure, "\(report)")
        XCTAssertTrue(failure.isReproducible, "\(report)")
        XCTAssertFalse(failure.callsOverlapped)
        XCTAssertTrue(failure.events.contains { $0.form == .element }, "\(report)")
        let minimal = try XCTUnwrap(failure.minimal, "\(report)")
        XCTAssertEqual(minimal.count, 1, "\(report)")
        XCTAssertEqual(minimal.first?.form, .element, "\(report)")
        guard case .fail? = minimal.first?.effect else { return XCTFail("\(report)") }
        let number = try XCTUnwrap(minimal.first?.callNumber)
        XCTAssertTrue(
            report.reproduction?.contains("FaultRule.failElement(.named(\"pages\", type: \"Ticker\", form: .element), on: .nth(\(number)), with: ")
                ?? false, "\(report)")
        do {
            try await exploration.reproduce(seed: failure.seed, plan: try XCTUnwrap(failure.minimalPlan), KeyLister.scenario(buggy: true))
            XCTFail("the minimal plan passed")
        } catch let error as ExplorationFailure {
            XCTAssertEqual(error.message, "listed 8 of 10 keys")
        }
    }

    /// The reproduction the exploration above prints, pasted: it fails the buggy lister and not
    /// the correct one.
    func testThePastedReproductionFailsAgain() async throws {
        let report = await exploration.run(KeyLister.scenario(buggy: true))
        XCTAssertEqual(
            report.reproduction,
            """
            try await exploration.reproduce(seed: 1, plan: FaultPlan {
                FaultRule.failElement(.named("pages", type: "Ticker", form: .element), on: .nth(2), with: "slowDown")
            }, scenario)
            """)
        let plan = FaultPlan {
            FaultRule.failElement(.named("pages", type: "Ticker", form: .element), on: .nth(2), with: "slowDown")
        }
        do {
            try await exploration.reproduce(seed: 1, plan: plan, KeyLister.scenario(buggy: true))
            XCTFail("the pasted plan passed")
        } catch is ExplorationFailure {}
        try await exploration.reproduce(seed: 1, plan: plan, KeyLister.scenario(buggy: false))
    }

    func testTheCorrectListerPassesEverySeed() async {
        let report = await exploration.run(KeyLister.scenario(buggy: false))
        XCTAssertNil(report.failure, "\(report)")
        XCTAssertGreaterThan(report.faultsInjected, 40)
    }

    /// A family of call rules with a `StreamFault` (decided once per call) shrinks too: the
    /// reproduction writes the stream failure of that call.
    func testAStreamFailureDecidedPerCallShrinksToItsCall() async throws {
        let perCall = FaultExploration(
            seeds: 1...40,
            plan: FaultPlan { FaultRule.failStream(.call(SinkTickerCall.pages), probability: 0.3, afterElements: 2, with: "slowDown") },
            errorModel: .kitchenSink)
        let report = await perCall.run(KeyLister.scenario(buggy: true))
        let minimal = try XCTUnwrap(report.failure?.minimal, "\(report)")
        XCTAssertEqual(minimal.count, 1, "\(report)")
        let number = try XCTUnwrap(minimal.first?.callNumber)
        XCTAssertEqual(
            report.reproduction?.split(separator: "\n").dropFirst().first.map(String.init),
            "    FaultRule.failStream(.named(\"pages\", type: \"Ticker\", form: .stream), on: .nth(\(number)), afterElements: 2, with: \"slowDown\")")
        do {
            let failure = try XCTUnwrap(report.failure)
            try await perCall.reproduce(seed: failure.seed, plan: try XCTUnwrap(failure.minimalPlan), KeyLister.scenario(buggy: true))
            XCTFail("the minimal plan passed")
        } catch is ExplorationFailure {}
    }

    /// A stream call's dropped elements are shrunk one by one, as a call's failed items are.
    func testDroppedElementsOfOneCallAreShrunkOneByOne() async throws {
        let drops = FaultExploration(
            seeds: 1...1, plan: FaultPlan { FaultRule.dropElements(.call(SinkTickerCall.pages), 1, 3, 5) }, errorModel: .kitchenSink)
        let report = await drops.run { run in
            let ticker = FaultInjectingSinkTicker(wrapping: LiveSinkTicker(SettingsTicker(keys: KeyLister.keys)), faults: run.faults)
            let listed = try await KeyLister.listAll(ticker, buggy: false, time: run.time)
            try run.expect(listed.contains("key-4"), "key-4 is missing")
        }
        XCTAssertEqual(report.failure?.minimal?.map(\.effect), [.dropElements([3])], "\(report)")
        XCTAssertEqual(report.failure?.minimalFaultCount, 1)
        XCTAssertEqual(
            report.reproduction?.split(separator: "\n").dropFirst().first.map(String.init),
            "    FaultRule.dropElements(.named(\"pages\", type: \"Ticker\", form: .stream), on: .nth(1), 3)")
    }
}

/// A ticker whose pages each take a suspension to arrive, as a request does: two listings read
/// at once are both waiting for a page at some point.
final class SuspendingTicker: SinkTicker {
    func changes(of key: String) -> AsyncThrowingStream<String, any Error> { AsyncThrowingStream { $0.finish() } }
    func values() -> AsyncThrowingStream<String, any Error> { AsyncThrowingStream { $0.finish() } }
    func label(for value: any CustomStringConvertible) -> String { value.description }
    func snapshots() -> AsyncThrowingStream<SettingsSnapshot, any Error> { AsyncThrowingStream { $0.finish() } }

    func pages(pageSize: Int) -> AsyncThrowingStream<SettingsPage, any Error> {
        let next = Locked(0)
        return AsyncThrowingStream(unfolding: {
            await Task.yield()
            let start = next.withLock { start in
                defer { start += pageSize }
                return start
            }
            guard start < KeyLister.keys.count else { return nil }
            let end = min(KeyLister.keys.count, start + pageSize)
            return SettingsPage(keys: Array(KeyLister.keys[start..<end]), nextToken: end < KeyLister.keys.count ? end : nil)
        })
    }
}

final class StreamExplorationConcurrencyTests: XCTestCase {
    /// Two listings read their pages at once: the order their elements reach the injector is the
    /// scheduler's, so every failing seed, in thirty explorations, is reported as concurrent and
    /// none is shrunk.
    func testElementsReadAtOnceAreNeverShrunkAsDeterministic() async throws {
        let family = FaultPlan { FaultRule.failElement(.elements(of: SinkTickerCall.pages), probability: 0.2, with: "busy") }
        let scenario: FaultExploration.Body = { run in
            let ticker = FaultInjectingSinkTicker(wrapping: SuspendingTicker(), faults: run.faults)
            async let first = KeyLister.listAll(ticker, buggy: true, time: run.time)
            async let second = KeyLister.listAll(ticker, buggy: true, time: run.time)
            let (one, two) = try await (first, second)
            try run.expect(one == KeyLister.keys && two == KeyLister.keys, "a listing lost a page")
        }
        var failures = 0
        for start in stride(from: UInt64(1), through: 300, by: 10) {
            let exploration = FaultExploration(seeds: start...(start + 9), plan: family, errorModel: .kitchenSink)
            let report = await exploration.run(scenario)
            guard let failure = report.failure else { continue }
            failures += 1
            XCTAssertTrue(failure.callsOverlapped, "seed \(failure.seed)")
            XCTAssertNil(failure.minimal, "seed \(failure.seed) was shrunk:\n\(report)")
        }
        XCTAssertGreaterThan(failures, 20)
    }

    /// Elements read one stream after another never overlap.
    func testElementsReadOneStreamAfterAnotherDoNotOverlap() async throws {
        let ticker = FaultInjectingSinkTicker(
            wrapping: SuspendingTicker(), plan: FaultPlan { FaultRule.delayElement(.elements(of: SinkTickerCall.pages), by: FaultLatency(1)) },
            time: VirtualClock().timeSource)
        for _ in 1...2 { _ = try await KeyLister.listAll(ticker, buggy: false, time: .system) }
        XCTAssertEqual(ticker.faults.events.count, 12, "six asks a listing, the last finding the end")
        XCTAssertFalse(ticker.faults.callsOverlapped)
    }
}
