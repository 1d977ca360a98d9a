import CloudDoubleGenerator
import Foundation
import XCTest

/// What Swift refuses in an `@available` attribute, or on a protocol requirement, refused with one
/// located diagnostic at the attribute in ⟦…⟧ (Swift 6.3's words, checked with `swiftc -typecheck`:
/// "expected version number" for 0 and for a component past 2³² - 1, "'available' attribute cannot
/// be both 'deprecated' and 'unavailable'", "protocol members can only be marked unavailable in an
/// '@objc' protocol", "asynchronous instance method … must be available from asynchronous contexts").
final class AvailabilityDiagnosticTests: XCTestCase {
    struct Case {
        let name: String
        let replacing: String
        let with: String
        let message: String
    }

    static let property = "\"mockDefault\": \".private\""
    static let async = "\"async\": { \"name\": \"record\" }"
    static let completion = "\"completion\": { \"name\": \"fetch\", \"labels\": [\"withRecordID\"] }"

    static func form(_ kind: String, _ attribute: String) -> String {
        let name = kind == "async" ? "record" : "fetch"
        let labels = kind == "async" ? "" : ", \"labels\": [\"withRecordID\"]"
        return "\"\(kind)\": { \"name\": \"\(name)\"\(labels), \"availability\": [⟦\"\(attribute)\"⟧] }"
    }

    static let cases = [
        Case(
            name: "version 0", replacing: async, with: form("async", "@available(iOS 0, *)"), message: "the version 0 is 0, which Swift does not take"
        ),
        Case(name: "version 0.0", replacing: async, with: form("async", "@available(iOS 15.0, macOS 0.0, *)"), message: "the version 0.0 is 0"),
        Case(name: "introduced: 0", replacing: async, with: form("async", "@available(iOS, introduced: 0.0.0)"), message: "the version 0.0.0 is 0"),
        Case(
            name: "a component past 32 bits", replacing: async, with: form("async", "@available(iOS 15.0.4294967296, *)"),
            message: "the version 15.0.4294967296 has a component too large"),
        Case(
            name: "a major version Swift does not support", replacing: async, with: form("async", "@available(iOS, deprecated: 2147483646)"),
            message: "the version 2147483646 has a component too large"),
        Case(
            name: "unavailable and deprecated", replacing: completion, with: form("completion", "@available(*, unavailable, deprecated)"),
            message: "`unavailable` and `deprecated` cannot be combined"),
        Case(
            name: "noasync and deprecated", replacing: completion, with: form("completion", "@available(iOS, noasync, deprecated)"),
            message: "`noasync` and `deprecated` cannot be combined"),
        Case(
            name: "an unavailable form", replacing: completion, with: form("completion", "@available(*, unavailable)"),
            message: "the \"completion\" form \"fetch\" cannot be unavailable: the generated protocol requires it"),
        Case(
            name: "an unavailable property", replacing: property, with: property + ", \"availability\": [⟦\"@available(*, unavailable)\"⟧]",
            message: "the property \"databaseScope\" cannot be unavailable"),
        Case(
            name: "a noasync async form", replacing: async, with: form("async", "@available(*, noasync)"),
            message: "the \"async\" form \"record\" cannot be noasync"),
    ]

    func testEachAttributeSwiftRefusesHasItsLocatedDiagnostic() throws {
        for testCase in Self.cases {
            let marked = DiagnosticTests.valid.replacingOccurrences(of: testCase.replacing, with: testCase.with)
            XCTAssertNotEqual(marked, DiagnosticTests.valid, testCase.name)
            try expectOneDiagnostic(in: marked, named: testCase.name, saying: testCase.message)
        }
    }

    /// What Swift takes: versions with a 0 component, large components, `deprecated:` with a
    /// version beside `unavailable` or `noasync`, `noasync` on a form that is not async; and a
    /// form unavailable on one platform, which `clouddouble check` asks for.
    func testAttributesSwiftTakesValidate() {
        let accepted = [
            Self.form("async", "@available(iOS 0.1, macOS 10.0.0, *)"),
            Self.form("async", "@available(iOS 2147483645, *)"),
            Self.form("async", "@available(iOS, introduced: 13, deprecated: 15, message: \\\"old\\\")"),
            Self.form("completion", "@available(*, noasync)"),
            Self.form("completion", "@available(iOS, noasync, deprecated: 15)"),
            Self.form("async", "@available(macOS, unavailable, message: \\\"no\\\")"),
        ]
        for form in accepted {
            let kind = form.hasPrefix("\"async\"") ? Self.async : Self.completion
            let input = DiagnosticTests.valid.replacingOccurrences(
                of: kind, with: form.replacingOccurrences(of: "⟦", with: "").replacingOccurrences(of: "⟧", with: ""))
            XCTAssertNotEqual(input, DiagnosticTests.valid, form)
            XCTAssertNoThrow(try Generator.validate(Array(input.utf8), file: "test.json"), form)
        }
    }
}
