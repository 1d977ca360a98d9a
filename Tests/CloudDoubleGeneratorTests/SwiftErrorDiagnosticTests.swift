import CloudDoubleGenerator
import Foundation
import XCTest

/// The rules for error codes the SDK throws as Swift types (`"swiftError"`): each bad value gets
/// one diagnostic, at the value (`⟦…⟧`), instead of generated code that does not compile.
final class SwiftErrorDiagnosticTests: XCTestCase {
    /// A description whose catalogue has `CODES` in place of its codes.
    static func description(codes: String, modelExtra: String = "") -> String {
        """
        {
          "formatVersion": 1,
          "module": "AWSDynamoDB",
          "prefix": "Dynamo",
          "errorModel": { "domain": "\\"AWSDynamoDB\\""\(modelExtra), "catalogue": [
        \(codes)
          ] },
          "types": [{ "name": "Client", "sdkType": "DynamoDBClient", "calls": [
            { "id": "deleteTable", "parameters": [{ "label": "input", "name": "input", "type": "String" }], "forms": { "async": { "name": "deleteTable" } } }
          ] }]
        }
        """
    }

    static let notFound =
        #"{ "name": "notFound", "rawValue": 1, "swiftError": { "type": "ResourceNotFoundException", "make": "ResourceNotFoundException()" } }"#
    static let slowDown =
        #"{ "name": "slowDown", "rawValue": 2, "retryable": true, "swiftError": { "type": "UnknownAWSHTTPServiceError", "make": "UnknownAWSHTTPServiceError(typeName: \"SlowDown\")", "matches": "error.typeName == \"SlowDown\"" } }"#

    func testTheValidFixtureIsValid() throws {
        let valid = Self.description(codes: [Self.notFound, Self.slowDown].joined(separator: ",\n"))
        XCTAssertNoThrow(try Generator.validate(Array(valid.utf8), file: "test.json"))
    }

    /// Before: `errorType` naming a Swift error type validated, and the protocols file failed to
    /// compile (`NoSuchKey(_nsError:)` does not exist).
    func testAnErrorTypeThatIsACodesSwiftErrorIsRefused() throws {
        let marked = Self.description(codes: Self.notFound, modelExtra: #", "errorType": ⟦"ResourceNotFoundException"⟧"#)
        let diagnostic = try expectOneDiagnostic(
            in: marked, named: "errorType is a Swift error",
            saying: "\"errorType\" \"ResourceNotFoundException\" is the Swift error the code \"notFound\" throws")
        XCTAssertEqual(diagnostic?.hint?.contains("init(_nsError:)"), true)
    }

    func testAnUnrecognisableCodeIsRefused() throws {
        let second =
            #"{ "name": "gone", "rawValue": 3, "swiftError": { "type": ⟦"ResourceNotFoundException"⟧, "make": "ResourceNotFoundException()" } }"#
        let diagnostic = try expectOneDiagnostic(
            in: Self.description(codes: Self.notFound + ",\n" + second), named: "same type twice",
            saying: "the error code \"gone\" can never be recognised: every ResourceNotFoundException is already the code \"notFound\"")
        XCTAssertEqual(diagnostic?.hint?.contains("\"matches\""), true)
    }

    func testTwoCodesOfOneTypeToldApartByMatchesAreValid() throws {
        let other =
            #"{ "name": "throttled", "rawValue": 3, "swiftError": { "type": "UnknownAWSHTTPServiceError", "make": "UnknownAWSHTTPServiceError(typeName: \"Throttling\")" } }"#
        let valid = Self.description(codes: [Self.slowDown, other].joined(separator: ",\n"))
        XCTAssertNoThrow(try Generator.validate(Array(valid.utf8), file: "test.json"))
    }

    func testEachBadPartIsLocated() throws {
        let cases: [(name: String, code: String, message: String)] = [
            (
                "type that is not a named type", #"{ "name": "a", "rawValue": 1, "swiftError": { "type": ⟦"(Int) -> Error"⟧, "make": "E()" } }"#,
                "the Swift error type \"(Int) -> Error\" must be a named type"
            ),
            (
                "type that is not a type", #"{ "name": "a", "rawValue": 1, "swiftError": { "type": ⟦"Not A Type"⟧, "make": "E()" } }"#,
                "\"Not A Type\" is not a valid Swift type"
            ),
            (
                "make that is not one expression", #"{ "name": "a", "rawValue": 1, "swiftError": { "type": "E", "make": ⟦"E(), E()"⟧ } }"#,
                "\"make\" must be one Swift expression"
            ),
            (
                "make that ends the closure", #"{ "name": "a", "rawValue": 1, "swiftError": { "type": "E", "make": ⟦"E() }"⟧ } }"#,
                "\"make\" must be one Swift expression"
            ),
            (
                "matches that is not one expression",
                #"{ "name": "a", "rawValue": 1, "swiftError": { "type": "E", "make": "E()", "matches": ⟦"error.x == \"a"⟧ } }"#,
                "\"matches\" must be one Swift expression"
            ),
            (
                "no make", #"{ "name": "a", "rawValue": 1, "swiftError": ⟦{ "type": "E" }⟧ }"#,
                "the Swift error of the error code \"a\" needs \"make\""
            ),
            (
                "no type", #"{ "name": "a", "rawValue": 1, "swiftError": ⟦{ "make": "E()" }⟧ }"#,
                "\"swiftError\" is missing the required key \"type\""
            ),
            (
                "unknown key", #"{ "name": "a", "rawValue": 1, "swiftError": { "type": "E", "make": "E()", ⟦"recognise"⟧: "E" } }"#,
                "\"recognise\""
            ),
        ]
        for testCase in cases {
            try expectOneDiagnostic(in: Self.description(codes: testCase.code), named: testCase.name, saying: testCase.message)
        }
    }

    func testThePartialFailureCodeCannotBeASwiftError() throws {
        let code = #"{ "name": "partial", "rawValue": 2, "swiftError": ⟦{ "type": "E", "make": "E()" }⟧ }"#
        try expectOneDiagnostic(
            in: Self.description(codes: code, modelExtra: #", "partialFailureCode": 2"#), named: "partial failure",
            saying: "the partial-failure code \"partial\" cannot be a Swift error")
    }

    /// A Swift error the compiler refuses (a type the SDK does not have, an initialiser it has
    /// not) is reported at the code that gives it: each code's statement is under the
    /// `#sourceLocation` of its `swiftError`, not of the model's `domain`.
    func testEachCodesSwiftIsUnderItsOwnSourceLocation() throws {
        let text = Self.description(codes: [Self.notFound, Self.slowDown].joined(separator: ",\n"))
        let files = try Generator(templates: .bundled()).generate(Array(text.utf8), file: "test.json")
        let protocols = try XCTUnwrap(files.first { $0.name.hasSuffix("Protocols.swift") }).contents
        let lines = text.components(separatedBy: "\n")
        let notFoundLine = try XCTUnwrap(lines.firstIndex { $0.contains("\"notFound\"") }) + 1
        let slowDownLine = try XCTUnwrap(lines.firstIndex { $0.contains("\"slowDown\"") }) + 1
        XCTAssertTrue(
            protocols.contains(
                """
                        #sourceLocation(file: "test.json", line: \(notFoundLine))
                        model_.swiftErrors.append(CloudDoubleRuntime.SwiftErrorCode(code: 1, make: { ResourceNotFoundException() }, recognises: { $0 is ResourceNotFoundException }))
                """), protocols)
        XCTAssertTrue(
            protocols.contains(
                """
                        #sourceLocation(file: "test.json", line: \(slowDownLine))
                        model_.swiftErrors.append(CloudDoubleRuntime.SwiftErrorCode(code: 2, make: { UnknownAWSHTTPServiceError(typeName: "SlowDown") }, \
                recognises: { ($0 as? UnknownAWSHTTPServiceError).map { error in error.typeName == "SlowDown" } ?? false }))
                """), protocols)
        XCTAssertTrue(protocols.contains("        return model_\n"), protocols)
    }

    /// Before: `errorType` was an argument of the model's expression, under the `#sourceLocation`
    /// of `domain`, so `errorType: NoSuchKey` (no `init(_nsError:)`) was reported at the domain.
    func testTheErrorTypeIsUnderItsOwnSourceLocation() throws {
        let text = Self.description(codes: Self.notFound, modelExtra: ",\n    \"errorType\": \"NoSuchKey\"")
        let files = try Generator(templates: .bundled()).generate(Array(text.utf8), file: "test.json")
        let protocols = try XCTUnwrap(files.first { $0.name.hasSuffix("Protocols.swift") }).contents
        let line = try XCTUnwrap(text.components(separatedBy: "\n").firstIndex { $0.contains("\"errorType\"") }) + 1
        XCTAssertTrue(
            protocols.contains(
                """
                        #sourceLocation(file: "test.json", line: \(line))
                        model_.errorType = { NoSuchKey(_nsError: $0) }
                """), protocols)
    }
}
