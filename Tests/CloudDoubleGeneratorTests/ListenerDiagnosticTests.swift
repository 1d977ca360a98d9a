import CloudDoubleGenerator
import Foundation
import XCTest

/// Listener calls (`"listener"`): what a description may declare, and each mistake refused with
/// one located diagnostic at the value in ⟦…⟧.
final class ListenerDiagnosticTests: XCTestCase {
    static let observeParameters = """
        [{ "label": "_", "name": "key", "type": "String" },
         { "label": "with", "name": "block", "type": "@escaping (String) -> Void" },
         { "label": "withCancel", "name": "cancelBlock", "type": "((any Error) -> Void)?" }]
        """

    /// A valid description with a handle-style and an object-style listener; the arguments
    /// replace parts.
    static func description(
        parameters: String = observeParameters,
        listener: String = #"{ "values": "block", "errors": "cancelBlock", "removedBy": "removeObserver" }"#, returns: String = "FeedHandle",
        forms: String = #"{ "sync": { "name": "observe" } }"#,
        removal: String =
            #"{ "id": "removeObserver", "parameters": [{ "label": "withHandle", "name": "handle", "type": "FeedHandle" }], "forms": { "sync": { "name": "removeObserver" } } }"#,
        objectParameters: String = #"[{ "label": "_", "name": "listener", "type": "@escaping (String?, (any Error)?) -> Void" }]"#,
        objectListener: String = #"{ "values": "listener", "removeMethod": "remove" }"#,
        objectReturns: String = "any FeedRegistration",
        extra: String = ""
    ) -> String {
        """
        {
          "formatVersion": 1,
          "module": "KitchenSinkSDK",
          "prefix": "Sink",
          "types": [
            {
              "name": "Feed",
              "sdkType": "SettingsFeed",
              "calls": [
                { "id": "observe", "parameters": \(parameters), "returns": "\(returns)", \(extra)"listener": \(listener), "forms": \(forms) },
                \(removal),
                { "id": "addListener", "parameters": \(objectParameters), "returns": "\(objectReturns)", "listener": \(objectListener), "forms": { "sync": { "name": "addListener" } } }
              ]
            }
          ]
        }
        """
    }

    func testValidListenersValidate() {
        XCTAssertNoThrow(try Generator.validate(Array(Self.description().utf8), file: "test.json"))
    }

    func testEachMistakeHasItsLocatedDiagnostic() throws {
        let cases: [(name: String, marked: String, message: String)] = [
            (
                "no way of removing", Self.description(listener: #"⟦{ "values": "block" }⟧"#),
                "a listener names one way of removing a registration"
            ),
            (
                "two ways of removing",
                Self.description(listener: #"⟦{ "values": "block", "removedBy": "removeObserver", "removeMethod": "remove" }⟧"#),
                "a listener names one way of removing a registration"
            ),
            (
                "an unknown key", Self.description(listener: #"{ "values": "block", ⟦"cancel"⟧: "cancelBlock", "removedBy": "removeObserver" }"#),
                "cancel"
            ),
            (
                "values naming no parameter",
                Self.description(listener: #"{ "values": ⟦"blok"⟧, "errors": "cancelBlock", "removedBy": "removeObserver" }"#),
                "\"values\" names no parameter of the call: \"blok\""
            ),
            (
                "values that is not a closure",
                Self.description(listener: #"{ "values": ⟦"key"⟧, "errors": "cancelBlock", "removedBy": "removeObserver" }"#),
                "not a closure returning Void"
            ),
            (
                "errors taking something else",
                Self.description(
                    parameters: """
                        [{ "label": "with", "name": "block", "type": "@escaping (String) -> Void" },
                         { "label": "withCancel", "name": "cancelBlock", "type": "@escaping (String) -> Void" }]
                        """, listener: #"{ "values": "block", "errors": ⟦"cancelBlock"⟧, "removedBy": "removeObserver" }"#),
                "the \"errors\" closure takes one error"
            ),
            (
                "a values closure with three arguments",
                Self.description(
                    parameters: #"[{ "label": "with", "name": "block", "type": "@escaping (String, Int, Bool) -> Void" }]"#,
                    listener: #"{ "values": ⟦"block"⟧, "removedBy": "removeObserver" }"#),
                "the \"values\" closure takes one event"
            ),
            (
                "a combined closure whose second argument is not an error",
                Self.description(
                    objectParameters: #"[{ "label": "_", "name": "listener", "type": "@escaping (String?, Int?) -> Void" }]"#,
                    objectListener: #"{ "values": ⟦"listener"⟧, "removeMethod": "remove" }"#),
                "takes an optional event and an optional error"
            ),
            (
                "errors beside a combined closure",
                Self.description(objectListener: #"{ "values": "listener", "errors": ⟦"listener"⟧, "removeMethod": "remove" }"#),
                "the \"values\" closure takes the errors too"
            ),
            (
                "a @Sendable closure",
                Self.description(
                    parameters: #"[{ "label": "with", "name": "block", "type": ⟦"@escaping @Sendable (String) -> Void"⟧ }]"#,
                    listener: #"{ "values": "block", "removedBy": "removeObserver" }"#),
                "has attributes"
            ),
            (
                "an optional values closure",
                Self.description(
                    parameters: #"[{ "label": "with", "name": "block", "type": "((String) -> Void)?" }]"#,
                    listener: #"{ "values": ⟦"block"⟧, "removedBy": "removeObserver" }"#),
                "the \"values\" closure is optional"
            ),
            (
                "an async form",
                Self.description(forms: #"{ "async": { "name": "observe" } }"#).replacingOccurrences(of: "\"listener\": {", with: "\"listener\": ⟦{")
                    .replacingOccurrences(of: "\"removeObserver\" }, \"forms\": { \"async\"", with: "\"removeObserver\" }⟧, \"forms\": { \"async\""),
                "a listener is registered by one \"sync\" form that does not throw"
            ),
            (
                "a mockDefault",
                Self.description(extra: #""mockDefault": "0", "#).replacingOccurrences(of: "\"listener\": {", with: "\"listener\": ⟦{")
                    .replacingOccurrences(of: "\"removeObserver\" }, \"forms\"", with: "\"removeObserver\" }⟧, \"forms\""),
                "a listener call cannot have \"mockDefault\""
            ),
            (
                "removedBy naming no call",
                Self.description(listener: #"{ "values": "block", "errors": "cancelBlock", "removedBy": ⟦"removeObserve"⟧ }"#),
                "\"removedBy\" names no call of Feed: \"removeObserve\""
            ),
            (
                "a removal call taking another type",
                Self.description(
                    listener: #"{ "values": "block", "errors": "cancelBlock", "removedBy": ⟦"removeObserver"⟧ }"#,
                    removal:
                        #"{ "id": "removeObserver", "parameters": [{ "label": "withHandle", "name": "handle", "type": "Int" }], "forms": { "sync": { "name": "removeObserver" } } }"#
                ),
                "must take the handle (FeedHandle) as its one parameter"
            ),
            (
                "removeMethod on a result that is not a protocol",
                Self.description(objectReturns: "⟦FeedHandle⟧").replacingOccurrences(of: "\"⟦FeedHandle⟧\"", with: "⟦\"FeedHandle\"⟧"),
                "returns the SDK's registration protocol"
            ),
            (
                "a removal method that is not an identifier",
                Self.description(objectListener: #"{ "values": "listener", "removeMethod": ⟦"re-move"⟧ }"#),
                "the removal method \"re-move\" is not a valid Swift identifier"
            ),
        ]
        for testCase in cases {
            try expectOneDiagnostic(in: testCase.marked, named: testCase.name, saying: testCase.message)
        }
    }

    /// The listener keys' generated name is claimed: a type named so that its protocol would be
    /// another type's listener keys is refused.
    func testTheListenerKeysNameIsClaimed() throws {
        let marked = Self.description()
            .replacingOccurrences(of: "\"types\": [", with: #""types": [{ "name": "FeedListener", "sdkType": "SettingsStore" },"#)
            .replacingOccurrences(of: #""name": "Feed","#, with: #""name": ⟦"Feed"⟧,"#)
        try expectOneDiagnostic(
            in: marked, named: "listener keys collision",
            saying: "the generated name SinkFeedListener (the listener keys of Feed) is also the protocol of FeedListener")
    }
}

/// `"refinesNSObjectProtocol": true` (Firestore's `ListenerRegistration`): on an object-style
/// listener of a description importing Foundation; each mistake located at the flag.
final class NSObjectRegistrationDiagnosticTests: XCTestCase {
    static func description(objectListener: String, imports: Bool = true) -> String {
        let text = ListenerDiagnosticTests.description(objectListener: objectListener)
        return imports ? text.replacingOccurrences(of: #""prefix": "Sink","#, with: #""prefix": "Sink", "imports": ["Foundation"],"#) : text
    }

    func testAcceptedOnAnObjectStyleListener() {
        let input = Self.description(objectListener: #"{ "values": "listener", "removeMethod": "remove", "refinesNSObjectProtocol": true }"#)
        XCTAssertNoThrow(try Generator.validate(Array(input.utf8), file: "test.json"))
    }

    func testEachMistakeHasItsLocatedDiagnostic() throws {
        try expectOneDiagnostic(
            in: Self.description(
                objectListener: #"{ "values": "listener", "removeMethod": "remove", "refinesNSObjectProtocol": ⟦true⟧ }"#, imports: false),
            named: "without Foundation", saying: "a registration refining NSObjectProtocol is an NSObject subclass in the generated files")
        try expectOneDiagnostic(
            in: Self.description(objectListener: #"{ "values": "listener", "removeMethod": "remove" }"#)
                .replacingOccurrences(
                    of: #""removedBy": "removeObserver" }"#, with: #""removedBy": "removeObserver", "refinesNSObjectProtocol": ⟦true⟧ }"#),
            named: "on a handle", saying: "\"refinesNSObjectProtocol\" describes a registration object (\"removeMethod\")")
        try expectOneDiagnostic(
            in: Self.description(objectListener: #"{ "values": "listener", "removeMethod": "remove", "refinesNSObjectProtocol": ⟦"yes"⟧ }"#),
            named: "not a bool", saying: "\"refinesNSObjectProtocol\" in \"listener\" must be true or false, found a string")
    }
}
