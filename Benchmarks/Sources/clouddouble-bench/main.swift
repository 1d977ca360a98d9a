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

/// Writes a line at once (print buffers when piped, and a slow row would show nothing).
func say(_ text: String) { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }

func row(_ cells: [String]) { say("| " + cells.joined(separator: " | ") + " |") }
func format(_ value: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)f", value) }

let generator = Generator(templates: try TemplateSet.bundled())

say("## Generation (parse, validate, translate, render all four artifacts)\n")
row(["types", "members", "total s", "per type ms", "lines", "peak RSS MB"])
row(["---:", "---:", "---:", "---:", "---:", "---:"])
let sizes = CommandLine.arguments.dropFirst().compactMap { Int($0) }
for count in sizes.isEmpty ? [1, 100, 1_000, 3_000] : sizes {
    let bytes = synthetic(types: count)
    var lines = 0
    let time = try seconds {
        let files = try generator.generate(bytes, file: "Bench.clouddouble.json")
        lines = files.reduce(0) { $0 + $1.contents.split(separator: "\n", omittingEmptySubsequences: false).count }
    }
    row(["\(count)", "\(count * 13)", format(time), format(time * 1000 / Double(count)), "\(lines)", format(peakResidentMB(), 1)])
}

let cloudKitPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Descriptions/CloudKit.clouddouble.json")
if let data = FileManager.default.contents(atPath: cloudKitPath.path) {
    let time = try seconds { _ = try generator.generate([UInt8](data), file: cloudKitPath.path) }
    say("\nShipped CloudKit description, end to end: \(format(time * 1000, 1)) ms\n")
}

say("## Runtime overhead per call\n")
row(["case", "ns per call", "calls per second"])
row(["---", "---:", "---:"])
let iterations = 1_000_000
func measure(_ name: String, _ body: @escaping @Sendable () async throws -> Void) async throws {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<iterations { try await body() }
    let nanoseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations)
    row([name, format(nanoseconds, 1), format(1e9 / nanoseconds, 0)])
}
let direct: @Sendable () async throws -> Int = { 1 }
try await measure("direct async call") { _ = try await direct() }
let injector = FaultInjector(plan: FaultPlan { FaultRule.fail(.call("other"), with: "zoneBusy") })
try await measure("fault engine, no matching rule") { _ = try await injector.perform("Database", "fetchRecord") { try await direct() } }
let empty = FaultInjector()
try await measure("fault engine, no plan") { _ = try await empty.perform("Database", "fetchRecord") { try await direct() } }
let recorder = MockRecorder(mockName: "MockBench", typeName: "Bench", log: CallLog())
recorder.stub(CallKey<Void, Int, Int>("fetch"), .value(1))
try await measure("mock with recording (stubbed)") { _ = try recorder.respond("fetch", .async, 1) as Int }

say("\n## Call-log throughput\n")
row(["callers", "appends", "seconds", "appends per second"])
row(["---:", "---:", "---:", "---:"])
for callers in [1, 8] {
    let log = CallLog()
    let perCaller = 1_000_000 / callers
    let start = DispatchTime.now().uptimeNanoseconds
    DispatchQueue.concurrentPerform(iterations: callers) { _ in
        for index in 0..<perCaller { log.append(type: "Bench", call: "fetch", form: .async, arguments: index) }
    }
    let time = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    row(["\(callers)", "\(log.count)", format(time), format(Double(log.count) / time, 0)])
}
