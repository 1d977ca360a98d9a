@_spi(Generated) import CloudDoubleRuntime
import Foundation
import XCTest

/// The generic presets pick codes by trait from the catalogue of the SDK at hand.
final class FaultPresetTests: XCTestCase {
    /// A made-up SDK's error model: two network codes, one throttling code, one that needs the
    /// user and one with no trait at all.
    static let store = ErrorModel(
        domain: "StoreErrorDomain",
        catalogue: ErrorCatalogue(
            domain: "StoreErrorDomain",
            codes: [
                ErrorCodeInfo(
                    rawValue: 101, name: "offline", meaning: "No connection.", isRetryable: true, isNetworkFailure: true, appCanHandle: true,
                    recovery: .retry),
                ErrorCodeInfo(
                    rawValue: 102, name: "dropped", meaning: "The answer was lost.", isRetryable: true, isNetworkFailure: true, appCanHandle: true,
                    recovery: .retry),
                ErrorCodeInfo(
                    rawValue: 103, name: "slowDown", meaning: "Too many requests.", isRetryable: true, isThrottling: true, appCanHandle: true,
                    defaultRetryAfter: 2, recovery: .retry),
                ErrorCodeInfo(
                    rawValue: 104, name: "denied", meaning: "Access denied.", isRetryable: false, needsUserAction: true, appCanHandle: false,
                    recovery: .askUser),
                ErrorCodeInfo(rawValue: 105, name: "broken", meaning: "Broken.", isRetryable: false, appCanHandle: false, recovery: .giveUp),
            ]), retryAfterKey: "StoreRetryAfter")

    /// The same SDK without a network code.
    static let offlineless = ErrorModel(
        domain: "QuietErrorDomain",
        catalogue: ErrorCatalogue(
            domain: "QuietErrorDomain",
            codes: [
                ErrorCodeInfo(
                    rawValue: 1, name: "busy", meaning: "Busy.", isRetryable: true, isThrottling: true, appCanHandle: true, recovery: .retry)
            ]))

    /// The domain and code of each of `count` calls' errors (`nil`: the call went through).
    func outcomes(_ faults: FaultInjector, count: Int) async -> [(domain: String, code: Int)?] {
        var outcomes: [(domain: String, code: Int)?] = []
        for _ in 0..<count {
            do {
                try await faults.perform("Store", "put") { () }
                outcomes.append(nil)
            } catch {
                outcomes.append(((error as NSError).domain, (error as NSError).code))
            }
        }
        return outcomes
    }

    func testFlakyNetworkDrawsOnlyTheModelsNetworkCodes() async {
        let faults = FaultInjector(
            plan: .flakyNetwork(failureRate: 1, latency: FaultLatency(0)), seed: 4, errorModel: Self.store, time: VirtualClock().timeSource)
        let failures = await outcomes(faults, count: 200).compactMap { $0 }
        XCTAssertEqual(failures.count, 200)
        XCTAssertEqual(Set(failures.map(\.domain)), ["StoreErrorDomain"])
        XCTAssertEqual(Set(failures.map(\.code)), [101, 102], "both network codes, nothing else")
        let offline = failures.filter { $0.code == 101 }.count
        XCTAssertEqual(Double(offline) / 200, 0.5, accuracy: 0.1, "drawn uniformly among the trait's codes")
    }

    func testThrottledDrawsTheThrottlingCodeWithARetryAfter() async {
        let faults = FaultInjector(plan: .throttled(rate: 1, retryAfter: .range(1...5)), seed: 2, errorModel: Self.store)
        let failures = await outcomes(faults, count: 50).compactMap { $0 }
        XCTAssertEqual(Set(failures.map(\.code)), [103])
        for event in faults.events {
            guard case .failed(103, let retryAfter?) = event.effect else { return XCTFail("unexpected \(event)") }
            XCTAssertTrue((1...5).contains(retryAfter))
        }
    }

    func testRandomFailuresDefaultToTheRetryableCodesAndKeepExplicitCodes() async {
        let byTrait = FaultInjector(plan: .randomFailures(rate: 1, delay: 0), seed: 8, errorModel: Self.store)
        let drawn = Set(await outcomes(byTrait, count: 300).compactMap { $0?.code })
        XCTAssertEqual(drawn, [101, 102, 103], "every retryable code of the catalogue, and only those")

        let named = FaultInjector(plan: .randomFailures(rate: 1, delay: 0, codes: ["denied", 105]), seed: 8, errorModel: Self.store)
        let explicit = Set(await outcomes(named, count: 100).compactMap { $0?.code })
        XCTAssertEqual(explicit, [104, 105])
    }

    func testATraitCanBeNamedInAnyRule() async {
        let faults = FaultInjector(
            plan: FaultPlan {
                FaultRule.fail(FaultSelector(call: "put"), on: .nth(1), with: .trait(.needsUser))
                FaultRule(
                    FaultSelector(call: "put"),
                    outcome: .fail(codes: [WeightedCode(.trait(.network), weight: 1), WeightedCode("broken", weight: 1)], retryAfter: nil))
            }, seed: 1, errorModel: Self.store)
        let codes = await outcomes(faults, count: 100).map { $0?.code }
        XCTAssertEqual(codes.first, 104)
        XCTAssertEqual(Set(codes.dropFirst().compactMap { $0 }), [101, 102, 105])
    }

    func testTheSameSeedDrawsTheSameCodes() async {
        func run(_ seed: UInt64) async -> [Int?] {
            let faults = FaultInjector(plan: .flakyNetwork(failureRate: 0.5, latency: FaultLatency(0)), seed: seed, errorModel: Self.store)
            return await outcomes(faults, count: 60).map { $0?.code }
        }
        let first = await run(21)
        let again = await run(21)
        let other = await run(22)
        XCTAssertEqual(first, again)
        XCTAssertNotEqual(first, other)
    }

    func testCloudKitsNetworkCodes() async {
        XCTAssertEqual(ErrorCatalogue.cloudKit.codes(with: .network).map(\.name), ["networkUnavailable", "networkFailure", "serverResponseLost"])
        let faults = FaultInjector(plan: .flakyNetwork(failureRate: 1, latency: FaultLatency(0)), seed: 3, errorModel: .cloudKit)
        let codes = Set(await outcomes(faults, count: 200).compactMap { $0?.code })
        XCTAssertEqual(codes, [3, 4, 34])
        XCTAssertEqual(
            ErrorCatalogue.cloudKit.codes(with: .throttling).map(\.name), ["serviceUnavailable", "requestRateLimited", "zoneBusy"])
    }

    func testAMissingTraitIsReportedWhenThePlanMeetsTheModel() {
        XCTAssertNoThrow(try FaultPlan.flakyNetwork().validate(for: Self.store))
        XCTAssertNoThrow(try FaultPlan.throttled().validate(for: Self.offlineless))
        XCTAssertThrowsError(try FaultPlan.flakyNetwork().validate(for: Self.offlineless)) { error in
            let problem = error as? FaultPlanError
            XCTAssertEqual(problem?.rule, 0)
            XCTAssertEqual(
                problem?.message,
                "Fault rule 0 (*.*[*]) draws an error code with the trait 'network', but the catalogue of QuietErrorDomain has no such code. "
                    + "Mark one in the catalogue (`\"network\": true` on an error code of the description), or name the codes the rule should use.")
        }
        XCTAssertThrowsError(try FaultPlan.randomFailures(rate: 1).validate(for: ErrorModel(domain: "Empty"))) { error in
            XCTAssertTrue("\(error)".contains("'retryable'") && "\(error)".contains("Empty"), "\(error)")
        }
        XCTAssertThrowsError(try FaultPlan { FaultRule.fail(with: "zoneBusy") }.validate(for: Self.store)) { error in
            XCTAssertEqual(
                "\(error)", "Fault rule 0 (*.*[*]) names the error code 'zoneBusy', which the catalogue of StoreErrorDomain does not have.")
        }
        XCTAssertThrowsError(try FaultPlan { FaultRule.fail() }.validate(for: Self.store)) { error in
            XCTAssertEqual("\(error)", "Fault rule 0 (*.*[*]) fails calls but lists no error codes to fail them with.")
        }
    }
}
