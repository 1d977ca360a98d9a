import CloudDoubleGenerator
import Foundation
import XCTest

/// The rules for `items` on parameters, `input` on operation streams and `atomic` on calls and
/// operations, and `errorType`: each bad value gets one diagnostic, located at the value (the
/// marked text).
final class ItemInputDiagnosticTests: XCTestCase {
    static let valid = """
        {
          "formatVersion": 1,
          "module": "CloudKit",
          "prefix": "Cloud",
          "errorModel": { "domain": "CKErrorDomain", "catalogue": "cloudKit" },
          "types": [
            {
              "name": "Database",
              "sdkType": "CKDatabase",
              "calls": [
                {
                  "id": "modifyRecords",
                  "parameters": [
                    { "label": "saving", "name": "recordsToSave", "type": "[CKRecord]", "items": { "result": "saveResults", "key": "recordID" } },
                    { "label": "deleting", "name": "recordIDsToDelete", "type": "[CKRecord.ID]", "items": { "result": "deleteResults" } },
                    { "label": "atomically", "name": "atomically", "type": "Bool" }
                  ],
                  "returns": "(saveResults: [CKRecord.ID: Result<CKRecord, any Error>], deleteResults: [CKRecord.ID: Result<Void, any Error>])",
                  "perItem": ["saveResults", "deleteResults"],
                  "atomic": { "when": "atomically", "groupBy": "zoneID", "except": "CKRecordZone.ID.default", "error": "batchRequestFailed" },
                  "forms": { "async": { "name": "modifyRecords" } }
                },
                {
                  "id": "addOperation",
                  "parameters": [{ "label": "_", "name": "operation", "type": "CKDatabaseOperation" }],
                  "operations": true,
                  "forms": { "sync": { "name": "add" } }
                }
              ]
            }
          ],
          "operations": [
            {
              "name": "ModifyRecords",
              "sdkType": "CKModifyRecordsOperation",
              "atomic": { "when": "isAtomic", "groupBy": "zoneID", "except": "CKRecordZone.ID.default", "error": "batchRequestFailed" },
              "streams": [
                {
                  "name": "saves", "key": "CKRecord.ID", "value": "CKRecord",
                  "requested": "(operation.recordsToSave ?? []).map(\\\\.recordID)",
                  "input": { "property": "recordsToSave", "key": "recordID" },
                  "blocks": [{ "name": "perRecordSaveBlock", "role": "itemResult", "type": "(CKRecord.ID, Result<CKRecord, any Error>) -> Void" }]
                }
              ],
              "result": { "type": "Void", "blocks": [{ "name": "modifyRecordsResultBlock", "role": "finalResult", "type": "(Result<Void, any Error>) -> Void" }] }
            }
          ]
        }
        """

    /// `valid` with `old` replaced by `new`; the diagnostic is expected where `marker` (in `new`) starts.
    struct Case {
        let name: String
        let old: String
        let new: String
        let marker: String
        let message: String
    }

    static let cases: [Case] = [
        Case(
            name: "items on a scalar", old: #""type": "[CKRecord.ID]", "items": { "result": "deleteResults" }"#,
            new: #""type": "CKRecord.ID", "items": { "result": "deleteResults" }"#, marker: #"{ "result": "deleteResults" }"#,
            message: "\"items\" marks a list of items, but \"recordIDsToDelete\" is a CKRecord.ID, not an array"),
        Case(
            name: "items on a dictionary", old: #""type": "[CKRecord.ID]", "items""#, new: #""type": "[CKRecord.ID: Int]", "items""#,
            marker: #"{ "result": "deleteResults" }"#, message: "is a [CKRecord.ID: Int], not an array"),
        Case(
            name: "items answer an unknown field", old: #""result": "deleteResults""#, new: #""result": "deleteResult""#,
            marker: #""deleteResult""#, message: "\"deleteResult\" is not a per-item field of the result"),
        Case(
            name: "items without result", old: #"{ "result": "deleteResults" }"#, new: #"{ }"#, marker: "{ }",
            message: "\"items\" needs \"result\""),
        Case(
            name: "two parameters answer one field", old: #""result": "deleteResults""#, new: #""result": "saveResults""#,
            marker: #"{ "result": "saveResults" }"#, message: "two parameters give the items of the same result"),
        Case(
            name: "items without per-item results", old: #""perItem": ["saveResults", "deleteResults"],"#, new: "",
            marker: #"{ "result": "saveResults", "key": "recordID" }"#, message: "\"items\" needs per-item results"),
        Case(
            name: "key is not a path", old: #""key": "recordID" } },"#, new: #""key": "record ID" } },"#,
            marker: #""record ID""#, message: "\"key\" must be a property path"),
        Case(
            name: "unknown key in items", old: #"{ "result": "deleteResults" }"#, new: #"{ "result": "deleteResults", "keys": "x" }"#,
            marker: #""keys""#, message: "unknown key \"keys\""),
        Case(
            name: "atomic flag names nothing", old: #""when": "atomically""#, new: #""when": "atomic""#,
            marker: #""atomic", "groupBy""#, message: "\"when\" names no parameter of the call"),
        Case(
            name: "atomic flag is not Bool", old: #""name": "atomically", "type": "Bool""#, new: #""name": "atomically", "type": "Int""#,
            marker: #""atomically", "groupBy""#, message: "\"when\" must name a Bool parameter"),
        Case(
            name: "atomic error not in catalogue", old: #""error": "batchRequestFailed" },"#, new: #""error": "batchRequestFailure" },"#,
            marker: #""batchRequestFailure""#, message: "the error code \"batchRequestFailure\" is not in the error catalogue"),
        // Before: accepted against CloudKit's table, and the group's other items failed with the
        // fault plan's "no such code" error (the generated model of a description without an
        // error model has no codes).
        Case(
            name: "atomic error without an error model", old: #""errorModel": { "domain": "CKErrorDomain", "catalogue": "cloudKit" },"#, new: "",
            marker: #""batchRequestFailed""#, message: "the error code \"batchRequestFailed\" is not in the error catalogue"),
        Case(
            name: "atomic except on two lines", old: #""except": "CKRecordZone.ID.default", "error": "batchRequestFailed" },"#,
            new: #""except": "a\nb", "error": "batchRequestFailed" },"#, marker: #""a\nb""#,
            message: "\"except\" must be one Swift expression on one line"),
        Case(
            name: "atomic without error", old: #""except": "CKRecordZone.ID.default", "error": "batchRequestFailed" },"#,
            new: #""except": "CKRecordZone.ID.default" },"#, marker: #"{ "when": "atomically""#, message: "missing the required key \"error\""),
        Case(
            name: "input without requested", old: #""requested": "(operation.recordsToSave ?? []).map(\\.recordID)","#, new: "",
            marker: #"{ "property": "recordsToSave""#, message: "the stream needs \"requested\" too"),
        Case(
            name: "input property is a block", old: #""property": "recordsToSave""#, new: #""property": "perRecordSaveBlock""#,
            marker: #""perRecordSaveBlock", "key""#, message: "is also a block's name"),
        Case(
            name: "input property with the generated spelling", old: #""property": "recordsToSave""#, new: #""property": "delivery_""#,
            marker: #""delivery_""#, message: "the input property name \"delivery_\" ends in \"_\""),
        // Before: accepted, and the intercept restored `result` (the final block's parameter) into the request.
        Case(
            name: "input property named like what copied Swift reads", old: #""property": "recordsToSave""#, new: #""property": "operation""#,
            marker: #""operation", "key""#, message: "the input property name \"operation\" would hide what a block's copied Swift reads"),
        // Before: accepted, and the intercept declared `let recordsToSave` twice.
        Case(
            name: "two streams with one input",
            old: #""blocks": [{ "name": "perRecordSaveBlock", "role": "itemResult", "type": "(CKRecord.ID, Result<CKRecord, any Error>) -> Void" }]"#,
            new:
                #""blocks": [{ "name": "perRecordSaveBlock", "role": "itemResult", "type": "(CKRecord.ID, Result<CKRecord, any Error>) -> Void" }] }, { "name": "saves2", "key": "CKRecord.ID", "value": "CKRecord", "requested": "[]", "input": {"property": "recordsToSave"}, "blocks": [{ "name": "perRecordSaveBlock2", "role": "itemResult", "type": "(CKRecord.ID, Result<CKRecord, any Error>) -> Void" }]"#,
            marker: #""recordsToSave"}"#, message: "the stream \"saves2\" takes its items from \"recordsToSave\", as the stream at line"),
        Case(
            name: "error type that is not a type", old: #""catalogue": "cloudKit" },"#,
            new: #""catalogue": "cloudKit", "errorType": "(NSError) -> Error" },"#,
            marker: #""(NSError) -> Error""#, message: "the error type \"(NSError) -> Error\" must be a named type"),
        Case(
            name: "atomic operation without inputs", old: #""input": { "property": "recordsToSave", "key": "recordID" },"#, new: "",
            marker: #"{ "when": "isAtomic""#, message: "an atomic operation needs a stream with \"input\""),
    ]

    func testTheValidFixtureIsValid() throws {
        XCTAssertNoThrow(try Generator.validate(Array(Self.valid.utf8), file: "test.json"))
    }

    func testEachRuleHasItsLocatedDiagnostic() {
        for testCase in Self.cases {
            XCTAssertTrue(Self.valid.contains(testCase.old), "\(testCase.name): the fixture has no \(testCase.old)")
            let input = Self.valid.replacingOccurrences(of: testCase.old, with: testCase.new)
            let diagnostics: [Diagnostic]
            do {
                _ = try Generator.validate(Array(input.utf8), file: "test.json")
                XCTFail("\(testCase.name): accepted")
                continue
            } catch {
                guard case .description(let found) = error else {
                    XCTFail("\(testCase.name): \(error)")
                    continue
                }
                diagnostics = found.diagnostics
            }
            guard let match = diagnostics.first(where: { $0.message.contains(testCase.message) }) else {
                XCTFail("\(testCase.name): expected \"\(testCase.message)\", got \(diagnostics.map(\.description))")
                continue
            }
            let expected = location(of: testCase.marker, in: input)
            XCTAssertEqual("\(match.location.line):\(match.location.column)", expected, "\(testCase.name): \(match)")
            XCTAssertTrue(match.description.hasPrefix("test.json:\(match.location.line):\(match.location.column): error: "), testCase.name)
        }
    }

    /// `line:column` (1-based, columns in UTF-8 bytes) of the first occurrence of `marker`.
    func location(of marker: String, in input: String) -> String {
        guard let range = input.range(of: marker) else { return "marker not found: \(marker)" }
        let before = input[..<range.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let lineStart = before.lastIndex(of: "\n").map { input.index(after: $0) } ?? input.startIndex
        return "\(line):\(input[lineStart..<range.lowerBound].utf8.count + 1)"
    }
}
