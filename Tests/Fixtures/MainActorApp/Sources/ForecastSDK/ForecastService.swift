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
