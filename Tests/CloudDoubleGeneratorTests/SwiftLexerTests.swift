import XCTest

@testable import CloudDoubleGenerator

/// One test per rule of the lexer every piece of copied Swift goes through. Each has a case the
/// hand-written scanners it replaced got wrong (noted as "before:").
final class SwiftLexerTests: XCTestCase {
    func tokens(_ text: String) throws -> [SwiftToken] {
        try SwiftLexer.tokens(of: text).get()
    }

    func kinds(_ text: String) throws -> [SwiftToken.Kind] {
        try tokens(text).map(\.kind)
    }

    func problem(_ expression: String, as shape: SwiftExpression.Shape = .expression) -> String? {
        SwiftExpression.problem(in: expression, as: shape)
    }

    /// `//` runs to the end of the line, brackets included. Before: `nil // )` balanced its
    /// brackets and was pasted, swallowing the `)` of the generated call.
    func testALineCommentRunsToTheEndOfTheLine() throws {
        XCTAssertEqual(try kinds("nil // ) }"), [.identifier, .comment])
        XCTAssertEqual(problem("nil // )"), "a comment would swallow the generated code after it")
        // Inside a string it is text.
        XCTAssertEqual(try kinds(#""// not a comment""#), [.string])
        XCTAssertNil(problem(#""// not a comment""#))
    }

    /// `/* */` nests, as Swift's do; an open one is an error. Before: `(x /* ) */` was balanced
    /// by the bracket in the comment, and `x /*` left the rest of the generated line commented out.
    func testABlockCommentNestsAndMustBeClosed() throws {
        XCTAssertEqual(try kinds("/* a /* b */ c */ x"), [.comment, .identifier])
        XCTAssertEqual(SwiftLexer.tokens(of: "/* a /* b */ x"), .failure(SwiftLexError(reason: "a /* comment is not closed", offset: 0)))
        XCTAssertNotNil(problem("(x /* ) */"))
        XCTAssertNotNil(problem("x /*"))
    }

    /// A string literal ends at its unescaped quote; an interpolation is code, strings and
    /// parentheses included. Before: the `)` inside `"\(f(")"))"` closed the interpolation early.
    func testAStringLiteralHoldsEscapesAndInterpolations() throws {
        XCTAssertEqual(try tokens(#""a\"b \(f(")")) c" + x"#).map(\.text), [#""a\"b \(f(")")) c""#, "+", "x"])
        XCTAssertNil(problem(#""a\"b \(f(")")) c""#))
        XCTAssertEqual(problem(#""open"#), "a string literal is not closed")
        XCTAssertEqual(problem(#""\(x"#), "an interpolation is not closed")
    }

    /// A raw string ends at a quote followed by as many `#` as it opened with; `\` is text unless
    /// followed by them. Before: `#"\"#` read as an escaped quote and an open string, and was refused.
    func testARawStringEndsAtItsOwnDelimiter() throws {
        XCTAssertEqual(try tokens(##"#"\"# + y"##).map(\.text), [##"#"\"#"##, "+", "y"])
        XCTAssertEqual(try tokens(###"##"a"#b"## z"###).map(\.text), [###"##"a"#b"##"###, "z"])
        XCTAssertEqual(try kinds(##"#"\#(x) and \(y)"#"##), [.string])
        XCTAssertNil(problem(##"#"\"#"##))
        // A raw string whose delimiter is not repeated is open.
        XCTAssertEqual(problem(##"#"a""##), "a string literal is not closed")
    }

    /// `"""` opens a multi-line string; a copied expression is one line, so it is refused there.
    func testAMultiLineStringIsOneToken() throws {
        XCTAssertEqual(try kinds("\"\"\"\na \" b\n\"\"\""), [.string])
        XCTAssertNotNil(problem("\"\"\"\na\n\"\"\""))
    }

    /// Identifiers: backticked keywords, `$0`, non-ASCII letters; a `#` name is a directive unless
    /// it expands to an expression. Before: `#sourceLocation(...)` as a default was accepted.
    func testIdentifiersAndPoundNames() throws {
        XCTAssertEqual(try tokens("`default` $0 naïve #selector").map(\.kind), [.identifier, .identifier, .identifier, .poundKeyword])
        XCTAssertNil(problem("#selector(f)"))
        XCTAssertEqual(problem(#"#sourceLocation(file: "x", line: 1)"#), "#sourceLocation is a directive, not part of an expression")
        XCTAssertEqual(problem("#if"), "#if is a directive, not part of an expression")
    }

    /// `->` and `...` are one token each, so no reader takes the `>` of an arrow for a bracket.
    func testAnArrowIsOneToken() throws {
        XCTAssertEqual(try tokens("(Int) -> [A]...").map(\.text), ["(", "Int", ")", "->", "[", "A", "]", "..."])
        XCTAssertEqual(try tokens("a>=b").map(\.text), ["a", ">", "=", "b"])
    }

    /// Brackets close in order, `;` only inside a closure, and a top-level comma only in an
    /// argument list. Before: `nil, smuggled: 1` as a default added an argument to the forwarded call.
    func testAnExpressionCannotEndItsConstruct() {
        XCTAssertEqual(problem("a) {"), "\")\" closes a bracket it did not open")
        XCTAssertEqual(problem("a; b"), "\";\" would end the generated statement")
        XCTAssertNil(problem("{ a; b }()"))
        XCTAssertEqual(problem("nil, smuggled: 1"), "a comma outside brackets makes it more than one expression")
        XCTAssertNil(problem("record, nil", as: .argumentList))
        XCTAssertNil(problem("f(a, b)"))
        XCTAssertEqual(problem("[" + String(repeating: "(", count: 30)), "brackets nest deeper than 24")
    }

    /// A live condition is read by the lexer too. Before: a lone `|` or `&` passed the
    /// character check and broke the generated `#if`.
    func testACompilationConditionIsReadByTheLexer() {
        for accepted in ["canImport(CloudKit)", "os(iOS) || os(macOS)", "!targetEnvironment(simulator) && DEBUG", "swift(>=5.9)", "compiler(<6.0)"] {
            XCTAssertTrue(SwiftSnippets.isCompilationCondition(accepted), accepted)
        }
        for refused in ["os(iOS) | DEBUG", "os(iOS) & DEBUG", "canImport(A) // x", "canImport(\"A\")", "(DEBUG", "DEBUG)", "#if DEBUG", ""] {
            XCTAssertFalse(SwiftSnippets.isCompilationCondition(refused), refused)
        }
    }
}
