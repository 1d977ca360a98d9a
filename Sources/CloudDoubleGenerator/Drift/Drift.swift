import Foundation

/// API drift between a description and the SDK it describes, from the SDK's symbol graph
/// (`swift-symbolgraph-extract`'s `<Module>.symbols.json`): draft a description, or check one.
/// The CLI's `import` and `check` commands are thin fronts over these two functions.
public enum Drift {
    /// A drafted description and what a person still has to decide.
    public struct Draft: Sendable {
        /// The description as JSON text, ending in a newline; it validates as it is.
        public var json: String
        /// One line per decision the symbol graph cannot make (store roles, guessed mock
        /// defaults, operations, members left out), also marked `TODO(clouddouble import)` in
        /// the draft.
        public var todos: [String]
        /// One line per setting the draft made that generated code needs but a person must
        /// vouch for (`"uncheckedSendable": true` on a type the symbol graph shows is not
        /// `Sendable`), naming the SDK type and the key.
        public var warnings: [String]
    }

    /// Drafts a description of `types` (SDK type names such as `CKContainer`, in the order
    /// given) from one or more symbol graphs of the same module (the module's own file and its
    /// `Module@Other.symbols.json` extension files). `module` overrides the module to import.
    public static func draft(symbolGraphs: [Data], types: [String], module: String? = nil) throws(DriftError) -> Draft {
        let surface = try surface(symbolGraphs)
        for type in types where surface.types[type] == nil {
            throw .unknownType(type, suggestion: Spelling.closest(to: type, in: surface.types.keys.sorted()))
        }
        var importer = DraftImporter(surface: surface, sdkTypes: types, module: module)
        let json = importer.draft()
        return Draft(json: json, todos: importer.todos, warnings: importer.warnings)
    }

    public static func draft(symbolGraph: Data, types: [String], module: String? = nil) throws(DriftError) -> Draft {
        try draft(symbolGraphs: [symbolGraph], types: types, module: module)
    }

    /// Checks a description (its bytes, and the path findings name) against symbol graphs of
    /// its SDK. Throws when the description does not validate; otherwise returns every finding
    /// in file order. Errors mean the description no longer matches the SDK; warnings mean the
    /// SDK has more than the description says.
    public static func check(description: [UInt8], file: String, symbolGraphs: [Data]) throws(DriftError) -> [DriftFinding] {
        let model: APIDescription
        do {
            model = try DescriptionDecoder.decode(description, file: file)
            try Validator.validate(model, file: file)
        } catch {
            throw .description(error)
        }
        var checker = DriftChecker(description: model, file: file, surface: try surface(symbolGraphs))
        return checker.run()
    }

    public static func check(description: [UInt8], file: String, symbolGraph: Data) throws(DriftError) -> [DriftFinding] {
        try check(description: description, file: file, symbolGraphs: [symbolGraph])
    }

    /// The exit status for a check: 1 when any finding is an error, else 0.
    public static func exitStatus(for findings: [DriftFinding]) -> Int32 {
        findings.contains { $0.severity == .error } ? 1 : 0
    }

    static func surface(_ graphs: [Data]) throws(DriftError) -> SDKSurface {
        var decoded: [SymbolGraph] = []
        for data in graphs { decoded.append(try SymbolGraph.decode(data)) }
        // The module's own graph first: it names the module.
        decoded.sort { !$0.symbols.isEmpty && $1.symbols.isEmpty }
        return SDKSurface(graphs: decoded)
    }
}
