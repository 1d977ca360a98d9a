/// Renders parsed templates: a walk of their nodes with a stack of contexts, the innermost last.
/// Names are looked up from the innermost context outwards; a dotted name's first part picks the
/// context and the rest must be found inside it.
struct TemplateRenderer {
    typealias Node = MustacheTemplate.Node
    typealias RenderError = MustacheTemplate.RenderError

    /// The templates `{{> name}}` includes, by name.
    let partials: [String: MustacheTemplate]

    /// Partials that include partials deeper than this are taken for a cycle.
    static let maximumPartialDepth = 32

    /// The text of `template` rendered with `context`, as UTF-8.
    func render(_ template: MustacheTemplate, _ context: TemplateValue) throws(RenderError) -> [UInt8] {
        var output: [UInt8] = []
        var stack = [context]
        try render(template.nodes, of: template, stack: &stack, into: &output, depth: 0)
        return output
    }

    /// Renders `nodes`, which belong to `template` (named in messages).
    private func render(
        _ nodes: [Node], of template: MustacheTemplate, stack: inout [TemplateValue], into output: inout [UInt8], depth: Int
    ) throws(RenderError) {
        for node in nodes {
            switch node {
            case .text(let text):
                output.append(contentsOf: text.utf8)
            case .variable(let path):
                switch Self.lookup(path, in: stack) {
                case .string(let text)?: output.append(contentsOf: text.utf8)
                case .bool(let flag)?: output.append(contentsOf: (flag ? "true" : "false").utf8)
                case nil: break
                default: throw RenderError(message: "\(template.name): {{\(path.name)}} is a list or object, not text")
                }
            case .section(let path, let body, let inverted):
                let value = Self.lookup(path, in: stack)
                let truthy = value?.isTruthy ?? false
                if inverted {
                    if !truthy { try render(body, of: template, stack: &stack, into: &output, depth: depth) }
                } else if let value, truthy {
                    try section(value, body, of: template, stack: &stack, into: &output, depth: depth)
                }
            case .partial(let name, let indent):
                guard let partial = partials[name] else { throw RenderError(message: "\(template.name): the partial \"\(name)\" does not exist") }
                guard depth < Self.maximumPartialDepth else {
                    throw RenderError(message: "\(template.name): partials nest more than \(Self.maximumPartialDepth) levels (a cycle?)")
                }
                guard !indent.isEmpty else {
                    try render(partial.nodes, of: partial, stack: &stack, into: &output, depth: depth + 1)
                    continue
                }
                var rendered: [UInt8] = []
                try render(partial.nodes, of: partial, stack: &stack, into: &rendered, depth: depth + 1)
                Self.append(rendered, indentedBy: Array(indent.utf8), to: &output)
            }
        }
    }

    /// The frames under each item of a list section whose body reads `-first`.
    private static let firstItem = TemplateValue.object([(key: MustacheTemplate.firstName, value: .bool(true))])
    private static let laterItem = TemplateValue.object([(key: MustacheTemplate.firstName, value: .bool(false))])

    /// A truthy section's body over `value`: once per item of a list, else once with the value
    /// as the innermost context.
    private func section(
        _ value: TemplateValue, _ body: [Node], of template: MustacheTemplate, stack: inout [TemplateValue], into output: inout [UInt8], depth: Int
    ) throws(RenderError) {
        let items: [TemplateValue]
        switch value {
        case .list(let list): items = list
        case .lines(let texts): items = texts.map(TemplateValue.line)
        default:
            stack.append(value)
            try render(body, of: template, stack: &stack, into: &output, depth: depth)
            stack.removeLast()
            return
        }
        // `-first` for the body's separators: a frame under each item says whether it is the first.
        let separated = body.contains(where: \.readsFirst)
        for (position, item) in items.enumerated() {
            if separated { stack.append(position == 0 ? Self.firstItem : Self.laterItem) }
            stack.append(item)
            try render(body, of: template, stack: &stack, into: &output, depth: depth)
            stack.removeLast(separated ? 2 : 1)
        }
    }

    /// The value `path` names, if any context has it.
    static func lookup(_ path: MustacheTemplate.Path, in stack: [TemplateValue]) -> TemplateValue? {
        guard let first = path.parts.first else { return stack.last }
        for context in stack.reversed() {
            guard var value = context.field(first) else { continue }
            for part in path.parts.dropFirst() {
                guard let next = value.field(part) else { return nil }
                value = next
            }
            return value
        }
        return nil
    }

    /// Appends `text` with `indent` before each line that is not empty: an indented partial. Only
    /// a line feed on its own ends a line: `\r\n` is one `Character`, not a line feed, so the line
    /// after it gets no indent (as when this was done by character).
    static func append(_ text: [UInt8], indentedBy indent: [UInt8], to output: inout [UInt8]) {
        let lineFeed = UInt8(ascii: "\n")
        var start = 0
        var atLineStart = true
        for index in text.indices {
            let byte = text[index]
            if atLineStart && byte != lineFeed {
                output.append(contentsOf: text[start..<index])
                output.append(contentsOf: indent)
                start = index
            }
            atLineStart = byte == lineFeed && (index == 0 || text[index - 1] != UInt8(ascii: "\r"))
        }
        output.append(contentsOf: text[start...])
    }
}
