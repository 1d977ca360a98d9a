import CloudDoubleGenerator
import XCTest

final class MustacheTests: XCTestCase {
    func render(_ source: String, _ context: TemplateValue, partials: [String: String] = [:]) throws -> String {
        let compiled = try partials.mapValues { try MustacheTemplate(name: "partial", source: $0) }
        return try MustacheTemplate(name: "t", source: source).render(context, partials: compiled)
    }

    func testVariablesAreNotEscaped() throws {
        XCTAssertEqual(try render("a {{x}} {{{x}}} {{& x}}", ["x": "<T & U>"]), "a <T & U> <T & U> <T & U>")
        XCTAssertEqual(try render("[{{missing}}]", [:]), "[]")
    }

    func testSectionsOverListsBooleansAndObjects() throws {
        let context: TemplateValue = ["items": [["n": "1"], ["n": "2"]], "yes": true, "no": false, "obj": ["v": "x"], "empty": []]
        XCTAssertEqual(try render("{{#items}}<{{n}}>{{/items}}", context), "<1><2>")
        XCTAssertEqual(try render("{{#yes}}Y{{/yes}}{{#no}}N{{/no}}{{^no}}!N{{/no}}{{^empty}}E{{/empty}}", context), "Y!NE")
        XCTAssertEqual(try render("{{#obj}}{{v}}{{/obj}} {{obj.v}}", context), "x x")
        XCTAssertEqual(try render("{{#items}}{{yes}}{{/items}}", context), "truetrue", "outer context is visible")
    }

    /// `-first` separates a list's items without a field per item: true in the first item of the
    /// list section that holds it directly, never read from an outer list or the context.
    func testFirstSeparatesTheItemsOfTheEnclosingList() throws {
        let context: TemplateValue = ["-first": "outer", "outer": [["inner": ["a", "b"]], ["inner": ["c"]]], "none": []]
        XCTAssertEqual(
            try render("{{#outer}}{{^-first}}; {{/-first}}{{#inner}}{{^-first}} + {{/-first}}{{.}}{{/inner}}{{/outer}}", context), "a + b; c")
        XCTAssertEqual(try render("{{#none}}{{^-first}}, {{/-first}}x{{/none}}", context), "")
        XCTAssertEqual(try render("{{#outer}}{{#-first}}[first]{{/-first}}{{/outer}}", context), "[first]")
        XCTAssertEqual(
            try render("{{#lines}}{{^-first}}, {{/-first}}{{line}}{{/lines}}", ["lines": .lines(["a", "b"])]), "a, b", "a list of lines too")
    }

    /// A list of lines renders as a list of `{line}` objects; in a section over lines, any other
    /// item (an object with or without `line`, a string, a flag) renders as in any section.
    func testSectionsOfLinesRenderLikeAnySection() throws {
        let mixed: TemplateValue = [
            "line": "outer",
            "items": .list([.line("a"), ["line": "b"], ["other": "c"], "d", true]),
            "lines": .lines(["e", "f"]),
            "flag": true,
            "nothing": .lines([]),
        ]
        let source =
            "{{#obj}}{{#items}}- {{line}};\n{{/items}}{{#lines}}= {{line}}\n{{/lines}}{{#flag}}[{{line}}]{{/flag}}{{#nothing}}x{{line}}{{/nothing}}{{/obj}}"
        XCTAssertEqual(try render(source, ["obj": mixed]), "- a;\n- b;\n- outer;\n- outer;\n- outer;\n= e\n= f\n[outer]")
        XCTAssertThrowsError(try render("{{#obj}}{{#items}}{{line}}{{/items}}{{/obj}}", ["obj": ["items": .list([["line": ["nested": "x"]]])]]))
    }

    func testStandaloneTagLinesDisappear() throws {
        let source = "start\n  {{#items}}\n  - {{.}}\n  {{/items}}\n  {{! a comment }}\nend\n"
        XCTAssertEqual(try render(source, ["items": ["a", "b"]]), "start\n  - a\n  - b\nend\n")
    }

    func testPartialsAreIndentedLikeTheirTag() throws {
        XCTAssertEqual(try render("x\n    {{> p}}\ny\n", [:], partials: ["p": "one\ntwo\n"]), "x\n    one\n    two\ny\n")
    }

    /// Each line of an indented partial's text gets the indent, empty lines do not; lines end at
    /// `\n` only, and a line after `\r\n` gets none (one `Character`, as the indenting was first
    /// written); the indents of nested partials add up.
    func testIndentedPartialsIndentEveryLineThatHasText() throws {
        XCTAssertEqual(try render("  {{> p}}\n", [:], partials: ["p": "a\n\nb\r\nc\rd\n"]), "  a\n\n  b\r\nc\rd\n")
        XCTAssertEqual(try render("  {{> outer}}\n", [:], partials: ["outer": "o\n  {{> inner}}\n", "inner": "i\n"]), "  o\n    i\n")
        XCTAssertEqual(try render("\t{{> p}}\n", [:], partials: ["p": "ü\n🙂\n"]), "\tü\n\t🙂\n")
        XCTAssertEqual(
            try render("{{#items}}\n  {{> p}}\n{{/items}}\n", ["items": [["n": "1"], ["n": "2"]]], partials: ["p": "- {{n}}\n"]), "  - 1\n  - 2\n")
    }

    /// A partial that does not exist fails only where it is reached; one that includes itself
    /// stops at the nesting limit.
    func testPartialsFailWhereTheyAreReached() throws {
        XCTAssertEqual(try render("a{{#no}}{{> nope}}{{/no}}", ["no": false]), "a")
        XCTAssertThrowsError(try render("{{> loop}}", [:], partials: ["loop": "x{{> loop}}"])) {
            XCTAssertTrue("\($0)".contains("partials nest more than 32 levels"), "\($0)")
        }
    }

    /// A name is found in the innermost context that has it, wherever its field is in that
    /// object, long names (compared as bytes) as short ones (compared as strings); a dotted
    /// name's first part picks the context, and the rest does not fall back outwards.
    func testNamesAreFoundWhereverTheirFieldIs() throws {
        let items: TemplateValue = [["a": "1", "b": "2"], ["b": "3", "a": "4"], ["c": "5"], ["x": "6", "y": "7", "a": "8"]]
        XCTAssertEqual(try render("{{#items}}{{a}}{{/items}}", ["a": "outer", "items": items]), "14outer8")
        XCTAssertEqual(try render("{{#items}}{{b}}{{/items}}", ["b": "-", "items": items]), "23--")
        XCTAssertEqual(
            try render("{{#items}}{{aVeryLongFieldName}}{{/items}}", ["items": [["aVeryLongFieldNamf": "x"], ["aVeryLongFieldName": "y"]]]), "y")
        let nested: TemplateValue = ["o": ["p": ["q": "deep"]], "inner": ["o": ["r": "shadow"]]]
        XCTAssertEqual(try render("{{o.p.q}}|{{#inner}}{{o.p.q}}{{o.r}}{{/inner}}", nested), "deep|shadow")
    }

    /// A long list renders as its items one by one, byte for byte, and the error thrown is the
    /// first in item order.
    func testALongListRendersAsTheItemsInOrder() throws {
        // Text of several bytes per character too.
        let items = (0..<1_000).map { index -> TemplateValue in ["n": .string("\(index)é\u{301}🙂"), "odd": .bool(index % 2 == 1)] }
        let source = "{{#items}}{{n}}{{#odd}}—{{/odd}}\n{{/items}}"
        let expected = (0..<1_000).map { "\($0)é\u{301}🙂\($0 % 2 == 1 ? "—" : "")\n" }.joined()
        XCTAssertEqual(Array(try render(source, ["items": .list(items)]).utf8), Array(expected.utf8), "byte for byte")
        XCTAssertEqual(try render("{{#wrap}}\(source){{/wrap}}", ["wrap": ["items": .list(items)]]), expected, "the same inside a section")
        var failing = items
        failing[20] = ["w": ["a list"]]
        failing[150] = ["v": ["a list"]]
        XCTAssertThrowsError(try render("{{#items}}{{v}}{{w}}{{/items}}", ["items": .list(failing)])) {
            XCTAssertEqual("\($0)", "t: {{w}} is a list or object, not text")
        }
    }

    func testSyntaxErrorsAreLocated() {
        XCTAssertThrowsError(try MustacheTemplate(name: "t", source: "a\n{{#x}}\n")) {
            XCTAssertEqual("\($0)", "t:2:1: error: the section \"x\" is never closed with {{/x}}")
        }
        XCTAssertThrowsError(try MustacheTemplate(name: "t", source: "{{#a}}{{/b}}")) {
            XCTAssertTrue("\($0)".contains("t:1:7: error: {{/b}} closes nothing"))
        }
        XCTAssertThrowsError(try MustacheTemplate(name: "t", source: "{{x")) { XCTAssertTrue("\($0)".contains("never closed with }}")) }
        XCTAssertThrowsError(try MustacheTemplate(name: "t", source: "{{=<% %>=}}")) { XCTAssertTrue("\($0)".contains("delimiters")) }
        XCTAssertThrowsError(try render("{{> nope}}", [:])) { XCTAssertTrue("\($0)".contains("the partial \"nope\" does not exist")) }
        XCTAssertThrowsError(try render("{{items}}", ["items": ["a"]])) { XCTAssertTrue("\($0)".contains("is a list or object")) }
    }
}
