import Foundation
import PackagePlugin

/// Command plugin for teams that check generated code in: for every `*.clouddouble.json` in the
/// package's targets (or those named with `--target`), writes all four generated files into a
/// `Generated/` folder beside the description. Run `swift package clouddouble-generate`.
@main
struct CloudDoubleCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let tool = try context.tool(named: "clouddouble")
        let targets = context.package.targets.compactMap { $0 as? SourceModuleTarget }.filter { names.isEmpty || names.contains($0.name) }
        var failed = false
        for target in targets {
            for file in target.sourceFiles.map(\.url) where file.lastPathComponent.hasSuffix(".clouddouble.json") {
                let output = file.deletingLastPathComponent().appendingPathComponent("Generated")
                let process = Process()
                process.executableURL = tool.url
                process.arguments = ["generate", file.path, "--output", output.path]
                try process.run()
                process.waitUntilExit()
                if process.terminationStatus != 0 { failed = true }
            }
        }
        if failed { throw CommandError.generationFailed }
    }

    enum CommandError: Error, CustomStringConvertible {
        case generationFailed
        var description: String { "CloudDouble: generation failed; see the diagnostics above" }
    }
}
