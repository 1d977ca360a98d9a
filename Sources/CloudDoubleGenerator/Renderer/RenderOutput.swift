import Foundation

/// Where a template renders to: the text's UTF-8 bytes in one buffer, handed over as they are by
/// `finish()`. Appending a piece is a length check and a copy, where appending to a `String` also
/// checks its uniqueness and updates its flags every time (a large file's text is made of
/// millions of pieces). Every piece is a whole `String` or a span of a template's text, so the
/// bytes are valid UTF-8 and are never checked again: the tool writes them as they are.
///
/// The buffer is `malloc`ed so that growing it can be a `realloc` (a large block is remapped,
/// not copied, so a long rendering is not held twice while it grows), and so that `finish()` can
/// hand it to a `Data` that frees it. Every renderer calls `finish()` once it is done, also when
/// it fails (the output is passed only `inout`, never copied).
struct RenderOutput {
    /// Nil until the first byte is written (an indented partial that writes nothing, as most
    /// `#sourceLocation` partials do, allocates nothing), and after `finish()`.
    private var base: UnsafeMutablePointer<UInt8>?
    private var count = 0
    private var capacity = 0

    init(capacity: Int = 16_384) {
        reserveCapacity(capacity)
    }

    /// An output that writes into `spare`'s buffer when it keeps one.
    init(reusing spare: SpareBuffer) {
        if let (base, capacity) = spare.take() {
            self.base = base
            self.capacity = capacity
        } else {
            reserveCapacity(16_384)
        }
    }

    /// How many bytes have been written.
    var utf8Count: Int { count }

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
        if count + bytes.count > capacity { reserveCapacity(Swift.max(capacity * 2, count + bytes.count, 256)) }
        // There is a buffer now: it holds at least these bytes.
        (base.unsafelyUnwrapped + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends `bytes` (a chunk of a parallel section, rendered elsewhere): they join as they are.
    mutating func append(_ bytes: Data) {
        bytes.withUnsafeBytes { raw in append(raw.bindMemory(to: UInt8.self)) }
    }

    /// Appends what `rendered` holds (and frees it), with `indentCount` bytes at `indent` before
    /// each line that is not empty: an indented partial. Only a line feed on its own ends a line:
    /// `\r\n` is one `Character`, not a line feed, so the line after it gets no indent (as when
    /// this was done by character).
    mutating func appendIndenting(_ rendered: inout RenderOutput, by indent: UnsafePointer<UInt8>, count indentCount: Int) {
        guard let bytes = rendered.base, rendered.count > 0 else {
            _ = rendered.finish()
            return
        }
        var start = 0
        var atLineStart = true
        for index in 0..<rendered.count {
            let byte = bytes[index]
            if atLineStart && byte != UInt8(ascii: "\n") {
                append(UnsafeBufferPointer(start: bytes + start, count: index - start))
                append(indent, count: indentCount)
                start = index
            }
            atLineStart = byte == UInt8(ascii: "\n") && (index == 0 || bytes[index - 1] != UInt8(ascii: "\r"))
        }
        append(UnsafeBufferPointer(start: bytes + start, count: rendered.count - start))
        _ = rendered.finish()
    }

    /// Makes room for `utf8Count` bytes in all, so a long text grows once rather than again and
    /// again (each growth of a block glibc did not map on its own is a copy).
    mutating func reserveCapacity(_ utf8Count: Int) {
        guard utf8Count > capacity else { return }
        // Without a buffer yet (or since `finish()`), a new one is made.
        guard let grown = realloc(base, utf8Count) else { fatalError("out of memory for \(utf8Count) bytes of generated text") }
        base = grown.assumingMemoryBound(to: UInt8.self)
        capacity = utf8Count
    }

    /// The rendered bytes; the buffer is theirs now (the output is empty after). With `spare`,
    /// the buffer is kept there for the next file when the bytes are let go of.
    mutating func finish(keepingIn spare: SpareBuffer? = nil) -> Data {
        defer {
            base = nil
            count = 0
            capacity = 0
        }
        guard let base, count > 0 else {
            free(base)
            return Data()
        }
        guard let spare else { return Data(bytesNoCopy: base, count: count, deallocator: .free) }
        let capacity = self.capacity
        return Data(bytesNoCopy: base, count: count, deallocator: .custom { _, _ in spare.keep(base, capacity: capacity) })
    }
}
