import CloudDoubleGenerator
import Foundation
import XCTest

/// The bad-input catalogue: each case is a description, the diagnostic it must produce and where.
final class DiagnosticTests: XCTestCase {
    /// A small valid description; cases replace parts of it.
    static let valid = """
        {
          "formatVersion": 1,
          "module": "CloudKit",
          "prefix": "Cloud",
          "types": [
            {
              "name": "Database",
              "sdkType": "CKDatabase",
              "properties": [{ "name": "databaseScope", "type": "CKDatabase.Scope", "mockDefault": ".private" }],
              "calls": [
                {
                  "id": "fetchRecord",
                  "parameters": [{ "label": "for", "name": "recordID", "type": "CKRecord.ID" }],
                  "returns": "CKRecord",
                  "forms": { "async": { "name": "record" }, "completion": { "name": "fetch", "labels": ["withRecordID"] } }
                }
              ]
            }
          ]
        }
        """

    struct Case {
        let name: String
        let input: String
        let line: Int
        let column: Int
        let message: String
        var hint: String? = nil
    }

    static func replacing(_ old: String, with new: String) -> String {
        precondition(valid.contains(old), "test fixture does not contain \(old)")
        return valid.replacingOccurrences(of: old, with: new)
    }

    static let cases: [Case] = [
        Case(name: "empty file", input: "", line: 1, column: 1, message: "unexpected end of file: expected a value"),
        Case(name: "truncated", input: String(valid.prefix(120)), line: 8, column: 7, message: "unexpected end of file"),
        Case(name: "trailing comma", input: "{\"formatVersion\": 1,}", line: 1, column: 21, message: "expected a quoted key"),
        Case(name: "single quotes", input: "{'a': 1}", line: 1, column: 2, message: "expected a quoted key"),
        Case(name: "bare word", input: "{\"a\": yes}", line: 1, column: 7, message: "unexpected character 'y'"),
        Case(name: "bad literal", input: "{\"a\": tru}", line: 1, column: 7, message: "invalid literal: expected 'true'"),
        Case(name: "bad number", input: "{\"a\": 01}", line: 1, column: 8, message: "expected ',' or '}'"),
        Case(name: "bad escape", input: "{\"a\": \"\\q\"}", line: 1, column: 10, message: "invalid escape sequence"),
        Case(name: "text after value", input: "{} {}", line: 1, column: 4, message: "unexpected text after the JSON value"),
        Case(name: "top level array", input: "[]", line: 1, column: 1, message: "the description must be an object, found an array"),
        Case(name: "unclosed array", input: "{\"a\": [1, 2", line: 1, column: 12, message: "the array is not closed"),
        Case(name: "control character", input: "{\"a\": \"x\ty\"}", line: 1, column: 9, message: "control characters must be escaped"),
        Case(
            name: "missing formatVersion", input: replacing("\"formatVersion\": 1,\n", with: ""), line: 1, column: 1,
            message: "missing the required key \"formatVersion\""),
        Case(
            name: "unsupported formatVersion", input: replacing("\"formatVersion\": 1", with: "\"formatVersion\": 2"), line: 2, column: 20,
            message: "unsupported formatVersion 2"),
        Case(
            name: "fractional formatVersion", input: replacing("\"formatVersion\": 1", with: "\"formatVersion\": 1.5"), line: 2, column: 20,
            message: "must be a whole number"),
        Case(
            name: "wrong type for module", input: replacing("\"module\": \"CloudKit\"", with: "\"module\": 7"), line: 3, column: 13,
            message: "\"module\" in the description must be a string, found a number"),
        Case(
            name: "empty prefix", input: replacing("\"prefix\": \"Cloud\"", with: "\"prefix\": \"\""), line: 4, column: 13,
            message: "\"prefix\" in the description must not be empty"),
        Case(
            name: "unknown top-level key with suggestion", input: replacing("\"prefix\"", with: "\"prefx\""), line: 4, column: 3,
            message: "unknown key \"prefx\" in the description", hint: "did you mean \"prefix\"?"),
        Case(
            name: "duplicate key", input: replacing("\"prefix\": \"Cloud\",", with: "\"prefix\": \"Cloud\", \"prefix\": \"Cloud\","), line: 4,
            column: 22, message: "duplicate key \"prefix\""),
        Case(
            name: "bad access level", input: replacing("\"prefix\": \"Cloud\",", with: "\"prefix\": \"Cloud\", \"access\": \"open\","), line: 4,
            column: 32, message: "\"access\" must be one of"),
        Case(
            name: "invalid module name", input: replacing("\"module\": \"CloudKit\"", with: "\"module\": \"Cloud Kit\""), line: 3, column: 13,
            message: "\"Cloud Kit\" is not a valid module name"),
        Case(
            name: "invalid prefix", input: replacing("\"prefix\": \"Cloud\"", with: "\"prefix\": \"9Cloud\""), line: 4, column: 13,
            message: "the prefix \"9Cloud\" is not a valid start of a Swift name"),
        Case(
            name: "types not an array",
            input: replacing("\"types\": [", with: "\"types\": {\"x\": [").replacingOccurrences(of: "  ]\n}", with: "  ]}\n}"), line: 5, column: 12,
            message: "\"types\" in the description must be an array, found an object"),
        Case(
            name: "empty types", input: "{\"formatVersion\": 1, \"module\": \"CloudKit\", \"prefix\": \"Cloud\", \"types\": []}", line: 1, column: 32,
            message: "the description has no types"),
        Case(
            name: "type missing sdkType", input: replacing("\"sdkType\": \"CKDatabase\",", with: ""), line: 6, column: 5,
            message: "a type is missing the required key \"sdkType\""),
        Case(
            name: "invalid type name", input: replacing("\"name\": \"Database\"", with: "\"name\": \"Data-base\""), line: 7, column: 15,
            message: "the type name \"Data-base\" is not a valid Swift identifier"),
        Case(
            name: "keyword type name", input: replacing("\"name\": \"Database\"", with: "\"name\": \"class\""), line: 7, column: 15,
            message: "the type name \"class\" is not a valid Swift identifier"),
        // An SDK protocol may be written `any P` (the live adapter holds the existential); nothing else unnamed.
        Case(
            name: "sdk type that is an array", input: replacing("\"sdkType\": \"CKDatabase\"", with: "\"sdkType\": \"[CKDatabase]\""), line: 8,
            column: 18, message: "the SDK type \"[CKDatabase]\" must be a named type"),
        Case(
            name: "sdk type that is opaque", input: replacing("\"sdkType\": \"CKDatabase\"", with: "\"sdkType\": \"some CKDatabase\""), line: 8,
            column: 18, message: "some CKDatabase"),
        Case(
            name: "invalid sdk type", input: replacing("\"sdkType\": \"CKDatabase\"", with: "\"sdkType\": \"CKData#base\""), line: 8, column: 18,
            message: "\"CKData#base\" is not a valid Swift type"),
        Case(
            name: "property without type", input: replacing("\"type\": \"CKDatabase.Scope\", ", with: ""), line: 9, column: 22,
            message: "a property needs \"type\" (a Swift type) or \"ref\" (a described type)"),
        Case(
            name: "property with type and ref",
            input: replacing("\"type\": \"CKDatabase.Scope\"", with: "\"type\": \"CKDatabase.Scope\", \"ref\": \"Database\""), line: 9, column: 84,
            message: "give either \"type\" or \"ref\" in a property, not both"),
        Case(
            name: "reference to nothing",
            input: replacing("\"type\": \"CKDatabase.Scope\", \"mockDefault\": \".private\"", with: "\"ref\": \"Databse\""), line: 9, column: 56,
            message: "\"Databse\" refers to a type that is not described", hint: "did you mean \"Database\"?"),
        Case(
            name: "property needs mock default", input: replacing(", \"mockDefault\": \".private\"", with: ""), line: 9, column: 57,
            message: "the mock cannot make up a value of type CKDatabase.Scope"),
        Case(
            name: "member name with the generated spelling", input: replacing("\"name\": \"databaseScope\"", with: "\"name\": \"recorder_\""),
            line: 9, column: 32, message: "the property name \"recorder_\" ends in \"_\""),
        Case(
            name: "property named init", input: replacing("\"name\": \"databaseScope\"", with: "\"name\": \"init\""), line: 9, column: 32,
            message: "\"init\" cannot be used as a property name, even escaped with backticks"),
        Case(
            name: "settable not a bool",
            input: replacing("\"mockDefault\": \".private\"", with: "\"mockDefault\": \".private\", \"settable\": \"yes\""), line: 9, column: 116,
            message: "\"settable\" in a property must be true or false, found a string"),
        Case(
            name: "call without forms",
            input: replacing(
                "\"forms\": { \"async\": { \"name\": \"record\" }, \"completion\": { \"name\": \"fetch\", \"labels\": [\"withRecordID\"] } }",
                with: "\"doc\": \"x\""), line: 11, column: 9, message: "a call is missing the required key \"forms\""),
        Case(
            name: "empty forms",
            input: replacing(
                "\"forms\": { \"async\": { \"name\": \"record\" }, \"completion\": { \"name\": \"fetch\", \"labels\": [\"withRecordID\"] } }",
                with: "\"forms\": {}"), line: 15, column: 20, message: "a call needs at least one form"),
        Case(
            name: "unknown form kind", input: replacing("\"async\": { \"name\": \"record\" }", with: "\"asink\": { \"name\": \"record\" }"), line: 15,
            column: 22, message: "unknown key \"asink\" in \"forms\"", hint: "did you mean \"async\"?"),
        Case(
            name: "label count mismatch", input: replacing("\"labels\": [\"withRecordID\"]", with: "\"labels\": [\"withRecordID\", \"extra\"]"),
            line: 15, column: 67, message: "the \"completion\" form gives 2 label(s) for 1 parameter(s)"),
        Case(
            name: "invalid label", input: replacing("\"label\": \"for\"", with: "\"label\": \"f-or\""), line: 13, column: 37,
            message: "the argument label \"f-or\" is not a valid Swift identifier"),
        Case(
            name: "invalid parameter type", input: replacing("\"type\": \"CKRecord.ID\"", with: "\"type\": \"CKRecord.ID)\""), line: 13, column: 72,
            message: "\"CKRecord.ID)\" is not a valid Swift type"),
        Case(
            name: "handler key on async form",
            input: replacing("\"async\": { \"name\": \"record\" }", with: "\"async\": { \"name\": \"record\", \"handlerLabel\": \"done\" }"),
            line: 15, column: 67, message: "\"handlerLabel\" applies to completion-handler forms only"),
        Case(
            name: "non-optional handler needs errorValue",
            input: replacing("\"labels\": [\"withRecordID\"]", with: "\"labels\": [\"withRecordID\"], \"handlerValueType\": \"CKRecord\""), line: 15,
            column: 134, message: "needs \"errorValue\""),
        Case(
            name: "unknown handler order",
            input: replacing("\"labels\": [\"withRecordID\"]", with: "\"labels\": [\"withRecordID\"], \"handlerOrder\": \"errorfirst\""), line: 15,
            column: 130, message: "unknown handler order \"errorfirst\"", hint: "did you mean \"errorFirst\"?"),
        Case(
            name: "handler order on a result form",
            input: replacing("\"completion\": { \"name\": \"fetch\"", with: "\"result\": { \"name\": \"fetch\", \"handlerOrder\": \"errorFirst\""),
            line: 15, column: 98, message: "\"handlerOrder\" applies to the \"completion\" form only",
            hint: "describe a handler that takes the error first, `((any Error)?, T?) -> Void`, as a \"completion\" form"),
        Case(
            name: "handler order on an async form",
            input: replacing("\"async\": { \"name\": \"record\" }", with: "\"async\": { \"name\": \"record\", \"handlerOrder\": \"errorFirst\" }"),
            line: 15, column: 67, message: "\"handlerOrder\" applies to completion-handler forms only"),
        Case(
            name: "throws on a completion form",
            input: replacing("\"labels\": [\"withRecordID\"]", with: "\"labels\": [\"withRecordID\"], \"throws\": true"), line: 15, column: 124,
            message: "\"throws\" applies to the \"sync\" form only", hint: "a handler form reports its errors to its handler"),
        Case(
            name: "typed throws",
            input: replacing("\"async\": { \"name\": \"record\" }", with: "\"sync\": { \"name\": \"record\", \"throws\": \"CKError\" }"), line: 15,
            column: 60, message: "typed throws (`throws(CKError)`) cannot be described",
            hint: "describe the form with \"throws\": true: an SDK method that throws(CKError) satisfies a protocol requirement that throws"),
        Case(
            name: "a static member",
            input: replacing("\"async\": { \"name\": \"record\" }", with: "\"async\": { \"name\": \"record\", \"static\": true }"), line: 15,
            column: 51, message: "unknown key \"static\" in the \"async\" form",
            hint: "static members cannot be described: the generated protocols stand for instances; list the member in the type's \"omitted\""),
        Case(
            name: "an opaque result", input: replacing("\"returns\": \"CKRecord\"", with: "\"returns\": \"some Collection\""), line: 14, column: 22,
            message: "some is an opaque type, which each double would have to choose; write any instead"),
        Case(
            name: "perItem without returns", input: replacing("\"returns\": \"CKRecord\"", with: "\"perItem\": true"), line: 11, column: 9,
            message: "\"perItem\" needs a result"),
        Case(
            name: "perItem wrong type", input: replacing("\"returns\": \"CKRecord\"", with: "\"returns\": \"CKRecord\", \"perItem\": 3"), line: 14,
            column: 45, message: "\"perItem\" must be true"),
        Case(
            name: "duplicate type", input: replacing("\"types\": [", with: "\"types\": [ { \"name\": \"Database\", \"sdkType\": \"CKDatabase\" },"),
            line: 7, column: 15, message: "the type \"Database\" is described twice"),
        Case(
            name: "derived ids collide",
            input: replacing("\"id\": \"fetchRecord\",", with: "").replacingOccurrences(
                of: "\"calls\": [", with: "\"calls\": [ { \"returns\": \"CKRecord\", \"forms\": { \"async\": { \"name\": \"record\" } } },"),
            line: 15, column: 41, message: "the derived call id \"record\" of Database collides",
            hint: "two members derive the id \"record\"; give one an explicit \"id\""),
        Case(
            name: "explicit id collides with property", input: replacing("\"id\": \"fetchRecord\"", with: "\"id\": \"databaseScope\""), line: 12,
            column: 17, message: "the call id \"databaseScope\" of Database collides"),
        Case(
            name: "bad availability", input: replacing("\"prefix\": \"Cloud\",", with: "\"prefix\": \"Cloud\", \"availability\": [\"iOS 15\"],"),
            line: 4, column: 39, message: "availability must be one attribute such as"),
        Case(
            name: "deprecated wrong type",
            input: replacing("\"async\": { \"name\": \"record\" }", with: "\"async\": { \"name\": \"record\", \"deprecated\": 1 }"), line: 15,
            column: 65, message: "\"deprecated\" must be true, a message"),
        Case(name: "byte order mark", input: "\u{FEFF}" + valid, line: 1, column: 1, message: "byte-order mark"),
        Case(
            name: "duplicate error codes",
            input: replacing(
                "\"prefix\": \"Cloud\",",
                with:
                    "\"prefix\": \"Cloud\", \"errorModel\": { \"domain\": \"D\", \"catalogue\": [{ \"name\": \"a\", \"rawValue\": 1 }, { \"name\": \"b\", \"rawValue\": 1 }] },"
            ), line: 4, column: 126, message: "the raw value 1 is used twice"),
        Case(
            name: "network not a bool",
            input: replacing(
                "\"prefix\": \"Cloud\",",
                with:
                    "\"prefix\": \"Cloud\", \"errorModel\": { \"domain\": \"D\", \"catalogue\": [{ \"name\": \"a\", \"rawValue\": 1, \"network\": \"yes\" }] },"
            ), line: 4, column: 108, message: "\"network\" in an error code must be true or false, found a string"),
        Case(
            name: "request-too-large code not in the catalogue",
            input: replacing(
                "\"prefix\": \"Cloud\",",
                with:
                    "\"prefix\": \"Cloud\", \"errorModel\": { \"domain\": \"D\", \"requestTooLargeCode\": \"tooBig\", \"catalogue\": [{ \"name\": \"tooLarge\", \"rawValue\": 1 }] },"
            ), line: 4, column: 76, message: "\"requestTooLargeCode\" names the error code \"tooBig\", which is not in the error catalogue"),
        Case(
            name: "cancelled code not in the CloudKit catalogue",
            input: replacing(
                "\"prefix\": \"Cloud\",",
                with:
                    "\"prefix\": \"Cloud\", \"errorModel\": { \"domain\": \"D\", \"cancelledCode\": \"operationCanceled\", \"catalogue\": \"cloudKit\" },"
            ), line: 4, column: 70, message: "\"cancelledCode\" names the error code \"operationCanceled\", which is not in the error catalogue"),
    ]

    /// A valid description with an operation; the operation cases replace parts of it.
    static let validWithOperation = """
        {
          "formatVersion": 1,
          "module": "CloudKit",
          "prefix": "Cloud",
          "types": [
            {
              "name": "Database",
              "sdkType": "CKDatabase",
              "calls": [
                { "id": "addOperation", "parameters": [{ "label": "_", "name": "operation", "type": "CKDatabaseOperation" }], "operations": ["FetchRecords"], "forms": { "sync": { "name": "add" } } }
              ]
            }
          ],
          "operations": [
            {
              "name": "FetchRecords",
              "sdkType": "CKFetchRecordsOperation",
              "streams": [
                {
                  "name": "records", "key": "CKRecord.ID", "value": "CKRecord", "requested": "operation.recordIDs ?? []",
                  "blocks": [
                    { "name": "perRecordResultBlock", "role": "itemResult", "type": "(CKRecord.ID, Result<CKRecord, any Error>) -> Void" },
                    { "name": "perRecordCompletionBlock", "role": "legacyItem", "type": "(CKRecord?, CKRecord.ID?, (any Error)?) -> Void", "arguments": "value, key, error" }
                  ]
                },
                { "name": "deletions", "fields": [{ "name": "recordID", "type": "CKRecord.ID" }], "blocks": [{ "name": "deletedBlock", "role": "event", "type": "(CKRecord.ID) -> Void" }] }
              ],
              "result": { "type": "Void", "blocks": [{ "name": "fetchRecordsResultBlock", "role": "finalResult", "type": "(Result<Void, any Error>) -> Void" }] }
            }
          ]
        }
        """

    static func replacingInOperation(_ old: String, with new: String) -> String {
        precondition(validWithOperation.contains(old), "test fixture does not contain \(old)")
        return validWithOperation.replacingOccurrences(of: old, with: new)
    }

    static let operationCases: [Case] = [
        Case(
            name: "unknown block role", input: replacingInOperation("\"role\": \"legacyItem\"", with: "\"role\": \"legacyitem\""), line: 23,
            column: 59, message: "unknown block role \"legacyitem\"", hint: "did you mean \"legacyItem\"?"),
        Case(
            name: "role in the wrong place", input: replacingInOperation("\"role\": \"event\"", with: "\"role\": \"progress\""), line: 26,
            column: 136, message: "a \"progress\" block cannot be in an event stream"),
        Case(
            name: "stream without its result block", input: replacingInOperation("\"role\": \"itemResult\"", with: "\"role\": \"progress\""),
            line: 19, column: 9, message: "a per-item stream needs a \"itemResult\" block"),
        Case(
            name: "result without final block", input: replacingInOperation("\"role\": \"finalResult\"", with: "\"role\": \"legacyFinal\""), line: 28,
            column: 17, message: "an operation result needs a \"finalResult\" block"),
        Case(
            name: "captured block with arguments",
            input: replacingInOperation("\"role\": \"itemResult\",", with: "\"role\": \"itemResult\", \"arguments\": \"key\","), line: 22, column: 13,
            message: "the first \"itemResult\" block receives exactly what the SDK reports"),
        Case(
            name: "stream both kinds",
            input: replacingInOperation("\"name\": \"deletions\",", with: "\"name\": \"deletions\", \"key\": \"CKRecord.ID\","), line: 26, column: 9,
            message: "a stream has either \"key\" and \"value\""),
        Case(
            name: "requested on events",
            input: replacingInOperation("\"name\": \"deletions\",", with: "\"name\": \"deletions\", \"requested\": \"x\","), line: 26, column: 45,
            message: "\"requested\" applies to per-item streams"),
        Case(
            name: "stream named like what copied Swift reads", input: replacingInOperation("\"name\": \"deletions\"", with: "\"name\": \"result\""),
            line: 26, column: 19, message: "the stream name \"result\" would hide what a block's copied Swift reads"),
        Case(
            name: "stream name with the generated spelling", input: replacingInOperation("\"name\": \"deletions\"", with: "\"name\": \"events_\""),
            line: 26, column: 19, message: "the stream name \"events_\" ends in \"_\""),
        Case(
            name: "duplicate block", input: replacingInOperation("\"name\": \"deletedBlock\"", with: "\"name\": \"perRecordResultBlock\""), line: 26,
            column: 112, message: "the block \"perRecordResultBlock\" appears twice"),
        Case(
            name: "block type not a function",
            input: replacingInOperation("\"type\": \"(CKRecord.ID) -> Void\"", with: "\"type\": \"((CKRecord.ID) -> Void)?\""), line: 26, column: 153,
            message: "is not a block type"),
        Case(
            name: "operation named twice",
            input: replacingInOperation(
                "\"operations\": [\n",
                with:
                    "\"operations\": [\n    { \"name\": \"FetchRecords\", \"sdkType\": \"X\", \"result\": { \"type\": \"Void\", \"blocks\": [{ \"name\": \"b\", \"role\": \"finalResult\", \"type\": \"() -> Void\" }] } },\n"
            ), line: 17, column: 15, message: "the operation \"FetchRecords\" is described twice"),
        Case(
            name: "call runs an undescribed operation",
            input: replacingInOperation("\"operations\": [\"FetchRecords\"]", with: "\"operations\": [\"FetchRecord\"]"), line: 10, column: 134,
            message: "\"FetchRecord\" is not a described operation", hint: "did you mean \"FetchRecords\"?"),
        Case(
            name: "operation call with a result",
            input: replacingInOperation("\"operations\": [\"FetchRecords\"],", with: "\"operations\": [\"FetchRecords\"], \"returns\": \"Bool\","),
            line: 10, column: 9, message: "a call that runs operations takes the operation as its one parameter"),
        Case(
            name: "operation result without type", input: replacingInOperation("\"result\": { \"type\": \"Void\",", with: "\"result\": {"), line: 28,
            column: 17, message: "an operation result is missing the required key \"type\""),
        Case(
            name: "unknown store action",
            input: replacingInOperation(
                "\"sdkType\": \"CKFetchRecordsOperation\",", with: "\"sdkType\": \"CKFetchRecordsOperation\", \"store\": \"fecth\","), line: 17,
            column: 54, message: "unknown store action \"fecth\"", hint: "did you mean \"fetch\"?"),
        Case(
            name: "store on a call that runs operations",
            input: replacingInOperation("\"operations\": [\"FetchRecords\"],", with: "\"operations\": [\"FetchRecords\"], \"store\": \"fetch\","),
            line: 10, column: 160, message: "a call that runs operations is not itself a store call"),
        Case(
            name: "invalid binding name",
            input: replacingInOperation(
                "\"arguments\": \"value, key, error\"",
                with: "\"arguments\": \"value, key, error\", \"unwrap\": [{ \"name\": \"key\", \"value\": \"key\" }]"), line: 23, column: 187,
            message: "\"key\" cannot be bound here"),
    ]

    func diagnostics(for input: String) -> [Diagnostic] {
        diagnostics(for: Array(input.utf8))
    }

    func diagnostics(for bytes: [UInt8]) -> [Diagnostic] {
        do {
            _ = try Generator.validate(bytes, file: "test.json")
            return []
        } catch {
            guard case .description(let diagnostics) = error else { return [] }
            return diagnostics.diagnostics
        }
    }

    func testTheValidFixtureIsValid() {
        XCTAssertEqual(diagnostics(for: Self.valid), [])
    }

    func testAnSDKProtocolWrittenAsAnExistentialIsValid() {
        XCTAssertEqual(diagnostics(for: Self.replacing("\"sdkType\": \"CKDatabase\"", with: "\"sdkType\": \"any CKDatabase\"")), [])
    }

    func testTheValidOperationFixtureIsValid() {
        XCTAssertEqual(diagnostics(for: Self.validWithOperation), [])
    }

    func testEachBadInputHasItsLocatedDiagnostic() {
        XCTAssertGreaterThanOrEqual(Self.cases.count + Self.operationCases.count, 40)
        for testCase in Self.cases + Self.operationCases {
            let found = diagnostics(for: testCase.input)
            guard let match = found.first(where: { $0.message.contains(testCase.message) }) else {
                XCTFail("\(testCase.name): expected \"\(testCase.message)\", got \(found.map(\.description))")
                continue
            }
            XCTAssertEqual("\(match.location.line):\(match.location.column)", "\(testCase.line):\(testCase.column)", "\(testCase.name): \(match)")
            if let hint = testCase.hint { XCTAssertEqual(match.hint, hint, testCase.name) }
            XCTAssertTrue(match.description.hasPrefix("test.json:\(match.location.line):\(match.location.column): error: "), testCase.name)
        }
    }

    func testNonUTF8BytesAreRejected() {
        var bytes = Array(Self.valid.utf8)
        bytes.insert(0xFF, at: 40)
        XCTAssertThrowsError(try Generator.validate(bytes, file: "bad.json")) { error in
            XCTAssertTrue("\(error)".contains("bad.json:3:17: error: the file is not valid UTF-8"), "\(error)")
        }
    }

    func testDeepNestingIsRejectedNotCrashed() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        XCTAssertTrue(diagnostics(for: deep).first?.message.contains("nested more than") ?? false)
    }

    func testEveryProblemIsReportedAtOnceInFileOrder() {
        let input = Self.replacing("\"prefix\": \"Cloud\"", with: "\"prefix\": \"9\"").replacingOccurrences(
            of: "\"label\": \"for\"", with: "\"label\": \"f-or\"")
        let found = diagnostics(for: input)
        XCTAssertEqual(found.count, 2)
        XCTAssertEqual(found.map(\.location.line), [4, 13])
    }

    func testBadInputLeavesEarlierOutputsUntouched() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clouddouble-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let generator = Generator(templates: try .bundled())
        let good = try generator.generate(Array(Self.valid.utf8), file: "test.json")
        try OutputWriter.write(good, to: directory)
        let before = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        XCTAssertThrowsError(try generator.generate(Array(Self.cases[1].input.utf8), file: "test.json"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), before)
        for file in good {
            XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent(file.name), encoding: .utf8), file.contents)
        }
    }

    func testTheNetworkTraitOfACatalogueEntryIsEmittedOnlyWhenTrue() throws {
        let description = Self.replacing(
            "\"prefix\": \"Cloud\",",
            with: """
                "prefix": "Cloud", "errorModel": { "domain": "\\"D\\"", "catalogue": [{ "name": "offline", "rawValue": 1, "retryable": true, "network": true }, { "name": "busy", "rawValue": 2, "network": false }] },
                """)
        let files = try Generator(templates: .bundled()).generate(Array(description.utf8), file: "test.json")
        let text = files.map(\.contents).joined()
        XCTAssertTrue(
            text.contains(
                "ErrorCodeInfo(rawValue: 1, name: \"offline\", meaning: \"offline\", isRetryable: true, isThrottling: false, isNetworkFailure: true, needsUserAction: false, "
            ),
            text)
        XCTAssertTrue(
            text.contains(
                "ErrorCodeInfo(rawValue: 2, name: \"busy\", meaning: \"busy\", isRetryable: false, isThrottling: false, needsUserAction: false, "),
            text)
    }

    func testUnchangedOutputIsNotRewritten() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clouddouble-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try Generator(templates: .bundled()).generate(Array(Self.valid.utf8), file: "test.json")
        XCTAssertEqual(try OutputWriter.write(files, to: directory).count, 4)
        XCTAssertEqual(try OutputWriter.write(files, to: directory), [])
    }

    func testAbsurdlyLargeInputsAreRefusedOrHandled() {
        let huge = [UInt8](repeating: UInt8(ascii: " "), count: DescriptionDecoder.maximumBytes + 1)
        let found = diagnostics(for: huge)
        XCTAssertEqual(found.map(\.location.line), [1])
        XCTAssertTrue(found.first?.message.contains("may be at most 64 MB") ?? false, "\(found)")

        // Under the limit, a very long value and very many unknown keys get one diagnostic each, fast.
        let longName = String(repeating: "x", count: 1 << 20)
        XCTAssertTrue(
            diagnostics(for: Self.replacing("\"prefix\": \"Cloud\"", with: "\"prefix\": \"9\(longName)\"")).first?.message.contains(
                "not a valid start") ?? false)
        let manyKeys = (0..<20_000).map { "\"k\($0)\": 1" }.joined(separator: ", ")
        XCTAssertEqual(diagnostics(for: Self.replacing("\"formatVersion\": 1,", with: "\"formatVersion\": 1, \(manyKeys),")).count, 20_000)
    }

    func testChangedOutputReplacesTheOldFileInPlace() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clouddouble-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let old = [GeneratedFile(name: "A.Mocks.swift", contents: "old\n")]
        let new = [GeneratedFile(name: "A.Mocks.swift", contents: "new\n")]
        try OutputWriter.write(old, to: directory)
        XCTAssertEqual(try OutputWriter.write(new, to: directory), ["A.Mocks.swift"])
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("A.Mocks.swift"), encoding: .utf8), "new\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["A.Mocks.swift"], "no temporary file is left")
    }

    func testMissingAndBrokenTemplateDirectories() throws {
        XCTAssertThrowsError(try TemplateSet(directory: URL(fileURLWithPath: "/nonexistent/templates"))) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent/templates: error: the template directory does not exist"))
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clouddouble-broken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "ok\n{{#types}}\n{{name}}\n".write(to: directory.appendingPathComponent("mocks.mustache"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try TemplateSet(directory: directory)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("mocks.mustache:2:1: error: the section \"types\" is never closed"), text)
            XCTAssertTrue(text.contains("the template protocols.mustache is missing"), text)
        }
    }
}
