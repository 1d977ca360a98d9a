/// App code: talks to the generated (internal) protocol, never to the SDK class.
struct Forecaster {
    let weather: any AppWeather

    func summary(for city: String) async throws -> String {
        let degrees = try await weather.temperature(in: city)
        return degrees < 5 ? "\(city): cold" : "\(city): mild"
    }
}
