@testable import CloudDoubleGenerator
import XCTest

/// A large description holds tens of thousands of calls, parameters and forms, so the size of
/// each model value is the generator's memory (docs/Benchmarks.md: 3,000 types within 100 MB).
/// Rare, large optional fields are held out of line; these sizes were 280, 216, 200 and 49 bytes.
final class ModelSizeTests: XCTestCase {
    func testModelValuesHoldRareFieldsOutOfLine() {
        XCTAssertLessThanOrEqual(MemoryLayout<Call>.size, 144)
        XCTAssertLessThanOrEqual(MemoryLayout<Parameter>.size, 120)
        XCTAssertLessThanOrEqual(MemoryLayout<CallFormSpec>.size, 112)
        XCTAssertLessThanOrEqual(MemoryLayout<DeclaredType>.size, 32)
    }

    func testAnOutOfLineFieldIsAValue() {
        let location = SourceLocation(line: 1, column: 1)
        var parameter = Parameter(
            label: Located("_", location), name: Located("records", location), type: DeclaredType(Located("[String]", location)),
            defaultValue: nil, defaultLocation: nil, items: nil)
        XCTAssertNil(parameter.items)
        parameter.items = ItemInput(source: Located("records", location), result: nil, key: Located("recordID", location), location: location)
        let copy = parameter
        parameter.items?.key = nil
        XCTAssertEqual(copy.items?.key?.value, "recordID", "setting a field of one copy leaves the other as it was")
        XCTAssertNil(parameter.items?.key)
        XCTAssertEqual(parameter.items?.source.value, "records")
        parameter.items = nil
        XCTAssertNil(parameter.items)
        XCTAssertNotNil(copy.items)
    }

    func testADeclaredTypeKeepsItsParseOrItsProblem() {
        let location = SourceLocation(line: 1, column: 1)
        XCTAssertEqual(DeclaredType(Located("Swift.Optional<Int>", location)).model?.canonical, .optional(.nominal([.init(name: "Int", arguments: [])])))
        let broken = DeclaredType(Located("[Int", location))
        XCTAssertNil(broken.model)
        guard case .failure(let problem) = broken.parsed else { return XCTFail("\"[Int\" is not a type") }
        XCTAssertFalse(problem.reason.isEmpty)
    }
}
