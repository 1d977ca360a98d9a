import CloudDoubleCatalogue
@_spi(Generated) import CloudDoubleRuntime
import Foundation
import XCTest

/// An error model whose SDK throws Swift types of its own, as the AWS SDK for Swift does.
final class SwiftErrorCodeTests: XCTestCase {
    struct NotFound: Error {}
    struct UnknownServiceError: Error { var typeName: String }

    let model = ErrorModel(
        domain: "Service",
        catalogue: ErrorCatalogue(
            domain: "Service",
            codes: [
                ErrorCodeInfo(
                    rawValue: 1, name: "notFound", meaning: "Not found.", isRetryable: false, isThrottling: false, needsUserAction: false,
                    appCanHandle: false, defaultRetryAfter: nil, recovery: .giveUp),
                ErrorCodeInfo(
                    rawValue: 2, name: "slowDown", meaning: "Slow down.", isRetryable: true, isThrottling: true, needsUserAction: false,
                    appCanHandle: true, defaultRetryAfter: 3, recovery: .retry),
                ErrorCodeInfo(
                    rawValue: 3, name: "busy", meaning: "Busy.", isRetryable: true, isThrottling: false, needsUserAction: false, appCanHandle: true,
                    defaultRetryAfter: nil, recovery: .retry),
            ]),
        swiftErrors: [
            SwiftErrorCode(code: 1, make: { NotFound() }, recognises: { $0 is NotFound }),
            SwiftErrorCode(
                code: 2, make: { UnknownServiceError(typeName: "SlowDown") }, recognises: { ($0 as? UnknownServiceError)?.typeName == "SlowDown" }),
        ])

    /// Before: every error the model made was an `NSError`, which `catch is NotFound` misses.
    func testErrorsOfSwiftCodesAreTheSDKsOwnAndOtherCodesStayInTheDomain() {
        XCTAssertTrue(model.error(1) is NotFound)
        XCTAssertEqual((model.error(2) as? UnknownServiceError)?.typeName, "SlowDown")
        XCTAssertTrue(model.error(named: "notFound") is NotFound)
        let busy = model.error(3) as NSError
        XCTAssertEqual(busy.domain, "Service")
        XCTAssertEqual(busy.code, 3)
    }

    /// Before: the SDK's real `SlowDown` was not in the model's domain, so it was `.other` and not
    /// retried; and a retry loop tested against injected NSErrors gave up at once in production.
    func testRealSDKErrorsAreClassifiedByTheCatalogue() {
        XCTAssertEqual(model.code(of: UnknownServiceError(typeName: "SlowDown")), 2)
        XCTAssertNil(model.code(of: UnknownServiceError(typeName: "Other")), "another error of the same type is not this code's")
        let slowDown = model.diagnose(UnknownServiceError(typeName: "SlowDown"))
        XCTAssertEqual(slowDown.kind, .service(code: 2, info: model.catalogue[2]))
        XCTAssertTrue(slowDown.isRetryable)
        XCTAssertTrue(slowDown.isThrottling)
        XCTAssertEqual(slowDown.retryAfter, 3, "the catalogue's default retry-after")
        XCTAssertFalse(model.diagnose(NotFound()).isRetryable)
        XCTAssertEqual(model.diagnose(UnknownServiceError(typeName: "Other")).kind, .other)
    }

    func testRetryingRetriesARealSDKErrorTheCatalogueCallsRetryable() async throws {
        let clock = VirtualClock()
        let attempts = Locked(0)
        let value = try await retrying(RetryPolicy(maxAttempts: 3, errorModel: model), time: clock.timeSource, random: RandomSource(seed: 1)) {
            attempt in
            attempts.withLock { $0 += 1 }
            if attempt < 3 { throw UnknownServiceError(typeName: "SlowDown") }
            return "done"
        }
        XCTAssertEqual(value, "done")
        XCTAssertEqual(attempts.snapshot, 3)
        XCTAssertEqual(clock.delays.count, 2)
        XCTAssertTrue(clock.delays.allSatisfy { $0 >= 3 }, "the catalogue's retry-after is honoured: \(clock.delays)")
    }

    /// Before: events said `failed 1`, the error's NSError code, whatever the code was named.
    func testFaultEventsNameTheCodesTheyInject() async {
        let faults = FaultInjector(plan: FaultPlan { FaultRule.fail(with: "notFound") }, errorModel: model)
        do {
            try await faults.perform("Table", "getItem") { () }
            XCTFail("the call succeeded")
        } catch {
            XCTAssertTrue(error is NotFound, "\(error)")
        }
        XCTAssertEqual(faults.events.first?.effect, .failed(code: 1, retryAfter: nil))
        XCTAssertTrue(faults.events.first?.description.hasSuffix("failed notFound (1)") ?? false, "\(faults.events)")
    }

    /// Before: a recorded Swift error was written as its bridged NSError and replayed as an
    /// `NSError`, which `catch is NotFound` misses.
    func testCassettesRecordTheSDKsSwiftErrorsByCodeAndReplayThemAsTheSDKs() throws {
        var codecs = CassetteCodecs()
        codecs.register(errorModel: model)
        let recorded = codecs.encodeError(UnknownServiceError(typeName: "SlowDown"))
        XCTAssertEqual(recorded["domain"]?.stringValue, "Service")
        XCTAssertEqual(recorded["code"]?.intValue, 2)
        XCTAssertEqual((try codecs.decodeError(recorded) as? UnknownServiceError)?.typeName, "SlowDown")
        XCTAssertTrue(try codecs.decodeError(codecs.encodeError(NotFound())) is NotFound)
        let other = try codecs.decodeError(codecs.encodeError(model.error(3))) as NSError
        XCTAssertEqual(other.code, 3, "codes without a Swift error stay NSErrors")
    }
}
