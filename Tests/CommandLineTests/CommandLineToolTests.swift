import CloudDoubleGenerator
import Foundation
import XCTest

@testable import clouddouble

/// The command line's conventions, one test per case: help and version everywhere, unknown
/// options with a suggestion, usage errors exit 64, description problems exit 1, `--quiet`, and a
/// message of its own for each bad file or option value.
final class CommandLineToolTests: XCTestCase {
    var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("clouddouble-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    func run(_ arguments: String...) -> CommandLineTool.Outcome {
        CommandLineTool().run(arguments)
    }

    /// A valid description file in the scratch folder.
    func description(named name: String = "Store.clouddouble.json") throws -> String {
        let path = scratch.appendingPathComponent(name).path
        let json = """
            {
              "formatVersion": 1, "module": "KeyValueSDK", "prefix": "Remote",
              "types": [{ "name": "Store", "sdkType": "KVStore", "calls": [
                { "id": "value", "parameters": [{ "label": "forKey", "name": "key", "type": "String" }], "returns": "Int",
                  "forms": { "async": { "name": "value" } } }
              ] }]
            }
            """
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func expectUsage(_ outcome: CommandLineTool.Outcome, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(outcome.status, 64, "usage errors exit 64: \(outcome)", file: file, line: line)
        XCTAssertTrue(outcome.errors.contains(message), "expected \"\(message)\" in: \(outcome.errors)", file: file, line: line)
        XCTAssertEqual(outcome.output, "", file: file, line: line)
    }

    // MARK: Help and version

    func testHelpOnEveryCommand() {
        for arguments in [["--help"], ["-h"], ["help"], ["help", "generate"]] {
            let outcome = CommandLineTool().run(arguments)
            XCTAssertEqual(outcome.status, 0, "\(arguments)")
            XCTAssertTrue(outcome.output.contains("USAGE: clouddouble"), "\(arguments)")
        }
        for command in Command.allCases {
            for flag in ["--help", "-h"] {
                let outcome = run(command.rawValue, flag)
                XCTAssertEqual(outcome.status, 0, "\(command) \(flag)")
                XCTAssertTrue(outcome.output.contains("USAGE: clouddouble \(command.rawValue)"), "\(command) \(flag): \(outcome)")
            }
        }
        XCTAssertTrue(run("generate", "--help").output.contains("--artifacts"), "generate --help shows its options, not 'needs --output'")
        XCTAssertTrue(run("validate", "--help").output.contains("--quiet"), "validate --help does not open a file named --help")
    }

    func testVersion() {
        for flag in ["--version", "-V"] {
            XCTAssertEqual(run(flag), CommandLineTool.Outcome(status: 0, output: "clouddouble \(CloudDoubleVersion.current)\n"))
        }
    }

    func testNoArgumentsIsAUsageError() {
        let outcome = CommandLineTool().run([])
        XCTAssertEqual(outcome.status, 64)
        XCTAssertTrue(outcome.errors.contains("USAGE"))
    }

    // MARK: Unknown commands and options

    func testUnknownCommandSuggestsTheClosest() {
        expectUsage(run("generat", "x.json"), "unknown command 'generat'; did you mean 'generate'?")
        expectUsage(run("frobnicate"), "unknown command 'frobnicate'; commands: generate, validate, import, check, catalogue")
    }

    func testUnknownOptionsAreOptionsNotFiles() throws {
        let path = try description()
        expectUsage(run("generate", path, "--output", scratch.path, "--frobnicate"), "unknown option '--frobnicate' for generate")
        expectUsage(run("generate", path, "--ouput", scratch.path), "unknown option '--ouput' for generate; did you mean '--output'?")
        expectUsage(run("validate", path, "--verbose"), "unknown option '--verbose' for validate")
        expectUsage(run("validate", path, "--quite"), "did you mean '--quiet'?")
    }

    func testMissingAndRepeatedOptionValues() throws {
        let path = try description()
        expectUsage(run("generate", path), "generate needs --output <directory>")
        expectUsage(run("generate", path, "--output"), "--output needs a value")
        expectUsage(run("generate", path, "--output", ""), "--output needs a value, not an empty string")
        expectUsage(run("generate", path, "--output", "a", "--output", "b"), "--output is given 2 times ('a', 'b'); give it once")
        expectUsage(run("generate", path, "--output", scratch.path, "--artifacts", ""), "--artifacts needs a value, not an empty string")
        expectUsage(
            run("generate", path, "--output", scratch.path, "--artifacts", ","),
            "--artifacts needs at least one of protocols, live, faultInjecting, mocks")
        expectUsage(run("generate", path, "--output", scratch.path, "--artifacts", "mock"), "unknown artifact 'mock'; did you mean 'mocks'?")
        expectUsage(run("generate", "--output", scratch.path), "generate needs a description file")
        expectUsage(run("generate", path, path, "--output", scratch.path), "generate takes one description file, found 2")
        expectUsage(run("validate"), "validate needs at least one description file")
        expectUsage(run("generate", path, "--quiet=yes", "--output", scratch.path), "--quiet takes no value")
    }

    func testImportAndCheckNeedTheirInputs() throws {
        let path = try description()
        expectUsage(run("import", "--type", "X"), "import needs a symbol graph file")
        expectUsage(run("import", "graph.json"), "import needs --type <SDKType>")
        expectUsage(run("check", path), "check needs --symbol-graph")
        expectUsage(run("check", "--symbol-graph", "g.json"), "check needs a description file")
        expectUsage(run("check", path, "--symbol-graf", "g.json"), "did you mean '--symbol-graph'?")
        let missing = scratch.appendingPathComponent("Missing.symbols.json").path
        XCTAssertEqual(run("check", path, "--symbol-graph", missing).errors, "\(missing): error: no such file\n")
        XCTAssertEqual(
            run("import", scratch.path, "--type", "X").errors, "\(scratch.path): error: is a directory; give a symbol graph file (*.symbols.json)\n")
    }

    /// `import` prints a warning naming a type the symbol graph shows is not `Sendable` and the
    /// key the draft set for it, even with `--quiet` (which silences notes). Before: nothing was
    /// printed, and the draft's live adapter failed to compile.
    func testImportWarnsAboutATypeThatIsNotSendable() throws {
        let graph: [String: Any] = [
            "module": ["name": "SDK"],
            "symbols": [
                [
                    "kind": ["identifier": "swift.class"], "identifier": ["precise": "s:Client"], "pathComponents": ["Client"],
                    "declarationFragments": [["kind": "text", "spelling": "class Client"]], "accessLevel": "public",
                ],
                [
                    "kind": ["identifier": "swift.method"], "identifier": ["precise": "s:Client.fetch"], "pathComponents": ["Client", "fetch()"],
                    "declarationFragments": [["kind": "text", "spelling": "func fetch() async throws -> Int"]], "accessLevel": "public",
                ],
            ],
            "relationships": [] as [Any],
        ]
        let path = scratch.appendingPathComponent("SDK.symbols.json").path
        try JSONSerialization.data(withJSONObject: graph).write(to: URL(fileURLWithPath: path))
        for flags in [[], ["--quiet"]] {
            let outcome = CommandLineTool().run(["import", path, "--type", "Client"] + flags)
            XCTAssertEqual(outcome.status, 0, "\(outcome)")
            XCTAssertTrue(
                outcome.errors.contains(
                    "clouddouble: warning: Client is not Sendable in the symbol graph: the draft sets \"uncheckedSendable\": true on Client"),
                "\(flags): \(outcome.errors)")
        }
    }

    /// `check` exits 1 for drift alone; an input it cannot read exits 65 (EX_DATAERR), so a
    /// script can tell them apart. Before: both exited 1. A graph nested past the decoder's limit
    /// says so. Before: "the given data was not valid JSON".
    func testCheckTellsDriftFromUnreadableInput() throws {
        let path = try description()
        let missing = scratch.appendingPathComponent("Missing.symbols.json").path
        XCTAssertEqual(run("check", path, "--symbol-graph", missing).status, 65)
        let deep = scratch.appendingPathComponent("Deep.symbols.json")
        try Data((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8).write(to: deep)
        let outcome = run("check", path, "--symbol-graph", deep.path)
        XCTAssertEqual(outcome.status, 65)
        XCTAssertTrue(outcome.errors.contains("nest 600 deep, past what JSON decoding takes (512)"), outcome.errors)
        let graph = scratch.appendingPathComponent("KeyValueSDK.symbols.json")
        try Data(#"{ "module": { "name": "KeyValueSDK" }, "symbols": [] }"#.utf8).write(to: graph)
        XCTAssertEqual(run("check", path, "--symbol-graph", graph.path).status, 1, "KVStore is gone: drift")
    }

    // MARK: Files

    func testEachUnreadableFileGetsItsOwnMessage() throws {
        let missing = scratch.appendingPathComponent("Missing.clouddouble.json").path
        XCTAssertEqual(run("validate", missing).errors, "\(missing): error: no such file\n")
        XCTAssertEqual(run("validate", missing).status, 1)
        XCTAssertEqual(run("validate", scratch.path).errors, "\(scratch.path): error: is a directory; give a description file (*.clouddouble.json)\n")
        XCTAssertEqual(run("validate", "/dev/null").errors, "/dev/null: error: the file is empty; a description is a JSON object\n")
        let locked = try description(named: "Locked.clouddouble.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: locked) }
        if !FileManager.default.isReadableFile(atPath: locked) {  // root reads anything
            XCTAssertEqual(run("validate", locked).errors, "\(locked): error: cannot be read (permission denied)\n")
        }
    }

    func testADescriptionProblemExits1WithLocatedDiagnostics() throws {
        let path = scratch.appendingPathComponent("Bad.clouddouble.json").path
        try Data(#"{ "formatVersion": 1, "module": "M", "prefix": "P", "types": [], "extra": 1 }"#.utf8).write(to: URL(fileURLWithPath: path))
        let outcome = run("generate", path, "--output", scratch.appendingPathComponent("out").path)
        XCTAssertEqual(outcome.status, 1)
        XCTAssertTrue(outcome.errors.hasPrefix("\(path):1:"), outcome.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("out").path), "nothing is written")
    }

    func testAnEmptyBaseNameIsRefused() throws {
        let path = try description(named: ".clouddouble.json")
        let outcome = run("generate", path, "--output", scratch.appendingPathComponent("out").path)
        XCTAssertEqual(outcome.status, 1)
        XCTAssertTrue(outcome.errors.contains("the file name gives the generated files no name"), outcome.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("out/.Protocols.swift").path))
    }

    // MARK: Success

    func testGenerateAndQuiet() throws {
        let path = try description()
        let output = scratch.appendingPathComponent("out").path
        let loud = run("generate", path, "--output", output, "--artifacts", "protocols, mocks")
        XCTAssertEqual(loud, CommandLineTool.Outcome(status: 0, output: "clouddouble: 2 file(s) in \(output), 2 changed\n"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output).sorted(), ["Store.Mocks.swift", "Store.Protocols.swift"])
        XCTAssertEqual(run("generate", path, "-o", output, "--quiet"), CommandLineTool.Outcome(status: 0))
        XCTAssertEqual(run("generate", path, "--output=\(output)", "-q"), CommandLineTool.Outcome(status: 0))
        XCTAssertEqual(run("validate", path, "--quiet"), CommandLineTool.Outcome(status: 0))
        XCTAssertEqual(run("validate", path).output, "\(path): ok\n")
        XCTAssertEqual(run("validate", "--", path).status, 0, "-- ends the options")
    }

    // MARK: One version

    func testTheReadmeAndChangelogNameTheVersion() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains(#"from: "\#(CloudDoubleVersion.current)""#), "the README's dependency line names \(CloudDoubleVersion.current)")
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        // An `[Unreleased]` section may sit above it, as Keep a Changelog has it.
        let newest = changelog.components(separatedBy: "\n").first { $0.hasPrefix("## ") && $0 != "## [Unreleased]" }
        XCTAssertTrue(
            newest?.hasPrefix("## [\(CloudDoubleVersion.current)]") == true,
            "the CHANGELOG's newest entry is \(CloudDoubleVersion.current): \(newest ?? "none")")
    }
}
