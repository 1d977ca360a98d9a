import Foundation

/// A section over a long list at the top of a template (the types of a large description),
/// rendered on all cores: the items are split into chunks, each rendered into its own bytes, and
/// the bytes appended in order, so the output is the same as rendering the items one by one (and
/// the first error in item order is the one thrown). A chunk joins the output as soon as every
/// chunk before it has, so besides the output only the few chunks finished out of order are held,
/// and no core waits for another between chunks.
struct ParallelSection: Sendable {
    /// Shorter lists are rendered in place: spreading them costs more than it saves.
    static let minimumCount = 64
    static let chunkSize = 16

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
        let chunkCount = (count + Self.chunkSize - 1) / Self.chunkSize
        // The first chunk is rendered here, on this thread, and tells how long an item's text is:
        // room for the whole text is made at once, here, rather than grown (and copied) again and
        // again, and not by a worker thread (a block that large made there lands in that thread's
        // malloc arena, and the arenas' peaks add up: ~8 MB more at 3,000 types).
        let first = try renderChunk(0)
        let perItem = first.count / min(Self.chunkSize, count)
        output.reserveCapacity(output.utf8Count + first.count + perItem * (count - Self.chunkSize) * 21 / 20 + 4096)
        output.append(first)
        let joined = InOrderOutput(output)
        defer { output = joined.take() }
        DispatchQueue.concurrentPerform(iterations: chunkCount - 1) { iteration in
            let chunk = iteration + 1
            // After a failure, later chunks are not rendered: the first error in order is thrown.
            guard !joined.failedBefore(chunk) else { return joined.finish(chunk, nil) }
            joined.finish(chunk, Result { () throws(MustacheTemplate.RenderError) -> Data in try renderChunk(chunk) })
        }
        if let error = joined.error { throw error }
    }

    private func renderChunk(_ chunk: Int) throws(MustacheTemplate.RenderError) -> Data {
        var text = RenderOutput(capacity: 1 << 17)
        // Enclosing contexts of the chunk's own: both cores look names up in them for every
        // item, and reference counts shared between cores cost more than the copies. (The
        // program holds no counted references: it is shared as is.)
        var stack = self.stack.map(\.privateCopy)
        do throws(MustacheTemplate.RenderError) {
            for index in chunk * Self.chunkSize..<min((chunk + 1) * Self.chunkSize, count) {
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

/// The output of a parallel section while its chunks render. A finished chunk waits here until
/// every chunk before it has joined; then whichever thread finished last joins the chunks that are
/// ready, in order, while the other goes on rendering. Only that one thread touches the output at a
/// time (`joining`), and the chunks waiting are guarded by the lock: `@unchecked Sendable`
/// because the compiler cannot see that.
private final class InOrderOutput: @unchecked Sendable {
    private var output: RenderOutput
    private let lock = NSLock()
    /// Finished chunks not joined yet, by index: a text, a failure, or `nil` for one not rendered
    /// (after a failure before it).
    private var waiting: [Int: Result<Data, MustacheTemplate.RenderError>?] = [:]
    /// The next chunk to join (the first is joined already).
    private var next = 1
    private var joining = false
    /// The first chunk known to have failed.
    private var firstFailed = Int.max
    /// The error of the first chunk, in order, that failed.
    private(set) var error: MustacheTemplate.RenderError?

    init(_ output: RenderOutput) {
        self.output = output
    }

    func failedBefore(_ chunk: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return firstFailed < chunk
    }

    func finish(_ chunk: Int, _ result: Result<Data, MustacheTemplate.RenderError>?) {
        lock.lock()
        if case .failure? = result { firstFailed = min(firstFailed, chunk) }
        waiting[chunk] = .some(result)
        guard !joining else { return lock.unlock() }
        joining = true
        while let ready = waiting.removeValue(forKey: next) {
            next += 1
            lock.unlock()
            // Outside the lock: the other thread may finish its chunk meanwhile.
            switch ready {
            case .success(let bytes)? where error == nil: output.append(bytes)
            case .failure(let failure)? where error == nil: error = failure
            default: break
            }
            lock.lock()
        }
        joining = false
        lock.unlock()
    }

    /// The output, once every chunk has finished.
    func take() -> RenderOutput {
        var taken = RenderOutput(capacity: 0)
        swap(&taken, &output)
        return taken
    }
}
