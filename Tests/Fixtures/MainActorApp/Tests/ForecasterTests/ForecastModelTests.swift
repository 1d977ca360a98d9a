import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import ForecastSDK
import Foundation
import Testing

#if STRICT
    @testable import ForecasterStrict
#else
    @testable import Forecaster
#endif

/// Tests as a new app's test target has them (Swift Testing; on the main actor, as the app's code
/// is): the generated mocks and fault wrappers of the app's own description, and the CloudKit
/// products.
@MainActor
struct ForecastModelTests {
    @Test func retriesAnInjectedFaultThroughTheFaultWrapper() async throws {
        let mock = MockCloudForecast()
        mock.stub(.temperature, .value(18))
        let faulty = FaultInjectingCloudForecast(
            wrapping: mock, plan: FaultPlan { FaultRule.fail(.call(CloudForecastCall.temperature), on: .nth(1), with: "offline") }, seed: 1)
        let model = ForecastModel(forecast: faulty, database: MockCloudDatabase())

        try await model.refresh("Oslo", time: VirtualClock().timeSource)

        #expect(model.temperatures["Oslo"] == 18)
        #expect(mock.callCount(.temperature) == 1, "the first call failed in the fault wrapper, the retry reached the mock")
        #expect(faulty.faults.events.count == 1)
    }

    @Test func completionFormThroughTheFaultWrapper() async {
        let mock = MockCloudForecast()
        mock.stub(.temperature, .value(7))
        let faulty = FaultInjectingCloudForecast(wrapping: mock, plan: .none)
        let model = ForecastModel(forecast: faulty, database: MockCloudDatabase())
        let value = await withCheckedContinuation { continuation in
            model.refreshLater("Rome") { continuation.resume(returning: $0) }
        }
        #expect(value == 7)
    }

    @Test func perItemFaultsFailChosenCities() async throws {
        let mock = MockCloudForecast()
        mock.stub(.temperatures, .handler { cities in Dictionary(uniqueKeysWithValues: cities.map { ($0, .success(20)) }) })
        let faulty = FaultInjectingCloudForecast(
            wrapping: mock, plan: FaultPlan { FaultRule.failItems(.call(CloudForecastCall.temperatures), ["Rome"], with: "offline") }, seed: 3)
        let model = ForecastModel(forecast: faulty, database: MockCloudDatabase())

        try await model.refreshAll(["Oslo", "Rome"])

        #expect(model.temperatures == ["Oslo": 20], "Rome failed")
        #expect(mock.arguments(.temperatures) == [["Oslo"]], "the failed city never reached the SDK")
    }

    @Test func savesThroughTheReadyMadeCloudKitMock() async throws {
        let database = MockCloudDatabase()
        let model = ForecastModel(forecast: MockCloudForecast(), database: database)
        database.stub(.saveRecord, .handler { record in record })
        try await model.save("Oslo")
        #expect(model.lastSaved != nil)
        #expect(database.callCount(.saveRecord) == 1)
    }

    @Test func propertyIsForwarded() {
        let mock = MockCloudForecast()
        mock.stub(.region, .value("us"))
        #expect(ForecastModel(forecast: FaultInjectingCloudForecast(wrapping: mock, plan: .none), database: MockCloudDatabase()).region == "us")
    }

    /// Closures isolated to the main actor, as an SDK's UI-facing calls take them: the fault
    /// wrapper forwards them, the mock records them for the test to call, in both forms, and a
    /// settable property of such a closure type round-trips.
    @Test func mainActorClosuresPassThroughTheDoubles() async throws {
        let mock = MockCloudForecast()
        mock.stub(.watch, .value(3))
        let faulty = FaultInjectingCloudForecast(wrapping: mock, plan: .none)
        let seen = Seen()

        #expect(try await faulty.watch(in: "Oslo") { seen.values.append($0) } == 3)
        let value = await withCheckedContinuation { continuation in
            faulty.watch(in: "Rome", progress: { seen.values.append($0 * 10) }) { value, _ in continuation.resume(returning: value) }
        }
        #expect(value == 3)
        for arguments in mock.arguments(.watch) { arguments.progress(0.5) }
        #expect(seen.values == [0.5, 5])
        #expect(mock.arguments(.watch).map(\.city) == ["Oslo", "Rome"])

        faulty.onChange = { seen.values.append(-1) }
        mock.onChange?()
        #expect(seen.values == [0.5, 5, -1])
    }
}

/// What main-actor closures saw (main-actor isolated, as the app's code is).
@MainActor
final class Seen {
    var values: [Double] = []
}
