import CloudDoubleGenerator

/// The commands and the options each takes.
enum Command: String, CaseIterable {
    case generate, validate, `import`, check, catalogue

    /// Options that take a value; `repeatable` ones may be given more than once.
    var valueOptions: [(name: String, repeatable: Bool)] {
        switch self {
        case .generate:
            return [("--output", false), ("--artifacts", false), ("--templates", false), ("--import", true), ("--testable-import", true)]
        case .import:
            return [("--type", true), ("--module", false), ("--output", false)]
        case .check:
            return [("--symbol-graph", true)]
        case .validate, .catalogue:
            return []
        }
    }

    /// Options that are flags.
    var flags: [String] {
        switch self {
        case .generate, .validate, .import, .check: return ["--help", "--quiet"]
        case .catalogue: return ["--help"]
        }
    }
}

/// One command's arguments: options by name, flags, and the files (everything else).
struct ParsedArguments {
    let command: Command
    private(set) var options: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var files: [String] = []

    init(_ arguments: [String], command: Command) throws {
        self.command = command
        let short = ["-h": "--help", "-q": "--quiet", "-o": "--output"]
        var index = 0
        var onlyFiles = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyFiles || argument == "-" || !argument.hasPrefix("-") {
                files.append(argument)
                continue
            }
            if argument == "--" {
                onlyFiles = true
                continue
            }
            // `--name=value` is accepted too.
            var name = short[argument] ?? argument
            var inlineValue: String?
            if let equals = name.firstIndex(of: "="), name.hasPrefix("--") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if command.flags.contains(name) {
                guard inlineValue == nil else { throw UsageError("\(name) takes no value", command: command) }
                flags.insert(name)
            } else if command.valueOptions.contains(where: { $0.name == name }) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError("\(name) needs a value", command: command) }
                    value = arguments[index]
                    index += 1
                }
                options[name, default: []].append(value)
            } else {
                let known = command.valueOptions.map(\.name) + command.flags
                let hint = Spelling.closest(to: name, in: known).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError("unknown option '\(argument)' for \(command.rawValue)\(hint)", command: command)
            }
        }
        for option in command.valueOptions where !option.repeatable {
            if let values = options[option.name], values.count > 1 {
                throw UsageError(
                    "\(option.name) is given \(values.count) times (\(values.map { "'\($0)'" }.joined(separator: ", "))); give it once",
                    command: command)
            }
        }
        for (name, values) in options where values.contains("") {
            throw UsageError("\(name) needs a value, not an empty string", command: command)
        }
    }

    /// The value of an option given at most once.
    func single(_ name: String) throws -> String? {
        options[name]?.first
    }

    /// Every value of a repeatable option, in order.
    func values(_ name: String) -> [String] {
        options[name] ?? []
    }

    var quiet: Bool { flags.contains("--quiet") }
}
