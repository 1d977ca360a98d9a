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
/// Inputs (the description and the tool, which carries the templates) and outputs are declared, so an unchanged
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
                    commands.append(command(
                        tool: tool.url, description: file, artifacts: [.mocks], imports: Descriptions.importArguments(for: file, module: module.moduleName),
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
            // The default templates are compiled into the tool, so a changed template changes the tool.
            inputFiles: [description, tool],
            outputFiles: outputs)
    }
}
