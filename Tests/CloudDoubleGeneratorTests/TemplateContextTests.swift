@testable import CloudDoubleGenerator
import XCTest

/// The templates and the translator agree on names: a tag whose name no context holds renders
/// nothing, silently, so every name a bundled template looks up must be one the translator gives
/// (for the KitchenSink and CloudKit descriptions, which between them use every kind of member).
final class TemplateContextTests: XCTestCase {
    /// Every field name at any depth of `value`, expanding generated lists.
    func fieldNames(in value: TemplateValue, into names: inout Set<String>) {
        switch value {
        case .string, .bool: break
        case .line, .lines: names.insert("line")
        case .list(let items): for item in items { fieldNames(in: item, into: &names) }
        case .generated(let list): for index in 0..<list.count { fieldNames(in: list.item(index), into: &names) }
        case .object(let fields):
            for field in fields {
                names.insert(field.key)
                fieldNames(in: field.value, into: &names)
            }
        }
    }

    /// The names each artifact's template looks up that no context gives.
    func missingNames(_ templates: TemplateSet) throws -> [Artifact: [String]] {
        var given = Set<String>()
        for path in ["Tests/Goldens/Descriptions/KitchenSink.clouddouble.json", "Descriptions/CloudKit.clouddouble.json"] {
            let file = Paths.root.appendingPathComponent(path)
            let description = try Generator.validate(Paths.bytes(file), file: file.lastPathComponent)
            fieldNames(in: Translator(description: description, sourceFile: file.lastPathComponent).context(), into: &given)
        }
        var missing: [Artifact: [String]] = [:]
        for artifact in Artifact.allCases {
            let names = templates.fieldNames(usedBy: artifact).subtracting(given)
            if !names.isEmpty { missing[artifact] = names.sorted() }
        }
        return missing
    }

    func testEveryNameATemplateLooksUpIsGivenByTheTranslator() throws {
        XCTAssertEqual(try missingNames(.bundled()), [:])
    }

    func testAMisspeltNameIsCaught() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("context-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for artifact in Artifact.allCases {
            let source = artifact == .mocks ? "{{#types}}{{mockNmae}}{{/types}}" : "{{module}}"
            try source.write(to: directory.appendingPathComponent("\(artifact.templateName).mustache"), atomically: true, encoding: .utf8)
        }
        try "".write(to: directory.appendingPathComponent("header.mustache"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try missingNames(TemplateSet(directory: directory)), [.mocks: ["mockNmae"]])
    }
}
