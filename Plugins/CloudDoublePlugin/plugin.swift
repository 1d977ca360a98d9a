import Foundation
import PackagePlugin

/// Build-tool plugin: generates CloudDouble sources from `*.clouddouble.json` descriptions.
///
/// - For descriptions in the target itself: protocols, live adapters and fault-injecting wrappers
///   (and mocks too when the target is a test target).
/// - For a test target, descriptions in the targets it depends on: mocks only, importing that
///   module. So a test target gets mocks of its app's description without copying the JSON and
///   without compiling mocks into the app.
///
/// Inputs (the description, the templates, the tool) and outputs are declared, so an unchanged
/// build does not rerun the generator and a changed description regenerates.
@main
struct CloudDoublePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "clouddouble")
        let isTest = target.kind == .test
        var commands: [Command] = []

        let own = Artifact.forOwnDescriptions(isTestTarget: isTest)
        for file in try Descriptions.in(target) {
            commands.append(command(tool: tool.url, description: file, artifacts: own, imports: [], work: context.pluginWorkDirectoryURL))
        }
        if isTest {
            for dependency in target.dependencies {
                guard case .target(let other) = dependency, let module = other as? SourceModuleTarget else { continue }
                for file in try Descriptions.in(module) {
                    commands.append(
                        command(
                            tool: tool.url, description: file, artifacts: [.mocks],
                            imports: Descriptions.importArguments(for: file, module: module.moduleName),
                            work: context.pluginWorkDirectoryURL.appendingPathComponent(module.moduleName)))
                }
            }
        }
        return commands
    }

    private func command(tool: URL, description: URL, artifacts: [Artifact], imports: [String], work: URL) -> Command {
        let base = Descriptions.baseName(description)
        let outputs = artifacts.map { work.appendingPathComponent(DescriptionFileName.outputName(base: base, artifact: $0)) }
        let names = artifacts.map(\.rawValue).joined(separator: ",")
        return .buildCommand(
            displayName: "CloudDouble: generating \(names) for \(description.lastPathComponent)",
            executable: tool,
            arguments: ["generate", description.path, "--output", work.path, "--artifacts", names] + imports,
            inputFiles: [description, tool] + templateFiles(besides: tool),
            outputFiles: outputs)
    }

    /// The tool's bundled templates: a changed template regenerates too. SwiftPM puts a
    /// target's resources beside the tool in `<Package>_<Target>.resources` on Linux and in
    /// `<Package>_<Target>.bundle` (flat, or with `Contents/Resources` when Xcode builds it) on
    /// Apple platforms.
    private func templateFiles(besides tool: URL) -> [URL] {
        let folder = tool.deletingLastPathComponent()
        let candidates = [
            "CloudDouble_CloudDoubleTemplates.resources",
            "CloudDouble_CloudDoubleTemplates.bundle",
            "CloudDouble_CloudDoubleTemplates.bundle/Contents/Resources",
        ]
        for candidate in candidates {
            let directory = folder.appendingPathComponent(candidate)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { continue }
            return names.filter { $0.hasSuffix(".mustache") }.sorted().map { directory.appendingPathComponent($0) }
        }
        return []
    }
}
