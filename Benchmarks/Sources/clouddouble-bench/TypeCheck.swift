import CloudDoubleGenerator
import Foundation

// Type-checking costs, measured with `swiftc -typecheck` in Swift 6 mode on the synthetic
// description (13 described members per type: 3 properties and 10 calls, 7 of them in two
// forms, so 20 protocol requirements per type).

/// Where the bench's executable is: the runtime's module is built next to it.
let binDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
/// A scratch directory for generated sources and modules, removed at the end.
let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("clouddouble-bench-\(ProcessInfo.processInfo.processIdentifier)")

/// Protocol requirements per synthetic type: 3 properties + 7 calls × 2 forms + 3 sync calls.
let requirementsPerType = 20

/// Writes the synthetic SDK and the generated code for `count` types into a fresh directory and
/// builds the SDK module; `nil` when that fails.
func prepare(types count: Int, artifacts: Set<Artifact>) throws -> (directory: URL, files: [GeneratedFile])? {
    let directory = workspace.appendingPathComponent("typecheck\(count)-\(artifacts.count)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try syntheticSDK(types: count).write(to: directory.appendingPathComponent("SDK.swift"), atomically: true, encoding: .utf8)
    let files = try generator.generate(synthetic(types: count), file: "Bench.clouddouble.json", artifacts: artifacts)
    try OutputWriter.write(files, to: directory)
    guard run(["swiftc", "-emit-module", "-parse-as-library", "-module-name", "SDK", "-swift-version", "6",
               "-emit-module-path", directory.appendingPathComponent("SDK.swiftmodule").path, directory.appendingPathComponent("SDK.swift").path]) != nil
    else { return nil }
    return (directory, files)
}

/// The compiler flags that find the SDK module and the runtime's module.
func searchPaths(_ directory: URL) -> [String] {
    ["-I", directory.path, "-I", binDirectory.appendingPathComponent("Modules").path, "-I", binDirectory.path]
}

func typeCheckSection() throws {
    say("\n## Type-checking the generated code (swiftc -typecheck, Swift 6 mode)\n")
    say("A requirement is one protocol member (a property or one form of a call): 20 per synthetic type.")
    say("\"mocks' share\" is the time of protocols + mocks minus the time of the protocols alone.\n")
    row(["types", "requirements", "files", "seconds", "ms per type", "ms per requirement"])
    row(["---:", "---:", "---", "---:", "---:", "---:"])
    var perMock: [Int: Double] = [:]
    for count in [10, 100, 300] {
        guard let (directory, files) = try prepare(types: count, artifacts: Set(Artifact.allCases)) else {
            say("(could not build the SDK module)")
            break
        }
        let requirements = count * requirementsPerType
        var times: [String: Double] = [:]
        for (label, names) in [("protocols", ["Bench.Protocols.swift"]), ("protocols + mocks", ["Bench.Protocols.swift", "Bench.Mocks.swift"]), ("all four", files.map(\.name))] {
            let paths = names.map { directory.appendingPathComponent($0).path }
            guard let time = run(["swiftc", "-typecheck", "-swift-version", "6"] + searchPaths(directory) + paths) else { continue }
            times[label] = time
            row(["\(count)", "\(requirements)", label, format(time), format(time * 1000 / Double(count), 1), format(time * 1000 / Double(requirements), 3)])
        }
        if let both = times["protocols + mocks"], let protocols = times["protocols"] {
            let share = both - protocols
            perMock[count] = share * 1000 / Double(count)
            row(["\(count)", "\(requirements)", "mocks' share", format(share), format(share * 1000 / Double(count), 1), format(share * 1000 / Double(requirements), 3)])
            if count == 300 {
                let perRequirement = share * 1000 / Double(requirements)
                target("mocks at 300 types, per requirement", "<= 0.6 ms", "\(format(perRequirement, 2)) ms", met: perRequirement <= 0.6, ratio: perRequirement / 0.6)
            }
        }
    }
    if let small = perMock[100], let large = perMock[300] {
        let growth = (large / small - 1) * 100
        say("\nPer-mock cost: \(format(small, 2)) ms at 100 types, \(format(large, 2)) ms at 300 (\(format(growth, 0))%; the spread between runs on this machine is about ±10%).")
        target("per-mock cost, 100 vs 300 types", "the same (±10%)", "\(format(growth, 0))%", met: abs(growth) <= 10)
    }
    try testExpressionSection()
}

/// What a test's `stub`, `callCount`, `arguments` and fault-selector expressions cost against a
/// module of N mocks whose members share names (every synthetic type has `op0`…`op9`, `name`,
/// `flag`, `tags`): a test file with 200 such expressions minus the same file with none,
/// type-checked against the built module of protocols and mocks.
func testExpressionSection() throws {
    say("\n## Type-checking a test's expressions against N mocks that share member names\n")
    row(["mocks in the module", "expressions", "ms per expression"])
    row(["---:", "---:", "---:"])
    var costs: [Int: Double] = [:]
    for count in [100, 300, 1_000] {
        guard let (directory, files) = try prepare(types: count, artifacts: [.protocols, .mocks]) else {
            say("(could not build the SDK module)")
            break
        }
        let sources = files.map { directory.appendingPathComponent($0.name).path }
        guard run(["swiftc", "-emit-module", "-parse-as-library", "-module-name", "BenchDoubles", "-swift-version", "6"] + searchPaths(directory)
            + ["-emit-module-path", directory.appendingPathComponent("BenchDoubles.swiftmodule").path] + sources) != nil
        else {
            say("(could not build the doubles module)")
            break
        }
        let perKind = 50
        var body = ""
        for index in 0..<perKind {
            let call = "op\(index % 10)"
            body += "    mock.stub(.\(call), .value([\"\(index)\"]))\n"
            body += "    _ = mock.callCount(.\(call))\n"
            body += "    _ = mock.arguments(.\(call))\n"
            body += "    _ = FaultSelector.call(BenchService7Call.\(call))\n"
        }
        func testFile(_ body: String) -> String {
            "import BenchDoubles\nimport CloudDoubleRuntime\n\nfunc exercise(_ mock: MockBenchService7) {\n\(body)}\n"
        }
        let full = directory.appendingPathComponent("Expressions.swift")
        let empty = directory.appendingPathComponent("Empty.swift")
        try testFile(body).write(to: full, atomically: true, encoding: .utf8)
        try testFile("").write(to: empty, atomically: true, encoding: .utf8)
        let flags = ["swiftc", "-typecheck", "-swift-version", "6"] + searchPaths(directory)
        // Best of three: each run is short, so one scheduling hiccup would dominate.
        let withExpressions = (0..<3).compactMap { _ in run(flags + [full.path]) }.min()
        let without = (0..<3).compactMap { _ in run(flags + [empty.path]) }.min()
        guard let withExpressions, let without else { continue }
        let cost = max(0, withExpressions - without) * 1000 / Double(perKind * 4)
        costs[count] = cost
        row(["\(count)", "\(perKind * 4)", format(cost, 3)])
    }
    if let small = costs[100], let large = costs[1_000] {
        say("\nThe old keys (static members in constrained extensions of one generic `CallKey`) cost 2.2 ms at 100 mocks, 5.4 ms at 300 and 18 ms at 1,000 (issue #14).")
        target("test expressions, 100 vs 1,000 mocks", "the same", "\(format(small, 2)) → \(format(large, 2)) ms", met: large <= max(small * 1.25, small + 0.05))
    }
}
