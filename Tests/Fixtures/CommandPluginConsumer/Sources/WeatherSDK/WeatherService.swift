/// A tiny third-party SDK: the weather service the app talks to.
public final class WeatherService: @unchecked Sendable {
    public init() {}

    public func temperature(in city: String) async throws -> Double { 0 }
}
