import CloudDoubleRuntime
import CloudDoubleTestSupport
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// Every form of a call through a fault wrapper with a cassette: recorded over a real object
/// (the made-up KitchenSink SDK, or the in-memory CloudKit), with the faults the app saw, then
/// replayed over a mock that nothing stubs, which must never be reached.
final class CassetteWrapperFormTests: XCTestCase {
    private lazy var folder = temporaryFolder()

    private static let sinkErrors = ErrorModel(domain: "KitchenSinkSDK")

    /// Runs `app` over a recording wrapper of the real SDK object, then over a replaying wrapper
    /// of an unstubbed mock; returns both observations and the cassette's lines.
    private func roundTrip<T>(
        _ plan: FaultPlan = .none, _ app: (any SinkSettings) async throws -> T
    ) async throws -> (recorded: T, replayed: T, cassette: [CassetteInteraction]) {
        let file = folder.appendingPathComponent("sink.jsonl")
        let recorder = try Cassette(file: file, mode: .record, codecs: .standard)
        let store = SettingsStore()
        try await store.store("stored", in: "k")
        let recording = FaultInjectingSinkSettings(
            wrapping: LiveSinkSettings(store), faults: FaultInjector(plan: plan, errorModel: Self.sinkErrors, cassette: recorder))
        let recorded = try await app(recording)
        try recorder.finish()

        let player = try Cassette(file: file, mode: .playback, codecs: .standard)
        let nothingBehind = MockSinkSettings()
        let replaying = FaultInjectingSinkSettings(wrapping: nothingBehind, faults: FaultInjector(errorModel: Self.sinkErrors, cassette: player))
        let replayed = try await app(replaying)
        try player.finish()
        XCTAssertEqual(nothingBehind.log.count, 0, "playback never reached the wrapped object: \(nothingBehind.log.records.map(\.call))")
        return (recorded, replayed, player.interactions)
    }

    func testACompletionHandlerFormRoundTripsItsValueAndAnInjectedFault() async throws {
        let plan = FaultPlan([FaultRule.fail(.named("value", form: .completion), on: .nth(2), with: .raw(7))])
        let (recorded, replayed, cassette) = try await roundTrip(plan) { settings -> [String] in
            var seen: [String] = []
            for key in ["k", "k", "none"] {
                seen.append(
                    await withCheckedContinuation { done in
                        settings.value(for: key) { value, error in done.resume(returning: "\(value ?? "nil") \((error as NSError?)?.code ?? 0)") }
                    })
            }
            return seen
        }
        XCTAssertEqual(recorded, ["stored 0", "nil 7", "nil 0"])
        XCTAssertEqual(replayed, recorded)
        XCTAssertEqual(cassette.map(\.form), ["completion", "completion", "completion"])
    }

    func testAnErrorOnlyCompletionHandlerFormRoundTrips() async throws {
        let plan = FaultPlan([FaultRule.fail(.named("store", form: .completion), on: .nth(1), with: .raw(9))])
        let (recorded, replayed, cassette) = try await roundTrip(plan) { settings -> [Int] in
            var codes: [Int] = []
            for value in ["a", "b"] {
                codes.append(
                    await withCheckedContinuation { done in
                        settings.store(value, in: "k", overwrite: true) { error in done.resume(returning: (error as NSError?)?.code ?? 0) }
                    })
            }
            return codes
        }
        XCTAssertEqual(recorded, [9, 0])
        XCTAssertEqual(replayed, recorded)
        XCTAssertEqual(
            cassette.map(\.arguments),
            [
                .object(["value": .string("a"), "key": .string("k"), "overwrite": .bool(true)]),
                .object(["value": .string("b"), "key": .string("k"), "overwrite": .bool(true)]),
            ])
    }

    func testAResultFormRoundTrips() async throws {
        let plan = FaultPlan([FaultRule.fail(.named("reset", form: .result), on: .nth(2), with: .raw(3))])
        let (recorded, replayed, cassette) = try await roundTrip(plan) { settings -> [String] in
            var seen: [String] = []
            for _ in 0..<2 {
                seen.append(
                    await withCheckedContinuation { done in
                        settings.reset { result in
                            switch result {
                            case .success: done.resume(returning: "ok")
                            case .failure(let error): done.resume(returning: "failed \((error as NSError).code)")
                            }
                        }
                    })
            }
            return seen
        }
        XCTAssertEqual(recorded, ["ok", "failed 3"])
        XCTAssertEqual(replayed, recorded)
        XCTAssertEqual(cassette.map(\.form), ["result", "result"])
    }

    func testASynchronousFormRoundTrips() async throws {
        let (recorded, replayed, cassette) = try await roundTrip { settings in [settings.repeat(3), settings.repeat(5)] }
        XCTAssertEqual(recorded, [3, 5], "the SDK's answers (the unstubbed mock says 0)")
        XCTAssertEqual(replayed, recorded)
        XCTAssertEqual(cassette.map(\.form), ["sync", "sync"])
    }

    func testPropertyReadsRoundTrip() async throws {
        let (recorded, replayed, cassette) = try await roundTrip { settings in "\(settings.isEnabled) \(settings.default)" }
        XCTAssertEqual(recorded, "true fallback", "the SDK's values (the unstubbed mock says false and \"\")")
        XCTAssertEqual(replayed, recorded)
        XCTAssertEqual(cassette.map { "\($0.call) \($0.form)" }, ["isEnabled get", "default get"], "named as the mocks name them, without backticks")
    }

    /// A line is placed when its call is made, so a slow answer does not move it after a later call.
    func testLinesKeepTheOrderOfTheCallsNotOfTheirAnswers() async throws {
        let plan = FaultPlan([FaultRule.delay(.named("value", form: .completion), on: .nth(1), by: FaultLatency(0.2))])
        let (recorded, replayed, cassette) = try await roundTrip(plan) { settings -> [String] in
            let seen = Trace()
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                let remaining = Locked(2)
                let one = { @Sendable (line: String) in
                    seen.add(line)
                    if remaining.withLock({
                        $0 -= 1
                        return $0
                    }) == 0 {
                        done.resume()
                    }
                }
                settings.value(for: "k") { value, _ in one("slow \(value ?? "nil")") }
                settings.value(for: "none") { value, _ in one("quick \(value ?? "nil")") }
            }
            return seen.lines.sorted()
        }
        XCTAssertEqual(replayed, recorded)
        XCTAssertEqual(cassette.map(\.arguments), [.string("k"), .string("none")])
    }

    // MARK: CloudKit's forms

    private func cloudKitRoundTrip<T>(
        _ plan: FaultPlan = .none, prepare: (MockCloudDatabase) async throws -> Void = { _ in },
        _ app: (any CloudContainer) async throws -> T
    ) async throws -> (recorded: T, replayed: T, cassette: [CassetteInteraction]) {
        let file = folder.appendingPathComponent("cloudkit.jsonl")
        let recorder = try Cassette(file: file, mode: .record, codecs: .cloudKit)
        let service = InMemoryCloudKit().mockContainer(delivery: .immediate)
        try await prepare(service.privateCloudDatabase as! MockCloudDatabase)
        let recording = FaultInjectingCloudContainer(wrapping: service, faults: FaultInjector(plan: plan, errorModel: .cloudKit, cassette: recorder))
        let recorded = try await app(recording)
        try recorder.finish()

        let player = try Cassette(file: file, mode: .playback, codecs: .cloudKit)
        let nothingBehind = MockCloudContainer(delivery: .immediate)
        let replaying = FaultInjectingCloudContainer(wrapping: nothingBehind, faults: FaultInjector(errorModel: .cloudKit, cassette: player))
        let replayed = try await app(replaying)
        try player.finish()
        let reached = nothingBehind.log.records.map(\.call).filter { $0 != "privateCloudDatabase" }
        XCTAssertEqual(reached, [], "playback never reached the wrapped object")
        return (recorded, replayed, player.interactions)
    }

    /// `(CKAccountStatus, Error?)`: with an error the SDK passes `.couldNotDetermine`, and so does the replay.
    func testAValueWithAnErrorValueRoundTrips() async throws {
        let plan = FaultPlan([FaultRule.fail(.named("accountStatus", form: .completion), on: .nth(1), with: "networkUnavailable")])
        let (recorded, replayed, _) = try await cloudKitRoundTrip(plan) { container -> [String] in
            var seen: [String] = []
            for _ in 0..<2 {
                seen.append(
                    await withCheckedContinuation { done in
                        container.accountStatus { status, error in done.resume(returning: "\(status.rawValue) \(describe(error))") }
                    })
            }
            return seen
        }
        XCTAssertEqual(recorded, ["\(CKAccountStatus.couldNotDetermine.rawValue) networkUnavailable", "\(CKAccountStatus.available.rawValue) ok"])
        XCTAssertEqual(replayed, recorded)
    }

    /// A per-item `Result` form, with an item fault and an item the service does not have.
    func testAPerItemResultFormRoundTripsItemFailures() async throws {
        let plan = FaultPlan([FaultRule.failItems(.named("fetchRecords", form: .result), [CKRecord.ID(recordName: "b")], with: "zoneBusy")])
        let (recorded, replayed, cassette) = try await cloudKitRoundTrip(
            plan,
            prepare: { database in
                for name in ["a", "b"] { _ = try await database.save(CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: name))) }
            }
        ) { container -> [String] in
            let ids = ["a", "b", "gone"].map { CKRecord.ID(recordName: $0) }
            return await withCheckedContinuation { done in
                container.privateCloudDatabase.fetch(withRecordIDs: ids, desiredKeys: nil) { result in
                    switch result {
                    case .success(let items): done.resume(returning: items.map { "\($0.key.recordName) \(describe($0.value))" }.sorted())
                    case .failure(let error): done.resume(returning: [describe(error)])
                    }
                }
            }
        }
        XCTAssertEqual(recorded, ["a ok", "b zoneBusy", "gone unknownItem"])
        XCTAssertEqual(replayed, recorded)
        XCTAssertEqual(cassette.map(\.form), ["result"])
    }

    func testCloudKitPropertyReadsRoundTrip() async throws {
        let (recorded, replayed, _) = try await cloudKitRoundTrip { container in
            "\(container.containerIdentifier ?? "nil") \(container.privateCloudDatabase.databaseScope.rawValue)"
        }
        XCTAssertEqual(replayed, recorded)
        XCTAssertTrue(recorded.hasSuffix(" \(CKDatabase.Scope.private.rawValue)"), recorded)
    }
}
