/// Where text is written piece by piece: a ``TextBuilder`` (a `String` made at the end) or a
/// template's ``RenderOutput`` (the file's bytes). A text a context writes straight into the
/// output, and makes as a value when a section or a snapshot asks for it, is spelled once, by a
/// function generic over this.
protocol TextSink: ~Copyable {
    mutating func append(_ piece: String)
}

extension TextBuilder: TextSink {}
extension RenderOutput: TextSink {}
