import CloudDoubleGenerator

/// The help texts, one per command.
enum Help {
    static let overview = """
        OVERVIEW: Generate protocols, live adapters, fault-injecting wrappers and recording mocks
        from a CloudDouble API description (clouddouble \(CloudDoubleVersion.current)).

        USAGE: clouddouble <command> [options]

        COMMANDS:
          generate     Generate Swift files from a description.
          validate     Check descriptions; print every problem.
          import       Draft a description from an SDK's symbol graph.
          check        Report drift between a description and its SDK's symbol graph.
          catalogue    Print the CloudKit error catalogue as Markdown.

        OPTIONS:
          -h, --help       Show this help, or a command's with 'clouddouble <command> --help'.
          -V, --version    Print the version.

        EXIT STATUS: 0 on success, 1 for problems in a description (printed as
        file:line:column: error: message; no file is written), 64 for a wrong command line.

        """

    static func text(for command: Command) -> String {
        switch command {
        case .generate:
            return """
                OVERVIEW: Generate Swift files from a description. Files are written only when their
                contents change; on any problem nothing is written.

                USAGE: clouddouble generate <description.json> --output <directory> [options]

                OPTIONS:
                  -o, --output <directory>     Where to write the files (required).
                  --artifacts <list>           Comma-separated: protocols,live,faultInjecting,mocks (default: all).
                  --templates <directory>      Use these templates instead of the built-in ones.
                  --import <module>            Add `import <module>` to every file (repeatable).
                  --testable-import <module>   Add `@testable import <module>` to every file (repeatable).
                  -q, --quiet                  Print nothing on success.
                  -h, --help                   Show this help.

                """
        case .validate:
            return """
                OVERVIEW: Check descriptions and print every problem, as file:line:column: error: message.

                USAGE: clouddouble validate <description.json>... [options]

                OPTIONS:
                  -q, --quiet    Print nothing for the descriptions that are valid.
                  -h, --help     Show this help.

                """
        case .import:
            return """
                OVERVIEW: Draft a description of SDK types from the SDK's symbol graph
                (swift-symbolgraph-extract's <Module>.symbols.json, plus its @-extension files). What
                the graph cannot tell (store roles, mock defaults, operations) is marked
                TODO(clouddouble import) in the draft and printed as notes.

                USAGE: clouddouble import <Module.symbols.json>... --type <SDKType>... [options]

                OPTIONS:
                  --type <SDKType>       A type to describe (repeatable, in order).
                  --module <name>        The module the description imports (default: the graph's).
                  --output <file>        Write the draft there instead of to standard output.
                  -q, --quiet            Print no notes and no summary (warnings still print).
                  -h, --help             Show this help.

                """
        case .check:
            return """
                OVERVIEW: Report what an SDK has that a description lacks (warnings) and what the
                description says that the SDK no longer matches (errors), as file:line:column:
                on the description. Exits 1 when there are errors, so CI fails when the SDK moved;
                65 when an input cannot be read or the description does not validate.

                USAGE: clouddouble check <description.json> --symbol-graph <Module.symbols.json>... [options]

                OPTIONS:
                  --symbol-graph <file>  The SDK's symbol graph (repeatable for extension files).
                  -q, --quiet            Print nothing when the description matches.
                  -h, --help             Show this help.

                """
        case .catalogue:
            return """
                OVERVIEW: Print the CloudKit error catalogue (every code and its traits) as a Markdown table.

                USAGE: clouddouble catalogue

                """
        }
    }
}
