/// A Swift string literal whose value is a text from the description (a call's id, a type's
/// name, a file path): quoted and escaped once, here, so a template can only paste it whole.
/// A value with nothing to escape (nearly every name) is kept as it is and written in quotes; the
/// literal is made as a `String` only when a value is asked for or something is escaped.
struct StringLiteral: Sendable, Equatable {
    private let value: String
    /// Printable ASCII with no backslash or quote: the literal is the value in quotes, as
    /// `SwiftNames.literal` makes it.
    private let verbatim: Bool

    init(_ value: String) {
        self.value = value
        verbatim = value.utf8.withContiguousStorageIfAvailable(Self.isVerbatim) ?? Self.isVerbatim(value.utf8)
    }

    private static func isVerbatim<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "\"") }
    }

    /// The literal as written in Swift, quotes included: `"fetch"`.
    var text: String {
        var text = TextBuilder(capacity: value.utf8.count + 2)
        append(to: &text)
        return text.text()
    }

    var templateValue: TemplateValue { .string(text) }

    /// Writes the literal: the value in quotes, or the escaped literal.
    func append<Sink: TextSink & ~Copyable>(to sink: inout Sink) {
        guard verbatim else { return sink.append(SwiftNames.literal(value)) }
        sink += "\""
        sink += value
        sink += "\""
    }
}
