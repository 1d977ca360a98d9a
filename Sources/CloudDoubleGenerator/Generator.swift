import Foundation

/// The pipeline: parse → validate → translate → render. Pure: nothing is written here, so a
/// failure at any stage leaves earlier outputs as they were.
public struct Generator: Sendable {
    public var templates: TemplateSet
    public var options: TranslationOptions

    public init(templates: TemplateSet, options: TranslationOptions = TranslationOptions()) {
        self.templates = templates
        self.options = options
    }

    /// Parses and validates a description; throws every problem found.
    public static func validate(_ bytes: [UInt8], file: String) throws(GeneratorError) -> APIDescription {
        do {
            let description = try DescriptionDecoder.decode(bytes, file: file)
            try Validator.validate(description, file: file)
            return description
        } catch {
            throw .description(error)
        }
    }

    /// The generated files for `artifacts`, named `<base>.<Artifact>.swift`, in a fixed order.
    public func generate(_ bytes: [UInt8], file: String, artifacts: Set<Artifact> = Set(Artifact.allCases)) throws(GeneratorError) -> [GeneratedFile] {
        let description = try Self.validate(bytes, file: file)
        let source = URL(fileURLWithPath: file).lastPathComponent
        let base = Self.baseName(of: file)
        guard !base.isEmpty else {
            throw .io("\(file): error: the file name gives the generated files no name; call it <Name>.clouddouble.json")
        }
        // The file name is printed in each file's header comment and names the files; the path is
        // written into `#sourceLocation` directives.
        guard !file.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" }) else {
            throw .io("\(file): error: the file's path has a line break or control character; move or rename it")
        }
        for module in options.extraImports + options.testableImports where !Self.isModuleName(module) {
            throw .io("clouddouble: error: '\(module)' is not a module name to import")
        }
        let context = Translator(description: description, sourceFile: source, descriptionPath: file, options: options).context()
        let templates = self.templates
        // The artifacts render independently: one per core.
        return try artifacts.sorted().parallelMap(minimumCount: 2) { artifact throws(GeneratorError) in
            GeneratedFile(name: DescriptionFileName.outputName(base: base, artifact: artifact), contents: try templates.render(artifact, context: context))
        }
    }

    /// A module name `import` takes: identifiers joined by dots (submodules).
    public static func isModuleName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { SwiftNames.isIdentifier(String($0)) && !SwiftNames.keywords.contains(String($0)) }
    }

    /// `CloudKit` for `…/CloudKit.clouddouble.json`: the plugins' rule too (`DescriptionFileName`).
    public static func baseName(of file: String) -> String {
        DescriptionFileName.baseName(URL(fileURLWithPath: file).lastPathComponent)
    }
}
