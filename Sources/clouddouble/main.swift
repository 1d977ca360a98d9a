import CloudDoubleGenerator
import CloudDoubleRuntime
import Foundation

// The command-line front of the generator; the build and command plugins run it too.
// It has no logic of its own beyond reading arguments and files.

let usage = """
    OVERVIEW: Generate protocols, live adapters, fault-injecting wrappers and recording mocks
    from a CloudDouble API description.

    USAGE: clouddouble <command> [options]

    COMMANDS:
      generate <description.json> --output <dir>   Generate Swift files into <dir>.
          --artifacts <list>       Comma-separated: protocols,live,faultInjecting,mocks (default: all).
          --templates <dir>        Use this template directory instead of the built-in one.
          --import <module>        Add `import <module>` to every generated file (repeatable).
          --testable-import <m>    Add `@testable import <m>` to every generated file (repeatable).
      validate <description.json>...                Check descriptions; print every problem.
      catalogue                                     Print the CloudKit error catalogue as Markdown.
      --help                                        Show this help.

    Problems are printed as file:line:column: error: message; the exit status is then 1 and no
    file is written.
    """

struct UsageError: Error {
    var message: String
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

func readDescription(_ path: String) throws(GeneratorError) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
        throw .io("\(path): error: cannot read the description (does the file exist?)")
    }
    return [UInt8](data)
}

func run(_ arguments: [String]) throws {
    guard let command = arguments.first else { print(usage); exit(1) }
    var rest = Array(arguments.dropFirst())
    func option(_ name: String) throws -> [String] {
        var values: [String] = []
        while let index = rest.firstIndex(of: name) {
            guard index + 1 < rest.count else { throw UsageError(message: "\(name) needs a value") }
            values.append(rest[index + 1])
            rest.removeSubrange(index...index + 1)
        }
        return values
    }
    switch command {
    case "--help", "-h", "help":
        print(usage)
    case "generate":
        guard let output = try option("--output").last else { throw UsageError(message: "generate needs --output <dir>") }
        var artifacts = Set(Artifact.allCases)
        if let list = try option("--artifacts").last {
            artifacts = []
            for name in list.split(separator: ",").map(String.init) {
                guard let artifact = Artifact(rawValue: name) else {
                    throw UsageError(message: "unknown artifact '\(name)'; use \(Artifact.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                artifacts.insert(artifact)
            }
        }
        let templates = try option("--templates").last.map { try TemplateSet(directory: URL(fileURLWithPath: $0)) } ?? TemplateSet.bundled()
        let options = TranslationOptions(extraImports: try option("--import"), testableImports: try option("--testable-import"))
        guard rest.count == 1, let path = rest.first, !path.hasPrefix("--") else {
            throw UsageError(message: "generate needs exactly one description file, found: \(rest.joined(separator: " "))")
        }
        let files = try Generator(templates: templates, options: options).generate(try readDescription(path), file: path, artifacts: artifacts)
        let changed = try OutputWriter.write(files, to: URL(fileURLWithPath: output))
        print("clouddouble: \(files.count) file(s) in \(output), \(changed.count) changed")
    case "validate":
        guard !rest.isEmpty else { throw UsageError(message: "validate needs at least one description file") }
        var problems: [String] = []
        for path in rest {
            do {
                _ = try Generator.validate(try readDescription(path), file: path)
                print("\(path): ok")
            } catch {
                problems.append(error.description)
            }
        }
        if !problems.isEmpty { fail(problems.joined(separator: "\n")) }
    case "catalogue":
        print(ErrorCatalogue.cloudKit.markdownTable(), terminator: "")
    default:
        throw UsageError(message: "unknown command '\(command)'")
    }
}

do {
    try run(Array(CommandLine.arguments.dropFirst()))
} catch let error as UsageError {
    fail("clouddouble: error: \(error.message)\n\n\(usage)")
} catch {
    fail("\(error)")
}
