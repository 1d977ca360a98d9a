import Foundation

/// A section over a long list at the top of a template (the types of a large description),
/// rendered on all cores: the items are split into chunks, each rendered into its own bytes, and
/// the bytes appended in order, so the output is the same as rendering the items one by one (and
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
    /// The entry of the program the section is in.
    let template: Int
    let stack: [TemplateValue]
    let depth: Int

    func render(into output: inout RenderOutput) throws(MustacheTemplate.RenderError) {
        let chunks = stride(from: 0, to: count, by: Self.chunkSize).map { $0..<min($0 + Self.chunkSize, count) }
        // The output is moved into a box for the duration: one job of each wave appends the
        // previous wave's texts to it while the other jobs render, so no core waits for the
        // appending.
        let joined = JoinedOutput(output, count: count)
        defer { output = joined.output }
        var next = 0
        while true {
            let chunksOfWave = chunks[next..<min(next + Self.chunksPerWave, chunks.count)]
            // The append job first: the last wave's texts are freed as early as they can be.
            let jobs = (joined.pending.isEmpty ? [] : [Job.append]) + chunksOfWave.map(Job.render)
            if jobs.isEmpty { return }
            let texts = try jobs.parallelMap(minimumCount: 2) { job throws(MustacheTemplate.RenderError) -> Data in
                switch job {
                case .render(let range): return try renderChunk(range)
                case .append:
                    joined.appendPending()
                    return Data()
                }
            }
            joined.pending = Array(texts.suffix(chunksOfWave.count))
            joined.pendingEnd = chunksOfWave.last?.upperBound ?? 0
            // The first wave joins here, on this thread, which first makes room for the whole
            // text: a block that large made by a worker thread lands in that thread's malloc
            // arena, and the arenas' peaks add up (~8 MB more at 3,000 types).
            if next == 0 { joined.appendPending() }
            next = chunksOfWave.endIndex
        }
    }

    /// What a wave does: render a chunk of items, or append the previous wave's texts.
    private enum Job: Sendable {
        case render(Range<Int>)
        case append
    }

    private func renderChunk(_ range: Range<Int>) throws(MustacheTemplate.RenderError) -> Data {
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

/// The output of a parallel section while it renders, with the texts of the last wave waiting to
/// join it. Only the append job of a wave touches it, and waves run one after the other:
/// `@unchecked Sendable` because the compiler cannot see that.
private final class JoinedOutput: @unchecked Sendable {
    var output: RenderOutput
    /// Chunks rendered, in order, not yet appended; and the index after their last item.
    var pending: [Data] = []
    var pendingEnd = 0
    private let count: Int
    private var startLength: Int
    private var reserved = false

    init(_ output: RenderOutput, count: Int) {
        self.output = output
        self.count = count
        startLength = output.utf8Count
    }

    func appendPending() {
        if !reserved, pendingEnd > 0 {
            // The first wave tells how long an item's text is: make room for the rest at once
            // rather than growing (and copying) the output again and again. Before its texts
            // join: grown to hold them first, the output would be held twice while it moves
            // (~4 MB more at the peak for 3,000 types).
            reserved = true
            let waiting = pending.reduce(0) { $0 + $1.count }
            let written = output.utf8Count + waiting
            let perItem = (written - startLength) / pendingEnd
            output.reserveCapacity(written + perItem * (count - pendingEnd) * 21 / 20 + 4096)
        }
        for bytes in pending { output.append(bytes) }
        pending = []
    }
}
