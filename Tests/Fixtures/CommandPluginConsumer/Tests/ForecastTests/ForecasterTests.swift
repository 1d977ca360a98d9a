import XCTest

@testable import Forecast

final class ForecasterTests: XCTestCase {
    func testTheCheckedInMockAnswers() async throws {
        let weather = MockAppWeather()
        weather.stub(.temperature, .value(2))
        let summary = try await Forecaster(weather: weather).summary(for: "Oslo")
        XCTAssertEqual(summary, "Oslo: cold")
        XCTAssertEqual(weather.arguments(.temperature), ["Oslo"])
    }
}
