import CloudDoubleGenerator
import Foundation
import XCTest

/// The rules for `omitted` (members a description leaves out on purpose): each bad entry gets
/// one diagnostic, located at the value in ⟦…⟧.
final class OmittedDiagnosticTests: XCTestCase {
    static func description(omitted: String) -> String {
        DiagnosticTests.valid.replacingOccurrences(
            of: "\"sdkType\": \"CKDatabase\",", with: "\"sdkType\": \"CKDatabase\",\n      \"omitted\": \(omitted),")
    }

    struct Case {
        let name: String
        let omitted: String
        let message: String
    }

    static let cases = [
        Case(
            name: "not a member name", omitted: "[{ \"name\": ⟦\"perform(query\"⟧, \"reason\": \"r\" }]",
            message: "\"perform(query\" is not a member name"),
        Case(
            name: "label without colon", omitted: "[{ \"name\": ⟦\"perform(_)\"⟧, \"reason\": \"r\" }]",
            message: "\"perform(_)\" is not a member name"),
        Case(
            name: "omitted twice", omitted: "[{ \"name\": \"perform\", \"reason\": \"r\" }, { \"name\": ⟦\"perform\"⟧, \"reason\": \"again\" }]",
            message: "\"perform\" is omitted twice (first at line 9)"),
        Case(
            name: "described and omitted (property)", omitted: "[{ \"name\": ⟦\"databaseScope\"⟧, \"reason\": \"r\" }]",
            message: "\"databaseScope\" is described by Database, so it cannot be omitted too"),
        Case(
            name: "described and omitted (form)", omitted: "[{ \"name\": ⟦\"fetch(withRecordID:completionHandler:)\"⟧, \"reason\": \"r\" }]",
            message: "\"fetch(withRecordID:completionHandler:)\" is described by Database"),
        Case(name: "missing reason", omitted: "[⟦{ \"name\": \"perform\" }⟧]", message: "an omitted member is missing the required key \"reason\""),
        Case(
            name: "empty reason", omitted: "[{ \"name\": \"perform\", \"reason\": ⟦\"\"⟧ }]",
            message: "\"reason\" in an omitted member must not be empty"),
        Case(
            name: "unknown key", omitted: "[{ \"name\": \"perform\", \"reason\": \"r\", ⟦\"why\"⟧: \"x\" }]",
            message: "unknown key \"why\" in an omitted member"),
        Case(name: "not an array", omitted: "⟦{}⟧", message: "\"omitted\" in a type must be an array, found an object"),
    ]

    func testEachBadEntryHasItsLocatedDiagnostic() throws {
        for testCase in Self.cases {
            try expectOneDiagnostic(in: Self.description(omitted: testCase.omitted), named: testCase.name, saying: testCase.message)
        }
    }

    func testAValidOmittedListValidates() {
        let input = Self.description(
            omitted:
                "[{ \"name\": \"perform\", \"reason\": \"deprecated\" }, { \"name\": \"fetch(withQuery:inZoneWith:desiredKeys:resultsLimit:completionHandler:)\", \"reason\": \"use queryRecords\" }]"
        )
        XCTAssertNoThrow(try Generator.validate(Array(input.utf8), file: "test.json"))
    }
}
