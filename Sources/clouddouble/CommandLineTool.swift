import CloudDoubleCatalogue
import CloudDoubleGenerator
import Foundation

/// The command-line front of the generator, the build and command plugins run it too. It reads
/// arguments and files and calls the generator; it has no logic of its own beyond that, and it
/// returns what it would print, so tests run it in-process.
struct CommandLineTool {
    /// What a run printed and its exit status.
    struct Outcome: Equatable {
        var status: Int32
        var output = ""
        var errors = ""
    }

    /// Exit statuses: sysexits' EX_USAGE for a wrong command line, 1 for problems in a
    /// description (located diagnostics) or its file. `check` keeps 1 for drift alone, so a
    /// script can tell "the SDK moved" from "the check could not run": an input it cannot read
    /// or that does not validate exits with sysexits' EX_DATAERR.
    enum Status {
        static let success: Int32 = 0
        static let descriptionError: Int32 = 1
        static let usage: Int32 = 64
        static let unreadableInput: Int32 = 65
    }

    func run(_ arguments: [String]) -> Outcome {
        do {
            return try dispatch(arguments)
        } catch let error as UsageError {
            let help = error.command.map { "run 'clouddouble \($0) --help' for its options" } ?? "run 'clouddouble --help' for the commands"
            return Outcome(status: Status.usage, errors: "clouddouble: error: \(error.message)\n\(help)\n")
        } catch {
            return Outcome(status: Status.descriptionError, errors: "\(error)\n")
        }
    }

    private func dispatch(_ arguments: [String]) throws -> Outcome {
        guard let first = arguments.first else { return Outcome(status: Status.usage, errors: Help.overview) }
        switch first {
        case "--help", "-h", "help":
            if first == "help", arguments.count > 1 {
                guard let command = Command(rawValue: arguments[1]) else { throw UsageError(unknownCommand: arguments[1]) }
                return Outcome(status: Status.success, output: Help.text(for: command))
            }
            return Outcome(status: Status.success, output: Help.overview)
        case "--version", "-V":
            return Outcome(status: Status.success, output: "clouddouble \(CloudDoubleVersion.current)\n")
        default:
            guard let command = Command(rawValue: first) else { throw UsageError(unknownCommand: first) }
            let parsed = try ParsedArguments(Array(arguments.dropFirst()), command: command)
            if parsed.flags.contains("--help") { return Outcome(status: Status.success, output: Help.text(for: command)) }
            switch command {
            case .generate: return try generate(parsed)
            case .validate: return try validate(parsed)
            case .import: return try importDraft(parsed)
            case .check: return try check(parsed)
            case .catalogue: return try catalogue(parsed)
            }
        }
    }

    // MARK: Commands

    private func generate(_ arguments: ParsedArguments) throws -> Outcome {
        guard arguments.files.count == 1, let path = arguments.files.first else {
            throw UsageError(
                arguments.files.isEmpty
                    ? "generate needs a description file"
                    : "generate takes one description file, found \(arguments.files.count): \(arguments.files.joined(separator: " "))",
                command: .generate)
        }
        guard let output = try arguments.single("--output") else { throw UsageError("generate needs --output <directory>", command: .generate) }
        var artifacts = Set(Artifact.allCases)
        if let list = try arguments.single("--artifacts") {
            let names = list.split(separator: ",", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
            guard !names.isEmpty else {
                throw UsageError("--artifacts needs at least one of \(Artifact.allCases.map(\.rawValue).joined(separator: ", "))", command: .generate)
            }
            artifacts = []
            for name in names {
                guard let artifact = Artifact(rawValue: name) else {
                    let known = Artifact.allCases.map(\.rawValue)
                    let hint = Spelling.closest(to: name, in: known).map { "; did you mean '\($0)'?" } ?? "; use \(known.joined(separator: ", "))"
                    throw UsageError("unknown artifact '\(name)'\(hint)", command: .generate)
                }
                artifacts.insert(artifact)
            }
        }
        let templates = try arguments.single("--templates").map { try TemplateSet(directory: URL(fileURLWithPath: $0)) } ?? TemplateSet.bundled()
        let options = TranslationOptions(extraImports: arguments.values("--import"), testableImports: arguments.values("--testable-import"))
        let bytes = try DescriptionFile.read(path)
        // Each file is written (to a temporary file) as soon as it is rendered, so the files are
        // never all in memory at once; they are put in place together once all are written.
        var staged = StagedOutput(directory: URL(fileURLWithPath: output))
        var count = 0
        do {
            try Generator(templates: templates, options: options).generate(bytes, file: path, artifacts: artifacts) { file throws(GeneratorError) in
                try staged.stage(file)
                count += 1
            }
        } catch {
            staged.discard()
            throw error
        }
        let changed = try staged.commit()
        let summary = "clouddouble: \(count) file(s) in \(output), \(changed.count) changed\n"
        return Outcome(status: Status.success, output: arguments.quiet ? "" : summary)
    }

    private func validate(_ arguments: ParsedArguments) throws -> Outcome {
        guard !arguments.files.isEmpty else { throw UsageError("validate needs at least one description file", command: .validate) }
        var outcome = Outcome(status: Status.success)
        for path in arguments.files {
            do {
                _ = try Generator.validate(try DescriptionFile.read(path), file: path)
                if !arguments.quiet { outcome.output += "\(path): ok\n" }
            } catch {
                outcome.errors += "\(error)\n"
                outcome.status = Status.descriptionError
            }
        }
        return outcome
    }

    /// `import`: a draft description from symbol graphs; the decisions left to a person go to
    /// standard error as notes, and settings a person must vouch for as warnings.
    private func importDraft(_ arguments: ParsedArguments) throws -> Outcome {
        guard !arguments.files.isEmpty else { throw UsageError("import needs a symbol graph file (<Module>.symbols.json)", command: .import) }
        let types = arguments.values("--type")
        guard !types.isEmpty else { throw UsageError("import needs --type <SDKType> for each type to describe", command: .import) }
        let graphs = try arguments.files.map { path throws(GeneratorError) in Data(try DescriptionFile.read(path, what: "symbol graph")) }
        let draft = try Drift.draft(symbolGraphs: graphs, types: types, module: try arguments.single("--module"))
        // Warnings are printed even with --quiet: they name a key that hides a compile error.
        let notes =
            draft.warnings.map { "clouddouble: warning: \($0)\n" }.joined()
            + (arguments.quiet ? "" : draft.todos.map { "clouddouble: note: \($0)\n" }.joined())
        guard let output = try arguments.single("--output") else {
            return Outcome(status: Status.success, output: draft.json, errors: notes)
        }
        do {
            try Data(draft.json.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw GeneratorError.io("\(output): error: cannot write the draft (\(error.localizedDescription))")
        }
        let summary = arguments.quiet ? "" : "clouddouble: drafted \(types.joined(separator: ", ")) into \(output)\n"
        return Outcome(status: Status.success, output: summary, errors: notes)
    }

    /// `check`: a description against its SDK's symbol graphs; errors (the SDK changed what the
    /// description says) exit 1, warnings (the SDK has more) do not.
    private func check(_ arguments: ParsedArguments) throws -> Outcome {
        guard arguments.files.count == 1, let path = arguments.files.first else {
            throw UsageError(
                arguments.files.isEmpty ? "check needs a description file" : "check takes one description file, found \(arguments.files.count)",
                command: .check)
        }
        let graphPaths = arguments.values("--symbol-graph")
        guard !graphPaths.isEmpty else { throw UsageError("check needs --symbol-graph <Module>.symbols.json", command: .check) }
        let findings: [DriftFinding]
        do {
            let graphs = try graphPaths.map { path throws(GeneratorError) in Data(try DescriptionFile.read(path, what: "symbol graph")) }
            findings = try Drift.check(description: try DescriptionFile.read(path), file: path, symbolGraphs: graphs)
        } catch {
            return Outcome(status: Status.unreadableInput, errors: "\(error)\n")
        }
        let status = Drift.exitStatus(for: findings)
        var outcome = Outcome(status: status, errors: findings.map { "\($0)\n" }.joined())
        if findings.isEmpty, !arguments.quiet { outcome.output = "\(path): matches the SDK\n" }
        return outcome
    }

    private func catalogue(_ arguments: ParsedArguments) throws -> Outcome {
        guard arguments.files.isEmpty else {
            throw UsageError("catalogue takes no file, found: \(arguments.files.joined(separator: " "))", command: .catalogue)
        }
        return Outcome(status: Status.success, output: ErrorCatalogue.cloudKit.markdownTable())
    }
}

/// A wrong command line: what is wrong, and which command's help to point at.
struct UsageError: Error {
    var message: String
    var command: Command?

    init(_ message: String, command: Command? = nil) {
        self.message = message
        self.command = command
    }

    init(unknownCommand name: String) {
        let known = Command.allCases.map(\.rawValue)
        if name.hasPrefix("-") {
            self.init("unknown option '\(name)'; options go after a command")
        } else {
            self.init(
                "unknown command '\(name)'"
                    + (Spelling.closest(to: name, in: known).map { "; did you mean '\($0)'?" } ?? "; commands: \(known.joined(separator: ", "))"))
        }
    }
}

/// Reads a description file, telling apart why it cannot be read.
enum DescriptionFile {
    static func read(_ path: String, what: String = "description") throws(GeneratorError) -> [UInt8] {
        guard !path.isEmpty else { throw .io("clouddouble: error: the \(what) file name is empty") }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .io("\(path): error: no such file")
        }
        guard !isDirectory.boolValue else {
            throw .io("\(path): error: is a directory; give a \(what) file (\(what == "description" ? "*.clouddouble.json" : "*.symbols.json"))")
        }
        // A file handle reads devices and pipes (`/dev/null`, `<(…)`) as well as plain files.
        guard FileManager.default.isReadableFile(atPath: path), let handle = FileHandle(forReadingAtPath: path) else {
            throw .io("\(path): error: cannot be read (permission denied)")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()
        } catch {
            throw .io("\(path): error: cannot be read (\(error.localizedDescription))")
        }
        guard !data.isEmpty else { throw .io("\(path): error: the file is empty; a \(what) is a JSON object") }
        return [UInt8](data)
    }
}
