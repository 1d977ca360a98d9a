import Foundation

/// A logic-less template in a subset of Mustache: variables `{{name}}` (dotted names and `.`),
/// sections `{{#name}}…{{/name}}` over lists, booleans and objects, inverted sections
/// `{{^name}}…{{/name}}`, comments `{{! … }}` and partials `{{> name}}`; in a list section's body,
/// `{{#-first}}`/`{{^-first}}` test whether the item is the first (for separators).
///
/// Differences from the full spec, on purpose: nothing is HTML-escaped (the output is Swift, so
/// `{{x}}`, `{{{x}}}` and `{{& x}}` are the same), and delimiters cannot be changed. Standalone
/// tags (alone on their line) remove their line, as the spec says, so templates stay readable.
public struct MustacheTemplate: Sendable {
    /// The parsed template, which ``TemplateRenderer`` walks.
    enum Node: Sendable {
        case text(String)
        case variable(Path)
        case section(Path, [Node], inverted: Bool)
        case partial(String, indent: String)
    }

    /// A variable or section name, split once at parse time (`.` is the empty path).
    struct Path: Sendable {
        let name: String
        let parts: [String]

        init(_ name: String) {
            self.name = name
            parts = name == "." ? [] : name.split(separator: ".").map(String.init)
        }
    }

    /// The name a list section's body reads to separate its items: `{{^-first}}, {{/-first}}`
    /// writes a separator before every item but the first (as in mustache.java). It is true only
    /// in the first item of the list section whose body holds the tag directly.
    static let firstName = "-first"

    public struct SyntaxError: Error, Sendable, CustomStringConvertible {
        public var name: String
        public var location: SourceLocation
        public var message: String
        public var description: String { "\(name):\(location.line):\(location.column): error: \(message)" }
    }

    public let name: String
    let nodes: [Node]

    /// Every name a tag of this template looks up (each part of a dotted name), and the partials
    /// it includes: what a context for it must hold.
    var names: (fields: Set<String>, partials: Set<String>) {
        var fields = Set<String>()
        var partials = Set<String>()
        func visit(_ nodes: [Node]) {
            for node in nodes {
                switch node {
                case .text: break
                case .variable(let path): fields.formUnion(path.parts)
                case .section(let path, let children, _):
                    fields.formUnion(path.parts)
                    visit(children)
                case .partial(let name, _): partials.insert(name)
                }
            }
        }
        visit(nodes)
        return (fields, partials)
    }

    public init(name: String, source: String) throws(SyntaxError) {
        self.name = name
        var parser = MustacheParser(name: name, source: source)
        self.nodes = try parser.parse()
    }

    /// Renders with `context`; `partials` supplies `{{> name}}`.
    public func render(_ context: TemplateValue, partials: [String: MustacheTemplate] = [:]) throws(RenderError) -> String {
        String(decoding: try TemplateRenderer(partials: partials).render(self, context), as: UTF8.self)
    }

    public struct RenderError: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}

extension MustacheTemplate.Node {
    /// Whether this node is a `-first` section, which needs its list to say which item is first.
    var readsFirst: Bool {
        if case .section(let path, _, _) = self { return path.name == MustacheTemplate.firstName }
        return false
    }
}

/// Parses template text into nodes, handling standalone tag lines.
private struct MustacheParser {
    let name: String
    let source: [Character]
    var index = 0

    init(name: String, source: String) {
        self.name = name
        self.source = Array(source)
    }

    private struct Tag {
        enum Kind { case variable, sectionOpen, invertedOpen, close, comment, partial }
        var kind: Kind
        var name: String
        var start: Int
        var end: Int
    }

    mutating func parse() throws(MustacheTemplate.SyntaxError) -> [MustacheTemplate.Node] {
        var stack: [(name: String, inverted: Bool, nodes: [MustacheTemplate.Node], start: Int)] = [("", false, [], 0)]
        var text = ""
        func flushText(into nodes: inout [MustacheTemplate.Node]) {
            if !text.isEmpty {
                nodes.append(.text(text))
                text = ""
            }
        }
        while index < source.count {
            guard let tag = try nextTag() else {
                text.append(source[index])
                index += 1
                continue
            }
            var indent = ""
            var tagEnd = tag.end
            // A standalone tag: only whitespace around it on its line. The whole line goes.
            if tag.kind != .variable, let (lineStart, lineEnd) = standaloneLine(tag) {
                let dropped = text.count - (tag.start - lineStart)
                indent = String(source[lineStart..<tag.start])
                text = String(text.prefix(max(0, dropped)))
                tagEnd = lineEnd
            }
            flushText(into: &stack[stack.count - 1].nodes)
            index = tagEnd
            switch tag.kind {
            case .variable:
                stack[stack.count - 1].nodes.append(.variable(MustacheTemplate.Path(tag.name)))
            case .comment:
                break
            case .partial:
                stack[stack.count - 1].nodes.append(.partial(tag.name, indent: indent))
            case .sectionOpen, .invertedOpen:
                stack.append((tag.name, tag.kind == .invertedOpen, [], tag.start))
            case .close:
                guard stack.count > 1, stack[stack.count - 1].name == tag.name else {
                    let open = stack.count > 1 ? "the open section is \"\(stack[stack.count - 1].name)\"" : "no section is open"
                    throw error("{{/\(tag.name)}} closes nothing: \(open)", at: tag.start)
                }
                let section = stack.removeLast()
                stack[stack.count - 1].nodes.append(.section(MustacheTemplate.Path(section.name), section.nodes, inverted: section.inverted))
            }
        }
        flushText(into: &stack[stack.count - 1].nodes)
        if stack.count > 1 {
            let open = stack[stack.count - 1]
            throw error("the section \"\(open.name)\" is never closed with {{/\(open.name)}}", at: open.start)
        }
        return stack[0].nodes
    }

    /// The tag starting at `index`, if there is one.
    private func nextTag() throws(MustacheTemplate.SyntaxError) -> Tag? {
        guard index + 1 < source.count, source[index] == "{", source[index + 1] == "{" else { return nil }
        let triple = index + 2 < source.count && source[index + 2] == "{"
        var cursor = index + (triple ? 3 : 2)
        let contentStart = cursor
        while cursor + 1 < source.count, !(source[cursor] == "}" && source[cursor + 1] == "}") { cursor += 1 }
        guard cursor + 1 < source.count else { throw error("the tag is never closed with }}", at: index) }
        var content = String(source[contentStart..<cursor]).trimmingSpaces()
        var end = cursor + 2
        if triple {
            guard end < source.count, source[end] == "}" else { throw error("the tag {{{ is closed with }} instead of }}}", at: index) }
            end += 1
        }
        var kind = Tag.Kind.variable
        if let first = content.first, !triple {
            switch first {
            case "#": kind = .sectionOpen
            case "^": kind = .invertedOpen
            case "/": kind = .close
            case "!": kind = .comment
            case ">": kind = .partial
            case "&": kind = .variable
            case "=": throw error("changing delimiters is not supported", at: index)
            default: break
            }
            if "#^/!>&".contains(first) { content = String(content.dropFirst()).trimmingSpaces() }
        }
        if kind != .comment {
            let valid =
                content == "." || (!content.isEmpty && content.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" })
            if !valid { throw error("\"\(content)\" is not a valid tag name", at: index) }
        }
        return Tag(kind: kind, name: content, start: index, end: end)
    }

    /// The line's start and the index after its newline, when only whitespace surrounds the tag.
    private func standaloneLine(_ tag: Tag) -> (Int, Int)? {
        var start = tag.start
        while start > 0, source[start - 1] != "\n" {
            guard source[start - 1] == " " || source[start - 1] == "\t" else { return nil }
            start -= 1
        }
        var end = tag.end
        while end < source.count, source[end] != "\n" {
            guard source[end] == " " || source[end] == "\t" || source[end] == "\r" else { return nil }
            end += 1
        }
        return (start, end < source.count ? end + 1 : end)
    }

    private func error(_ message: String, at offset: Int) -> MustacheTemplate.SyntaxError {
        var line = 1
        var column = 1
        for character in source[..<min(offset, source.count)] {
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return MustacheTemplate.SyntaxError(name: name, location: SourceLocation(line: line, column: column), message: message)
    }
}
