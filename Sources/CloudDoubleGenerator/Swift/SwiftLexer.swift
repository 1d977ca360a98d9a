/// Swift's tokens, as the generator needs them: every piece of Swift a description carries (a
/// type, a default, block arguments) is read through this one lexer, so comments, string and
/// raw-string literals, `#` delimiters and interpolations are understood the same way everywhere.
/// It follows "Lexical Structure" of The Swift Programming Language; what it does not need
/// (operators' precedence, number formats) it reads as runs of characters.
struct SwiftToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// `name`, `` `name` `` (the text keeps the backticks), `$0`.
        case identifier
        /// `#if`, `#selector`, `#file`: `#` and a name.
        case poundKeyword
        /// `12`, `0x1F`, `1.5e3`.
        case number
        /// `"…"`, `"""…"""`, `#"…"#`, interpolations included.
        case string
        /// `//…` or `/*…*/` (nested).
        case comment
        /// `(`, `)`, `[`, `]`, `{`, `}`, `,`, `:`, `;`, `@`, `.`, `?`, `!`, `&`, `<`, `>`, `=`, `->`, `...`,
        /// or a run of other operator characters (`==`, `&&`, `+`).
        case punctuation
    }

    let kind: Kind
    let text: String
    /// Offset of the token's first byte in the lexed text's UTF-8.
    let offset: Int
    /// Whether a line break comes before this token (inside the lexed text).
    let followsLineBreak: Bool
}

/// Why a text is not a sequence of Swift tokens, and where (a UTF-8 offset).
struct SwiftLexError: Error, Sendable, Equatable {
    let reason: String
    let offset: Int
}

struct SwiftLexer {
    private let bytes: [UInt8]
    private var index = 0
    private var sawLineBreak = false

    private init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The tokens of `text`, comments included; an error for an unterminated string or comment
    /// or a character Swift does not allow outside them.
    static func tokens(of text: String) -> Result<[SwiftToken], SwiftLexError> {
        var lexer = SwiftLexer(text)
        do {
            return .success(try lexer.all(until: nil))
        } catch {
            return .failure(error)
        }
    }

    private static let operatorBytes: Set<UInt8> = Set("/=-+!*%<>&|^~?.".utf8)
    private static let singles: Set<UInt8> = Set("()[]{},:;@".utf8)

    /// Tokens until `closer` at depth zero (an interpolation's `)`), or the end of the text.
    private mutating func all(until closer: UInt8?) throws(SwiftLexError) -> [SwiftToken] {
        var tokens: [SwiftToken] = []
        var depth = 0
        while true {
            skipWhitespace()
            guard index < bytes.count else {
                if closer != nil { throw SwiftLexError(reason: "an interpolation is not closed", offset: index) }
                return tokens
            }
            if let closer, bytes[index] == closer, depth == 0 {
                index += 1
                return tokens
            }
            let token = try next()
            if token.kind == .punctuation {
                if token.text == "(" { depth += 1 } else if token.text == ")" { depth -= 1 }
            }
            tokens.append(token)
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): index += 1
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                sawLineBreak = true
                index += 1
            default: return
            }
        }
    }

    private mutating func next() throws(SwiftLexError) -> SwiftToken {
        let start = index
        let lineBreak = sawLineBreak
        sawLineBreak = false
        func token(_ kind: SwiftToken.Kind) -> SwiftToken {
            SwiftToken(kind: kind, text: String(decoding: bytes[start..<index], as: UTF8.self), offset: start, followsLineBreak: lineBreak)
        }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") { index += 1 }
            return token(.comment)
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
            try blockComment()
            return token(.comment)
        case UInt8(ascii: "\""):
            try string(hashes: 0)
            return token(.string)
        case UInt8(ascii: "#"):
            var hashes = 0
            while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
            if peek(hashes) == UInt8(ascii: "\"") {
                index += hashes
                try string(hashes: hashes)
                return token(.string)
            }
            index += 1
            guard index < bytes.count, Self.isIdentifierStart(bytes[index]) else {
                throw SwiftLexError(reason: "a `#` must start a raw string or a directive such as #selector", offset: start)
            }
            identifierRest()
            return token(.poundKeyword)
        case UInt8(ascii: "`"):
            index += 1
            guard index < bytes.count, Self.isIdentifierStart(bytes[index]) else {
                throw SwiftLexError(reason: "a backtick must enclose a name", offset: start)
            }
            identifierRest()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "`") else {
                throw SwiftLexError(reason: "a backticked name is not closed", offset: start)
            }
            index += 1
            return token(.identifier)
        case UInt8(ascii: "$"):
            index += 1
            identifierRest()
            return token(.identifier)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            // Digits, letters (hex, exponents), `_` and a fraction's `.` followed by a digit.
            while index < bytes.count {
                let current = bytes[index]
                if Self.isIdentifierContinue(current) {
                    index += 1
                } else if current == UInt8(ascii: "."), let after = peek(1), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(after) {
                    index += 1
                } else if current == UInt8(ascii: "+") || current == UInt8(ascii: "-"),
                    let before = index > start ? bytes[index - 1] : nil,
                    before == UInt8(ascii: "e") || before == UInt8(ascii: "E") || before == UInt8(ascii: "p") || before == UInt8(ascii: "P"),
                    !bytes[start..<index].starts(with: [UInt8(ascii: "0"), UInt8(ascii: "b")])
                {
                    index += 1
                } else {
                    break
                }
            }
            return token(.number)
        case UInt8(ascii: "-") where peek(1) == UInt8(ascii: ">"):
            index += 2
            return token(.punctuation)
        case UInt8(ascii: ".") where peek(1) == UInt8(ascii: ".") && peek(2) == UInt8(ascii: "."):
            index += 3
            return token(.punctuation)
        case _ where Self.singles.contains(byte):
            index += 1
            return token(.punctuation)
        case _ where Self.isIdentifierStart(byte):
            identifierRest()
            return token(.identifier)
        case UInt8(ascii: "\\"):
            // A key path's backslash (`\.zoneID`).
            index += 1
            return token(.punctuation)
        case _ where Self.operatorBytes.contains(byte):
            // `<`, `>`, `?`, `!`, `&`, `.` stand alone: types use them as brackets and suffixes.
            if "<>?!&.".utf8.contains(byte) {
                index += 1
                return token(.punctuation)
            }
            while index < bytes.count, Self.operatorBytes.contains(bytes[index]), !"<>?!&.".utf8.contains(bytes[index]) {
                // `//` and `/*` start comments even inside an operator run.
                if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*") { break }
                index += 1
            }
            if index == start { index += 1 }
            return token(.punctuation)
        default:
            throw SwiftLexError(reason: "\(Self.describe(byte)) is not allowed here", offset: start)
        }
    }

    private func peek(_ distance: Int) -> UInt8? {
        index + distance < bytes.count ? bytes[index + distance] : nil
    }

    /// `/* … */`, nesting as Swift's do.
    private mutating func blockComment() throws(SwiftLexError) {
        let start = index
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                index += 1
            }
        }
        throw SwiftLexError(reason: "a /* comment is not closed", offset: start)
    }

    /// A string literal whose opening `#`s have been read: `"…"` or `"""…"""`, closed by the same
    /// number of `#`s; an escape is `\` followed by those `#`s, and `\(…)` (`\#(…)`) is lexed as code.
    private mutating func string(hashes: Int) throws(SwiftLexError) {
        let start = index - hashes
        let multiLine = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        index += multiLine ? 3 : 1
        let quotes = multiLine ? 3 : 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\""), (0..<quotes).allSatisfy({ peek($0) == UInt8(ascii: "\"") }),
                (0..<hashes).allSatisfy({ peek(quotes + $0) == UInt8(ascii: "#") })
            {
                index += quotes + hashes
                return
            }
            if !multiLine, byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                throw SwiftLexError(reason: "a string literal is not closed on its line", offset: start)
            }
            if byte == UInt8(ascii: "\\"), (1...max(hashes, 1)).allSatisfy({ hashes == 0 || peek($0) == UInt8(ascii: "#") }) {
                index += 1 + hashes
                guard index < bytes.count else { break }
                if bytes[index] == UInt8(ascii: "(") {
                    index += 1
                    _ = try all(until: UInt8(ascii: ")"))
                } else {
                    index += 1
                }
                continue
            }
            index += 1
        }
        throw SwiftLexError(reason: "a string literal is not closed", offset: start)
    }

    private mutating func identifierRest() {
        while index < bytes.count, Self.isIdentifierContinue(bytes[index]) { index += 1 }
    }

    /// ASCII letters and `_`; bytes of non-ASCII characters are taken as identifier characters
    /// here and the identifier's text is checked against Unicode's rules by its reader.
    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    static func isIdentifierContinue(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "\"\(Character(Unicode.Scalar(byte)))\"" : "the control character 0x\(String(byte, radix: 16))"
    }
}
