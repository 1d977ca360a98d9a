import Foundation

/// Swift's rules for names: what is an identifier, which keywords can be escaped with backticks.
enum SwiftNames {
    /// Keywords that cannot name a member even in backticks (or would mean something else).
    static let reservedMemberNames: Set<String> = ["init", "deinit", "subscript", "self", "Self", "Type", "Protocol", "_"]

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
        "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "async", "package",
    ]

    /// The one spelling of every name generated code declares for itself (locals, closure and
    /// function parameters, members of the generated doubles, generic parameters and the
    /// associated types they implement): the word with a trailing `_` (`result_`, `recorder_`,
    /// `Arguments_`). Legal in every Swift version, readable, and used by no Apple SDK, it is
    /// refused for every name a description gives (``hasGeneratedSpelling(_:)``), so a
    /// description name can neither take nor shadow a generated one. The exceptions are the few
    /// names copied Swift reads on purpose (`OperationContext.copiedScope`).
    static func generated(_ word: String) -> String { word + "_" }

    /// Whether `name` has the generated spelling, which no description name may have.
    static func hasGeneratedSpelling(_ name: String) -> Bool { name.utf8.count > 1 && name.utf8.last == UInt8(ascii: "_") }

    /// Whether `name` is a plain Swift identifier (letters, digits, underscores; not starting with a digit).
    static func isIdentifier(_ name: String) -> Bool {
        // Nearly every name is ASCII: check its bytes without looking up Unicode properties.
        var contiguous = name
        if let ascii = contiguous.withUTF8({ isASCIIIdentifier($0) }) { return ascii }
        guard let first = name.unicodeScalars.first else { return false }
        guard first == "_" || first.properties.isXIDStart else { return false }
        return name.unicodeScalars.dropFirst().allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
    }

    /// Whether ASCII `bytes` form an identifier; `nil` when they are not all ASCII (the Unicode
    /// rules decide then). In ASCII, XID_Start is the letters and XID_Continue adds digits and `_`.
    /// (Over the bytes in memory, not the string's view: a loop over a view decodes each step.)
    private static func isASCIIIdentifier(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        var isFirst = true
        var valid = !bytes.isEmpty
        for byte in bytes {
            guard byte < 0x80 else { return nil }
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): break
            case UInt8(ascii: "0")...UInt8(ascii: "9"): if isFirst { valid = false }
            default: valid = false
            }
            isFirst = false
        }
        return valid
    }

    /// `name` as written in a declaration: backticked when it is a keyword.
    static func escaped(_ name: String) -> String {
        isKeyword(name) ? "`\(name)`" : name
    }

    /// `keywords.contains(name)`, without hashing: only the few keywords with the name's first
    /// byte are compared. (No other text is canonically equivalent to an ASCII keyword.)
    static func isKeyword(_ name: String) -> Bool {
        contains(name, in: keywordsByFirstByte)
    }

    /// `reservedMemberNames.contains(name)`, the same way as `isKeyword`.
    static func isReservedMemberName(_ name: String) -> Bool {
        contains(name, in: reservedMemberNamesByFirstByte)
    }

    /// `isKeyword` for a name's UTF-8 bytes (as `TextBuilder` has them): the same table, the
    /// keyword's bytes compared with the name's.
    static func isKeyword(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = utf8.first, first < 0x80 else { return false }
        for keyword in keywordBytesByFirstByte[Int(first)] where keyword.count == utf8.count {
            if keyword.elementsEqual(utf8) { return true }
        }
        return false
    }

    private static let keywordsByFirstByte = byFirstByte(keywords)
    private static let keywordBytesByFirstByte = keywordsByFirstByte.map { $0.map { Array($0.utf8) } }
    private static let reservedMemberNamesByFirstByte = byFirstByte(reservedMemberNames)

    /// ASCII words listed under their first byte.
    private static func byFirstByte(_ words: Set<String>) -> [[String]] {
        var table = [[String]](repeating: [], count: 128)
        for word in words { table[Int(word.utf8.first!)].append(word) }
        return table
    }

    /// Lengths are compared before text: a word here has no letter another character is
    /// canonically equivalent to (K, `;` and a backtick are the only ASCII ones with such
    /// a twin), so a name of another length cannot equal it.
    private static func contains(_ name: String, in table: [[String]]) -> Bool {
        guard let first = name.utf8.first, first < 0x80 else { return false }
        let count = name.utf8.count
        return table[Int(first)].contains { $0.utf8.count == count && $0 == name }
    }

    /// A Swift string literal of `text`: quotes, backslashes, line breaks and control
    /// characters escaped. Generated code and diagnostics show description text through it.
    static func literal(_ text: String) -> String {
        // Most texts are names: printable ASCII with nothing to escape.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "\"") }) {
            return "\"" + text + "\""
        }
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case "\r": escaped += "\\r"
            default:
                if scalar.value < 0x20 { escaped += "\\u{\(String(scalar.value, radix: 16))}" } else { escaped.unicodeScalars.append(scalar) }
            }
        }
        return "\"\(escaped)\""
    }
}
