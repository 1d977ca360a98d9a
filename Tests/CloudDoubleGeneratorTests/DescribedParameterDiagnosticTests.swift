import CloudDoubleGenerator
import Foundation
import XCTest

/// A parameter that takes a described type (`"ref"`): one object, an optional one or an array of
/// them, with no default, no `items`, not on a call running operations. Each bad input gets one diagnostic, at
/// the value in ⟦…⟧.
final class DescribedParameterDiagnosticTests: XCTestCase {
    /// `DiagnosticTests.valid` with the call's parameter replaced by `parameter`.
    static func description(parameter: String) -> String {
        DiagnosticTests.replacing(
            "{ \"label\": \"for\", \"name\": \"recordID\", \"type\": \"CKRecord.ID\" }", with: parameter)
    }

    func testEachBadInputHasOneLocatedDiagnostic() throws {
        try expectOneDiagnostic(
            in: Self.description(parameter: "{ \"name\": \"zone\", \"ref\": ⟦\"Zone\"⟧ }"), named: "an unknown type",
            saying: "\"Zone\" refers to a type that is not described")
        try expectOneDiagnostic(
            in: Self.description(parameter: "{ \"name\": \"zone\", \"ref\": ⟦\"Zone?\"⟧ }"), named: "an unknown optional",
            saying: "\"Zone\" refers to a type that is not described")
        try expectOneDiagnostic(
            in: Self.description(parameter: "{ \"name\": \"zones\", \"ref\": ⟦\"[Zone]\"⟧ }"), named: "an unknown array",
            saying: "\"Zone\" refers to a type that is not described")
        try expectOneDiagnostic(
            in: Self.description(parameter: "{ \"name\": \"databases\", \"ref\": ⟦\"[Database]?\"⟧ }"), named: "an optional array",
            saying: "\"[Database]\" refers to a type that is not described")
        try expectOneDiagnostic(
            in: Self.description(parameter: "{ \"name\": \"database\", \"ref\": \"Database?\", \"default\": ⟦\"nil\"⟧ }"),
            named: "an optional's default",
            saying: "the parameter \"database\" takes a described type, which has no default value")
        try expectOneDiagnostic(
            in: Self.description(parameter: "{ \"name\": \"database\", \"ref\": \"Database\", \"default\": ⟦\"nil\"⟧ }"), named: "a default",
            saying: "the parameter \"database\" takes a described type, which has no default value")
        try expectOneDiagnostic(
            in: Self.description(parameter: "{ \"name\": \"database\", \"ref\": \"Database\", \"items\": ⟦{ \"key\": \"recordID\" }⟧ }"),
            named: "per-item inputs",
            saying: "the parameter \"database\" takes described objects, so it cannot list the items of a per-item result")
        try expectOneDiagnostic(
            in: Self.description(parameter: "{ \"name\": \"database\", \"type\": \"CKDatabase\", \"ref\": ⟦\"Database\"⟧ }"), named: "both keys",
            saying: "give either \"type\" or \"ref\" in a parameter, not both")
        try expectOneDiagnostic(
            in: Self.description(parameter: "⟦{ \"name\": \"database\" }⟧"), named: "neither key",
            saying: "a parameter needs \"type\" (a Swift type) or \"ref\" (a described type)")
    }

    func testAcceptedInEachShape() throws {
        for ref in ["Database", "Database?", "[Database]"] {
            let input = Self.description(parameter: "{ \"label\": \"_\", \"name\": \"database\", \"ref\": \"\(ref)\" }")
            XCTAssertNoThrow(try Generator.validate(Array(input.utf8), file: "test.json"), ref)
        }
    }
}

/// `"returnsRef"` naming an optional object or an array of them (`"Database?"`, `"[Database]"`):
/// a described type, with no `newEachCall` and no `handlerValueType`.
final class DescribedResultShapeDiagnosticTests: XCTestCase {
    static func description(returns: String, extra: String = "", completion: String = "") -> String {
        DiagnosticTests.replacing("\"returns\": \"CKRecord\"", with: "\"returnsRef\": \(returns)\(extra)")
            .replacingOccurrences(of: "\"labels\": [\"withRecordID\"] }", with: "\"labels\": [\"withRecordID\"]\(completion) }")
    }

    func testEachBadInputHasOneLocatedDiagnostic() throws {
        try expectOneDiagnostic(
            in: Self.description(returns: "⟦\"Zone?\"⟧"), named: "an unknown optional", saying: "\"Zone\" refers to a type that is not described")
        try expectOneDiagnostic(
            in: Self.description(returns: "⟦\"[Zone]\"⟧"), named: "an unknown array", saying: "\"Zone\" refers to a type that is not described")
        try expectOneDiagnostic(
            in: Self.description(returns: "\"[Database]\"", completion: ", \"handlerValueType\": ⟦\"[CKDatabase]?\"⟧"), named: "a handler value type",
            saying: "a completion form returning \"[Database]\" passes its handler the array optional; \"handlerValueType\" is not supported with it")
        try expectOneDiagnostic(
            in: Self.description(returns: "\"Database?\"", extra: ", \"newEachCall\": ⟦true⟧"), named: "new each call",
            saying: "\"newEachCall\" takes a call returning one described object; this one returns \"Database?\"",
            ignoring: { $0.message.contains("\"newEachCall\" is supported on calls with") })
    }

    func testAccepted() {
        for returns in ["\"Database?\"", "\"[Database]\""] {
            let input = Self.description(returns: returns)
            XCTAssertNoThrow(try Generator.validate(Array(input.utf8), file: "test.json"), returns)
        }
    }
}

/// A property holding a described type (`"ref"`): one object, an optional one or an array of
/// them, whose name must be described; located at the value.
final class DescribedPropertyShapeDiagnosticTests: XCTestCase {
    static func description(property: String) -> String {
        DiagnosticTests.replacing("{ \"name\": \"databaseScope\", \"type\": \"CKDatabase.Scope\", \"mockDefault\": \".private\" }", with: property)
    }

    func testEachBadInputHasOneLocatedDiagnostic() throws {
        try expectOneDiagnostic(
            in: Self.description(property: "{ \"name\": \"zone\", \"ref\": ⟦\"Zone?\"⟧ }"), named: "an unknown optional",
            saying: "\"Zone\" refers to a type that is not described")
        try expectOneDiagnostic(
            in: Self.description(property: "{ \"name\": \"zones\", \"ref\": ⟦\"[Zone]\"⟧, \"settable\": true }"), named: "an unknown array",
            saying: "\"Zone\" refers to a type that is not described")
        try expectOneDiagnostic(
            in: Self.description(property: "{ \"name\": \"databases\", \"ref\": ⟦\"[Database]?\"⟧ }"), named: "an optional array",
            saying: "\"[Database]\" refers to a type that is not described")
    }

    func testAcceptedInEachShape() {
        for ref in ["Database", "Database?", "[Database]"] {
            let input = Self.description(property: "{ \"name\": \"related\", \"ref\": \"\(ref)\", \"settable\": true }")
            XCTAssertNoThrow(try Generator.validate(Array(input.utf8), file: "test.json"), ref)
        }
    }
}
