import Foundation
import XCTest

@testable import CloudDoubleGenerator

/// The JSON Schema in docs/ must describe exactly the keys the decoder accepts.
final class SchemaTests: XCTestCase {
    func keys(_ object: [String: Any]) -> Set<String> {
        Set((object["properties"] as? [String: Any] ?? [:]).keys)
    }

    func keys<Key: ObjectKey>(_: Key.Type) -> Set<String> {
        Set(Key.allCases.map(\.rawValue))
    }

    func testSchemaListsExactlyTheDecodersKeys() throws {
        let url = Paths.root.appendingPathComponent("docs/clouddouble-description.schema.json")
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let defs = try XCTUnwrap(schema["$defs"] as? [String: [String: Any]])
        XCTAssertEqual(keys(schema), keys(DescriptionKey.self))
        XCTAssertEqual(keys(defs["type"]!), keys(TypeKey.self))
        XCTAssertEqual(keys(defs["property"]!), keys(PropertyKey.self))
        XCTAssertEqual(keys(defs["call"]!), keys(CallKey.self))
        XCTAssertEqual(keys(defs["parameter"]!), keys(ParameterKey.self))
        let streamOnly = FormKey.streamOnly.map(\.rawValue)
        XCTAssertEqual(keys(defs["handlerForm"]!), keys(FormKey.self).subtracting(streamOnly))
        XCTAssertEqual(keys(defs["plainForm"]!), keys(FormKey.self).subtracting(FormKey.handlerOnly.map(\.rawValue)).subtracting(streamOnly))
        XCTAssertEqual(
            keys(defs["streamForm"]!),
            keys(FormKey.self).subtracting(FormKey.handlerOnly.map(\.rawValue)).subtracting(["throws", "discardableResult"]))
        XCTAssertEqual(keys(defs["errorModel"]!), keys(ErrorModelKey.self))
        XCTAssertEqual(keys(defs["operation"]!), keys(OperationKey.self))
        XCTAssertEqual(keys(defs["stream"]!), keys(StreamKey.self))
        XCTAssertEqual(keys(defs["field"]!), keys(FieldKey.self))
        XCTAssertEqual(keys(defs["operationResult"]!), keys(OperationResultKey.self))
        XCTAssertEqual(keys(defs["block"]!), keys(BlockKey.self))
        XCTAssertEqual(keys(defs["binding"]!), keys(BindingKey.self))
        XCTAssertEqual(keys(defs["omitted"]!), keys(OmittedKey.self))
        XCTAssertEqual(keys(defs["mirror"]!), keys(MirrorKey.self))
        XCTAssertEqual(keys(defs["mirrorMember"]!), keys(MirrorMemberKey.self))
        XCTAssertEqual(keys(defs["listener"]!), keys(ListenerKey.self))
        XCTAssertEqual(keys(defs["genericParameter"]!), keys(GenericParameterKey.self))
        let roles = try XCTUnwrap((defs["block"]!["properties"] as? [String: [String: Any]])?["role"]?["enum"] as? [String])
        XCTAssertEqual(roles, BlockRole.allCases.map(\.rawValue))
        let actions = try XCTUnwrap((defs["call"]!["properties"] as? [String: [String: Any]])?["store"]?["enum"] as? [String])
        XCTAssertEqual(actions, StoreAction.allCases.map(\.rawValue))
        let forms = try XCTUnwrap((defs["call"]!["properties"] as? [String: [String: Any]])?["forms"])
        XCTAssertEqual(keys(forms), Set(FormKind.allCases.map(\.rawValue)))
        let catalogue = try XCTUnwrap((defs["errorModel"]!["properties"] as? [String: [String: Any]])?["catalogue"]?["oneOf"] as? [[String: Any]])
        let code = try XCTUnwrap(catalogue.last?["items"] as? [String: Any])
        XCTAssertEqual(keys(code), keys(ErrorCodeKey.self))
        XCTAssertEqual(keys(defs["swiftError"]!), keys(SwiftErrorKey.self))
    }
}
