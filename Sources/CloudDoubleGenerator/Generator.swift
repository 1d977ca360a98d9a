import Foundation

/// The pipeline: parse → decode → validate → translate → render. Pure: nothing is written here, so a
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
        try resolve(bytes, file: file).description
    }

    /// Parses, decodes and validates a description: the validated description, resolved, that
    /// translators take.
    public static func resolve(_ bytes: [UInt8], file: String) throws(GeneratorError) -> ValidatedDescription {
        do {
            let document = try JSONDocument(parsing: bytes, file: file)
            let description = try DescriptionDecoder.decode(document, file: file)
            return try Validator.validate(description, file: file)
        } catch {
            throw .description(error)
        }
    }

    /// The generated files for `artifacts`, named `<base>.<Artifact>.swift`, in a fixed order.
    public func generate(_ bytes: [UInt8], file: String, artifacts: Set<Artifact> = Set(Artifact.allCases)) throws(GeneratorError) -> [GeneratedFile]
    {
        var files: [GeneratedFile] = []
        try generate(bytes, file: file, artifacts: artifacts) { generated throws(GeneratorError) in files.append(generated) }
        return files
    }

    /// The same files in the same order, each handed to `body` as soon as it is rendered and
    /// before the next is started, so that only one file's text is held at a time (a large
    /// description's files come to tens of megabytes). Nothing is handed over when the
    /// description is invalid; a template error stops at the file it is in.
    public func generate(
        _ bytes: [UInt8], file: String, artifacts: Set<Artifact> = Set(Artifact.allCases), each body: (GeneratedFile) throws(GeneratorError) -> Void
    ) throws(GeneratorError) {
        let description = try Self.resolve(bytes, file: file)
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
        let translator = Translator(description: description, sourceFile: source, descriptionPath: file, options: options)
        // One artifact at a time, each handed over before the next is rendered.
        for artifact in artifacts.sorted() {
            let bytes = try templates.renderedBytes(artifact, context: translator.context(for: artifact))
            try body(GeneratedFile(name: DescriptionFileName.outputName(base: base, artifact: artifact), bytes: Data(bytes)))
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
