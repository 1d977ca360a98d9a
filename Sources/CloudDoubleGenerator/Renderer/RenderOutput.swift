/// Where a template renders to: pieces are gathered as UTF-8 bytes in a buffer and turned into
/// text in one go when the text is asked for. Appending a piece is then a length check and a
/// copy, where appending to a `String` also checks its uniqueness and updates its flags every
/// time, and a large file's text is made of millions of pieces.
///
/// The buffer is freed by `finish()`, which every renderer calls once it is done (it is passed
/// only `inout`, never copied).
struct RenderOutput {
    /// The text so far, up to the pending bytes.
    private var text = ""
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    init(capacity: Int = 16_384) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    /// How many bytes have been written.
    var utf8Count: Int { text.utf8.count + count }

    @inline(__always)
    mutating func append(_ piece: String) {
        // Native and small strings always have contiguous UTF-8 (bridged ones, which may not,
        // do not occur on Linux).
        let appended: Void? = piece.utf8.withContiguousStorageIfAvailable { bytes in append(bytes) }
        if appended == nil { Array(piece.utf8).withUnsafeBufferPointer { append($0) } }
    }

    /// Appends `count` bytes at `start` (a span of a program's text).
    @inline(__always)
    mutating func append(_ start: UnsafePointer<UInt8>, count: Int) {
        append(UnsafeBufferPointer(start: start, count: count))
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if count + bytes.count > capacity { makeRoom(for: bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Past a megabyte the pending bytes join the text rather than the buffer growing, so a long
    /// rendering is not held twice.
    private mutating func makeRoom(for extra: Int) {
        if capacity >= 1 << 20 {
            flush()
            if extra <= capacity { return }
        }
        grow(toHold: count + extra)
    }

    private mutating func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Appends what `rendered` holds (and frees it), with `indentCount` bytes at `indent` before
    /// each line that is not empty: an indented partial. Only a line feed on its own ends a line:
    /// `\r\n` is one `Character`, not a line feed, so the line after it gets no indent (as when
    /// this was done by character).
    mutating func appendIndenting(_ rendered: inout RenderOutput, by indent: UnsafePointer<UInt8>, count indentCount: Int) {
        var text = rendered.finish()
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            var start = 0
            var atLineStart = true
            for index in bytes.indices {
                let byte = bytes[index]
                if atLineStart && byte != UInt8(ascii: "\n") {
                    append(UnsafeBufferPointer(start: base + start, count: index - start))
                    append(indent, count: indentCount)
                    start = index
                }
                atLineStart = byte == UInt8(ascii: "\n") && (index == 0 || bytes[index - 1] != UInt8(ascii: "\r"))
            }
            append(UnsafeBufferPointer(start: base + start, count: bytes.count - start))
        }
    }

    /// Appends text rendered elsewhere (a chunk of a parallel section): it joins the text as is.
    mutating func appendRendered(_ rendered: String) {
        flush()
        text += rendered
    }

    /// Makes room for `utf8Count` bytes of text in all.
    mutating func reserveCapacity(_ utf8Count: Int) {
        flush()
        text.reserveCapacity(utf8Count)
    }

    /// Moves the pending bytes into the text. Every piece was a whole `String`, so the bytes are
    /// valid UTF-8 and nothing is repaired.
    private mutating func flush() {
        guard count > 0 else { return }
        text += String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
        count = 0
    }

    /// The rendered text; frees the buffer (the output is not used after).
    mutating func finish() -> String {
        flush()
        base.deallocate()
        capacity = 0
        return text
    }
}
