import Foundation

/// A small third-party SDK, thread-safe as SDK classes are.
public final class ForecastService: Sendable {
    public init() {}

    public var region: String { "eu" }

    public func temperature(in city: String) async throws -> Double { 21 }

    public func fetchTemperature(in city: String, completionHandler: @escaping @Sendable (Double?, (any Error)?) -> Void) {
        completionHandler(21, nil)
    }

    public func temperatures(in cities: [String]) async throws -> [String: Result<Double, any Error>] {
        Dictionary(uniqueKeysWithValues: cities.map { ($0, .success(21)) })
    }
}

public let ForecastErrorDomain = "ForecastErrorDomain"

extension ForecastService {
    /// Reports progress on the main actor, as UI-facing SDK calls do.
    public func watch(in city: String, progress: @escaping @MainActor @Sendable (Double) -> Void) async throws -> Double {
        await progress(1)
        return 21
    }

    public func watch(
        in city: String, progress: @escaping @MainActor @Sendable (Double) -> Void,
        completionHandler: @escaping @Sendable (Double?, (any Error)?) -> Void
    ) {
        Task { @MainActor in
            progress(1)
            completionHandler(21, nil)
        }
    }

    public var onChange: (@MainActor @Sendable () -> Void)? {
        get { nil }
        set {}
    }
}

/// A station the SDK hands out and takes back several at a time (no public initialiser): the
/// description mirrors it, hashable by the kept object, so that it keys the answer.
public final class WeatherStation: Hashable, Sendable {
    public let name: String

    init(name: String) { self.name = name }

    public static func == (lhs: WeatherStation, rhs: WeatherStation) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension ForecastService {
    public func station(named name: String) async throws -> WeatherStation { WeatherStation(name: name) }

    public func readings(at stations: [WeatherStation]) async throws -> [WeatherStation: Result<Double, any Error>] {
        Dictionary(stations.map { ($0, .success(21)) }, uniquingKeysWith: { first, _ in first })
    }
}
