/// Documentation as the lines of a `///` comment, escaped: a text from the description may hold
/// line breaks of any kind (each starts a new comment line, since Swift ends a comment at a CR as
/// at an LF) and control characters (dropped), and `*/` is split so no line can close a block
/// comment. Templates write each line after `/// `; nothing else can reach a comment.
struct DocComment: Sendable, Equatable {
    let lines: [String]

    init(_ texts: [String]) {
        // Nearly every text is one line of printable ASCII with no `*/`: the texts are the lines.
        guard !texts.allSatisfy(Self.isPlainLine) else {
            lines = texts
            return
        }
        var lines: [String] = []
        for text in texts {
            // Nearly every text is one line of printable ASCII with no `*/`: it is its own line.
            if Self.isPlainLine(text) {
                lines.append(text)
                continue
            }
            var line = ""
            var previous: Unicode.Scalar = " "
            for scalar in text.unicodeScalars {
                defer { previous = scalar }
                switch scalar {
                case "\n" where previous == "\r":
                    continue  // the LF of a CRLF
                case "\n", "\r", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}":
                    lines.append(line.replacingOccurrences(of: "*/", with: "* /"))
                    line = ""
                case "\t":
                    line += " "
                case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                    continue
                default:
                    line.unicodeScalars.append(scalar)
                }
            }
            lines.append(line.replacingOccurrences(of: "*/", with: "* /"))
        }
        self.lines = lines
    }

    init(_ text: String) {
        self.init([text])
    }

    /// Printable ASCII only (no line break, tab or control character) and no `*/`: a text that
    /// is its own line, as it is.
    static func isPlainLine(_ text: String) -> Bool {
        // Over the bytes in place when they are contiguous (always, on Linux): no iterator per byte.
        text.utf8.withContiguousStorageIfAvailable(isPlainLine) ?? isPlainLine(text.utf8)
    }

    private static func isPlainLine<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            guard byte >= 0x20, byte < 0x7F, !(previous == UInt8(ascii: "*") && byte == UInt8(ascii: "/")) else { return false }
            previous = byte
        }
        return true
    }

    var templateValue: TemplateValue { .lines(lines) }
}
