/// Where text is written piece by piece: a ``TextBuilder``, whose `String` is made at the end.
protocol TextSink: ~Copyable {
    mutating func append(_ piece: String)
    /// Appends the bytes of a piece of valid UTF-8.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension TextSink where Self: ~Copyable {
    /// A literal piece (`text += ", "`): its bytes are read where the compiler put them. Half the
    /// pieces are literals, and a `String`'s bytes cost a retain, a release and a copy of a small
    /// string to the stack each (about 100 instructions a piece; this is about 20).
    @inline(__always)
    static func += (sink: inout Self, piece: StaticString) {
        piece.withUTF8Buffer { sink.append($0) }
    }

    /// Disfavoured so that a literal takes the `StaticString` path above.
    @_disfavoredOverload @inline(__always)
    static func += (sink: inout Self, piece: String) {
        sink.append(piece)
    }
}

extension TextBuilder: TextSink {}
