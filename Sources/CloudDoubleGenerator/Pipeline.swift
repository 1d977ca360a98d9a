import Foundation

/// One description's way through the generator: six stages with one job each, every stage taking
/// what the one before gives (docs/GeneratedCode.md, "the pipeline"):
///
///     [UInt8] ─parse→ JSONDocument ─decode→ APIDescription ─validate→ ValidatedDescription
///       ─translate→ one context per artifact ─render→ GeneratedFile ─write→ the caller's output
///
/// `run` is that sentence, and the only code that calls the stages in turn. Nothing is written by
/// the pipeline: `write` is the caller's (`StagedOutput`, which puts files in place only once all
/// are rendered), so a failure at any stage leaves earlier outputs as they were.
struct Pipeline {
    /// The description's path as given: diagnostics and `#sourceLocation` directives name it, and
    /// its last component names the generated files and is printed in their header comments.
    let file: String

    /// Every stage in turn, one artifact at a time: each file is translated, rendered and handed
    /// to `write` before the next is started, so only one file's text is held (a large
    /// description's files come to tens of megabytes). Nothing is handed over when the description
    /// is invalid; a template error stops at the file it is in.
    func run(
        _ bytes: [UInt8], templates: TemplateSet, options: TranslationOptions, artifacts: Set<Artifact>,
        write: (GeneratedFile) throws(GeneratorError) -> Void
    ) throws(GeneratorError) {
        let description = try validate(decode(parse(bytes)))
        let translator = try translator(for: description, options: options)
        for artifact in artifacts.sorted() {
            try write(render(artifact, translator.context(for: artifact), templates: templates))
        }
    }

    /// The first three stages: the description, validated and resolved, or every problem in it.
    func resolve(_ bytes: [UInt8]) throws(GeneratorError) -> ValidatedDescription {
        try validate(decode(parse(bytes)))
    }

    // MARK: - The stages

    /// Parse: the bytes as a tree of located JSON values; the first syntax error stops it.
    func parse(_ bytes: [UInt8]) throws(GeneratorError) -> JSONDocument {
        do {
            return try JSONDocument(parsing: bytes, file: file)
        } catch {
            throw .description(error)
        }
    }

    /// Decode: the typed model, or every shape error (unknown, missing and duplicate keys, wrong
    /// JSON types).
    func decode(_ document: JSONDocument) throws(GeneratorError) -> APIDescription {
        do {
            return try DescriptionDecoder.decode(document, file: file)
        } catch {
            throw .description(error)
        }
    }

    /// Validate: the description resolved (meanings, no Swift text), or every rule it breaks.
    func validate(_ description: APIDescription) throws(GeneratorError) -> ValidatedDescription {
        do {
            return try Validator.validate(description, file: file)
        } catch {
            throw .description(error)
        }
    }

    /// Translate: the translator that makes each artifact's context (`Translator.context(for:)`),
    /// once the file's name and the extra imports can be written into generated code.
    func translator(for description: ValidatedDescription, options: TranslationOptions) throws(GeneratorError) -> Translator {
        guard !baseName.isEmpty else {
            throw .io("\(file): error: the file name gives the generated files no name; call it <Name>.clouddouble.json")
        }
        // The file name is printed in each file's header comment and names the files; the path is
        // written into `#sourceLocation` directives.
        guard !file.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" }) else {
            throw .io("\(file): error: the file's path has a line break or control character; move or rename it")
        }
        for module in options.extraImports + options.testableImports where !Generator.isModuleName(module) {
            throw .io("clouddouble: error: '\(module)' is not a module name to import")
        }
        return Translator(description: description, sourceFile: URL(fileURLWithPath: file).lastPathComponent, descriptionPath: file, options: options)
    }

    /// Render: an artifact's context through its template, into the file `<base>.<Artifact>.swift`.
    func render(_ artifact: Artifact, _ context: TemplateValue, templates: TemplateSet) throws(GeneratorError) -> GeneratedFile {
        let bytes = try templates.renderedBytes(artifact, context: context)
        return GeneratedFile(name: DescriptionFileName.outputName(base: baseName, artifact: artifact), bytes: Data(bytes))
    }

    /// `CloudKit` for `…/CloudKit.clouddouble.json`.
    var baseName: String { Generator.baseName(of: file) }
}
