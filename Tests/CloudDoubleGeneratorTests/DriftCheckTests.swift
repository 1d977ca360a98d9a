import CloudDoubleGenerator
import CloudDoubleTestSupport
import Foundation
import XCTest

/// `clouddouble check`: a description against its SDK's symbol graph, both ways.
final class DriftCheckTests: XCTestCase {
    static let fixture = Paths.root.appendingPathComponent("Tests/Fixtures/DriftSDK/DriftSDK.clouddouble.json")

    func check(_ bytes: [UInt8], file: String, against module: String, minimumAccessLevel: String? = nil) throws -> [DriftFinding] {
        let graphs = try SymbolGraphExtraction.graphs(of: module, minimumAccessLevel: minimumAccessLevel)
        let findings = try Drift.check(description: bytes, file: file, symbolGraphs: graphs)
        if ProcessInfo.processInfo.environment["CLOUDDOUBLE_PRINT_FINDINGS"] != nil { print(findings.map(\.description).joined(separator: "\n")) }
        return findings
    }

    /// The 1-based line and column of the first `text` after the first `after` in the file.
    func position(of text: String, after anchor: String? = nil, in source: String) throws -> SourceLocation {
        var searchStart = source.startIndex
        if let anchor { searchStart = try XCTUnwrap(source.range(of: anchor)).upperBound }
        let range = try XCTUnwrap(source.range(of: text, range: searchStart..<source.endIndex), "\(text) not in the fixture")
        let before = source[..<range.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let column = before.distance(from: before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex, to: before.endIndex) + 1
        return SourceLocation(line: line, column: column)
    }

    func testTheVersion1DescriptionMatchesVersion1() throws {
        let findings = try check(Paths.bytes(Self.fixture), file: "DriftSDK.clouddouble.json", against: "DriftSDKV1")
        XCTAssertEqual(findings.map(\.description), [])
        XCTAssertEqual(Drift.exitStatus(for: findings), 0)
    }

    /// Version 2 plants one change of each kind (`DRIFT:` comments in its source); each is
    /// reported once, at the place in the description it concerns, with its severity.
    func testVersion2ReportsEachPlantedChangeOnceAtItsLine() throws {
        let source = try String(contentsOf: Self.fixture, encoding: .utf8)
        let findings = try check(Array(source.utf8), file: "DriftSDK.clouddouble.json", against: "DriftSDKV2")
        struct Expected {
            var severity: DriftFinding.Severity
            var location: SourceLocation
            var message: String
        }
        let expected = [
            // A new deprecation (iOS, both forms): one warning at the call.
            Expected(
                severity: .warning, location: try idValue("status", in: source),
                message: "the call `status` (`status()` and `status(completionHandler:)`) is deprecated in DSStore (on iOS 17.0)"),
            // Optionality: the async result became `String?`.
            Expected(
                severity: .error, location: try position(of: "\"String\"", after: "\"id\": \"ownerName\"", in: source),
                message: "the result of `ownerName`: optionality changed: the description says String, the SDK now has String?"),
            // A new call in two forms: one warning at the type's SDK class.
            Expected(
                severity: .warning, location: try position(of: "\"DSBucket\"", in: source),
                message: "DSBucket has `purge()` and `purge(completionHandler:)`, which Bucket does not describe"),
            // A removed call (both forms): one error at its id.
            Expected(
                severity: .error, location: try idValue("deleteItem", in: source),
                message:
                    "the call `deleteItem` (`deleteItem(withID:)` and `delete(withItemID:completionHandler:)`) is no longer in DSBucket (removed)"),
            // A changed parameter type: at the parameter's type.
            Expected(
                severity: .error, location: try position(of: "\"Int\"", after: "\"name\": \"limit\"", in: source),
                message: "the parameter `limit` of `count`: type changed: the description says Int, the SDK now has Int64"),
            // A rename: at the form's name.
            Expected(
                severity: .error, location: try formName("allItemIDs", in: source),
                message: "`allItemIDs()` is no longer in DSBucket; it has `itemIdentifiers()` with the same signature (renamed?)"),
            // A deprecation everywhere: at the one form.
            Expected(
                severity: .warning, location: try position(of: "{ \"name\": \"compact\" }", in: source),
                message: "`compact()` is deprecated in DSBucket (everywhere); the description does not say so"),
            // Changed labels: at the form's name.
            Expected(
                severity: .error, location: try formName("archive", in: source),
                message: "`archive(olderThan:)` is no longer in DSBucket; it has `archive(before:)` with the same signature (its labels changed)"),
        ]
        XCTAssertEqual(findings.count, expected.count, findings.map(\.description).joined(separator: "\n"))
        for (finding, expectation) in zip(findings, expected) {
            XCTAssertEqual(finding.severity, expectation.severity, finding.description)
            XCTAssertEqual(finding.location, expectation.location, finding.description)
            XCTAssertTrue(finding.message.hasPrefix(expectation.message), "\(finding.message)\nexpected: \(expectation.message)")
        }
        XCTAssertEqual(Drift.exitStatus(for: findings), 1)
        XCTAssertTrue(
            findings[0].description.hasPrefix("DriftSDK.clouddouble.json:\(findings[0].location.line):\(findings[0].location.column): warning: "))
    }

    /// Only warnings: the exit status stays 0, so a new SDK member does not fail CI by itself.
    func testWarningsAloneExitZero() throws {
        let source = try String(contentsOf: Self.fixture, encoding: .utf8)
            .replacingOccurrences(of: "{ \"name\": \"debugDump\", \"reason\": \"a debugging aid; apps do not call it\" }", with: "")
            .replacingOccurrences(of: "\"omitted\": []", with: "\"omitted\": [{ \"name\": \"debugDump(verbose:)\", \"reason\": \"gone\" }]")
        let findings = try check(Array(source.utf8), file: "d.json", against: "DriftSDKV1")
        XCTAssertEqual(findings.map(\.severity), [.warning, .warning], findings.map(\.description).joined(separator: "\n"))
        XCTAssertTrue(findings.contains { $0.message == "DSBucket has `debugDump()`, which Bucket does not describe" })
        XCTAssertTrue(findings.contains { $0.message.contains("no longer has `debugDump(verbose:)`, which Bucket lists as omitted") })
        XCTAssertEqual(Drift.exitStatus(for: findings), 0)
    }

    /// Properties: an optionality change and a removal are errors; an undescribed one is a warning.
    func testPropertyDrift() throws {
        let source = try String(contentsOf: Self.fixture, encoding: .utf8)
            .replacingOccurrences(
                of: "{ \"name\": \"storeIdentifier\", \"type\": \"String?\" }", with: "{ \"name\": \"storeIdentifier\", \"type\": \"String\" }"
            )
            .replacingOccurrences(
                of: "\"properties\": [{ \"name\": \"bucketName\", \"type\": \"String\" }]",
                with: "\"properties\": [{ \"name\": \"bucketTitle\", \"type\": \"Int\" }]")
        let findings = try check(Array(source.utf8), file: "d.json", against: "DriftSDKV1")
        XCTAssertEqual(
            findings.map(\.message),
            [
                "the property `storeIdentifier` of DSStore: optionality changed: the description says String, the SDK now has String?",
                "DSBucket has a property `bucketName: String` that Bucket does not describe",
                "the property `bucketTitle` is no longer in DSBucket (removed or renamed)",
            ])
    }

    /// `check` holds to `import`'s rule: a description that describes what `import` omits (an
    /// actor's isolated synchronous method or state) is told why it cannot, where it says it.
    func testDescribedActorIsolatedMembersAreReported() throws {
        let source = #"""
            { "formatVersion": 1, "module": "DriftSDKV1", "prefix": "Fixture",
              "types": [{ "name": "Journal", "sdkType": "DSJournal",
                "properties": [{ "name": "lastIndex", "type": "Int" }, { "name": "identifier", "type": "String" }],
                "calls": [
                  { "id": "entryCount", "returns": "Int", "mockDefault": "0", "forms": { "sync": { "name": "entryCount" } } },
                  { "id": "entries", "parameters": [{ "label": "after", "name": "index", "type": "Int" }], "returns": "[String]", "forms": { "async": { "name": "entries" } } },
                  { "id": "journalName", "returns": "String", "mockDefault": "\"\"", "forms": { "sync": { "name": "journalName" } } }
                ] }] }
            """#
        let findings = try check(Array(source.utf8), file: "d.json", against: "DriftSDKV1")
        XCTAssertEqual(
            findings.map(\.message),
            [
                "the property `lastIndex` of DSJournal cannot be described: it is state isolated to the actor DSJournal, and the generated protocols' requirements are nonisolated",
                "`entryCount()` in DSJournal cannot be described: it is isolated to the actor DSJournal and synchronous, and the generated protocols' requirements are nonisolated",
            ])
        XCTAssertEqual(findings.map(\.location.line), [3, 5])
    }

    /// The shipped CloudKit description against the stand-in's symbol graph: no drift. (The check
    /// found the batch identity lookups' macCatalyst and visionOS deprecations missing; the
    /// description carries them now.) The graph keeps public declarations named with a leading
    /// underscore: the stand-in declares `CKShare.Metadata` as a typealias of `__CKShareMetadata`
    /// (where Apple's graph has the class itself), which the mirror `ShareMetadata` is checked against.
    func testTheShippedCloudKitDescriptionAgainstTheStandIn() throws {
        #if !os(Linux)
            throw XCTSkip("the stand-in CloudKit module exists on Linux only")
        #else
            let findings = try check(
                Paths.bytes(Paths.cloudKitDescription), file: "CloudKit.clouddouble.json", against: "CloudKit", minimumAccessLevel: "internal")
            XCTAssertEqual(findings, [], findings.map(\.description).joined(separator: "\n"))
            XCTAssertEqual(Drift.exitStatus(for: findings), 0)
        #endif
    }

    /// `validate` cannot see whether the error model's types exist; the symbol graph can. Before:
    /// a mistyped one passed `check`, then the generated protocols file did not compile.
    func testTheErrorModelsTypesAreCheckedAgainstTheSDK() throws {
        let source = try String(contentsOf: Self.fixture, encoding: .utf8).replacingOccurrences(
            of: "\"prefix\": \"Drift\",\n",
            with: """
                "prefix": "Drift",
                  "errorModel": { "domain": "\\"DS\\"", "errorType": "DSItm", "catalogue": [
                    { "name": "gone", "rawValue": 1, "swiftError": { "type": "DSStor", "make": "DSStor()" } },
                    { "name": "elsewhere", "rawValue": 2, "swiftError": { "type": "UnknownAWSHTTPServiceError", "make": "UnknownAWSHTTPServiceError()" } }
                  ] },

                """)
        XCTAssertTrue(source.contains("errorModel"))
        let findings = try check(Array(source.utf8), file: "d.json", against: "DriftSDKV1")
        let errors = findings.filter { $0.message.contains("is not in the symbol graph") }
        XCTAssertEqual(
            errors.map(\.message),
            [
                "DSItm, the error type, is not in the symbol graph of DriftSDKV1",
                "DSStor, the Swift error of the code \"gone\", is not in the symbol graph of DriftSDKV1",
            ], "a type of another module (UnknownAWSHTTPServiceError) is not reported")
        XCTAssertEqual(errors.map(\.location.line), [6, 7])
        XCTAssertEqual(errors.map(\.hint), ["the symbol graph has \"DSItem\": renamed?", "the symbol graph has \"DSStore\": renamed?"])
    }

    /// A mirrored member the SDK value no longer has, or whose type changed, is an error at the
    /// member (the live adapter's copy would not compile); members a mirror leaves out are not
    /// reported (KitchenSinkSDK's `SettingsEntry.revision`).
    func testAMirroredMemberTheSDKNoLongerHasIsReported() throws {
        let kitchenSink = Paths.root.appendingPathComponent("Tests/Goldens/Descriptions/KitchenSink.clouddouble.json")
        let source = try String(contentsOf: kitchenSink, encoding: .utf8)
        func mirrorFindings(_ text: String) throws -> [DriftFinding] {
            try check(Array(text.utf8), file: "KitchenSink.clouddouble.json", against: "KitchenSinkSDK").filter { $0.message.contains("mirror") }
        }
        XCTAssertEqual(try mirrorFindings(source), [])
        let drifted =
            source
            .replacingOccurrences(of: "{ \"name\": \"key\", \"type\": \"String\" }", with: "{ \"name\": \"key\", \"type\": \"Int\" }")
            .replacingOccurrences(of: "{ \"name\": \"default\", \"type\": \"String\" }", with: "{ \"name\": \"defaults\", \"type\": \"String\" }")
        XCTAssertNotEqual(drifted, source)
        let findings = try mirrorFindings(drifted)
        XCTAssertEqual(
            findings.map(\.message),
            [
                "the mirrored member `key` of SettingsEntry: type changed: the description says Int, the SDK now has String",
                "the mirrored member `defaults` is no longer in SettingsEntry (removed or renamed)",
            ])
        XCTAssertEqual(
            findings.map(\.location),
            [
                try position(of: "\"Int\"", after: "\"sdkType\": \"SettingsEntry\"", in: drifted),
                try position(of: "\"defaults\"", after: "\"sdkType\": \"SettingsEntry\"", in: drifted),
            ])
        XCTAssertEqual(findings.map(\.severity), [.error, .error])
    }

    /// A described-type parameter (`"ref"`) is checked as its type's `sdkType`, and so are optional
    /// and array results (`"Section?"`, `"[Section]"`): KitchenSink's `Batch` against
    /// KitchenSinkSDK's `SettingsBatch`.
    func testADescribedTypeParameterIsCheckedAsItsSDKType() throws {
        let kitchenSink = Paths.root.appendingPathComponent("Tests/Goldens/Descriptions/KitchenSink.clouddouble.json")
        let source = try String(contentsOf: kitchenSink, encoding: .utf8)
        func batchFindings(_ text: String) throws -> [DriftFinding] {
            try check(Array(text.utf8), file: "KitchenSink.clouddouble.json", against: "KitchenSinkSDK").filter { finding in
                finding.message.contains("SettingsBatch") || finding.message.contains("`section`") || finding.message.contains("eleted")
            }
        }
        XCTAssertEqual(try batchFindings(source).map(\.message), [])
        let drifted = source.replacingOccurrences(
            of: "[{ \"label\": \"_\", \"name\": \"section\", \"ref\": \"Section\" }]",
            with: "[{ \"label\": \"_\", \"name\": \"section\", \"ref\": \"Node\" }]")
        XCTAssertNotEqual(drifted, source)
        XCTAssertEqual(
            try batchFindings(drifted).map(\.message),
            ["the parameter `section` of `delete`: type changed: the description says SettingsNode, the SDK now has SettingsSection"])
    }

    /// Stream forms are checked against the SDK's sequence type (`sequence`, by default
    /// `AsyncThrowingStream<T, any Error>`), and the SDK's `some P` is the description's `any P`,
    /// as `import` advises writing it: KitchenSink's `Ticker` against KitchenSinkSDK's `SettingsTicker`.
    func testStreamFormsAndAnyForSomeAgreeWithTheSDK() throws {
        let kitchenSink = Paths.root.appendingPathComponent("Tests/Goldens/Descriptions/KitchenSink.clouddouble.json")
        let source = try String(contentsOf: kitchenSink, encoding: .utf8)
        func feedFindings(_ text: String) throws -> [DriftFinding] {
            try check(Array(text.utf8), file: "KitchenSink.clouddouble.json", against: "KitchenSinkSDK").filter { finding in
                finding.message.contains("SettingsTicker") || ["changes", "pages", "values", "label"].contains { finding.message.contains("`\($0)") }
            }
        }
        XCTAssertEqual(try feedFindings(source).map(\.message), [])
        let drifted =
            source
            .replacingOccurrences(of: "\"sequence\": \"SettingsPages\"", with: "\"sequence\": \"SettingsPageList\"")
            .replacingOccurrences(
                of: "\"returns\": \"String\",\n          \"forms\": { \"stream\": { \"name\": \"changes\" } }",
                with: "\"returns\": \"Int\",\n          \"forms\": { \"stream\": { \"name\": \"changes\" } }")
        XCTAssertNotEqual(drifted, source)
        let findings = try feedFindings(drifted)
        XCTAssertEqual(
            findings.map(\.message),
            [
                "the result of `changes`: type changed: the description says AsyncThrowingStream<Int, any Error>, the SDK now has AsyncThrowingStream<String, any Error>",
                "the result of `pages`: type changed: the description says SettingsPageList, the SDK now has SettingsPages",
            ])
        XCTAssertEqual(
            findings.map(\.location.line),
            [
                try position(of: "\"Int\"", after: "\"id\": \"changes\"", in: drifted).line,
                try position(of: "\"SettingsPageList\"", in: drifted).line,
            ])
    }

    func testAnInvalidDescriptionIsReportedAsDiagnostics() throws {
        XCTAssertThrowsError(try check(Array("{}".utf8), file: "bad.json", against: "DriftSDKV1")) { error in
            XCTAssertTrue("\(error)".contains("bad.json:1:1: error:"), "\(error)")
        }
    }
}

extension DriftCheckTests {
    /// Where a call's id value starts: call-level findings point there.
    fileprivate func idValue(_ id: String, in source: String) throws -> SourceLocation {
        let location = try position(of: "\"id\": \"\(id)\"", in: source)
        return SourceLocation(line: location.line, column: location.column + "\"id\": ".count)
    }

    /// Where the name of the call's first form starts: form-level findings point there.
    fileprivate func formName(_ id: String, in source: String) throws -> SourceLocation {
        let location = try position(of: "\"name\": \"\(id)\"", after: "\"id\": \"\(id)\"", in: source)
        return SourceLocation(line: location.line, column: location.column + "\"name\": ".count)
    }
}
