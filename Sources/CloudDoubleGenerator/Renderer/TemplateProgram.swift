/// Templates compiled once into one flat list of instructions, the form they render from.
///
/// A section is an instruction followed by its body, and knows where its body ends, so rendering
/// is a loop over an array rather than a walk of a tree. The instructions hold only numbers:
/// literal text and tag names are spans of one byte buffer, partials are indexes of templates,
/// so reading an instruction touches no reference count, and both cores render from the same
/// program without contending for one (the nodes of a tree had to be copied per chunk for that).
///
/// Immutable once made: the buffers are allocated by `init` and freed by `deinit`, so the pointers
/// a ``TemplateRunner`` reads stay valid as long as it holds the program.
final class TemplateProgram: @unchecked Sendable {
    /// A range of `bytes`.
    struct Span: Sendable {
        var start: Int32
        var count: Int32
    }

    struct Instruction: Sendable {
        enum Kind: UInt8, Sendable {
            /// `text`.
            case text
            /// `{{key}}`.
            case variable
            /// `{{#key}}` … up to `end`.
            case section
            /// `{{^key}}` … up to `end`.
            case inverted
            /// `{{#key}}` whose body is `text{{line}}suffix` (see `MustacheTemplate.Node.lineSection`).
            case lineSection
            /// `{{#key}}` … up to `end`, whose body reads `-first` (`MustacheTemplate.firstName`):
            /// over a list, each item is told whether it is the first.
            case separatedSection
            /// `{{> name}}`: the template `key`, each line indented by `text`.
            case partial
            /// `{{> name}}` of a partial there is none of: `key` indexes `missingPartials`.
            case missingPartial
        }

        var kind: Kind
        /// A tag's name (an index of `keys`), or a partial's template.
        var key: Int32 = 0
        /// For a section: the index after its body.
        var end: Int32 = 0
        /// Literal text, a line section's prefix, a partial's indent.
        var text = Span(start: 0, count: 0)
        /// A line section's suffix.
        var suffix = Span(start: 0, count: 0)
    }

    /// A tag's name: `.` (no parts) or dot-separated parts, each a span of `bytes`: the parts
    /// are `parts[firstPart..<firstPart + partCount]`.
    struct Key: Sendable {
        var firstPart: Int32
        var partCount: Int32
    }

    /// A template's instructions: `start..<end` of `instructions`.
    struct Entry: Sendable {
        var start: Int32
        var end: Int32
    }

    let instructions: UnsafeMutableBufferPointer<Instruction>
    let bytes: UnsafeMutableBufferPointer<UInt8>
    let keys: UnsafeMutableBufferPointer<Key>
    let parts: UnsafeMutableBufferPointer<Span>
    /// Each part again as a `String` when it has at most 15 bytes: such a string is held inline
    /// (no reference to count from both cores), and two of them compare as two words.
    let shortParts: UnsafeMutableBufferPointer<String>
    /// Each part as the ``TemplateField`` of that name, if there is one: what a
    /// ``TemplateScope`` is asked for (nil: no scope has it).
    let fields: UnsafeMutableBufferPointer<TemplateField?>
    /// Each template's instructions, and its name (for messages).
    let entries: UnsafeMutableBufferPointer<Entry>
    let entryNames: [String]
    /// Each key as written, for messages.
    let keyNames: [String]
    let missingPartials: [String]
    /// The entry of each template by name (the partials a template may include).
    let entryIndex: [String: Int]
    private let shortPartCount: Int

    /// Compiles `templates` (the templates and partials, by name) and `main`, if given, as the
    /// last entry: a template rendered with these partials that is not one of them.
    init(_ templates: [String: MustacheTemplate], main: MustacheTemplate? = nil) {
        var compiler = Compiler()
        let names = templates.keys.sorted()
        for (index, name) in names.enumerated() { compiler.entryIndex[name] = index }
        for template in names.map({ templates[$0]! }) + (main.map { [$0] } ?? []) {
            let start = compiler.instructions.count
            compiler.emit(template.nodes)
            compiler.entries.append(Entry(start: Int32(start), end: Int32(compiler.instructions.count)))
            compiler.entryNames.append(template.name)
        }
        instructions = Self.buffer(compiler.instructions)
        bytes = Self.buffer(compiler.bytes)
        keys = Self.buffer(compiler.keys)
        parts = Self.buffer(compiler.parts)
        shortParts = .allocate(capacity: max(compiler.shortParts.count, 1))
        _ = shortParts.initialize(fromContentsOf: compiler.shortParts)
        shortPartCount = compiler.shortParts.count
        fields = Self.buffer(compiler.fields)
        keyNames = compiler.keyNames
        entries = Self.buffer(compiler.entries)
        entryNames = compiler.entryNames
        missingPartials = compiler.missingPartials
        entryIndex = compiler.entryIndex
    }

    deinit {
        instructions.deallocate()
        bytes.deallocate()
        keys.deallocate()
        parts.deallocate()
        shortParts.baseAddress!.deinitialize(count: shortPartCount)
        shortParts.deallocate()
        entries.deallocate()
        fields.deallocate()
    }

    /// The elements in memory of the program's own (at least one element's worth, never read
    /// past the elements). Only plain values are held: nothing needs deinitialising.
    private static func buffer<T>(_ elements: [T]) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(elements.count, 1))
        _ = buffer.initialize(fromContentsOf: elements)
        return buffer
    }

    private struct Compiler {
        var instructions: [Instruction] = []
        var bytes: [UInt8] = []
        var keys: [Key] = []
        var keyNames: [String] = []
        var parts: [Span] = []
        var shortParts: [String] = []
        var fields: [TemplateField?] = []
        var entries: [Entry] = []
        var entryNames: [String] = []
        var missingPartials: [String] = []
        var entryIndex: [String: Int] = [:]
        var keyIndex: [String: Int32] = [:]
        var spanIndex: [String: Span] = [:]

        mutating func span(_ text: String) -> Span {
            if let known = spanIndex[text] { return known }
            let span = Span(start: Int32(bytes.count), count: Int32(text.utf8.count))
            bytes += text.utf8
            spanIndex[text] = span
            return span
        }

        mutating func key(_ path: MustacheTemplate.Path) -> Int32 {
            if let known = keyIndex[path.name] { return known }
            keys.append(Key(firstPart: Int32(parts.count), partCount: Int32(path.parts.count)))
            keyNames.append(path.name)
            for part in path.parts {
                parts.append(span(part))
                shortParts.append(part.utf8.count <= 15 ? String(decoding: Array(part.utf8), as: UTF8.self) : "")
                fields.append(TemplateField(rawValue: part))
            }
            keyIndex[path.name] = Int32(keys.count - 1)
            return Int32(keys.count - 1)
        }

        mutating func emit(_ nodes: [MustacheTemplate.Node]) {
            for node in nodes {
                switch node {
                case .text(let text):
                    instructions.append(Instruction(kind: .text, text: span(text)))
                case .variable(let path):
                    instructions.append(Instruction(kind: .variable, key: key(path)))
                case .section(let path, let children, let inverted):
                    let kind: Instruction.Kind = inverted ? .inverted : children.contains(where: \.readsFirst) ? .separatedSection : .section
                    section(Instruction(kind: kind, key: key(path)), children)
                case .lineSection(let path, let prefix, let suffix, let children):
                    section(Instruction(kind: .lineSection, key: key(path), text: span(prefix), suffix: span(suffix)), children)
                case .partial(let name, let indent):
                    if let entry = entryIndex[name] {
                        instructions.append(Instruction(kind: .partial, key: Int32(entry), text: span(indent)))
                    } else {
                        missingPartials.append(name)
                        instructions.append(Instruction(kind: .missingPartial, key: Int32(missingPartials.count - 1)))
                    }
                }
            }
        }

        private mutating func section(_ instruction: Instruction, _ children: [MustacheTemplate.Node]) {
            let index = instructions.count
            instructions.append(instruction)
            emit(children)
            instructions[index].end = Int32(instructions.count)
        }
    }
}
