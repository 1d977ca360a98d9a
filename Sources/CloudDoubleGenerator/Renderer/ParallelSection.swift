/// A section over a long list at the top of a template (the types of a large description),
/// rendered on all cores: the items are split into chunks, each rendered into its own text, and
/// the texts appended in order, so the output is the same as rendering the items one by one (and
/// the first error in item order is the one thrown). Chunks go in waves, so besides the output
/// only one wave's text is held.
struct ParallelSection: Sendable {
    /// Shorter lists are rendered in place: spreading them costs more than it saves.
    static let minimumCount = 64
    static let chunkSize = 16
    static let chunksPerWave = 16

    let runner: TemplateRunner
    let count: Int
    let item: @Sendable (Int) -> TemplateValue
    /// The section's body: instructions of `runner`'s program.
    let body: Range<Int>
    let template: TemplateProgram.Entry
    let stack: [TemplateValue]
    let depth: Int

    func render(into output: inout RenderOutput) throws(MustacheTemplate.RenderError) {
        let chunks = stride(from: 0, to: count, by: Self.chunkSize).map { $0..<min($0 + Self.chunkSize, count) }
        var next = 0
        while next < chunks.count {
            let wave = Array(chunks[next..<min(next + Self.chunksPerWave, chunks.count)])
            let startLength = output.utf8Count
            let texts = try wave.parallelMap(minimumCount: 2) { range throws(MustacheTemplate.RenderError) in try renderChunk(range) }
            for text in texts { output.appendRendered(text) }
            if next == 0, let last = wave.last {
                // The first wave tells how long an item's text is: make room for the rest at once
                // rather than growing (and copying) the output again and again.
                let perItem = (output.utf8Count - startLength) / last.upperBound
                output.reserveCapacity(output.utf8Count + perItem * (count - last.upperBound) * 21 / 20 + 4096)
            }
            next += Self.chunksPerWave
        }
    }

    private func renderChunk(_ range: Range<Int>) throws(MustacheTemplate.RenderError) -> String {
        var text = RenderOutput(capacity: 1 << 17)
        // Enclosing contexts of the chunk's own: both cores look names up in them for every
        // item, and reference counts shared between cores cost more than the copies. (The
        // program holds no counted references: it is shared as is.)
        var stack = self.stack.map(\.privateCopy)
        do throws(MustacheTemplate.RenderError) {
            for index in range {
                stack.append(item(index))
                defer { stack.removeLast() }
                try runner.run(body, template: template, stack: &stack, into: &text, depth: depth)
            }
        } catch {
            _ = text.finish()
            throw error
        }
        return text.finish()
    }
}
