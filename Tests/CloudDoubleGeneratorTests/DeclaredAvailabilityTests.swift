import XCTest

@testable import CloudDoubleGenerator

/// The decoder parses every `@available(…)` attribute once, wherever the description writes one
/// (the description's floor, a property, a form, a mirrored member): the model holds the parsed
/// attribute, or why it is refused, with the text and place as written, so the validator,
/// translators and `check` read it without parsing again.
final class DeclaredAvailabilityTests: XCTestCase {
    func testTheDecoderParsesEveryAttributeIntoTheModel() throws {
        let json = #"""
            {
              "formatVersion": 1, "module": "SDK", "prefix": "Cloud", "availability": ["@available(iOS 15.0,macOS 12.0 , *)"],
              "types": [{
                "name": "Store", "sdkType": "SDKStore",
                "properties": [{ "name": "count", "type": "Int", "availability": ["@available(iOS 15.0)"] }],
                "calls": [{ "parameters": [], "forms": { "async": { "name": "value", "availability": ["@available(*, deprecated, message: \"a, \\\"b\\\"\")"] } } }]
              }],
              "mirrors": [{ "name": "Change", "sdkType": "SDKChange", "members": [{ "name": "reason", "type": "Int", "availability": ["@available(macOS 14.0, *)"] }] }]
            }
            """#
        let description = try DescriptionDecoder.decode(Array(json.utf8), file: "Store.clouddouble.json")

        let floor = try XCTUnwrap(description.availability.first)
        XCTAssertEqual(floor.value, "@available(iOS 15.0,macOS 12.0 , *)", "the text is kept as written")
        XCTAssertEqual(floor.model?.text, "@available(iOS 15.0, macOS 12.0, *)", "generated code writes it back from its arguments")
        XCTAssertEqual(floor.location, SourceLocation(line: 2, column: 76))

        let property = try XCTUnwrap(description.types.first?.properties.first?.availability.first)
        XCTAssertNil(property.model)
        guard case .failure(let problem) = property.parsed else { return XCTFail("\(property.value) parsed") }
        XCTAssertEqual(problem.reason, "it needs one `*`, for the platforms it does not name")

        let form = try XCTUnwrap(description.types.first?.calls.first?.forms.first?.availability.first)
        XCTAssertEqual(form.model?.arguments, [.wildcard, .name("deprecated", version: nil), .labeledString("message", #"a, "b""#)])

        let member = try XCTUnwrap(description.mirrors.first?.members.first?.availability.first)
        XCTAssertEqual(member.model?.condition, "#available(macOS 14.0, *)")
    }
}
