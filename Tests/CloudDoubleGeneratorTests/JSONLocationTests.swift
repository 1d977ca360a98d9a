import XCTest

@testable import CloudDoubleGenerator

/// Every value is located where it starts, in lines and characters, however the document is laid
/// out; a syntax error is the document's first.
final class JSONLocationTests: XCTestCase {
    /// A type of several lines, its name and doc given.
    static func type(_ name: String, doc: String = "d", sdkType: Bool = true) -> String {
        """
        {
              "name": "\(name)",\(sdkType ? " \"sdkType\": \"SDK\(name)\"," : "")
              "doc": "\(doc)",
              "calls": [{ "parameters": [{ "label": "_", "name": "value", "type": "[String: Int]" }], "forms": { "sync": { "name": "run" } } }]
            }
        """
    }

    static func description(_ types: [String]) -> String {
        """
        {
          "formatVersion": 1, "module": "SDK", "prefix": "Bench",
          "types": [
            \(types.joined(separator: ",\n    "))
          ]
        }
        """
    }

    static func diagnostics(for text: String) -> [Diagnostic] {
        do {
            _ = try Generator.validate(Array(text.utf8), file: "t.json")
            return []
        } catch {
            guard case .description(let diagnostics) = error else { return [] }
            return diagnostics.diagnostics
        }
    }

    /// Line and column (in characters) where `needle` starts in `text`.
    func location(of needle: String, in text: String) -> (line: Int, column: Int) {
        let prefix = text[..<text.range(of: needle)!.lowerBound]
        let lines = prefix.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.count, lines.last!.count + 1)
    }

    // A type after many types of several lines is located where it starts.
    func testATypeIsLocatedWhereItStartsAfterTypesOfSeveralLines() {
        var types = (0..<70).map { Self.type("Service\($0)") }
        types[66] = Self.type("Missing", sdkType: false)
        let text = Self.description(types)
        let found = Self.diagnostics(for: text)
        let expected = location(of: "{\n      \"name\": \"Missing\"", in: text)
        XCTAssertEqual(found.map(\.message), ["a type is missing the required key \"sdkType\""])
        XCTAssertEqual(found.first.map { [$0.location.line, $0.location.column] }, [expected.line, expected.column])
    }

    // Columns count characters on a long line of many types, past multi-byte text.
    func testColumnsCountCharactersOnOneLongLine() {
        var types = (0..<70).map { Self.type("Service\($0)", doc: "é ü ✓ \u{1F600}") }
        types[68] = Self.type("Missing", doc: "naïve", sdkType: false)
        let text = Self.description(types).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined()
        let found = Self.diagnostics(for: text)
        let expected = location(of: "{\"name\": \"Missing\"", in: text)
        XCTAssertEqual(found.first.map { [$0.location.line, $0.location.column] }, [1, expected.column])
    }

    // Brackets, quotes and backslashes inside strings do not end a type early.
    func testBracketsAndQuotesInStringsStayInTheirType() throws {
        let docs = [#"} ] \" { ["#, #"\\"#, #"\\\" }"#, #"[[[{"#, #"\u007D"#]
        let types = (0..<70).map { Self.type("Service\($0)", doc: docs[$0 % docs.count]) }
        let description = try DescriptionDecoder.decode(Array(Self.description(types).utf8), file: "t.json")
        XCTAssertEqual(description.types.map(\.name.value), (0..<70).map { "Service\($0)" })
        XCTAssertEqual(description.types.prefix(5).map { $0.documentation ?? "" }, [#"} ] " { ["#, #"\"#, #"\" }"#, "[[[{", "}"])
    }

    // A syntax error inside one type is the document's first error, as one parse reports it.
    func testASyntaxErrorInATypeIsTheFirstError() {
        var types = (0..<70).map { Self.type("Service\($0)") }
        types[40] = types[40].replacingOccurrences(of: "\"doc\": \"d\"", with: "\"doc\": X\"")
        types[50] = types[50].replacingOccurrences(of: "\"doc\"", with: "doc")
        let text = Self.description(types)
        let found = Self.diagnostics(for: text)
        let expected = location(of: "X\"", in: text)
        XCTAssertEqual(found.map(\.message), ["unexpected character 'X': expected a value"])
        XCTAssertEqual(found.first.map { [$0.location.line, $0.location.column] }, [expected.line, expected.column])
    }

    // A file that ends inside "types", after a comma or the bracket, is one error.
    func testAFileEndingInsideTheTypesIsOneParsesError() {
        let text = Self.description((0..<3).map { Self.type("Service\($0)") })
        // Cut after each of these (the last type's closing brace is the one before "\n  ]").
        for cut in ["\"types\": [", "\"types\": [\n    ", "},\n    {", "}\n  ]", "\"sdkType\": \"SDKService1\","] {
            var end = text.range(of: cut, options: .backwards)!.upperBound
            if cut == "}\n  ]" { end = text.index(text.range(of: cut)!.lowerBound, offsetBy: 1) }
            let truncated = String(text[..<end])
            let found = Self.diagnostics(for: truncated)
            XCTAssertEqual(found.count, 1, cut)
            XCTAssertTrue(found.first?.message.hasPrefix("unexpected end of file") ?? false, "\(cut): \(found)")
        }
    }

    // Keys compare as Swift strings do: a key Swift finds equal (the Kelvin sign is K) is the
    // key it equals.
    func testAKeyEqualToAnotherStillMatchesIt() throws {
        let text = Self.description([Self.type("Service")]).replacingOccurrences(
            of: "\"prefix\": \"Bench\",",
            with: "\"prefix\": \"Bench\", \"errorModel\": { \"domain\": \"\\\"D\\\"\", \"retryAfter\u{212A}ey\": \"\\\"k\\\"\" },")
        let description = try DescriptionDecoder.decode(Array(text.utf8), file: "t.json")
        XCTAssertEqual(description.errorModel?.retryAfterKey?.value, "\"k\"")
    }
}

/// A reference to another type is checked once every name is known, among its type's own
/// problems: every problem is reported, in file order.
final class ReferenceDiagnosticTests: XCTestCase {
    func testAReferenceIsReportedAmongItsTypesProblems() {
        var types = (0..<70).map { JSONLocationTests.type("Service\($0)") }
        types[1] = JSONLocationTests.type("1Bad")
        // A reference to no described type between two problems of its own type.
        types[2] = """
            {
                  "name": "Service2", "sdkType": "SDKService2",
                  "properties": [{ "name": "bad name", "type": "Int" }, { "name": "child", "ref": "Servce4" }, { "name": "x_", "type": "Int" }]
                }
            """
        types[3] = JSONLocationTests.type("class")
        let found = JSONLocationTests.diagnostics(for: JSONLocationTests.description(types))
        XCTAssertEqual(
            found.map(\.message),
            [
                "the type name \"1Bad\" is not a valid Swift identifier",
                "the property name \"bad name\" is not a valid Swift identifier",
                "\"Servce4\" refers to a type that is not described",
                "the property name \"x_\" ends in \"_\", the spelling generated code keeps for its own names",
                "the type name \"class\" is not a valid Swift identifier",
            ])
        XCTAssertEqual(found[2].hint, "did you mean \"Service4\"?")
    }
}
