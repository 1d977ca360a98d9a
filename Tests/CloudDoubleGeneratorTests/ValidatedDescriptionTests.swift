import XCTest

@testable import CloudDoubleGenerator

/// Validation returns the description resolved: what translators read instead of working it out
/// again. (Only `Validator.validate` makes one.)
final class ValidatedDescriptionTests: XCTestCase {
    func testValidationResolvesIdsOperationsAndAvailability() throws {
        let json = #"""
            {
              "formatVersion": 1, "module": "SDK", "prefix": "Cloud", "availability": ["@available(iOS 15.0,macOS 12.0 , *)"],
              "types": [{
                "name": "Store", "sdkType": "SDKStore",
                "properties": [{ "name": "count", "type": "Int", "availability": ["@available(iOS, deprecated: 17.0)"] }],
                "calls": [
                  { "parameters": [{ "name": "key", "type": "String" }], "returns": "Int", "forms": { "async": { "name": "value", "availability": ["@available(macOS 13, *)"] } } },
                  { "id": "run", "parameters": [{ "label": "_", "name": "operation", "type": "SDKOperation" }], "operations": true, "forms": { "sync": { "name": "add" } } }
                ]
              }],
              "operations": [{
                "name": "Fetch", "sdkType": "SDKOperation",
                "result": { "type": "Void", "blocks": [{ "name": "resultBlock", "role": "finalResult", "type": "(Result<Void, any Error>) -> Void" }] }
              }]
            }
            """#
        let validated = try Generator.resolve(Array(json.utf8), file: "Store.clouddouble.json")
        XCTAssertEqual(validated.prefix.value, "Cloud", "the description's fields read through")
        XCTAssertEqual(validated.availability.map(\.text), ["@available(iOS 15.0, macOS 12.0, *)"])
        let store = try XCTUnwrap(validated.types.first)
        XCTAssertEqual(store.properties[0].availability.map(\.text), ["@available(iOS, deprecated: 17.0)"])
        XCTAssertEqual(store.calls.map(\.callID), ["value", "run"], "a call without an id takes its first form's name")
        XCTAssertEqual(store.calls[0].forms[0].availability.map(\.text), ["@available(macOS 13, *)"])
        XCTAssertEqual(store.calls[1].runs.map(\.name.value), ["Fetch"], "\"operations\": true runs every described operation")
    }

    /// The resolved types keep the description's order and every member.
    func testManyTypesResolveInOrderWithTheirMembers() throws {
        let types = (0..<150).map { index in
            #"{ "name": "Service\#(index)", "sdkType": "SDKService\#(index)", "properties": [{ "name": "name", "type": "String" }], "calls": [{ "parameters": [{ "name": "value", "type": "Int" }], "returns": "[String]", "forms": { "async": { "name": "op\#(index)" }, "sync": { "name": "op\#(index)" } } }] }"#
        }
        let json = #"{ "formatVersion": 1, "module": "SDK", "prefix": "Bench", "types": [\#(types.joined(separator: ","))] }"#
        let validated = try Generator.resolve(Array(json.utf8), file: "Bench.clouddouble.json")
        XCTAssertEqual(validated.types.map(\.name.value), (0..<150).map { "Service\($0)" })
        XCTAssertEqual(validated.types.map { $0.calls[0].callID }, (0..<150).map { "op\($0)" })
        let decoded = try DescriptionDecoder.decode(Array(json.utf8), file: "Bench.clouddouble.json")
        XCTAssertEqual(validated.types.map { $0.calls[0].forms.map(\.kind) }, decoded.types.map { $0.calls[0].forms.map(\.kind.value) })
        XCTAssertEqual(validated.description.types[75].calls[0].parameters[0].type.value, "Int", "the description reads back whole")
    }
}
