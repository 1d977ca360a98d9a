import CloudDoubleRuntime
import CloudDoubleTestSupport
import Foundation
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// The parts of the format CloudKit's surface does not use, driven through the generated code.
final class KitchenSinkTests: XCTestCase {
    func testSettablePropertiesAreRecordedAndReadBack() {
        let mock = MockSinkSettings()
        XCTAssertFalse(mock.isEnabled, "Bool defaults to false")
        mock.isEnabled = true
        XCTAssertTrue(mock.isEnabled)
        XCTAssertEqual(mock.default, "")
        XCTAssertEqual(mock.log.records.map { "\($0.call) \($0.form)" }, ["isEnabled get", "isEnabled set", "isEnabled get", "default get"])

        let live = LiveSinkSettings(SettingsStore())
        live.isEnabled = false
        XCTAssertFalse(live.base.isEnabled)
        XCTAssertEqual(live.default, "fallback")
    }

    /// An `@escaping` closure parameter is recorded with the call: the test calls it, as the SDK
    /// would, to drive the app's progress handling.
    func testTheMockKeepsAClosureParameterForTheTestToCall() async throws {
        let mock = MockSinkSettings()
        mock.stub(.backUp, .value(3))
        let seen = Locked<[Double]>([])
        let count = try await mock.backUp(to: "nightly", progress: { value in seen.withLock { $0.append(value) } })
        XCTAssertEqual(count, 3)
        let recorded = try XCTUnwrap(mock.arguments(.backUp).first)
        XCTAssertEqual(recorded.name, "nightly")
        recorded.progress(0.5)
        recorded.progress(1)
        XCTAssertEqual(seen.snapshot, [0.5, 1])

        let live = LiveSinkSettings(SettingsStore())
        let reported = Locked<[Double]>([])
        _ = try await live.backUp(to: "n", progress: { value in reported.withLock { $0.append(value) } })
        XCTAssertEqual(reported.snapshot, [0, 1], "the live adapter hands the closure to the SDK")
    }

    func testVoidResultsInEveryFormAndCustomHandlerLabels() async throws {
        let mock = MockSinkSettings(delivery: .immediate)
        try await mock.store("v", in: "k")
        let called = Locked(false)
        mock.store("w", in: "k", overwrite: false) { error in called.withLock { $0 = error == nil } }
        XCTAssertTrue(called.snapshot, "the handler was called, without an error")
        XCTAssertEqual(mock.arguments(.store).map(\.overwrite), [true, false], "the default argument reached the mock")
        let reset = Locked(false)
        mock.reset { result in if case .success = result { reset.withLock { $0 = true } } }
        XCTAssertTrue(reset.snapshot)
        mock.stub(.value, .value("x"))
        let value = Locked<String?>(nil)
        mock.value(for: "k") { found, _ in value.withLock { $0 = found } }
        XCTAssertEqual(value.snapshot, "x")
        XCTAssertEqual(mock.repeat(3), 0, "a sync call defaults its Int result")
        mock.stub(.repeatCount, .handler { $0 * 2 })
        XCTAssertEqual(mock.repeat(3), 6)
    }

    /// `"handlerOrder": "errorFirst"`: every artifact calls the handler error first, as the SDK
    /// does, whether its value is optional (`entry`) or not (`count`, `-1` with an error).
    func testErrorFirstHandlersGetTheErrorFirstInEveryArtifact() async {
        let mock = MockSinkSettings(delivery: .immediate)
        mock.stub(.entry, .value("x"))
        mock.stub(.entryCount, .error(NSError(domain: "sink", code: 5)))
        let entry = Locked<String?>(nil)
        mock.entry(for: "k") { error, value in entry.withLock { $0 = error == nil ? value : "error" } }
        XCTAssertEqual(entry.snapshot, "x")
        let count = Locked<(code: Int?, value: Int)?>(nil)
        mock.count { error, value in count.withLock { $0 = ((error as NSError?)?.code, value) } }
        XCTAssertEqual(count.snapshot?.code, 5)
        XCTAssertEqual(count.snapshot?.value, -1, "the description's errorValue goes with the error")

        let faulty = FaultInjectingSinkSettings(wrapping: mock, plan: FaultPlan { FaultRule.fail(.call(SinkSettingsCall.entry), with: 7) })
        let failed = expectation(description: "entry failed")
        faulty.entry(for: "k") { error, value in
            XCTAssertEqual((error as NSError?)?.code, 7)
            XCTAssertNil(value)
            failed.fulfill()
        }
        mock.stub(.entryCount, .value(3))
        let passed = expectation(description: "count passed through")
        faulty.count { error, value in
            XCTAssertNil(error)
            XCTAssertEqual(value, 3)
            passed.fulfill()
        }
        await fulfillment(of: [failed, passed], timeout: 5)

        let store = SettingsStore()
        let live = LiveSinkSettings(store)
        try? await live.store("v", in: "k")
        let read = Locked<String?>(nil)
        live.entry(for: "k") { error, value in read.withLock { $0 = error == nil ? value : "error" } }
        XCTAssertEqual(read.snapshot, "v", "the live adapter hands the handler to the SDK as it is")
    }

    /// `"throws": true` on a sync form: the mock throws a stubbed error, a fault rule fails the
    /// call at once without calling the wrapped object, the live adapter passes the SDK's errors
    /// (typed ones too) through.
    func testSynchronousFormsThatThrow() throws {
        let mock = MockSinkSettings()
        XCTAssertEqual(try mock.parse("1"), 0, "unstubbed, the Int default")
        mock.stub(.parse, .error(NSError(domain: "sink", code: 4)))
        XCTAssertThrowsError(try mock.parse("1")) { XCTAssertEqual(($0 as NSError).code, 4) }
        mock.stub(.parse, .value(3))
        try mock.check("k")
        XCTAssertEqual(mock.arguments(.check).map(\.strict), [false], "the default argument reached the mock")

        let faulty = FaultInjectingSinkSettings(wrapping: mock, plan: FaultPlan { FaultRule.fail(.call(SinkSettingsCall.parse), with: 9) })
        XCTAssertThrowsError(try faulty.parse("2")) { XCTAssertEqual(($0 as NSError).code, 9) }
        XCTAssertEqual(mock.callCount(.parse), 2, "the failed call did not reach the mock")
        XCTAssertNoThrow(try faulty.check("k", strict: true), "a call no rule selects is forwarded")
        XCTAssertEqual(faulty.faults.events.map(\.call), ["parse"])

        let live = LiveSinkSettings(SettingsStore())
        XCTAssertEqual(try live.parse("12"), 12)
        XCTAssertThrowsError(try live.parse("x")) { XCTAssertTrue($0 is SettingsStore.NotANumber) }
        XCTAssertThrowsError(try live.check("missing", strict: true)) { XCTAssertTrue($0 is SettingsStore.NotANumber, "the SDK's typed error") }
    }

    /// A call that returns a value and also takes a completion (Firestore's
    /// `addDocument(data:completion:) -> DocumentReference`) is a `sync` form whose handler is a
    /// parameter: the mock returns the stub at once and keeps the handler for the test to call.
    func testACallThatReturnsAValueAndTakesACompletion() throws {
        let mock = MockSinkSettings()
        mock.stub(.add, .value("k7"))
        let reported = Locked<Int?>(nil)
        XCTAssertEqual(mock.add("v") { error in reported.withLock { $0 = (error as NSError?)?.code ?? 0 } }, "k7")
        XCTAssertEqual(mock.add("w"), "k7", "the overload without the handler passes nil")
        let recorded = try XCTUnwrap(mock.arguments(.add).first?.completion)
        recorded(NSError(domain: "sink", code: 2))
        XCTAssertEqual(reported.snapshot, 2, "the test reports completion to the app's handler")
        XCTAssertNil(mock.arguments(.add).last?.completion)

        let live = LiveSinkSettings(SettingsStore())
        let completed = Locked(false)
        XCTAssertEqual(live.add("v") { error in completed.withLock { $0 = error == nil } }, "k0")
        XCTAssertTrue(completed.snapshot)
    }

    /// `returnsRef` on an `async` form: the live adapter wraps the SDK object it gets (one adapter
    /// per object), a fault wrapper wraps its wrapped result under the same faults, a mock hands
    /// out one child mock per arguments for the test to stub.
    func testAnAsyncCallReturnsADescribedType() async throws {
        let mock = MockSinkSettings()
        let general = try await mock.section(named: "general")
        XCTAssertTrue(general is MockSinkSection)
        let again = try await mock.section(named: "general")
        XCTAssertTrue(general === again, "one child mock per arguments")
        (general as! MockSinkSection).stub(.name, .value("General"))
        let stubbed = try await mock.section(named: "general")
        XCTAssertEqual(stubbed.name, "General")
        let other = try await mock.section(named: "other")
        XCTAssertFalse(other === general)

        let faulty = FaultInjectingSinkSettings(
            wrapping: mock, plan: FaultPlan { FaultRule.fail(.call(SinkSettingsCall.section), on: .nth(2), with: 6) })
        let wrapped = try await faulty.section(named: "general")
        XCTAssertTrue(wrapped is FaultInjectingSinkSection)
        XCTAssertEqual(wrapped.name, "General", "the wrapper forwards to the child mock")
        await XCTAssertThrowsErrorAsync(try await faulty.section(named: "general"))

        let live = LiveSinkSettings(SettingsStore())
        let section = try await live.section(named: "live")
        XCTAssertEqual((section as? LiveSinkSection)?.base.name, "live")
        XCTAssertEqual(section.name, "live")
    }

    /// The same through a completion handler: the handler gets the wrapped object.
    func testACompletionHandlerGetsADescribedType() async throws {
        let mock = MockSinkSettings(delivery: .immediate)
        let child = try await mock.section(named: "general") as! MockSinkSection
        child.stub(.name, .value("General"))
        let delivered = Locked<(any SinkSection)?>(nil)
        mock.section(named: "general") { section, _ in delivered.withLock { $0 = section } }
        XCTAssertTrue(delivered.snapshot === child, "the completion form hands out the async form's child mock")

        let faulty = FaultInjectingSinkSettings(wrapping: mock, plan: FaultPlan())
        let wrapped: String? = await withCheckedContinuation { done in
            faulty.section(named: "general") { section, _ in done.resume(returning: (section is FaultInjectingSinkSection) ? section?.name : nil) }
        }
        XCTAssertEqual(wrapped, "General", "the fault wrapper wraps the child it gets")

        let live = LiveSinkSettings(SettingsStore())
        let name = Locked<String?>(nil)
        live.section(named: "live") { section, _ in name.withLock { $0 = (section as? LiveSinkSection)?.base.name } }
        XCTAssertEqual(name.snapshot, "live")
    }

    func testFaultWrapperFailsVoidCallsInEveryForm() async {
        let mock = MockSinkSettings()
        let faulty = FaultInjectingSinkSettings(wrapping: mock, plan: FaultPlan { FaultRule.fail(.call(SinkSettingsCall.reset), with: 7) })
        await XCTAssertThrowsErrorAsync(try await faulty.reset())
        let done = expectation(description: "result delivered")
        faulty.reset { result in
            if case .failure(let error) = result { XCTAssertEqual((error as NSError).code, 7) }
            done.fulfill()
        }
        await fulfillment(of: [done], timeout: 5)
        XCTAssertEqual(mock.callCount(.reset), 0)
        XCTAssertEqual(faulty.repeat(4), 0, "sync calls pass through to the mock")
        XCTAssertEqual(mock.callCount(.repeatCount), 1)
    }

    /// An error model without a `cancelledCode`: a cancelled call throws Swift's
    /// `CancellationError` (docs/DescriptionFormat.md, "Error model").
    func testACancelledCallOfAModelWithoutACancelledCodeThrowsCancellationError() async {
        let mock = MockSinkSettings()
        let faulty = FaultInjectingSinkSettings(wrapping: mock, plan: FaultPlan { FaultRule.cancel(.call(SinkSettingsCall.reset)) })
        do {
            try await faulty.reset()
            XCTFail("the cancelled reset succeeded")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertEqual(mock.callCount(.reset), 0)
    }

    /// Codes with a `swiftError` are injected as the SDK's own Swift errors, and the SDK's real
    /// errors are read back to their codes. Before: the injected error was an `NSError` that
    /// `catch is SettingsBusy` missed, and a real `SlowDown` was not retryable.
    func testInjectedErrorsAreTheSDKsOwnAndRealOnesAreClassified() async {
        let mock = MockSinkSettings()
        let faulty = FaultInjectingSinkSettings(
            wrapping: mock,
            plan: FaultPlan {
                FaultRule.fail(.call(SinkSettingsCall.reset), on: .first(1), with: "busy")
                FaultRule.fail(.call(SinkSettingsCall.reset), with: "slowDown")
            })
        do {
            try await faulty.reset()
            XCTFail("the reset succeeded")
        } catch is SettingsBusy {
        } catch {
            XCTFail("not the SDK's own error: \(error)")
        }
        do {
            try await faulty.reset()
            XCTFail("the reset succeeded")
        } catch let error as UnknownSettingsError {
            XCTAssertEqual(error.typeName, "SlowDown")
        } catch {
            XCTFail("not the SDK's own error: \(error)")
        }
        XCTAssertEqual(faulty.faults.events.map(\.effect), [.failed(code: 1, retryAfter: nil), .failed(code: 2, retryAfter: nil)])

        let model = ErrorModel.kitchenSink
        XCTAssertEqual(model.code(of: UnknownSettingsError(typeName: "SlowDown")), 2)
        XCTAssertNil(model.code(of: UnknownSettingsError(typeName: "Teapot")))
        XCTAssertTrue(model.diagnose(SettingsBusy()).isThrottling)
        XCTAssertTrue(model.diagnose(UnknownSettingsError(typeName: "SlowDown")).isRetryable)
        XCTAssertFalse(model.diagnose(UnknownSettingsError(typeName: "Teapot")).isRetryable)
    }
}
