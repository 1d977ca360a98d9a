import CloudDoubleGenerator
import XCTest

/// A form declared twice in a type: the same selector with the same parameter types (compared on
/// the type model). Only forms that share a name and a kind of call (async or not) with another
/// form of the type are compared (`OverloadKeys`); a type with a name that is not an identifier
/// has every form compared.
final class OverloadDiagnosticTests: XCTestCase {
    /// A type whose calls are `calls`, each `(parameter types, forms)`.
    func description(_ calls: [(types: [String], forms: String)], typeName: String = "Store") -> String {
        // Each call with an id of its own: derived ids (the forms' names) would collide.
        let written = calls.enumerated().map { index, call in
            let parameters = call.types.enumerated().map { #"{ "name": "p\#($0.offset)", "type": "\#($0.element)" }"# }
            return #"{ "id": "call\#(index)", "parameters": [\#(parameters.joined(separator: ", "))], "forms": \#(call.forms) }"#
        }
        return """
            {
              "formatVersion": 1, "module": "SDK", "prefix": "Cloud",
              "types": [{ "name": "\(typeName)", "sdkType": "SDKStore", "calls": [
                \(written.joined(separator: ",\n    "))
              ] }]
            }
            """
    }

    func messages(_ text: String) -> [String] {
        do {
            _ = try Generator.validate(Array(text.utf8), file: "test.json")
            return []
        } catch {
            guard case .description(let diagnostics) = error else { return ["\(error)"] }
            return diagnostics.diagnostics.map { "\($0.location.line): \($0.message)" }
        }
    }

    func testTheSameSelectorAndTypesTwiceIsRefused() {
        let text = description([
            (["[String:Int]"], #"{ "sync": { "name": "save", "labels": ["_"] }, "async": { "name": "save", "labels": ["_"] } }"#),
            (["[String: Int]"], #"{ "sync": { "name": "save", "labels": ["_"] } }"#),
        ])
        XCTAssertEqual(messages(text), ["5: save(_:) with these parameter types is declared twice in Store (first at line 4)"])
    }

    func testAnAsyncFormAndAnotherFormOfOneNameAreTwoDeclarations() {
        let text = description([
            (["Int"], #"{ "async": { "name": "save" } }"#),
            (["Int"], #"{ "sync": { "name": "save" }, "completion": { "name": "save" } }"#),
            (["String"], #"{ "async": { "name": "save" } }"#),
            (["Int"], #"{ "sync": { "name": "save", "labels": ["with"] } }"#),
        ])
        XCTAssertEqual(messages(text), [])
    }

    func testTwoAsyncFormsOfOneSelectorAreRefused() {
        let text = description([
            (["Int"], #"{ "async": { "name": "save" } }"#),
            (["Swift.Int"], #"{ "async": { "name": "save" }, "sync": { "name": "load" } }"#),
        ])
        XCTAssertEqual(messages(text), ["5: save(p0:) with these parameter types is declared twice in Store (first at line 4)"])
    }

    // With a name that is not an identifier in the type, every form is compared: a duplicate is
    // still found beside the name's own diagnostic.
    func testFormsAreComparedWhenANameIsNotAnIdentifier() {
        let text = description([
            (["Int"], #"{ "sync": { "name": "save" } }"#),
            (["Int"], #"{ "sync": { "name": "save" } }"#),
            (["Int"], #"{ "sync": { "name": "bad name" } }"#),
        ])
        XCTAssertEqual(
            messages(text),
            [
                "5: save(p0:) with these parameter types is declared twice in Store (first at line 4)",
                "6: the method name \"bad name\" is not a valid Swift identifier",
            ])
    }
}
