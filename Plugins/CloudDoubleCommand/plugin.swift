import Foundation
import PackagePlugin

/// Command plugin for teams that check generated code in: `swift package
/// --allow-writing-to-package-directory clouddouble-generate [--target <name>]... [--artifacts
/// <list>] [--output <dir>] [--quiet]`.
///
/// For each `*.clouddouble.json` in the package's targets (or those named with `--target`), as the
/// build plugin arranges it: protocols, live adapters and fault wrappers go to a `Generated/`
/// folder beside the description; mocks go to `Generated/` in each test target that depends on the
/// description's target (importing it), so mocks are not compiled into the app. A description in a
/// test target gets all four files beside it. `--artifacts` picks which files; `--output <dir>`
/// (relative to the package) puts every picked file there instead.
@main
struct CloudDoubleCommand: CommandPlugin {
    static let artifacts = Artifact.allCases.map(\.rawValue)

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let artifactOptions = extractor.extractOption(named: "artifacts")
        let outputOptions = extractor.extractOption(named: "output")
        let quiet = extractor.extractFlag(named: "quiet") > 0
        let unknown = extractor.remainingArguments
        guard unknown.isEmpty else {
            throw CommandError.usage("unknown argument '\(unknown[0])'; options: --target <name>, --artifacts <list>, --output <dir>, --quiet")
        }
        guard artifactOptions.count <= 1, outputOptions.count <= 1 else {
            throw CommandError.usage("--artifacts and --output may each be given once")
        }
        let picked = try artifactOptions.first.map(parseArtifacts) ?? Self.artifacts
        if let output = outputOptions.first, output.isEmpty { throw CommandError.usage("--output needs a directory, not an empty string") }
        let output = outputOptions.first.map { context.package.directoryURL.appendingPathComponent($0) }

        let modules = context.package.targets.compactMap { $0 as? SourceModuleTarget }
        for name in names where !modules.contains(where: { $0.name == name }) {
            let known = modules.map(\.name).sorted()
            throw CommandError.usage("no target named '\(name)' in the package; targets: \(known.joined(separator: ", "))")
        }
        let tool = try context.tool(named: "clouddouble")
        var failed = false
        for target in modules where names.isEmpty || names.contains(target.name) {
            let files = try Descriptions.in(target, excludedToo: true)
            for file in files {
                for job in jobs(for: file, in: target, artifacts: picked, output: output, modules: modules) {
                    var arguments = ["generate", file.path, "--output", job.directory.path, "--artifacts", job.artifacts.joined(separator: ",")]
                    arguments += job.imports
                    if quiet { arguments.append("--quiet") }
                    let process = Process()
                    process.executableURL = tool.url
                    process.arguments = arguments
                    try process.run()
                    process.waitUntilExit()
                    if process.terminationStatus != 0 { failed = true }
                }
            }
        }
        if failed { throw CommandError.generationFailed }
    }

    /// One run of the tool: which files go where, importing what.
    struct Job {
        var artifacts: [String]
        var directory: URL
        /// `--import` / `--testable-import` arguments.
        var imports: [String]
    }

    /// Where each picked artifact of `file` goes, as the build plugin would compile it.
    func jobs(for file: URL, in target: SourceModuleTarget, artifacts: [String], output: URL?, modules: [SourceModuleTarget]) -> [Job] {
        if let output { return [Job(artifacts: artifacts, directory: output, imports: [])] }
        let beside = file.deletingLastPathComponent().appendingPathComponent("Generated")
        if target.kind == .test { return [Job(artifacts: artifacts, directory: beside, imports: [])] }
        var jobs: [Job] = []
        let own = artifacts.filter { $0 != Artifact.mocks.rawValue }
        if !own.isEmpty { jobs.append(Job(artifacts: own, directory: beside, imports: [])) }
        if artifacts.contains(Artifact.mocks.rawValue) {
            let tests = modules.filter { test in
                test.kind == .test
                    && test.dependencies.contains { dependency in
                        if case .target(let dependent) = dependency { return dependent.name == target.name }
                        return false
                    }
            }
            if tests.isEmpty {
                Diagnostics.warning(
                    "\(file.lastPathComponent): no test target depends on \(target.name), so its mocks were not written; pass --output <dir> to write them somewhere"
                )
            }
            for test in tests {
                guard let directory = (test as? SwiftSourceModuleTarget)?.directoryURL else { continue }
                jobs.append(
                    Job(
                        artifacts: [Artifact.mocks.rawValue], directory: directory.appendingPathComponent("Generated"),
                        imports: Descriptions.importArguments(for: file, module: target.moduleName)))
            }
        }
        return jobs
    }

    func parseArtifacts(_ list: String) throws -> [String] {
        let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !names.isEmpty else { throw CommandError.usage("--artifacts needs at least one of \(Self.artifacts.joined(separator: ", "))") }
        for name in names where !Self.artifacts.contains(name) {
            throw CommandError.usage("unknown artifact '\(name)'; use \(Self.artifacts.joined(separator: ", "))")
        }
        return Self.artifacts.filter(names.contains)
    }

    enum CommandError: Error, CustomStringConvertible {
        case usage(String)
        case generationFailed

        var description: String {
            switch self {
            case .usage(let message): return "clouddouble-generate: \(message)"
            case .generationFailed: return "CloudDouble: generation failed; see the diagnostics above"
            }
        }
    }
}
