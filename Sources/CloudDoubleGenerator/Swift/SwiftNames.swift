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
        guard let first = name.unicodeScalars.first else { return false }
        guard first == "_" || first.properties.isXIDStart else { return false }
        return name.unicodeScalars.dropFirst().allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
    }

    /// The Swift name of a form of a call with `parameters`: `fetch(withRecordID:completionHandler:)`.
    /// One spelling for the validator (forms declared twice), `clouddouble check` (finding the
    /// form in the SDK) and the translators (comments naming the form).
    static func fullName(of form: CallFormSpec, in parameters: [Parameter]) -> String {
        var labels = form.labels?.map(\.value) ?? parameters.map(\.label.value)
        if form.kind.value == .completion || form.kind.value == .result { labels.append(form.handlerLabel) }
        return form.name.value + "(" + labels.map { $0 + ":" }.joined() + ")"
    }

    /// `name` as written in a declaration: backticked when it is a keyword.
    static func escaped(_ name: String) -> String {
        isKeyword(name) ? "`\(name)`" : name
    }

    static func isKeyword(_ name: String) -> Bool {
        keywords.contains(name)
    }

    static func isReservedMemberName(_ name: String) -> Bool {
        reservedMemberNames.contains(name)
    }

    /// A Swift string literal of `text`: quotes, backslashes, line breaks and control
    /// characters escaped. Generated code and diagnostics show description text through it.
    static func literal(_ text: String) -> String {
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
