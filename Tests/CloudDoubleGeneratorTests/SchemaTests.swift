@testable import CloudDoubleGenerator
import Foundation
import XCTest

/// The JSON Schema in docs/ must describe exactly the keys the decoder accepts.
final class SchemaTests: XCTestCase {
    func keys(_ object: [String: Any]) -> Set<String> {
        Set((object["properties"] as? [String: Any] ?? [:]).keys)
    }

    func testSchemaListsExactlyTheDecodersKeys() throws {
        let url = Paths.root.appendingPathComponent("docs/clouddouble-description.schema.json")
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let defs = try XCTUnwrap(schema["$defs"] as? [String: [String: Any]])
        XCTAssertEqual(keys(schema), Set(DescriptionKeys.description))
        XCTAssertEqual(keys(defs["type"]!), Set(DescriptionKeys.type))
        XCTAssertEqual(keys(defs["property"]!), Set(DescriptionKeys.property))
        XCTAssertEqual(keys(defs["call"]!), Set(DescriptionKeys.call))
        XCTAssertEqual(keys(defs["parameter"]!), Set(DescriptionKeys.parameter))
        XCTAssertEqual(keys(defs["handlerForm"]!), Set(DescriptionKeys.form))
        XCTAssertEqual(keys(defs["plainForm"]!), Set(DescriptionKeys.form).subtracting(DescriptionKeys.handlerOnly))
        XCTAssertEqual(keys(defs["errorModel"]!), Set(DescriptionKeys.errorModel))
        XCTAssertEqual(keys(defs["operation"]!), Set(DescriptionKeys.operation))
        XCTAssertEqual(keys(defs["stream"]!), Set(DescriptionKeys.stream))
        XCTAssertEqual(keys(defs["field"]!), Set(DescriptionKeys.field))
        XCTAssertEqual(keys(defs["operationResult"]!), Set(DescriptionKeys.operationResult))
        XCTAssertEqual(keys(defs["block"]!), Set(DescriptionKeys.block))
        XCTAssertEqual(keys(defs["binding"]!), Set(DescriptionKeys.binding))
        XCTAssertEqual(keys(defs["omitted"]!), Set(DescriptionKeys.omitted))
        let roles = try XCTUnwrap((defs["block"]!["properties"] as? [String: [String: Any]])?["role"]?["enum"] as? [String])
        XCTAssertEqual(roles, BlockRole.allCases.map(\.rawValue))
        let actions = try XCTUnwrap((defs["call"]!["properties"] as? [String: [String: Any]])?["store"]?["enum"] as? [String])
        XCTAssertEqual(actions, StoreAction.allCases.map(\.rawValue))
        let forms = try XCTUnwrap((defs["call"]!["properties"] as? [String: [String: Any]])?["forms"])
        XCTAssertEqual(keys(forms), Set(FormKind.allCases.map(\.rawValue)))
        let catalogue = try XCTUnwrap((defs["errorModel"]!["properties"] as? [String: [String: Any]])?["catalogue"]?["oneOf"] as? [[String: Any]])
        let code = try XCTUnwrap(catalogue.last?["items"] as? [String: Any])
        XCTAssertEqual(keys(code), Set(DescriptionKeys.errorCode))
    }
}
