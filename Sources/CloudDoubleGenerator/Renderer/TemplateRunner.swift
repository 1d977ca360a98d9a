import Foundation

/// Renders a ``TemplateProgram``: a loop over its instructions with a stack of contexts, the
/// innermost last. Names are looked up from the innermost context outwards; a dotted name's
/// first part picks the context and the rest must be found inside it.
///
/// `@unchecked Sendable`: it reads the program's buffers through pointers, and holds the program,
/// which never changes them, for as long as it lives.
struct TemplateRunner: @unchecked Sendable {
    typealias RenderError = MustacheTemplate.RenderError

    let program: TemplateProgram
    private let code: UnsafeMutablePointer<TemplateProgram.Instruction>
    private let bytes: UnsafeMutablePointer<UInt8>
    private let keys: UnsafeMutablePointer<TemplateProgram.Key>
    private let parts: UnsafeMutablePointer<TemplateProgram.Span>
    private let shortParts: UnsafeMutablePointer<String>
    private let fields: UnsafeMutablePointer<TemplateField?>
    private let entries: UnsafeMutablePointer<TemplateProgram.Entry>

    init(_ program: TemplateProgram) {
        self.program = program
        code = program.instructions.baseAddress!
        bytes = program.bytes.baseAddress!
        keys = program.keys.baseAddress!
        parts = program.parts.baseAddress!
        shortParts = program.shortParts.baseAddress!
        fields = program.fields.baseAddress!
        entries = program.entries.baseAddress!
    }

    /// Renders the entry `entry` (an index of the program's entries) with `context`: the text's
    /// UTF-8 bytes.
    func render(entry: Int, _ context: TemplateValue, reusing spare: SpareBuffer = SpareBuffer()) throws(RenderError) -> Data {
        var output = RenderOutput(reusing: spare)
        var stack = [context]
        do throws(RenderError) {
            try run(entry: entry, stack: &stack, into: &output, depth: 0)
        } catch {
            _ = output.finish()
            throw error
        }
        return output.finish(keepingIn: spare)
    }

    func run(entry: Int, stack: inout [TemplateValue], into output: inout RenderOutput, depth: Int) throws(RenderError) {
        let instructions = entries[entry]
        try run(Int(instructions.start)..<Int(instructions.end), template: entry, stack: &stack, into: &output, depth: depth)
    }

    /// Runs `instructions`, within the entry `template` (named in messages). Only numbers are
    /// handed around: a name is a string both cores would count references to.
    func run(
        _ instructions: Range<Int>, template: Int, stack: inout [TemplateValue], into output: inout RenderOutput, depth: Int
    ) throws(RenderError) {
        var index = instructions.lowerBound
        while index < instructions.upperBound {
            let instruction = code[index]
            index += 1
            switch instruction.kind {
            case .text:
                output.append(bytes + Int(instruction.text.start), count: Int(instruction.text.count))
            case .variable:
                if let written = append(instruction.key, from: stack, into: &output) {
                    guard written else { throw notText(instruction.key, template: template) }
                    continue
                }
                switch lookup(instruction.key, in: stack) {
                case .string(let text)?: output.append(text)
                case .bool(let flag)?: output.append(flag ? "true" : "false")
                case nil: break
                default: throw notText(instruction.key, template: template)
                }
            case .section, .inverted, .lineSection, .separatedSection:
                let body = index..<Int(instruction.end)
                index = body.upperBound
                if instruction.kind == .lineSection, stack.count > 1, writeLines(instruction, from: stack, into: &output) { continue }
                let value = lookup(instruction.key, in: stack)
                let truthy = value?.isTruthy ?? false
                if instruction.kind == .inverted {
                    if !truthy { try run(body, template: template, stack: &stack, into: &output, depth: depth) }
                    continue
                }
                guard let value, truthy else { continue }
                if instruction.kind == .lineSection, stack.count > 1 {
                    let prefix = instruction.text
                    let suffix = instruction.suffix
                    switch value {
                    case .lines(let texts):
                        for text in texts { line(text, prefix, suffix, into: &output) }
                        continue
                    case .list(let items):
                        for item in items {
                            if case .line(let text) = item {
                                line(text, prefix, suffix, into: &output)
                            } else {
                                stack.append(item)
                                defer { stack.removeLast() }
                                try run(body, template: template, stack: &stack, into: &output, depth: depth)
                            }
                        }
                        continue
                    default: break  // any other value renders as any section does
                    }
                }
                if instruction.kind == .separatedSection, case .list(let items) = value {
                    // `-first` for the body's separators: a frame under each item says whether it is the first.
                    for (position, item) in items.enumerated() {
                        stack.append(position == 0 ? Self.firstItem : Self.laterItem)
                        stack.append(item)
                        defer { stack.removeLast(2) }
                        try run(body, template: template, stack: &stack, into: &output, depth: depth)
                    }
                    continue
                }
                try section(value, body, template: template, stack: &stack, into: &output, depth: depth)
            case .partial:
                guard depth < 32 else { throw RenderError(message: "\(program.entryNames[template]): partials nest more than 32 levels (a cycle?)") }
                guard instruction.text.count > 0 else {
                    try run(entry: Int(instruction.key), stack: &stack, into: &output, depth: depth + 1)
                    continue
                }
                var rendered = RenderOutput(capacity: 0)
                do throws(RenderError) {
                    try run(entry: Int(instruction.key), stack: &stack, into: &rendered, depth: depth + 1)
                } catch {
                    _ = rendered.finish()
                    throw error
                }
                output.appendIndenting(&rendered, by: bytes + Int(instruction.text.start), count: Int(instruction.text.count))
            case .missingPartial:
                throw RenderError(message: "\(program.entryNames[template]): the partial \"\(program.missingPartials[Int(instruction.key)])\" does not exist")
            }
        }
    }

    private static let firstItem = TemplateValue.object([(key: MustacheTemplate.firstName, value: .bool(true))])
    private static let laterItem = TemplateValue.object([(key: MustacheTemplate.firstName, value: .bool(false))])

    /// A truthy section's body over `value`: once per item of a list, else once with the value
    /// as the innermost context. A long list at the top level (the types) renders on all cores.
    private func section(
        _ value: TemplateValue, _ body: Range<Int>, template: Int, stack: inout [TemplateValue], into output: inout RenderOutput, depth: Int
    ) throws(RenderError) {
        let parallel = stack.count == 1
        switch value {
        case .list(let items) where parallel && items.count >= ParallelSection.minimumCount:
            let section = ParallelSection(runner: self, count: items.count, item: { items[$0] }, body: body, template: template, stack: stack, depth: depth)
            try section.render(into: &output)
        case .lines(let texts) where parallel && texts.count >= ParallelSection.minimumCount:
            let section = ParallelSection(runner: self, count: texts.count, item: { .line(texts[$0]) }, body: body, template: template, stack: stack, depth: depth)
            try section.render(into: &output)
        case .generated(let list) where parallel && list.count >= ParallelSection.minimumCount:
            let section = ParallelSection(runner: self, count: list.count, item: list.item, body: body, template: template, stack: stack, depth: depth)
            try section.render(into: &output)
        case .list(let items):
            // The stack grows and shrinks in place: no copy per item.
            for item in items {
                stack.append(item)
                defer { stack.removeLast() }
                try run(body, template: template, stack: &stack, into: &output, depth: depth)
            }
        case .lines(let texts):
            for text in texts {
                stack.append(.line(text))
                defer { stack.removeLast() }
                try run(body, template: template, stack: &stack, into: &output, depth: depth)
            }
        case .generated(let list):
            for index in 0..<list.count {
                stack.append(list.item(index))
                defer { stack.removeLast() }
                try run(body, template: template, stack: &stack, into: &output, depth: depth)
            }
        default:
            stack.append(value)
            defer { stack.removeLast() }
            try run(body, template: template, stack: &stack, into: &output, depth: depth)
        }
    }

    @inline(__always)
    private func line(_ text: String, _ prefix: TemplateProgram.Span, _ suffix: TemplateProgram.Span, into output: inout RenderOutput) {
        output.append(bytes + Int(prefix.start), count: Int(prefix.count))
        output.append(text)
        output.append(bytes + Int(suffix.start), count: Int(suffix.count))
    }

    private func notText(_ key: Int32, template: Int) -> RenderError {
        RenderError(message: "\(program.entryNames[template]): {{\(program.keyNames[Int(key)])}} is a list or object, not text")
    }

    /// `{{name}}` for a one-part name found in a scope, written by the scope itself: true when
    /// written, false when the value is not text, nil when the innermost context that has the
    /// name is no scope (or no context has it, or the name is no field): `lookup` answers then.
    @inline(__always)
    private func append(_ key: Int32, from stack: [TemplateValue], into output: inout RenderOutput) -> Bool? {
        let key = keys[Int(key)]
        guard key.partCount == 1, let field = fields[Int(key.firstPart)] else { return nil }
        var index = stack.count - 1
        while index >= 0 {
            guard case .scope(let context) = stack[index] else {
                // An object or a line may have the name: the general lookup decides.
                if self.field(Int(key.firstPart), of: stack[index]) != nil { return nil }
                index -= 1
                continue
            }
            switch context.append(field, to: &output) {
            case .appended: return true
            case .notText: return false
            case .missing: index -= 1
            }
        }
        return nil
    }

    /// A line section over a one-part name the innermost context, a scope, writes line by line
    /// itself (``TemplateWritingScope``): true when it wrote them. Any other case (another
    /// context innermost, a name that scope does not write) goes through `lookup`.
    @inline(__always)
    private func writeLines(_ instruction: TemplateProgram.Instruction, from stack: [TemplateValue], into output: inout RenderOutput) -> Bool {
        let key = keys[Int(instruction.key)]
        guard key.partCount == 1, let field = fields[Int(key.firstPart)], case .scope(let context)? = stack.last else { return false }
        let prefix = UnsafeBufferPointer(start: bytes + Int(instruction.text.start), count: Int(instruction.text.count))
        let suffix = UnsafeBufferPointer(start: bytes + Int(instruction.suffix.start), count: Int(instruction.suffix.count))
        return context.appendLines(field, prefix: prefix, suffix: suffix, to: &output)
    }

    /// The value `key` names, if any context has it.
    private func lookup(_ key: Int32, in stack: [TemplateValue]) -> TemplateValue? {
        let key = keys[Int(key)]
        guard key.partCount > 0 else { return stack.last }
        var index = stack.count - 1
        while index >= 0 {
            var found: TemplateValue?
            var part = Int(key.firstPart) + 1
            if key.partCount > 1, case .scope(let context) = stack[index], let first = fields[Int(key.firstPart)], let second = fields[part] {
                // `{{#kind.async}}` in one step: the scope need not make the value of `kind`.
                guard let inner = context.value(of: first, then: second) else {
                    index -= 1
                    continue
                }
                guard let value = inner else { return nil }
                found = value
                part += 1
            } else {
                found = field(Int(key.firstPart), of: stack[index])
            }
            if var value = found {
                while part < Int(key.firstPart + key.partCount) {
                    guard let next = field(part, of: value) else { return nil }
                    value = next
                    part += 1
                }
                return value
            }
            index -= 1
        }
        return nil
    }

    /// The field named by the part `name` of an object (or of a line), if there is one.
    @inline(__always)
    private func field(_ name: Int, of value: TemplateValue) -> TemplateValue? {
        switch value {
        case .scope(let context):
            guard let field = fields[name] else { return nil }
            return context.value(of: field)
        case .object(let fields):
            for index in fields.indices where matches(fields[index].key, name) { return fields[index].value }
            return nil
        case .line(let text):
            return matches("line", name) ? .string(text) : nil
        default:
            return nil
        }
    }

    /// Whether `key` is the part `part` of a name: byte counts first (most fields scanned are
    /// misses, and a count is read inline), then, for a short name, the two inline strings, else
    /// the bytes, compared in place.
    @inline(__always)
    private func matches(_ key: String, _ part: Int) -> Bool {
        let count = Int(parts[part].count)
        guard key.utf8.count == count else { return false }
        if count <= 15 { return key == shortParts[part] }
        let start = bytes + Int(parts[part].start)
        return key.utf8.withContiguousStorageIfAvailable { key in
            for index in 0..<count where key[index] != start[index] { return false }
            return true
        } ?? key.utf8.elementsEqual(UnsafeBufferPointer(start: start, count: count))
    }
}
