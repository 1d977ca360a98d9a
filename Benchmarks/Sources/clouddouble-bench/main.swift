import Foundation

// Measures the issue's real-workload targets for two checkouts side by side, in interleaved runs,
// and prints each one's median and range (Benchmarks/README.md says how to build what it runs):
//
//   clouddouble-bench --baseline <checkout> [--candidate <checkout>] [--runs 5] [--build-runs 3] [--only a,d]
//   clouddouble-bench --per-call     (the per-call table of this build, which the comparison reads)
//
// The candidate is the checkout this package is in unless given. Nothing here asserts a target:
// the table says whether each was met.

/// Writes a line at once (print buffers when piped, and a slow run would show nothing).
func say(_ text: String) { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }

func row(_ cells: [String]) { say("| " + cells.joined(separator: " | ") + " |") }
func format(_ value: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)f", value) }

if CommandLine.arguments.contains("--per-call") {
    try await perCallSection()
    exit(0)
}

/// The value after `flag` on the command line.
func option(_ flag: String) -> String? {
    guard let index = CommandLine.arguments.firstIndex(of: flag), index + 1 < CommandLine.arguments.count else { return nil }
    return CommandLine.arguments[index + 1]
}

/// A checkout of CloudDouble: its root, and the short name its column has.
struct Checkout {
    let name: String
    let root: URL

    init(_ name: String, _ path: String) {
        self.name = name
        self.root = URL(fileURLWithPath: path).standardizedFileURL
    }

    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}

let thisCheckout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
guard let baselinePath = option("--baseline") else {
    say("usage: clouddouble-bench --baseline <checkout> [--candidate <checkout>] [--runs N] [--build-runs N] [--only a,b,…] | --per-call")
    exit(2)
}
let checkouts = [Checkout("baseline", baselinePath), Checkout("candidate", option("--candidate") ?? thisCheckout.path)]
let runs = option("--runs").flatMap(Int.init) ?? 5
let buildRuns = option("--build-runs").flatMap(Int.init) ?? 3
let only = option("--only").map { Set($0.split(separator: ",").map(String.init)) }
let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("clouddouble-bench-\(ProcessInfo.processInfo.processIdentifier)")
try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: workspace) }

/// Runs a program; its wall time and output, or `nil` when it failed (its output is printed).
func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) -> (seconds: Double, output: String)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    let start = DispatchTime.now().uptimeNanoseconds
    do { try process.run() } catch { return nil }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    guard process.terminationStatus == 0 else {
        say("  failed: \(arguments.joined(separator: " "))\n" + String(output.suffix(2000)))
        return nil
    }
    return (seconds, output)
}

/// One target of the issue, measured the same way in each checkout.
struct Measurement {
    let key: String
    let name: String
    let unit: String
    let goal: String
    /// Whether the candidate's median meets the goal, given the baseline's.
    let met: (_ candidate: Double, _ baseline: Double?) -> Bool
    let runs: Int
    let measure: (Checkout) -> Double?
}

/// `generate` with the checkout's release tool, into a fresh directory: seconds.
func generationTime(_ checkout: Checkout, description: String) -> Double? {
    let output = workspace.appendingPathComponent("generated-\(checkout.name)")
    try? FileManager.default.removeItem(at: output)
    return run([checkout.path(".build/release/clouddouble"), "generate", description, "--output", output.path])?.seconds
}

/// A description of `count` types with 13 members each: 3 properties and 10 calls in mixed forms.
func description(types count: Int) -> String {
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
            calls.append(
                #"{ "parameters": [{ "label": "_", "name": "value", "type": "String" }, { "name": "count", "type": "Int" }], "returns": "[String]", "forms": \#(forms) }"#
            )
        }
        types.append(
            #"{ "name": "Service\#(index)", "sdkType": "SDKService\#(index)", "properties": [{ "name": "name", "type": "String" }, { "name": "flag", "type": "Bool", "settable": true }, { "name": "tags", "type": "[String]" }], "calls": [\#(calls.joined(separator: ","))] }"#
        )
    }
    return #"{ "formatVersion": 1, "module": "SDK", "prefix": "Bench", "types": [\#(types.joined(separator: ","))] }"#
}
let hundredTypes = workspace.appendingPathComponent("Hundred.clouddouble.json")
try description(types: 100).write(to: hundredTypes, atomically: true, encoding: .utf8)

/// Compiles the checkout's generated CloudKit mocks (`Sources/CloudKitMocks`) as a debug build
/// does (`-Onone`, one frontend job at a time), against the modules of its benchmark build: seconds.
func mocksCompileTime(_ checkout: Checkout) -> Double? {
    let sources = checkout.path("Sources/CloudKitMocks")
    guard let files = FileManager.default.enumerator(atPath: sources)?.compactMap({ $0 as? String }).filter({ $0.hasSuffix(".swift") }) else {
        return nil
    }
    let output = workspace.appendingPathComponent("mocks-\(checkout.name)")
    try? FileManager.default.removeItem(at: output)
    try? FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    return run(
        [
            "swiftc", "-c", "-Onone", "-g", "-DDEBUG", "-enable-testing", "-j", "1", "-parse-as-library", "-swift-version", "6",
            "-enable-upcoming-feature", "ExistentialAny", "-module-name", "CloudKitMocks", "-I", checkout.path("Benchmarks/.build/release/Modules"),
        ] + files.sorted().map { "\(sources)/\($0)" }, in: output)?.seconds
}

/// A row of the checkout's `clouddouble-bench --per-call` table: nanoseconds per call.
func perCall(_ checkout: Checkout, configuration: String, row name: String) -> Double? {
    let binary = checkout.path("Benchmarks/.build/\(configuration)/clouddouble-bench")
    guard FileManager.default.isExecutableFile(atPath: binary) else { return nil }
    var environment = ["CLOUDDOUBLE_BENCH_ONLY": name]
    if configuration == "debug" { environment["CLOUDDOUBLE_BENCH_ITERATIONS"] = "100000" }
    guard let output = run([binary, "--per-call"], environment: environment)?.output else { return nil }
    let line = output.split(separator: "\n").first { $0.hasPrefix("| \(name) |") }
    return line.flatMap { Double($0.split(separator: "|")[1].trimmingCharacters(in: .whitespaces)) }
}

/// One round of the NotesSync 30%-faults scenario (`seeds-bench`), on every core: seeds per second.
func seedsPerSecond(_ checkout: Checkout) -> Double? {
    guard let output = run([checkout.path("Benchmarks/.build/release/seeds-bench"), "40", "1"])?.output,
        let rate = output.split(separator: "\n").first(where: { $0.hasPrefix("round 1:") })?.split(separator: "=").last?.split(separator: " ").first
    else { return nil }
    return Double(rate)
}

/// A new package that depends on the checkout by path and uses the CloudKit products (the app
/// target `CloudKitDoubles`, the test target `CloudKitMocks`), built from nothing: seconds.
func userPackageBuildTime(_ checkout: Checkout) -> Double? {
    let package = workspace.appendingPathComponent("user-\(checkout.name)")
    try? FileManager.default.removeItem(at: package)
    let identity = checkout.root.lastPathComponent.lowercased()
    let files = [
        "Package.swift": """
        // swift-tools-version:6.0
        import PackageDescription
        let package = Package(
            name: "UserApp",
            dependencies: [.package(path: "\(checkout.root.path)")],
            targets: [
                .target(name: "UserApp", dependencies: [.product(name: "CloudKitDoubles", package: "\(identity)")]),
                .testTarget(name: "UserAppTests", dependencies: ["UserApp", .product(name: "CloudKitMocks", package: "\(identity)")]),
            ]
        )
        """,
        "Sources/UserApp/App.swift": "import CloudKitDoubles\n\npublic func save(to database: any CloudDatabase) {}\n",
        "Tests/UserAppTests/AppTests.swift": "import CloudKitMocks\nimport UserApp\n\nfunc useMock() { save(to: MockCloudDatabase()) }\n",
    ]
    for (path, text) in files {
        let url = package.appendingPathComponent(path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? text.write(to: url, atomically: true, encoding: .utf8)
    }
    // Resolving the dependency is not building it: done first, outside the timed build.
    guard run(["swift", "package", "resolve", "--package-path", package.path]) != nil else { return nil }
    return run(["swift", "build", "--build-tests", "--package-path", package.path])?.seconds
}

let cloudKit = "Descriptions/CloudKit.clouddouble.json"
let measurements = [
    Measurement(
        key: "a", name: "generate the shipped CloudKit description", unit: "ms", goal: "<= 50 ms", met: { value, _ in value <= 50 }, runs: runs
    ) { checkout in generationTime(checkout, description: checkout.path(cloudKit)).map { $0 * 1000 } },
    Measurement(key: "b", name: "generate a 100-type description", unit: "s", goal: "<= 0.3 s", met: { value, _ in value <= 0.3 }, runs: runs) {
        generationTime($0, description: hundredTypes.path)
    },
    Measurement(
        key: "c", name: "debug compile of the generated CloudKit mocks", unit: "s", goal: "<= baseline",
        met: { value, baseline in baseline.map { value <= $0 } ?? false }, runs: buildRuns,
        measure: mocksCompileTime),
    Measurement(
        key: "d", name: "one mock call, async throws member (release)", unit: "ns", goal: "<= 1000 ns", met: { value, _ in value <= 1000 }, runs: runs
    ) {
        perCall($0, configuration: "release", row: "mock with recording (stubbed), async throws member as generated")
    },
    Measurement(
        key: "d", name: "one mock call, synchronous member (release)", unit: "ns", goal: "<= 1000 ns", met: { value, _ in value <= 1000 }, runs: runs
    ) {
        perCall($0, configuration: "release", row: "mock with recording (stubbed), synchronous member as generated")
    },
    Measurement(
        key: "d", name: "one mock call, async throws member (debug)", unit: "ns", goal: "<= 1000 ns", met: { value, _ in value <= 1000 }, runs: runs
    ) {
        perCall($0, configuration: "debug", row: "mock with recording (stubbed), async throws member as generated")
    },
    Measurement(
        key: "e", name: "NotesSync 30%-fault scenario, both cores", unit: "seeds/s", goal: ">= 20 seeds/s", met: { value, _ in value >= 20 },
        runs: runs,
        measure: seedsPerSecond),
    Measurement(
        key: "f", name: "user package, clean debug build of the CloudKit products", unit: "s", goal: "<= 35 s", met: { value, _ in value <= 35 },
        runs: buildRuns, measure: userPackageBuildTime),
]

func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// `median (lowest-highest) unit`.
func summary(_ values: [Double], digits: Int, unit: String) -> String {
    guard let median = median(values) else { return "n/a" }
    return "\(format(median, digits)) (\(format(values.min()!, digits))-\(format(values.max()!, digits))) \(unit)"
}

var table: [[String]] = []
for measurement in measurements where only?.contains(measurement.key) ?? true {
    say("\(measurement.key). \(measurement.name)")
    var values: [String: [Double]] = [:]
    for index in 0..<measurement.runs {
        // Interleaved, and in turns first: a slow spell of the shared machine hits both.
        for checkout in index % 2 == 0 ? checkouts : checkouts.reversed() {
            guard let value = measurement.measure(checkout) else { continue }
            values[checkout.name, default: []].append(value)
            say("  run \(index + 1) \(checkout.name): \(format(value, 2)) \(measurement.unit)")
        }
    }
    let digits = measurement.unit == "s" ? 3 : 1
    let baseline = values["baseline"] ?? []
    let candidate = values["candidate"] ?? []
    let met = median(candidate).map { measurement.met($0, median(baseline)) ? "yes" : "no" } ?? "?"
    table.append([
        "\(measurement.key). \(measurement.name)", measurement.goal, summary(baseline, digits: digits, unit: measurement.unit),
        summary(candidate, digits: digits, unit: measurement.unit), met,
    ])
}

say("\nMedian (range) of interleaved runs; baseline \(checkouts[0].root.path), candidate \(checkouts[1].root.path).\n")
row(["target", "goal", "baseline", "candidate", "met"])
row(["---", "---", "---:", "---:", "---"])
for cells in table { row(cells) }
