import Foundation
import PackagePlugin

/// Build-tool plugin of the generator's own target: compiles the package's top-level
/// `Templates/*.mustache` into the generator as string literals. The templates stay at the top
/// level where users read and copy them, and no target has to take the package root as its path
/// to carry them as a resource (which made SwiftPM warn about any other file under the root,
/// such as the README's `Generated/`). A changed template is an input, so it rebuilds the
/// generator, and with it everything the plugins generate.
@main
struct TemplateEmbedding: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let directory = context.package.directoryURL.appendingPathComponent("Templates")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".mustache") }.sorted()
        let templates = names.map { directory.appendingPathComponent($0) }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("BundledTemplates.swift")
        let tool = try context.tool(named: "TemplateEmbedder")
        return [
            .buildCommand(
                displayName: "Embedding the generator's templates",
                executable: tool.url,
                arguments: [output.path] + templates.map(\.path),
                inputFiles: [tool.url] + templates,
                outputFiles: [output])
        ]
    }
}
