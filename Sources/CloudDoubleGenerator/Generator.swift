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
        let context = Translator(description: description, sourceFile: source, options: options).context()
        let base = Self.baseName(of: file)
        guard !base.isEmpty else {
            throw .io("\(file): error: the file name gives the generated files no name; call it <Name>.clouddouble.json")
        }
        let templates = self.templates
        // The artifacts render independently: one per core.
        return try artifacts.sorted().parallelMap(minimumCount: 2) { artifact throws(GeneratorError) in
            GeneratedFile(name: "\(base).\(artifact.fileSuffix).swift", contents: try templates.render(artifact, context: context))
        }
    }

    /// `CloudKit` for `…/CloudKit.clouddouble.json`.
    public static func baseName(of file: String) -> String {
        var name = URL(fileURLWithPath: file).lastPathComponent
        for suffix in [".json", ".clouddouble"] where name.hasSuffix(suffix) { name = String(name.dropLast(suffix.count)) }
        return name
    }
}
