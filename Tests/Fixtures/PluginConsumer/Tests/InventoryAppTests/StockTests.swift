import XCTest

@testable import InventoryApp

/// The build plugin generates this test target's mocks of an internal description with
/// `@testable import InventoryApp`, so they can conform to the internal protocol.
final class StockTests: XCTestCase {
    func testTheMockOfAnInternalDescriptionWorks() async throws {
        let store = MockInventoryStore()
        store.stub(.value, .value("7"))
        let count = try await Stock(store: store).count(of: "apples")
        XCTAssertEqual(count, 7)
        XCTAssertEqual(store.arguments(.value), ["apples"])
    }
}
