import Foundation

// Writes the generator's templates into a Swift file as string literals, so they travel inside
// the generator (see `Plugins/TemplateEmbedding`). Usage: TemplateEmbedder <output.swift> <template.mustache>...

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: TemplateEmbedder <output.swift> <template.mustache>...\n".utf8))
    exit(2)
}

/// A raw multi-line string literal holding `text` exactly: enough `#`s that nothing in the text
/// ends the literal or starts an escape.
func literal(_ text: String) -> String {
    var hashes = "#"
    while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
    return "\(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)"
}

var entries: [String] = []
for path in arguments.dropFirst().sorted() {
    let url = URL(fileURLWithPath: path)
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
        FileHandle.standardError.write(Data("\(path):1:1: error: the template cannot be read as UTF-8\n".utf8))
        exit(1)
    }
    let name = url.deletingPathExtension().lastPathComponent
    entries.append("        (name: \"\(name)\", source: \(literal(text))),")
}
let source = """
    // Generated at build time from Templates/ by the TemplateEmbedding plugin. Do not edit.

    /// The templates shipped with the generator, by name (`header` for `Templates/header.mustache`).
    enum BundledTemplates {
        static let sources: [(name: String, source: String)] = [
    \(entries.joined(separator: "\n"))
        ]
    }

    """
do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
} catch {
    FileHandle.standardError.write(Data("\(output): error: cannot write: \(error.localizedDescription)\n".utf8))
    exit(1)
}
