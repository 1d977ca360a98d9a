import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import ForecastSDK

/// App code as a new app writes it: main-actor isolated by default (no annotation), talking to
/// the generated protocols of its own SDK and to the ready-made CloudKit ones.
public final class ForecastModel {
    public private(set) var temperatures: [String: Double] = [:]
    public private(set) var lastSaved: CKRecord.ID?
    let forecast: any CloudForecast
    let database: any CloudDatabase

    public init(forecast: any CloudForecast, database: any CloudDatabase) {
        self.forecast = forecast
        self.database = database
    }

    /// The production wiring: live adapters over the real SDK objects.
    public convenience init(service: ForecastService, container: CKContainer) {
        self.init(forecast: LiveCloudForecast(service), database: LiveCloudContainer(container).privateCloudDatabase)
    }

    /// Reads a city's temperature, with retries, and keeps it.
    public func refresh(_ city: String, time: TimeSource = .system) async throws {
        let policy = RetryPolicy(maxAttempts: 3, errorModel: ErrorModel.forecast)
        let forecast = self.forecast
        let value = try await retrying(policy, time: time) { _ in try await forecast.temperature(in: city) }
        temperatures[city] = value
    }

    /// The completion-handler form, as older code calls it.
    public func refreshLater(_ city: String, then done: @escaping @Sendable (Double?) -> Void) {
        forecast.fetchTemperature(in: city) { value, _ in done(value) }
    }

    /// Reads several cities; the ones that fail are left out.
    public func refreshAll(_ cities: [String]) async throws {
        for (city, result) in try await forecast.temperatures(in: cities) {
            if case .success(let value) = result { temperatures[city] = value }
        }
    }

    /// Saves the reading as a CloudKit record.
    public func save(_ city: String) async throws {
        let record = CKRecord(recordType: "Reading")
        record["city"] = city
        record["celsius"] = temperatures[city]
        lastSaved = try await database.save(record).recordID
    }

    /// The region, a property of the SDK.
    public var region: String { forecast.region }
}
