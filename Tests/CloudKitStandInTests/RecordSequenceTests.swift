import CloudKit
import XCTest

/// `CKRecord` is a sequence of its keys and values, as Apple's overlay declares it.
final class RecordSequenceTests: XCTestCase {
    func testIteratingARecordVisitsEachKeyWithItsValue() {
        let record = CKRecord(recordType: "Note")
        record["title"] = "Groceries"
        record["count"] = 3
        var visited: [String: String] = [:]
        for (key, value) in record { visited[key] = "\(value)" }
        XCTAssertEqual(visited, ["title": "Groceries", "count": "3"])
    }
}
