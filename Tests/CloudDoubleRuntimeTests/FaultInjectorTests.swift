@_spi(Generated) import CloudDoubleRuntime
import Foundation
import XCTest

final class FaultInjectorTests: XCTestCase {
    struct Item: Error {}

    /// Runs `count` async calls of `call` through the injector; returns the error codes (0 = passed).
    func codes(_ faults: FaultInjector, call: String = "save", count: Int) async -> [Int] {
        var codes: [Int] = []
        for _ in 0..<count {
            do {
                try await faults.perform("Database", call) { () }
                codes.append(0)
            } catch {
                codes.append((error as NSError).code)
            }
        }
        return codes
    }

    func testOffByDefaultAndWhenDisabled() async {
        let faults = FaultInjector(errorModel: .cloudKit)
        let passed = await codes(faults, count: 3)
        XCTAssertEqual(passed, [0, 0, 0])
        faults.replacePlan(FaultPlan { FaultRule.fail(with: "zoneBusy") })
        faults.isEnabled = false
        let disabled = await codes(faults, count: 2)
        XCTAssertEqual(disabled, [0, 0])
        XCTAssertEqual(faults.events, [])
    }

    func testSameSeedSameFaults() async {
        func run(_ seed: UInt64) async -> [Int] {
            await codes(
                FaultInjector(plan: .randomFailures(rate: 0.5, delay: 0), seed: seed, errorModel: .cloudKit, time: VirtualClock().timeSource),
                count: 50)
        }
        let first = await run(7)
        let second = await run(7)
        let other = await run(8)
        XCTAssertEqual(first, second)
        XCTAssertNotEqual(first, other)
    }

    /// `.trait(.retryable)` draws only codes any call can get: never an asset or share code, as a
    /// whole call's failure or an item's, on a call that may carry no asset at all.
    func testTraitDrawsLeaveOutCodesOnlyParticularRequestsGet() async throws {
        let particular: Set<Int> = [16, 17, 29, 30, 33, 35, 37]
        let whole = FaultInjector(
            plan: FaultPlan { FaultRule(outcome: .fail(codes: [WeightedCode(.trait(.retryable))], retryAfter: nil)) }, seed: 3, errorModel: .cloudKit)
        let drawn = Set(await codes(whole, call: "modifyRecords", count: 2000))
        XCTAssertEqual(drawn, [3, 4, 6, 7, 23, 34], "every retryable code any call can get, and only those")
        let needsUser = FaultInjector(
            plan: FaultPlan { FaultRule(outcome: .fail(codes: [WeightedCode(.trait(.needsUser))], retryAfter: nil)) }, seed: 3, errorModel: .cloudKit)
        let userCodes = Set(await codes(needsUser, count: 2000))
        XCTAssertTrue(userCodes.isDisjoint(with: particular), "\(userCodes)")

        let items = FaultInjector(
            plan: FaultPlan { FaultRule(outcome: .failItems(ItemFailure(.rate(1), codes: [WeightedCode(.trait(.retryable))]))) }, seed: 3,
            errorModel: .cloudKit)
        let keys = (0..<200).map { "item-\($0)" }
        let _: [String: Result<Int, any Error>] = try await items.perform(
            "Database", "modifyRecords", request: { $0.request(keys, input: 0) }, merge: { $1.merged($0, input: 0) }
        ) { _ in [:] }
        let itemCodes = Set(items.events.flatMap(\.itemCodes))
        XCTAssertFalse(itemCodes.isEmpty)
        XCTAssertTrue(itemCodes.isDisjoint(with: particular), "\(itemCodes)")

        // Named, they are still injected.
        let named = FaultInjector(plan: FaultPlan { FaultRule.fail(with: "assetFileModified") }, errorModel: .cloudKit)
        let assetCodes = await codes(named, count: 1)
        XCTAssertEqual(assetCodes, [17])
    }

    func testObservedRateIsWithinTolerance() async {
        let faults = FaultInjector(plan: FaultPlan { FaultRule.fail(probability: 0.3, with: "networkFailure") }, seed: 11, errorModel: .cloudKit)
        let results = await codes(faults, count: 4000)
        let rate = Double(results.filter { $0 == 4 }.count) / 4000
        XCTAssertEqual(rate, 0.3, accuracy: 0.03)
    }

    func testSchedules() async {
        let faults = FaultInjector(
            plan: FaultPlan {
                FaultRule.fail(.named("save"), on: .nth(3), with: "zoneBusy", retryAfter: 2)
                FaultRule.fail(.named("fetch"), on: .calls(2...3), with: "networkFailure")
                FaultRule.fail(.named("delete"), on: .first(2), with: "serviceUnavailable")
            }, errorModel: .cloudKit)
        let saves = await codes(faults, call: "save", count: 5)
        let fetches = await codes(faults, call: "fetch", count: 5)
        let deletes = await codes(faults, call: "delete", count: 4)
        XCTAssertEqual(saves, [0, 0, 23, 0, 0])
        XCTAssertEqual(fetches, [0, 4, 4, 0, 0])
        XCTAssertEqual(deletes, [6, 6, 0, 0])
        XCTAssertEqual(faults.events.first?.effect, .failed(code: 23, retryAfter: 2))
        XCTAssertEqual(faults.events.map(\.call), ["save", "fetch", "fetch", "delete", "delete"])
    }

    func testRetryAfterOnlyOnRetryableCodesAndWeightedDraw() async {
        let faults = FaultInjector(
            plan: FaultPlan([
                FaultRule(
                    outcome: .fail(codes: [WeightedCode("quotaExceeded", weight: 1), WeightedCode("zoneBusy", weight: 3)], retryAfter: .range(1...2)))
            ]), seed: 5, errorModel: .cloudKit)
        _ = await codes(faults, count: 400)
        let events = faults.events
        let busy = events.filter { if case .failed(23, _) = $0.effect { return true } else { return false } }
        XCTAssertEqual(Double(busy.count) / 400, 0.75, accuracy: 0.07)
        for event in events {
            switch event.effect {
            case .failed(25, let retryAfter): XCTAssertNil(retryAfter)
            case .failed(23, let retryAfter?): XCTAssertTrue((1...2).contains(retryAfter))
            default: XCTFail("unexpected \(event)")
            }
        }
    }

    func testLatencyIsMeasuredOnTheInjectedClock() async throws {
        let clock = VirtualClock()
        let faults = FaultInjector(
            plan: FaultPlan { FaultRule.delay(by: FaultLatency(1, jitter: 0.5)) }, seed: 1, errorModel: .cloudKit, time: clock.timeSource)
        for _ in 0..<3 { try await faults.perform("Database", "save") { () } }
        XCTAssertEqual(clock.delays.count, 3)
        for delay in clock.delays { XCTAssertTrue((1...1.5).contains(delay)) }
        XCTAssertEqual(faults.events.map(\.effect), [.delayed, .delayed, .delayed])
    }

    func testCompletionFormsDeliverTheErrorAsynchronously() {
        let faults = FaultInjector(plan: FaultPlan { FaultRule.fail(with: "zoneBusy") }, errorModel: .cloudKit, time: VirtualClock().timeSource)
        let done = expectation(description: "fail delivered")
        let caller = ThreadBox(Thread.current)
        faults.complete(
            "Database", "save", .completion,
            fail: { error in
                XCTAssertFalse(Thread.current === caller.thread, "delivered on the caller's thread")
                XCTAssertEqual((error as NSError).code, 23)
                done.fulfill()
            }, proceed: { XCTFail("should not proceed") })
        wait(for: [done], timeout: 5)
    }

    func testPerItemFailuresByRateAndByName() async throws {
        let faults = FaultInjector(
            plan: FaultPlan {
                FaultRule.failItems(.named("fetchRecords"), ["b"], with: "unknownItem")
                FaultRule.failItems(.named("modify"), rate: 0.5, with: "networkFailure", topLevelPartialFailure: true)
            }, seed: 3, errorModel: .cloudKit)
        let requested = ["a", "b", "c"]
        let sent = Locked<[String]>([])
        let fetched: [String: Result<Int, any Error>] = try await faults.perform(
            "Database", "fetchRecords", request: { $0.request(requested, input: 0) }, merge: { $1.merged($0, input: 0) }
        ) { items in
            let kept = items.kept(requested, input: 0)
            sent.withLock { $0 = kept }
            return Dictionary(uniqueKeysWithValues: kept.map { ($0, Result<Int, any Error>.success(1)) })
        }
        XCTAssertEqual(sent.withLock { $0 }, ["a", "c"], "the failed item never reaches the wrapped call")
        XCTAssertNoThrow(try fetched["a"]!.get())
        XCTAssertThrowsError(try fetched["b"]!.get()) { XCTAssertEqual(($0 as NSError).code, 11) }
        XCTAssertEqual(faults.events.last?.items, ["b"])

        do {
            let keys = (0..<20).map { "item\($0)" }
            _ = try await faults.perform(
                "Database", "modify", request: { $0.request(keys, input: 0) },
                merge: { (value: [String: Result<Int, any Error>], items) in items.merged(value, input: 0) }
            ) { items in
                Dictionary(uniqueKeysWithValues: items.kept(keys, input: 0).map { ($0, Result<Int, any Error>.success(1)) })
            }
            XCTFail("a top-level partial failure was asked for")
        } catch {
            XCTAssertEqual((error as NSError).code, 2)
            let items = ErrorModel.cloudKit.partialErrors(of: error)
            XCTAssertFalse(items.isEmpty)
            XCTAssertEqual(items.count, faults.events.last?.items.count)
        }
    }

    func testHangUntilCancelledAndHungCompletions() async {
        let faults = FaultInjector(plan: FaultPlan { FaultRule.hang() }, errorModel: .cloudKit)
        let task = Task { try await faults.perform("Database", "save") { 1 } }
        try? await Task.sleep(nanoseconds: 20_000_000)
        task.cancel()
        let result = await task.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError) }

        let done = expectation(description: "released")
        faults.complete(
            "Database", "save", .completion,
            fail: { error in
                XCTAssertEqual((error as NSError).code, 20)
                done.fulfill()
            }, proceed: { XCTFail("hung call proceeded") })
        faults.cancelHungCalls()
        await fulfillment(of: [done], timeout: 5)
    }

    func testScopedPlanIsRestored() async {
        let faults = FaultInjector(errorModel: .cloudKit)
        let inside = await faults.withPlan(FaultPlan { FaultRule.cancel() }) { await codes(faults, count: 1) }
        XCTAssertEqual(inside, [20])
        let after = await codes(faults, count: 1)
        XCTAssertEqual(after, [0])
    }

    /// `FaultRule.cancel` injects the model's `cancelledCode`, whatever the catalogue calls it;
    /// a model without one gets Swift's `CancellationError`.
    func testCancelUsesTheModelsCancelledCode() async {
        let catalogue = ErrorCatalogue(
            domain: "Store",
            codes: [
                ErrorCodeInfo(rawValue: 9, name: "aborted", meaning: "Aborted.", isRetryable: false, appCanHandle: true, recovery: .giveUp),
                ErrorCodeInfo(
                    rawValue: 20, name: "operationCancelled", meaning: "Not the store's cancellation.", isRetryable: false, appCanHandle: true,
                    recovery: .giveUp),
            ])
        let store = FaultInjector(
            plan: FaultPlan { FaultRule.cancel() }, errorModel: ErrorModel(domain: "Store", catalogue: catalogue, cancelledCode: 9))
        let codes = await codes(store, count: 1)
        XCTAssertEqual(codes, [9])

        let without = FaultInjector(plan: FaultPlan { FaultRule.cancel() }, errorModel: ErrorModel(domain: "Store", catalogue: catalogue))
        do {
            try await without.perform("Database", "save") { () }
            XCTFail("a cancelled call fails")
        } catch {
            XCTAssertTrue(error is CancellationError, "without a cancelled code: \(error)")
        }
    }

    func testConcurrentCallersLoseNoLogEntries() async {
        let faults = FaultInjector(plan: FaultPlan { FaultRule.fail(probability: 0.5, with: "zoneBusy") }, seed: 9, errorModel: .cloudKit)
        let log = CallLog()
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for index in 0..<250 {
                        log.append(type: "Database", call: "save", form: .async, arguments: (worker, index))
                        _ = try? await faults.perform("Database", "save") { () }
                    }
                }
            }
        }
        XCTAssertEqual(log.count, 2000)
        XCTAssertEqual(log.records.map(\.sequence), Array(1...2000))
        XCTAssertEqual(faults.events.map(\.sequence), Array(1...faults.events.count))
        XCTAssertEqual(Double(faults.events.count) / 2000, 0.5, accuracy: 0.05)
    }
}

/// The lock-free pass-through: calls no rule's selector matches skip the lock, and must not
/// change what the rules count or when a new plan takes effect.
extension FaultInjectorTests {
    /// A rule counts every call its selector matches, also one an earlier rule fired on: before,
    /// the second rule skipped the call the first one failed and fired on the third save.
    func testEveryMatchingRuleCountsACallAnEarlierRuleFiredOn() async {
        let faults = FaultInjector(
            plan: FaultPlan {
                FaultRule.fail(.named("save"), on: .nth(1), with: "zoneBusy")
                FaultRule.fail(.named("save"), on: .nth(2), with: "networkFailure")
            }, errorModel: .cloudKit)
        let saves = await codes(faults, call: "save", count: 3)
        XCTAssertEqual(saves, [23, 4, 0])
    }

    /// Each event numbers its call among the calls of the same type, id and form, which is the
    /// `.nth` an explicit rule on that call needs.
    func testEventsNumberTheirCallPerCallAndForm() async {
        let faults = FaultInjector(plan: FaultPlan { FaultRule.fail(.type("Database"), on: .calls(2...6), with: "zoneBusy") }, errorModel: .cloudKit)
        for call in ["save", "fetch", "save", "fetch", "fetch", "save"] {
            _ = await codes(faults, call: call, count: 1)
        }
        XCTAssertEqual(faults.events.map { "\($0.call) \($0.callNumber)" }, ["fetch 1", "save 2", "fetch 2", "fetch 3", "save 3"])
        faults.replacePlan(FaultPlan { FaultRule.fail(with: "zoneBusy") })
        _ = await codes(faults, call: "save", count: 1)
        XCTAssertEqual(faults.events.last?.callNumber, 1, "a new plan numbers from 1")
    }

    /// Items named by their stable keys fail with their own codes, recorded in the event.
    func testItemsFailedByStableKeyWithTheirOwnCodes() async throws {
        let faults = FaultInjector(
            plan: FaultPlan {
                FaultRule.failItems(.named("modify"), on: .nth(2), keys: ["b": "zoneBusy", "c": "networkFailure"])
            }, errorModel: .cloudKit)
        let requested = ["a", "b", "c"]
        var answers: [[String: Int]] = []
        for _ in 0..<2 {
            let answer: [String: Result<Int, any Error>] = try await faults.perform(
                "Database", "modify", request: { $0.request(requested, input: 0) }, merge: { $1.merged($0, input: 0) }
            ) { items in
                Dictionary(uniqueKeysWithValues: items.kept(requested, input: 0).map { ($0, Result<Int, any Error>.success(1)) })
            }
            answers.append(answer.mapValues { result in (try? result.get()) != nil ? 0 : ((result.mapError { $0 as NSError }).failureCode ?? -1) })
        }
        XCTAssertEqual(answers, [["a": 0, "b": 0, "c": 0], ["a": 0, "b": 23, "c": 4]])
        XCTAssertEqual(faults.events.last?.items, ["b", "c"])
        XCTAssertEqual(faults.events.last?.itemCodes, [23, 4])
    }

    func testCallsNoSelectorMatchesDoNotCountTowardsSchedules() async {
        let faults = FaultInjector(
            plan: FaultPlan {
                FaultRule.fail(FaultSelector(call: "save"), on: .nth(3), with: "zoneBusy")
                FaultRule.fail(FaultSelector(type: "Zone", form: .completion), on: .nth(2), with: "networkFailure")
            }, errorModel: .cloudKit)
        var codes: [Int] = []
        for call in ["save", "fetch", "fetch", "save", "delete", "save", "save"] {
            do {
                try await faults.perform("Database", call) { () }
                codes.append(0)
            } catch {
                codes.append((error as NSError).code)
            }
        }
        XCTAssertEqual(codes, [0, 0, 0, 0, 0, 23, 0], "the third save, whatever came between")
        let delivered = Locked<[String]>([])
        let failedOnce = expectation(description: "the second Zone completion call fails")
        for (type, form) in [("Zone", CallForm.async), ("Database", .completion), ("Zone", .completion), ("Zone", .completion)] {
            faults.complete(
                type, "fetch", form,
                fail: { error in
                    delivered.withLock { $0.append("\(type)[\(form)] failed \((error as NSError).code)") }
                    failedOnce.fulfill()
                }, proceed: { delivered.withLock { $0.append("\(type)[\(form)]") } })
        }
        await fulfillment(of: [failedOnce], timeout: 5)
        XCTAssertEqual(Set(delivered.snapshot), ["Zone[async]", "Database[completion]", "Zone[completion]", "Zone[completion] failed 4"])
        XCTAssertEqual(faults.events.map { "\($0.type).\($0.call)[\($0.form)]" }, ["Database.save[async]", "Zone.fetch[completion]"])
    }

    func testPlanAndSwitchChangesTakeEffectOnTheNextCall() async {
        let faults = FaultInjector(errorModel: .cloudKit)
        let failSaves = FaultPlan { FaultRule.fail(FaultSelector(call: "save"), with: "zoneBusy") }
        var results: [Int] = []
        results += await codes(faults, count: 1)
        faults.replacePlan(failSaves)
        results += await codes(faults, count: 1)
        results += await codes(faults, call: "fetch", count: 1)
        faults.isEnabled = false
        results += await codes(faults, count: 1)
        faults.isEnabled = true
        results += await codes(faults, count: 1)
        let inside = await faults.withPlan(.none) { await codes(faults, count: 1) }
        results += inside
        results += await codes(faults, count: 1)
        faults.replacePlan(FaultPlan { FaultRule.fail(FaultSelector(call: "fetch"), with: "networkFailure") })
        results += await codes(faults, count: 1)
        results += await codes(faults, call: "fetch", count: 1)
        XCTAssertEqual(results, [0, 23, 0, 0, 23, 0, 23, 0, 4])
    }

    func testPlansSwappedWhileCallsRunLoseNothing() async {
        let faults = FaultInjector(errorModel: .cloudKit)
        let failSaves = FaultPlan { FaultRule.fail(FaultSelector(call: "save"), with: "zoneBusy") }
        let failed = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for index in 0..<500 {
                        do {
                            try await faults.perform("Database", index % 2 == 0 ? "save" : "fetch\(worker)") { () }
                        } catch {
                            XCTAssertEqual((error as NSError).code, 23)
                            failed.withLock { $0 += 1 }
                        }
                    }
                }
            }
            group.addTask {
                for round in 0..<200 {
                    faults.replacePlan(round % 2 == 0 ? failSaves : .none)
                    if round % 7 == 0 { faults.isEnabled.toggle() }
                    await Task.yield()
                }
            }
        }
        XCTAssertEqual(faults.events.count, failed.snapshot, "every failure is logged, once")
        XCTAssertTrue(faults.events.allSatisfy { $0.call == "save" })
    }
}

extension FaultInjectorTests {
    func testLatencyAndCancellationInCompletionForms() {
        let clock = VirtualClock()
        let faults = FaultInjector(
            plan: FaultPlan {
                FaultRule.delay(.named("fetch"), by: FaultLatency(2))
                FaultRule.cancel(.named("save"))
            }, errorModel: .cloudKit, time: clock.timeSource)
        let proceeded = expectation(description: "delayed call proceeds")
        faults.complete("Database", "fetch", .completion, fail: { _ in XCTFail("should proceed") }, proceed: { proceeded.fulfill() })
        let cancelled = expectation(description: "cancelled")
        faults.complete(
            "Database", "save", .result,
            fail: { error in
                XCTAssertEqual((error as NSError).code, 20)
                cancelled.fulfill()
            }, proceed: { XCTFail("should be cancelled") })
        wait(for: [proceeded, cancelled], timeout: 5)
        XCTAssertEqual(clock.delays.first, 2)
        XCTAssertEqual(faults.events.map(\.effect), [.delayed, .cancelled])
    }

    func testResultFormPerItemRewriteAndTopLevelPartialFailure() {
        let faults = FaultInjector(
            plan: FaultPlan {
                FaultRule.failItems(.named("fetchRecords"), ["b"], with: "unknownItem", topLevelPartialFailure: true)
            }, errorModel: .cloudKit)
        let done = expectation(description: "delivered")
        faults.complete(
            "Database", "fetchRecords", .result,
            deliver: { (result: Result<[String: Result<Int, any Error>], any Error>) in
                guard case .failure(let error) = result else { return XCTFail("expected a partial failure") }
                XCTAssertEqual((error as NSError).code, 2)
                XCTAssertEqual(ErrorModel.cloudKit.partialErrors(of: error).keys.map { $0 as? String }, ["b"])
                done.fulfill()
            }, request: { $0.request(["a", "b"], input: 0) }, merge: { value, items in items.merged(value, input: 0) },
            proceed: { items, deliver in
                deliver(.success(Dictionary(uniqueKeysWithValues: items.kept(["a", "b"], input: 0).map { ($0, .success(1)) })))
            })
        wait(for: [done], timeout: 5)
    }

    func testAnAtomicGroupFailsTogetherAndIsNotSent() async throws {
        // "b" fails; "a" shares its group (zone 1), so it gets the batch error and is not sent
        // either; "c" (zone 2) and "d" (the group that is never atomic) go through.
        let faults = FaultInjector(plan: FaultPlan { FaultRule.failItems(.named("modify"), ["b"], with: "zoneBusy") }, errorModel: .cloudKit)
        let zones = ["a": 1, "b": 1, "c": 2, "d": 0]
        let sent = Locked<[String]>([])
        let result: [String: Result<Int, any Error>] = try await faults.perform(
            "Database", "modify",
            request: { $0.request(["a", "b", "c", "d"], input: 0, atomic: AtomicGroups(by: \.zone, except: 0, error: "batchRequestFailed")) },
            merge: { $1.merged($0, input: 0) }
        ) { items in
            let kept = items.kept(["a", "b", "c", "d"], input: 0)
            sent.withLock { $0 = kept }
            return Dictionary(uniqueKeysWithValues: kept.map { ($0, Result<Int, any Error>.success(zones[$0]!)) })
        }
        XCTAssertEqual(sent.withLock { $0 }, ["c", "d"])
        XCTAssertEqual(ErrorModel.cloudKit.code(of: result["b"]!.failureValue!), 23)
        XCTAssertEqual(ErrorModel.cloudKit.code(of: result["a"]!.failureValue!), 22)
        XCTAssertNil(result["c"]!.failureValue)
        XCTAssertNil(result["d"]!.failureValue)
    }

    func testNoItemRuleSendsTheRequestUnchanged() async throws {
        let faults = FaultInjector(plan: FaultPlan { FaultRule.fail(.named("other"), with: "zoneBusy") }, errorModel: .cloudKit)
        let items = ["a", "b"]
        let sent: [String] = try await faults.perform(
            "Database", "modify", request: { _ in XCTFail("no item rule fired") }, merge: { value, _ in value }
        ) { $0.kept(items, input: 0) }
        XCTAssertEqual(sent, items)
    }
}

extension String {
    /// The group of a test item (0 is the group that is never atomic).
    fileprivate var zone: Int { ["a": 1, "b": 1, "c": 2, "d": 0][self] ?? 0 }
}

extension Result {
    fileprivate var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

struct ThreadBox: @unchecked Sendable {
    let thread: Thread
    init(_ thread: Thread) { self.thread = thread }
}

extension Result where Failure == NSError {
    fileprivate var failureCode: Int? {
        if case .failure(let error) = self { return error.code }
        return nil
    }
}
