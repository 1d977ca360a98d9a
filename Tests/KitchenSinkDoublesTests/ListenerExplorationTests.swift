@_spi(Generated) import CloudDoubleRuntime
import Foundation
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// A view model that shows a setting as the feed sends it. On a listener error the correct one
/// removes the failed registration and registers again; with `buggy` it loses its listener for
/// good after an error (the planted bug), and shows a stale value from then on.
final class SettingWatcher: @unchecked Sendable {
    private let feed: any SinkFeed
    private let buggy: Bool
    private let state = Locked<(latest: String?, handle: FeedHandle?)>((nil, nil))

    init(feed: any SinkFeed, buggy: Bool) {
        self.feed = feed
        self.buggy = buggy
    }

    var latest: String? { state.snapshot.latest }

    func start() {
        let handle = feed.observe(
            "theme", with: { [weak self] value in self?.state.withLock { $0.latest = value } },
            withCancel: { [weak self] _ in self?.listenerFailed() })
        state.withLock { $0.handle = handle }
    }

    private func listenerFailed() {
        guard !buggy else { return }
        if let handle = state.withLock({ $0.handle }) { feed.removeObserver(withHandle: handle) }
        start()
    }
}

/// Exploration draws faults at each listener event: an error delivered instead of the event,
/// a dropped event. It finds the watcher that never registers again and shrinks to one error.
final class ListenerExplorationTests: XCTestCase {
    static let family = FaultPlan {
        FaultRule.failListener(.listener(SinkFeedListener.observe), probability: 0.05, with: "busy")
        FaultRule.dropEvents(.listener(SinkFeedListener.observe), probability: 0.1)
    }

    /// The server sets the theme twenty times and sends each value to every active registration;
    /// then it sends the last value until the watcher has it (a value can be dropped), at most
    /// five times, as a feed that keeps sending would.
    static func scenario(buggy: Bool) -> FaultExploration.Body {
        { run in
            let mock = MockSinkFeed()
            let watcher = SettingWatcher(feed: FaultInjectingSinkFeed(wrapping: mock, faults: run.faults), buggy: buggy)
            watcher.start()
            func send(_ value: String) {
                for registration in mock.registrations(.observe) where registration.isActive { registration.emit(value) }
            }
            for value in 1...20 { send("theme-\(value)") }
            for _ in 1...5 where watcher.latest != "theme-20" { send("theme-20") }
            try run.expect(watcher.latest == "theme-20", "the watcher shows \(watcher.latest ?? "nothing"), the server theme-20")
        }
    }

    let exploration = FaultExploration(seeds: 1...40, plan: family, errorModel: .kitchenSink)

    func testFindsTheWatcherThatNeverRegistersAgainAndShrinksToOneListenerError() async throws {
        let report = await exploration.run(Self.scenario(buggy: true))
        let failure = try XCTUnwrap(report.failure, "\(report)")
        XCTAssertTrue(failure.isReproducible, "\(report)")
        XCTAssertFalse(failure.callsOverlapped)
        XCTAssertTrue(failure.events.allSatisfy { $0.form == .listener }, "\(report)")
        let minimal = try XCTUnwrap(failure.minimal, "\(report)")
        XCTAssertEqual(minimal.count, 1, "\(report)")
        XCTAssertEqual(minimal.first?.form, .listener)
        XCTAssertEqual(minimal.first?.effect, .fail(code: 1, retryAfter: nil), "the dropped events are shrunk away: \(report)")

        let reproduction = try XCTUnwrap(report.reproduction)
        let number = try XCTUnwrap(minimal.first?.callNumber)
        XCTAssertEqual(
            reproduction.split(separator: "\n").dropFirst().first.map(String.init),
            "    FaultRule.failListener(.named(\"observe\", type: \"Feed\", form: .listener), on: .nth(\(number)), with: \"busy\")")
        XCTAssertTrue(report.description.contains("Feed.observe [listener] event \(number): failed with busy (1)"), "\(report)")
        do {
            try await exploration.reproduce(seed: failure.seed, plan: try XCTUnwrap(failure.minimalPlan), Self.scenario(buggy: true))
            XCTFail("the minimal plan passed")
        } catch let error as ExplorationFailure {
            XCTAssertTrue(error.message.hasPrefix("the watcher shows theme-"), error.message)
        }
    }

    /// The reproduction the exploration above prints for its seed, pasted: it fails the buggy
    /// watcher and not the correct one.
    func testThePastedReproductionFailsAgain() async throws {
        let report = await exploration.run(Self.scenario(buggy: true))
        let seed = try XCTUnwrap(report.failure?.seed)
        XCTAssertEqual(
            report.reproduction,
            """
            try await exploration.reproduce(seed: 2, plan: FaultPlan {
                FaultRule.failListener(.named("observe", type: "Feed", form: .listener), on: .nth(19), with: "busy")
            }, scenario)
            """)
        let plan = FaultPlan {
            FaultRule.failListener(.named("observe", type: "Feed", form: .listener), on: .nth(19), with: "busy")
        }
        do {
            try await exploration.reproduce(seed: seed, plan: plan, Self.scenario(buggy: true))
            XCTFail("the pasted plan passed")
        } catch is ExplorationFailure {}
        try await exploration.reproduce(seed: seed, plan: plan, Self.scenario(buggy: false))
    }

    func testTheCorrectWatcherPassesEverySeed() async {
        let report = await exploration.run(Self.scenario(buggy: false))
        XCTAssertNil(report.failure, "\(report)")
        XCTAssertGreaterThan(report.faultsInjected, 40)
    }

    /// A delayed event reaches the app later, on the clock's queue: an event decided, or a call
    /// started, before it arrives races it, so the injector says so, whatever the timing.
    func testAnEventDecidedWhileADelayedOneIsOnItsWayOverlapsIt() async throws {
        let held = Locked<[@Sendable () -> Void]>([])
        let time = TimeSource(now: { 0 }, sleep: { _ in }, schedule: { _, work in held.withLock { $0.append(work) } })
        let plan = FaultPlan { FaultRule.delayEvents(.listener(SinkFeedListener.observe), on: .nth(1), by: FaultLatency(1)) }
        let mock = MockSinkFeed()
        let faulty = FaultInjectingSinkFeed(wrapping: mock, plan: plan, time: time)
        let seen = Locked<[String]>([])
        _ = faulty.observe("a", with: { value in seen.withLock { $0.append(value) } }, withCancel: nil)
        let registration = mock.registrations(.observe)[0]

        registration.emit("1")
        XCTAssertFalse(faulty.faults.callsOverlapped)
        for work in held.snapshot { work() }
        registration.emit("2")
        XCTAssertFalse(faulty.faults.callsOverlapped, "the delayed event arrived first")
        XCTAssertEqual(seen.snapshot, ["1", "2"])

        faulty.faults.replacePlan(plan)
        held.withLock { $0.removeAll() }
        registration.emit("3")
        registration.emit("4")
        XCTAssertTrue(faulty.faults.callsOverlapped, "4 was decided while 3 was on its way")
        for work in held.snapshot { work() }
        XCTAssertEqual(seen.snapshot, ["1", "2", "4", "3"])

        let other = MockSinkFeed()
        let again = FaultInjectingSinkFeed(wrapping: other, plan: plan, time: time)
        _ = again.observe("a", with: { _ in }, withCancel: nil)
        other.registrations(.observe)[0].emit("1")
        try await again.faults.perform("Feed", "other") {}
        XCTAssertTrue(again.faults.callsOverlapped, "a call started while the event was on its way")
    }
}
