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
        XCTAssertEqual(try render("{{#outer}}{{^-first}}; {{/-first}}{{#inner}}{{^-first}} + {{/-first}}{{.}}{{/inner}}{{/outer}}", context), "a + b; c")
        XCTAssertEqual(try render("{{#none}}{{^-first}}, {{/-first}}x{{/none}}", context), "")
        XCTAssertEqual(try render("{{#outer}}{{#-first}}[first]{{/-first}}{{/outer}}", context), "[first]")
    }

    /// `{{#x}}prefix{{line}}suffix{{/x}}` has a fast path for lists of lines; any other item
    /// (an object with or without `line`, a string, a flag) renders as any section would.
    func testSectionsOfLinesRenderLikeAnySection() throws {
        let mixed: TemplateValue = [
            "line": "outer",
            "items": .list([.line("a"), ["line": "b"], ["other": "c"], "d", true]),
            "lines": .lines(["e", "f"]),
            "flag": true,
            "nothing": .lines([]),
        ]
        let source = "{{#obj}}{{#items}}- {{line}};\n{{/items}}{{#lines}}= {{line}}\n{{/lines}}{{#flag}}[{{line}}]{{/flag}}{{#nothing}}x{{line}}{{/nothing}}{{/obj}}"
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
