import CloudDoubleGenerator
import Foundation
import XCTest

/// `"removesListeners": true` (Firebase's `removeAllObservers()`): what a description may
/// declare, and each mistake refused with one located diagnostic at the value in ⟦…⟧.
final class RemovesListenersDiagnosticTests: XCTestCase {
    static let removal =
        #"{ "id": "removeObserver", "parameters": [{ "label": "withHandle", "name": "handle", "type": "FeedHandle" }], "forms": { "sync": { "name": "removeObserver" } } }"#

    /// The listener description of `ListenerDiagnosticTests` with `call` after its removal call.
    static func description(_ call: String, extra: String = "") -> String {
        ListenerDiagnosticTests.description(removal: removal + ",\n" + call, extra: extra)
    }

    static let valid = #"{ "id": "removeAllObservers", "removesListeners": true, "forms": { "sync": { "name": "removeAllObservers" } } }"#

    func testAValidCallValidates() {
        XCTAssertNoThrow(try Generator.validate(Array(Self.description(Self.valid).utf8), file: "test.json"))
    }

    func testEachMistakeHasItsLocatedDiagnostic() throws {
        let shape = "a call that removes every listener has one \"sync\" form that does not throw, and no result"
        let cases: [(name: String, marked: String, message: String)] = [
            (
                "a throwing form",
                Self.description(
                    #"{ "id": "removeAllObservers", "removesListeners": ⟦true⟧, "forms": { "sync": { "name": "removeAllObservers", "throws": true } } }"#
                ),
                shape
            ),
            (
                "an async form",
                Self.description(
                    #"{ "id": "removeAllObservers", "removesListeners": ⟦true⟧, "forms": { "async": { "name": "removeAllObservers" } } }"#),
                shape
            ),
            (
                "a result",
                Self.description(
                    #"{ "id": "removeAllObservers", "returns": "Bool", "removesListeners": ⟦true⟧, "forms": { "sync": { "name": "removeAllObservers" } } }"#
                ),
                shape
            ),
            (
                "on a listener", Self.description(Self.valid, extra: #""removesListeners": ⟦true⟧, "#),
                "a listener call cannot have \"removesListeners\""
            ),
            (
                "on a type without listeners",
                """
                { "formatVersion": 1, "module": "KitchenSinkSDK", "prefix": "Sink",
                  "types": [{ "name": "Feed", "sdkType": "SettingsFeed",
                    "calls": [{ "id": "removeAllObservers", "removesListeners": ⟦true⟧, "forms": { "sync": { "name": "removeAllObservers" } } }] }] }
                """,
                "\"removesListeners\" removes the registrations of Feed's listeners, and it has none"
            ),
        ]
        for testCase in cases {
            try expectOneDiagnostic(in: testCase.marked, named: testCase.name, saying: testCase.message)
        }
    }

    func testANonBooleanIsRefused() throws {
        try expectOneDiagnostic(
            in: Self.description(
                #"{ "id": "removeAllObservers", "removesListeners": ⟦"yes"⟧, "forms": { "sync": { "name": "removeAllObservers" } } }"#),
            named: "not a bool", saying: "removesListeners")
    }
}
