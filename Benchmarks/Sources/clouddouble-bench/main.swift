import CloudDoubleGenerator
import CloudDoubleRuntime
import Foundation

// Prints a table of generator and runtime timings. Numbers depend on the machine; the docs record
// them with the machine they ran on. Nothing here asserts a target.

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func peakResidentMB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return .nan }
    let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") ?? .nan
    return kilobytes / 1024
}

/// A synthetic description of `count` types with 13 members each: 3 properties and 10 calls in
/// mixed forms, a fair size for comparing with other mock generators.
func synthetic(types count: Int) -> [UInt8] {
    var types: [String] = []
    for index in 0..<count {
        var calls: [String] = []
        for call in 0..<10 {
            let forms: String
            switch call % 3 {
            case 0: forms = #"{ "async": { "name": "op\#(call)" }, "completion": { "name": "op\#(call)" } }"#
            case 1: forms = #"{ "async": { "name": "op\#(call)" }, "result": { "name": "op\#(call)" } }"#
            default: forms = #"{ "sync": { "name": "op\#(call)" } }"#
            }
            calls.append(#"{ "parameters": [{ "label": "_", "name": "value", "type": "String" }, { "name": "count", "type": "Int" }], "returns": "[String]", "forms": \#(forms) }"#)
        }
        types.append(#"{ "name": "Service\#(index)", "sdkType": "SDKService\#(index)", "properties": [{ "name": "name", "type": "String" }, { "name": "flag", "type": "Bool", "settable": true }, { "name": "tags", "type": "[String]" }], "calls": [\#(calls.joined(separator: ","))] }"#)
    }
    return Array(#"{ "formatVersion": 1, "module": "SDK", "prefix": "Bench", "types": [\#(types.joined(separator: ","))] }"#.utf8)
}

/// The number of line feeds in a file's bytes (as the tool has them), counted eight bytes at a time. (A byte-by-byte loop
/// here took 2-5% of the run, and twice as long in one build as in another with the same
/// instructions: where the loop's branch fell against a 32-byte boundary, which the benchmark's
/// own code should not decide.)
func lineCount(_ bytes: Data) -> Int {
    bytes.withUnsafeBytes { raw in
        let words = raw.count / 8
        var count = 0
        for index in 0..<words {
            // A byte of `x` is zero where the text has a line feed; `~y & 0x80…` has one bit per zero byte.
            let x = raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
            let y = ((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x
            count += (~y & 0x8080_8080_8080_8080).nonzeroBitCount
        }
        for byte in raw[(words * 8)...] where byte == 10 { count += 1 }
        return count
    }
}

/// Writes a line at once (print buffers when piped, and a slow row would show nothing).
func say(_ text: String) { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }

func row(_ cells: [String]) { say("| " + cells.joined(separator: " | ") + " |") }
func format(_ value: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)f", value) }

let generator = Generator(templates: try TemplateSet.bundled())

/// What the issue asks for, and what was measured: printed at the end with how far off each is.
nonisolated(unsafe) var targets: [(name: String, target: String, measured: String, met: Bool)] = []
func target(_ name: String, _ goal: String, _ measured: String, met: Bool, ratio: Double? = nil) {
    targets.append((name, goal, measured + (met ? "" : ratio.map { " (\(format($0, 1))x off)" } ?? ""), met))
}

// `--typecheck-only`: only the type-checking tables (they take a few minutes on their own).
if CommandLine.arguments.contains("--typecheck-only") {
    try? FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    try typeCheckSection()
    say("")
    for entry in targets { row([entry.name, entry.target, entry.measured, entry.met ? "yes" : "no"]) }
    try? FileManager.default.removeItem(at: workspace)
    exit(0)
}

// `--per-call`: only the runtime sections (per-call overhead, call-log throughput) and their targets.
if CommandLine.arguments.contains("--per-call") {
    try await perCallSection()
    for entry in targets { say("\(entry.name): \(entry.measured) (goal \(entry.target))") }
    exit(0)
}

// `--resolve-only N`: parse and validate N types (the front half of generation) and stop, for a profiler.
if CommandLine.arguments.contains("--resolve-only") {
    let count = CommandLine.arguments.dropFirst().compactMap { Int($0) }.max() ?? 3_000
    let bytes = synthetic(types: count)
    var description: ValidatedDescription?
    let time = try seconds { description = try Generator.resolve(bytes, file: "Bench.clouddouble.json") }
    withExtendedLifetime(description) {}
    say("Parse and validate, \(count) types: \(format(time)) s, peak RSS \(format(peakResidentMB(), 1)) MB")
    exit(0)
}

say("## Generation (parse, validate, translate, render all four artifacts)\n")
row(["types", "members", "total s", "per type ms", "lines", "peak RSS MB"])
row(["---:", "---:", "---:", "---:", "---:", "---:"])
let sizes = CommandLine.arguments.dropFirst().compactMap { Int($0) }
for count in sizes.isEmpty ? [1, 100, 1_000, 3_000] : sizes {
    let bytes = synthetic(types: count)
    // As the tool does it: each file handed over as soon as it is rendered, and let go after.
    // Counting a file's lines is the benchmark's work, not generation's (at 3,000 types, ~70 MB
    // read byte by byte): it is timed on its own and left out of the total.
    var lines = 0
    var counting = 0.0
    let time = try seconds {
        try generator.generate(bytes, file: "Bench.clouddouble.json") { file in
            counting += seconds { lines += lineCount(file.bytes) }
        }
    } - counting
    row(["\(count)", "\(count * 13)", format(time), format(time * 1000 / Double(count)), "\(lines)", format(peakResidentMB(), 1)])
    if count == 3_000 {
        // Issue #23's goals.
        target("3,000 types, all four artifacts", "<= 0.30 s", "\(format(time, 2)) s", met: time <= 0.30, ratio: time / 0.30)
        target("3,000 types, peak memory", "<= 100 MB", "\(format(peakResidentMB(), 0)) MB", met: peakResidentMB() <= 100, ratio: peakResidentMB() / 100)
    }
}

// Where the time goes, for the largest size: parse + validate, translate, render.
if !CommandLine.arguments.contains("--no-phases") {
    let count = (sizes.isEmpty ? [1, 100, 1_000, 3_000] : sizes).max() ?? 1
    let bytes = synthetic(types: count)
    var description: ValidatedDescription?
    let parse = try seconds { description = try Generator.resolve(bytes, file: "Bench.clouddouble.json") }
    let translator = Translator(description: description!, sourceFile: "Bench.clouddouble.json")
    // Translation is timed on its own (making every context and walking it), then together with
    // rendering.
    let translate = seconds { for artifact in Artifact.allCases { walk(translator.context(for: artifact)) } }
    let both = try seconds { for artifact in Artifact.allCases { _ = try generator.templates.render(artifact, context: translator.context(for: artifact)) } }
    say("\nPhases for \(count) types: parse and validate \(format(parse)) s, translate \(format(translate)) s, translate and render \(format(both)) s\n")
}

// `--generation-only`: stop after the generation table and phases (for profiling).
if CommandLine.arguments.contains("--generation-only") {
    for entry in targets { say("\(entry.name): \(entry.measured) (goal \(entry.target))") }
    exit(0)
}

let cloudKitPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Descriptions/CloudKit.clouddouble.json")
if let data = FileManager.default.contents(atPath: cloudKitPath.path) {
    let time = try seconds { _ = try generator.generate([UInt8](data), file: cloudKitPath.path) }
    say("\nShipped CloudKit description, end to end: \(format(time * 1000, 1)) ms\n")
    target("CloudKit description", "< 50 ms", "\(format(time * 1000, 1)) ms", met: time < 0.05, ratio: time / 0.05)
}

try await perCallSection()

// MARK: - Type-checking and cold build

/// Runs a command; returns its wall time, or nil when it failed (its output is printed).
func run(_ arguments: [String], in directory: URL? = nil) -> Double? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    let start = DispatchTime.now().uptimeNanoseconds
    do { try process.run() } catch { return nil }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        say(String(decoding: output.suffix(2000), as: UTF8.self))
        return nil
    }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The made-up SDK the synthetic description describes, so the generated code can be compiled.
func syntheticSDK(types count: Int) -> String {
    var source = "import Foundation\npublic struct SDKError: Error {}\n"
    for index in 0..<count {
        source += "public final class SDKService\(index): @unchecked Sendable {\n    public var name = \"\"\n    public var flag = false\n    public var tags: [String] = []\n"
        for call in 0..<10 {
            let parameters = "_ value: String, count: Int"
            switch call % 3 {
            case 0:
                source += "    public func op\(call)(\(parameters)) async throws -> [String] { throw SDKError() }\n"
                source += "    public func op\(call)(\(parameters), completionHandler: @escaping @Sendable ([String]?, (any Error)?) -> Void) {}\n"
            case 1:
                source += "    public func op\(call)(\(parameters)) async throws -> [String] { throw SDKError() }\n"
                source += "    public func op\(call)(\(parameters), completionHandler: @escaping @Sendable (Result<[String], any Error>) -> Void) {}\n"
            default:
                source += "    public func op\(call)(\(parameters)) -> [String] { [] }\n"
            }
        }
        source += "}\n"
    }
    return source
}

try? FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: workspace) }

if CommandLine.arguments.contains("--no-compile") {
    for entry in targets { say("\(entry.name): \(entry.measured) (goal \(entry.target))") }
    exit(0)
}

try typeCheckSection()

say("\n## Cold build of the generator tool (debug, as the plugin builds it)\n")
let packageRoot = cloudKitPath.deletingLastPathComponent().deletingLastPathComponent()
let scratch = workspace.appendingPathComponent("cold")
if let time = run(["swift", "build", "--product", "clouddouble", "--package-path", packageRoot.path, "--scratch-path", scratch.path]) {
    say("`swift build --product clouddouble` from an empty scratch directory: \(format(time, 1)) s")
    target("cold build of the generator", "< 60 s", "\(format(time, 1)) s", met: time < 60, ratio: time / 60)
} else {
    say("(the cold build failed)")
}

say("\n## Targets\n")
row(["target", "goal", "measured", "met"])
row(["---", "---", "---", "---"])
for entry in targets { row([entry.name, entry.target, entry.measured, entry.met ? "yes" : "no"]) }

/// Visits every value of a context.
func walk(_ value: TemplateValue) {
    switch value {
    case .string, .bool, .line, .lines: break
    case .list(let items): items.forEach(walk)
    case .object(let fields): fields.forEach { walk($0.value) }
    }
}
