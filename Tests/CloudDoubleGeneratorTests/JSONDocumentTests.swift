import XCTest

@testable import CloudDoubleGenerator

/// Keys are read as the text they spell (`ObjectReader`, `ObjectKey`): keys written with escapes
/// or outside ASCII, and keys a reader reads though its object does not allow them.
final class JSONDocumentTests: XCTestCase {
    static let description = #"""
        { "formatVersion": 1, "module": "SDK", "prefix": "Bench", "types": [
          { "name": "Service", "sdkType": "SDKService", "calls": [
            { "parameters": [{ "label": "_", "name": "value", "type": "String" }], "forms": { "async": { "name": "op" } } }
          ] }
        ] }
        """#

    func diagnostics(_ text: String) -> [String] {
        do {
            _ = try Generator.validate(Array(text.utf8), file: "t.json")
            return []
        } catch {
            guard case .description(let diagnostics) = error else { return ["\(error)"] }
            return diagnostics.diagnostics.map(\.description)
        }
    }

    func testTheDescriptionIsValid() {
        XCTAssertEqual(diagnostics(Self.description), [])
    }

    // `"n\u0061me"` is the key "name": it is read as one, and written twice it is a duplicate.
    func testAKeyWithAnEscapeIsTheKeyItSpells() throws {
        let escaped = Self.description.replacingOccurrences(of: #"{ "name": "Service","#, with: #"{ "n\u0061me": "Service","#)
        let description = try DescriptionDecoder.decode(Array(escaped.utf8), file: "t.json")
        XCTAssertEqual(description.types.first?.name.value, "Service")
        let twice = Self.description.replacingOccurrences(of: #"{ "name": "Service","#, with: #"{ "name": "Service", "\u006eame": "Other","#)
        XCTAssertEqual(diagnostics(twice), [#"t.json:2:24: error: duplicate key "name"; each key may appear once per object"#])
    }

    // A key that is none of the allowed ones once decoded is unknown, with the closest as the hint.
    func testANonASCIIKeyIsUnknown() {
        let text = Self.description.replacingOccurrences(of: #""sdkType": "SDKService","#, with: #""sdkType": "SDKService", "nàme": "x","#)
        XCTAssertEqual(
            diagnostics(text),
            [
                #"t.json:2:49: error: unknown key "nàme" in a type"#
                    + "\n" + #"t.json:2:49: note: did you mean "name"?"#
            ])
    }

    // A stream's "input" allows "property" and "key" only, but "result" (a parameter's "items"
    // key) is read all the same: its value is checked too, as it always was.
    func testAStreamInputsResultIsReportedAndRead() throws {
        let cloudKit = try String(contentsOf: Paths.cloudKitDescription, encoding: .utf8)
        let text = cloudKit.replacingOccurrences(
            of: #""input": { "property": "recordIDs" }"#, with: #""input": { "property": "recordIDs", "result": 5 }"#)
        XCTAssertNotEqual(text, cloudKit)
        let found = diagnostics(text)
        XCTAssertEqual(found.count, 2, "\(found)")
        XCTAssertTrue(found.first?.contains(#"error: unknown key "result" in "input""#) ?? false, "\(found)")
        XCTAssertTrue(found.first?.contains(#"note: allowed keys: property, key"#) ?? false, "\(found)")
        XCTAssertTrue(found.last?.contains(#"error: "result" in "input" must be a string, found a number"#) ?? false, "\(found)")
    }
}
