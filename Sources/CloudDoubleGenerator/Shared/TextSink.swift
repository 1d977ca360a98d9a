/// Where text is written piece by piece: a ``TextBuilder`` (a `String` made at the end) or a
/// template's ``RenderOutput`` (the file's bytes). A text a context writes straight into the
/// output, and makes as a value when a section or a snapshot asks for it, is spelled once, by a
/// function generic over this.
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
extension RenderOutput: TextSink {}
