import CloudDoubleTemplates
import Foundation

/// The templates of one directory: one per artifact plus partials (`header`). The defaults ship
/// with the generator; users can point it at a directory of their own with the same file names.
public struct TemplateSet: Sendable {
    public let directory: URL
    /// The templates by name, each able to include any other as a partial.
    let templates: [String: MustacheTemplate]

    /// The templates shipped with the generator.
    public static func bundled() throws(GeneratorError) -> TemplateSet {
        guard let url = CloudDoubleTemplates.directory else {
            throw GeneratorError.templates("the generator's own Templates directory is missing from its bundle")
        }
        return try TemplateSet(directory: url)
    }

    /// Loads every `*.mustache` in `directory`; every artifact's template must be there.
    public init(directory: URL) throws(GeneratorError) {
        self.directory = directory
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw GeneratorError.templates("\(directory.path): error: the template directory does not exist")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".mustache") }.sorted()
        } catch {
            throw GeneratorError.templates("\(directory.path): error: cannot list the template directory: \(error.localizedDescription)")
        }
        var templates: [String: MustacheTemplate] = [:]
        var problems: [String] = []
        for file in names {
            let name = String(file.dropLast(".mustache".count))
            let path = directory.appendingPathComponent(file).path
            guard let data = FileManager.default.contents(atPath: path), let source = String(data: data, encoding: .utf8) else {
                problems.append("\(path):1:1: error: the template cannot be read as UTF-8")
                continue
            }
            do {
                templates[name] = try MustacheTemplate(name: path, source: source)
            } catch {
                problems.append(error.description)
            }
        }
        for artifact in Artifact.allCases
        where templates[artifact.templateName] == nil && !problems.contains(where: { $0.contains("/\(artifact.templateName).mustache") }) {
            problems.append("\(directory.path): error: the template \(artifact.templateName).mustache is missing")
        }
        if !problems.isEmpty { throw GeneratorError.templates(problems.joined(separator: "\n")) }
        self.templates = templates
    }

    /// The names an artifact's template and the partials it includes (at any depth) look up:
    /// the fields its context needs.
    func fieldNames(usedBy artifact: Artifact) -> Set<String> {
        var fields = Set<String>()
        var visited = Set<String>()
        var pending = [artifact.templateName]
        while let name = pending.popLast() {
            guard visited.insert(name).inserted, let template = templates[name] else { continue }
            let names = template.names
            fields.formUnion(names.fields)
            pending += names.partials
        }
        return fields
    }

    public func render(_ artifact: Artifact, context: TemplateValue) throws(GeneratorError) -> String {
        String(decoding: try renderedBytes(artifact, context: context), as: UTF8.self)
    }

    /// The rendered text's UTF-8 bytes, as the tool writes them.
    func renderedBytes(_ artifact: Artifact, context: TemplateValue) throws(GeneratorError) -> [UInt8] {
        guard let template = templates[artifact.templateName] else {
            throw GeneratorError.templates("\(directory.path): error: the template \(artifact.templateName).mustache is missing")
        }
        do {
            return try TemplateRenderer(partials: templates).render(template, context)
        } catch {
            throw GeneratorError.templates("\(template.name): error: \(error.message)")
        }
    }
}
