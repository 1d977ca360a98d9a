import CloudDoubleRuntime
import Foundation
import XCTest

final class RetryPolicyTests: XCTestCase {
    let model = ErrorModel.cloudKit

    func schedule(seed: UInt64) async throws -> [Double] {
        let clock = VirtualClock()
        let attempts = Locked(0)
        _ = try? await retrying(
            RetryPolicy(maxAttempts: 5, baseDelay: 1, errorModel: .cloudKit), time: clock.timeSource, random: RandomSource(seed: seed)
        ) { _ in
            attempts.withLock { $0 += 1 }
            throw self.model.error(4)
        }
        XCTAssertEqual(attempts.snapshot, 5)
        return clock.delays
    }

    func testSeededScheduleIsReproducibleAndFullJitterWithinCaps() async throws {
        let first = try await schedule(seed: 42)
        let second = try await schedule(seed: 42)
        XCTAssertEqual(first, second)
        XCTAssertEqual(first.count, 4)
        for (index, delay) in first.enumerated() {
            XCTAssertGreaterThanOrEqual(delay, 0)
            XCTAssertLessThanOrEqual(delay, min(20, pow(2, Double(index))))
        }
        let other = try await schedule(seed: 43)
        XCTAssertNotEqual(first, other)
    }

    func testServerRetryAfterIsHonouredAndClamped() async throws {
        let clock = VirtualClock()
        let policy = RetryPolicy(maxAttempts: 3, baseDelay: 0.01, retryAfterBounds: 0...10, errorModel: .cloudKit)
        let result = try await retrying(policy, time: clock.timeSource, random: RandomSource(seed: 1)) { attempt in
            if attempt == 1 { throw self.model.error(7, retryAfter: 4) }
            if attempt == 2 { throw self.model.error(23, retryAfter: 600) }
            return "ok"
        }
        XCTAssertEqual(result, "ok")
        XCTAssertEqual(clock.delays, [4, 10])
    }

    func testStopsAtOnceOnNonRetryableErrors() async {
        let clock = VirtualClock()
        let attempts = Locked(0)
        do {
            _ = try await retrying(RetryPolicy(errorModel: .cloudKit), time: clock.timeSource) { _ in
                attempts.withLock { $0 += 1 }
                throw self.model.error(14)
            }
            XCTFail("should throw")
        } catch {
            XCTAssertEqual(model.code(of: error), 14)
        }
        XCTAssertEqual(attempts.snapshot, 1)
        XCTAssertEqual(clock.delays, [])
    }

    func testAnEmptyBudgetFailsFast() async {
        let budget = RetryBudget(capacity: 15, retryCost: 5, throttledRetryCost: 10)
        let policy = RetryPolicy(maxAttempts: 10, baseDelay: 0, budget: budget, errorModel: .cloudKit)
        let attempts = Locked(0)
        _ = try? await retrying(policy, time: VirtualClock().timeSource) { _ in
            attempts.withLock { $0 += 1 }
            throw self.model.error(23)
        }
        XCTAssertEqual(attempts.snapshot, 2, "one throttled retry costs 10 of 15 tokens; the next cannot be paid")
        XCTAssertEqual(budget.available, 5)
        budget.refund()
        XCTAssertEqual(budget.available, 6)
    }

    func testCompletionHandlerTwin() {
        let model = self.model
        let done = expectation(description: "completion")
        let attempts = Locked(0)
        retrying(
            RetryPolicy(maxAttempts: 3, baseDelay: 0, errorModel: .cloudKit), time: VirtualClock().timeSource, random: RandomSource(seed: 3),
            operation: { (attempt: Int, reply: @escaping @Sendable (Result<Int, any Error>) -> Void) in
                attempts.withLock { $0 += 1 }
                reply(attempt < 3 ? .failure(model.error(3)) : .success(attempt))
            },
            completion: { result in
                XCTAssertEqual(try? result.get(), 3)
                done.fulfill()
            })
        wait(for: [done], timeout: 5)
        XCTAssertEqual(attempts.snapshot, 3)
    }

    func testRetryOnlyTheFailedItems() {
        let results: [String: Result<Int, any Error>] = [
            "ok": .success(1), "offline": .failure(model.error(4)), "conflict": .failure(model.error(14)), "busy": .failure(model.error(23)),
        ]
        XCTAssertEqual(Set(model.itemsToRetry(in: results)), ["offline", "busy"])
    }

    func testSplitOnLimitExceeded() async throws {
        let sent = Locked<[[Int]]>([])
        let results = try await model.splittingOnLimitExceeded(Array(1...8)) { batch in
            sent.withLock { $0.append(batch) }
            if batch.count > 3 { throw self.model.error(27) }
            return batch.reduce(0, +)
        }
        XCTAssertEqual(results, [3, 7, 11, 15])
        XCTAssertEqual(sent.snapshot, [[1, 2, 3, 4, 5, 6, 7, 8], [1, 2, 3, 4], [1, 2], [3, 4], [5, 6, 7, 8], [5, 6], [7, 8]])
        XCTAssertTrue(model.isLimitExceeded(model.partialFailure(["a": model.error(27)])))
        do {
            _ = try await model.splittingOnLimitExceeded([1, 2]) { _ in throw self.model.error(25) } as [Int]
            XCTFail("other errors are rethrown")
        } catch {
            XCTAssertEqual(model.code(of: error), 25)
        }
    }

    /// The runtime knows no code by name: a model whose catalogue names its codes otherwise gets
    /// the splitting from its `requestTooLargeCode`; one without it sends once and rethrows.
    func testSplittingFollowsTheModelsRequestTooLargeCode() async throws {
        let catalogue = ErrorCatalogue(
            domain: "Store",
            codes: [
                ErrorCodeInfo(rawValue: 7, name: "payloadTooBig", meaning: "Too big.", isRetryable: false, appCanHandle: true, recovery: .splitBatch),
                ErrorCodeInfo(
                    rawValue: 27, name: "limitExceeded", meaning: "Not the store's 'too large'.", isRetryable: false, appCanHandle: true,
                    recovery: .giveUp),
            ])
        let store = ErrorModel(domain: "Store", catalogue: catalogue, requestTooLargeCode: 7)
        let sent = Locked<[[Int]]>([])
        let results = try await store.splittingOnLimitExceeded(Array(1...4)) { batch in
            sent.withLock { $0.append(batch) }
            if batch.count > 2 { throw store.error(7) }
            return batch.count
        }
        XCTAssertEqual(results, [2, 2])
        XCTAssertEqual(sent.snapshot, [[1, 2, 3, 4], [1, 2], [3, 4]])
        XCTAssertFalse(store.isLimitExceeded(store.error(27)), "a code named limitExceeded means nothing unless the model says so")

        let without = ErrorModel(domain: "Store", catalogue: catalogue)
        XCTAssertFalse(without.isLimitExceeded(without.error(7)))
        let attempts = Locked(0)
        do {
            _ =
                try await without.splittingOnLimitExceeded([1, 2, 3, 4]) { _ in
                    attempts.withLock { $0 += 1 }
                    throw without.error(7)
                } as [Int]
            XCTFail("without a request-too-large code the error is rethrown")
        } catch {
            XCTAssertEqual(without.code(of: error), 7)
        }
        XCTAssertEqual(attempts.snapshot, 1, "without a request-too-large code the batch is sent once, whole")
    }
}
