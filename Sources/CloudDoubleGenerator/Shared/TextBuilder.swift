/// Builds a text from pieces as UTF-8 bytes, made a `String` once at the end. The translators
/// build a few strings for every form in every artifact (declarations, selectors, forwarded
/// calls), and appending to a `String` checks its uniqueness, capacity and flags for every
/// piece; here a piece is a length check and a copy.
struct TextBuilder: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    init(capacity: Int = 128) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// How many bytes have been written.
    var utf8Count: Int { count }

    @inline(__always)
    mutating func append(_ piece: String) {
        // Native and small strings always have contiguous UTF-8 (bridged ones, which may not,
        // do not occur on Linux).
        let appended: Void? = piece.utf8.withContiguousStorageIfAvailable { bytes in append(bytes) }
        if appended == nil { Array(piece.utf8).withUnsafeBufferPointer { append($0) } }
    }

    /// `name` as a declaration writes it: in backticks when it is a keyword (`SwiftNames.escaped`,
    /// without making the escaped string). The name's bytes are read once, for the keyword
    /// check and the copy.
    @inline(__always)
    mutating func appendEscaped(_ name: String) {
        let appended: Void? = name.utf8.withContiguousStorageIfAvailable { bytes in
            if SwiftNames.isKeyword(bytes) {
                self += "`"
                append(bytes)
                self += "`"
            } else {
                append(bytes)
            }
        }
        if appended == nil { append(SwiftNames.escaped(name)) }
    }

    /// Appends a copy of what this text holds at `range` (written earlier): a piece spelled once
    /// and written again, without a string of it.
    mutating func appendCopy(of range: Range<Int>) {
        reserve(range.count)
        (base + count).update(from: base + range.lowerBound, count: range.count)
        count += range.count
    }

    /// Room for `more` bytes after the text.
    @inline(__always)
    private mutating func reserve(_ more: Int) {
        guard count + more > capacity else { return }
        var newCapacity = capacity * 2
        while newCapacity < count + more { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        if bytes.count <= 16 {
            // Most pieces are a few bytes: copied here rather than through a call to memmove.
            for offset in 0..<bytes.count { (base + count + offset).pointee = source[offset] }
        } else {
            (base + count).update(from: source, count: bytes.count)
        }
        count += bytes.count
    }

    /// The text. Every piece was a whole `String`, so the bytes are valid UTF-8.
    consuming func text() -> String {
        String(copying: UnsafeBufferPointer(start: base, count: count))
    }
}

extension String {
    /// A string of `utf8`, as `String(decoding:as:)` makes it (invalid UTF-8 repaired the same
    /// way), written straight into the new string: a text of up to 15 ASCII bytes (most names
    /// and keys) is checked by one test of its bits rather than validated, and a longer one is
    /// validated in its own storage rather than validated and then copied.
    init(copying utf8: UnsafeBufferPointer<UInt8>) {
        self.init(unsafeUninitializedCapacity: utf8.count) { buffer in
            guard let source = utf8.baseAddress, let target = buffer.baseAddress else { return 0 }
            target.initialize(from: source, count: utf8.count)
            return utf8.count
        }
    }
}
