import Foundation

/// The generator's entry points: a description's bytes to its generated files, through the
/// stages of `Pipeline` (parse → decode → validate → translate → render), with the templates and
/// options it was made with. Pure: nothing is written here.
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
        try Pipeline(file: file).resolve(bytes)
    }

    /// The generated files for `artifacts`, named `<base>.<Artifact>.swift`, in a fixed order.
    public func generate(_ bytes: [UInt8], file: String, artifacts: Set<Artifact> = Set(Artifact.allCases)) throws(GeneratorError) -> [GeneratedFile]
    {
        var files: [GeneratedFile] = []
        try generate(bytes, file: file, artifacts: artifacts) { generated throws(GeneratorError) in files.append(generated) }
        return files
    }

    /// The same files in the same order, each handed to `body` as soon as it is rendered and
    /// before the next is started (`Pipeline.run`).
    public func generate(
        _ bytes: [UInt8], file: String, artifacts: Set<Artifact> = Set(Artifact.allCases), each body: (GeneratedFile) throws(GeneratorError) -> Void
    ) throws(GeneratorError) {
        try Pipeline(file: file).run(bytes, templates: templates, options: options, artifacts: artifacts, write: body)
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
