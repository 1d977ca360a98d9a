import CloudDoubleGenerator
import Foundation
import XCTest

/// The generated code's shape is locked by golden files. The CloudKit goldens are the sources of
/// the shipped `CloudKitDoubles` and `CloudKitMocks` products, so they are compiled and tested
/// too. Re-record after an intended change with `CLOUDDOUBLE_RECORD=1 swift test --filter GoldenTests`
/// (or run the `clouddouble generate` commands in `.ci/run`).
final class GoldenTests: XCTestCase {
    func generate() throws -> [GeneratedFile] {
        try Generator(templates: .bundled()).generate(Paths.bytes(Paths.cloudKitDescription), file: Paths.relative(Paths.cloudKitDescription))
    }

    /// Compares the generated files with the goldens in `directory`, or re-records them.
    func assertMatchesGoldens(_ files: [GeneratedFile], in directory: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        if ProcessInfo.processInfo.environment["CLOUDDOUBLE_RECORD"] == "1" {
            try OutputWriter.write(files, to: directory)
            return
        }
        for generated in files {
            let golden = try String(contentsOf: directory.appendingPathComponent(generated.name), encoding: .utf8)
            guard generated.contents != golden else { continue }
            XCTFail(
                "\(generated.name) differs from its golden (re-record with CLOUDDOUBLE_RECORD=1 if intended):\n\(Self.difference(golden, generated.contents))",
                file: file, line: line)
        }
    }

    /// The first differing lines of two texts with a little context, as `-` golden and `+`
    /// generated lines, instead of two whole files.
    static func difference(_ old: String, _ new: String, context: Int = 2, limit: Int = 12) -> String {
        let before = old.components(separatedBy: "\n")
        let after = new.components(separatedBy: "\n")
        var start = 0
        while start < min(before.count, after.count), before[start] == after[start] { start += 1 }
        var endBefore = before.count
        var endAfter = after.count
        while endBefore > start, endAfter > start, before[endBefore - 1] == after[endAfter - 1] {
            endBefore -= 1
            endAfter -= 1
        }
        var lines = ["@@ line \(start + 1) @@"]
        lines += before[max(0, start - context)..<start].map { "  " + $0 }
        lines += before[start..<endBefore].prefix(limit).map { "- " + $0 }
        lines += after[start..<endAfter].prefix(limit).map { "+ " + $0 }
        if endBefore - start > limit || endAfter - start > limit { lines.append("  …") }
        lines += after[endAfter..<min(after.count, endAfter + context)].map { "  " + $0 }
        return lines.joined(separator: "\n")
    }

    /// Swift copied from the description sits between `#sourceLocation` directives naming the
    /// description's line, so a compile error in it is reported on the JSON.
    func testCopiedSwiftPointsAtTheDescriptionsLine() throws {
        let description = Paths.root.appendingPathComponent("Tests/Goldens/Descriptions/KitchenSink.clouddouble.json")
        let json = try String(contentsOf: description, encoding: .utf8).components(separatedBy: "\n")
        let defaultLine = try XCTUnwrap(json.firstIndex { $0.contains(#""name": "overwrite""#) }) + 1
        let files = try Generator(templates: .bundled()).generate(Paths.bytes(description), file: "Sink/KitchenSink.clouddouble.json")
        let protocols = try XCTUnwrap(files.first { $0.name.hasSuffix("Protocols.swift") }?.contents).components(separatedBy: "\n")
        let directive = try XCTUnwrap(
            protocols.firstIndex { $0.contains(#"#sourceLocation(file: "Sink/KitchenSink.clouddouble.json", line: \#(defaultLine))"#) })
        XCTAssertTrue(protocols[directive + 1].contains("overwrite: true"), protocols[directive + 1])
        XCTAssertEqual(protocols[directive + 2].trimmingCharacters(in: .whitespaces), "#sourceLocation()")
    }

    func testAGoldenMismatchPrintsTheChangedLines() {
        let golden = "a\nb\nc\nd\ne"
        XCTAssertEqual(Self.difference(golden, "a\nb\nX\nd\ne"), "@@ line 3 @@\n  a\n  b\n- c\n+ X\n  d\n  e")
    }

    func testShippedCloudKitDescriptionMatchesGoldens() throws {
        let files = try generate()
        XCTAssertEqual(
            files.map(\.name), ["CloudKit.Protocols.swift", "CloudKit.Live.swift", "CloudKit.FaultInjecting.swift", "CloudKit.Mocks.swift"])
        try assertMatchesGoldens(files.filter { !$0.name.hasSuffix("Mocks.swift") }, in: Paths.cloudKitDoubles)
        // The mocks live in their own module, which imports the protocols' module.
        let mocks = try Generator(templates: .bundled(), options: TranslationOptions(extraImports: ["CloudKitDoubles"]))
            .generate(Paths.bytes(Paths.cloudKitDescription), file: Paths.relative(Paths.cloudKitDescription), artifacts: [.mocks])
        try assertMatchesGoldens(mocks, in: Paths.cloudKitMocks)
    }

    func testShippedKeyValueStoreDescriptionMatchesGoldens() throws {
        let description = Paths.root.appendingPathComponent("Descriptions/KeyValueStore.clouddouble.json")
        let files = try Generator(templates: .bundled()).generate(Paths.bytes(description), file: Paths.relative(description))
        try assertMatchesGoldens(files.filter { !$0.name.hasSuffix("Mocks.swift") }, in: Paths.cloudKitDoubles)
        let mocks = try Generator(templates: .bundled(), options: TranslationOptions(extraImports: ["CloudKitDoubles"]))
            .generate(Paths.bytes(description), file: Paths.relative(description), artifacts: [.mocks])
        try assertMatchesGoldens(mocks, in: Paths.cloudKitMocks)
        let live = try XCTUnwrap(files.first { $0.name.hasSuffix("Live.swift") }?.contents)
        XCTAssertTrue(live.contains("#if canImport(Darwin)"), "Foundation exists on Linux, NSUbiquitousKeyValueStore does not")
        XCTAssertTrue(live.contains("LiveCloudKeyValueStore: CloudKeyValueStore, CloudDoubleRuntime.LiveAdapter, @unchecked Swift.Sendable"))
    }

    func testTheCoverageDocListsEveryDescribedMember() throws {
        let description = try Generator.validate(Paths.bytes(Paths.cloudKitDescription), file: "CloudKit.clouddouble.json")
        let doc = try String(contentsOf: Paths.root.appendingPathComponent("docs/CloudKitCoverage.md"), encoding: .utf8)
        for type in description.types {
            for property in type.properties { XCTAssertTrue(doc.contains("| `\(property.name.value)` |"), property.name.value) }
            for call in type.calls { XCTAssertTrue(doc.contains("| `\(GeneratedNames.callID(call))` |"), GeneratedNames.callID(call)) }
        }
        for operation in description.operations { XCTAssertTrue(doc.contains("| `\(operation.name.value)` |"), operation.name.value) }
    }

    func testKitchenSinkDescriptionMatchesGoldens() throws {
        let description = Paths.root.appendingPathComponent("Tests/Goldens/Descriptions/KitchenSink.clouddouble.json")
        let directory = Paths.root.appendingPathComponent("Tests/Goldens/KitchenSink")
        let files = try Generator(templates: .bundled()).generate(Paths.bytes(description), file: Paths.relative(description))
        try assertMatchesGoldens(files, in: directory)
        let mocks = try XCTUnwrap(files.first { $0.name.hasSuffix("Mocks.swift") }?.contents)
        XCTAssertTrue(mocks.contains("var `default`: String"), "keywords are escaped")
        XCTAssertTrue(mocks.contains("final class MockSinkSettings: SinkSettings"), "internal access has no modifier")
    }

    func testGenerationIsByteIdenticalAcrossRuns() throws {
        XCTAssertEqual(try generate(), try generate())
    }

    func testBundledTemplatesAreTheRepositoryTemplates() throws {
        let custom = try Generator(templates: TemplateSet(directory: Paths.templates))
            .generate(Paths.bytes(Paths.cloudKitDescription), file: Paths.relative(Paths.cloudKitDescription))
        XCTAssertEqual(custom, try generate())
    }

    func testEveryFileSaysItIsGeneratedAndNamesItsSource() throws {
        for file in try generate() {
            XCTAssertTrue(file.contents.hasPrefix("// Generated by CloudDouble from CloudKit.clouddouble.json. Do not edit"), file.name)
        }
    }

    func testArtifactSelection() throws {
        let files = try Generator(templates: .bundled()).generate(
            Paths.bytes(Paths.cloudKitDescription), file: "CloudKit.clouddouble.json", artifacts: [.mocks])
        XCTAssertEqual(files.map(\.name), ["CloudKit.Mocks.swift"])
    }

    func testLiveAdaptersAreGatedOnTheSDKAndFaultWrappersOnDebug() throws {
        let files = Dictionary(uniqueKeysWithValues: try generate().map { ($0.name, $0.contents) })
        XCTAssertTrue(files["CloudKit.Live.swift"]!.contains("#if canImport(CloudKit)"))
        XCTAssertTrue(files["CloudKit.FaultInjecting.swift"]!.contains("#if DEBUG || CLOUDDOUBLE_FAULTS_IN_RELEASE"))
    }

    func testCustomTemplatesAndExtraImports() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clouddouble-templates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for artifact in Artifact.allCases {
            try "// \(artifact.rawValue) for {{source}}\n{{#imports}}{{line}}\n{{/imports}}{{#types}}{{protocolName}}\n{{/types}}"
                .write(to: directory.appendingPathComponent("\(artifact.rawValue).mustache"), atomically: true, encoding: .utf8)
        }
        let generator = Generator(templates: try TemplateSet(directory: directory), options: TranslationOptions(extraImports: ["App"]))
        let files = try generator.generate(Paths.bytes(Paths.cloudKitDescription), file: "CloudKit.clouddouble.json", artifacts: [.mocks])
        XCTAssertEqual(
            files.first?.contents, "// mocks for CloudKit.clouddouble.json\nimport Foundation\nimport App\nCloudContainer\nCloudDatabase\n")
    }
}
