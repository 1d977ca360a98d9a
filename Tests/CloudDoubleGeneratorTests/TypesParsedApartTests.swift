@testable import CloudDoubleGenerator
import XCTest

/// The types of a description are parsed apart, each on its own (`JSONParser.splitArray`), on
/// all cores: what comes out must be what one parse of the whole document gives, the same
/// values, the same locations, the same first error.
final class TypesParsedApartTests: XCTestCase {
    /// A type as the synthetic benchmark writes them, its name and doc given.
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

    func diagnostics(for text: String) -> [Diagnostic] {
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

    // A type after several types of several lines is located where it starts: each type's own
    // parse starts at the line its scan found it on (a type of several lines once moved the
    // next one's line start to its own last line, so the column came out 1).
    func testATypeIsLocatedWhereItStartsAfterTypesOfSeveralLines() {
        var types = (0..<70).map { Self.type("Service\($0)") }
        types[66] = Self.type("Missing", sdkType: false)
        let text = Self.description(types)
        let found = diagnostics(for: text)
        let expected = location(of: "{\n      \"name\": \"Missing\"", in: text)
        XCTAssertEqual(found.map(\.message), ["a type is missing the required key \"sdkType\""])
        XCTAssertEqual(found.first.map { [$0.location.line, $0.location.column] }, [expected.line, expected.column])
    }

    // Columns count characters on a long line of many types, past multi-byte text.
    func testColumnsCountCharactersOnOneLongLine() {
        var types = (0..<70).map { Self.type("Service\($0)", doc: "é ü ✓ \u{1F600}") }
        types[68] = Self.type("Missing", doc: "naïve", sdkType: false)
        let text = Self.description(types).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined()
        let found = diagnostics(for: text)
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
        let found = diagnostics(for: text)
        let expected = location(of: "X\"", in: text)
        XCTAssertEqual(found.map(\.message), ["unexpected character 'X': expected a value"])
        XCTAssertEqual(found.first.map { [$0.location.line, $0.location.column] }, [expected.line, expected.column])
    }

    // A file that ends inside "types", after a comma or the bracket, is one parse's error (the
    // scan once read past the end of the file to find the next type).
    func testAFileEndingInsideTheTypesIsOneParsesError() {
        let text = Self.description((0..<3).map { Self.type("Service\($0)") })
        // Cut after each of these (the last type's closing brace is the one before "\n  ]").
        for cut in ["\"types\": [", "\"types\": [\n    ", "},\n    {", "}\n  ]", "\"sdkType\": \"SDKService1\","] {
            var end = text.range(of: cut, options: .backwards)!.upperBound
            if cut == "}\n  ]" { end = text.index(text.range(of: cut)!.lowerBound, offsetBy: 1) }
            let truncated = String(text[..<end])
            let found = diagnostics(for: truncated)
            XCTAssertEqual(found.count, 1, cut)
            XCTAssertTrue(found.first?.message.hasPrefix("unexpected end of file") ?? false, "\(cut): \(found)")
        }
    }

    // A broken description is parsed again only for its first error, its types let go one by
    // one (a 14 MB one broken near its end peaked at 91 MB before, 48 MB after, `validate`).
    func testTheErrorSearchKeepsNoTypes() throws {
        var parser = JSONParser(Array(Self.description((0..<3).map { Self.type("Service\($0)") }).utf8), dropping: "types")
        let root = try parser.parse()
        let sink = DiagnosticSink(file: "t.json")
        guard let types = ObjectReader<DescriptionKey>(root, what: "the description", sink: sink)?.array(.types) else {
            return XCTFail("not an object with types")
        }
        XCTAssertEqual(types.count, 0)
        XCTAssertTrue(sink.diagnostics.isEmpty)
        // Nothing of the types is kept: the root, its keys and their values, and the empty array.
        XCTAssertEqual(root.document.nodes.count, 1 + 2 * 4)
    }

    // Keys are compared by length first only when written in ASCII: a key Swift finds equal
    // (the Kelvin sign is K) is still the key it equals, as it always was.
    func testAKeyEqualToAnotherStillMatchesIt() throws {
        let text = Self.description([Self.type("Service")]).replacingOccurrences(
            of: "\"prefix\": \"Bench\",", with: "\"prefix\": \"Bench\", \"errorModel\": { \"domain\": \"\\\"D\\\"\", \"retryAfter\u{212A}ey\": \"\\\"k\\\"\" },")
        let description = try DescriptionDecoder.decode(Array(text.utf8), file: "t.json")
        XCTAssertEqual(description.errorModel?.retryAfterKey?.value, "\"k\"")
    }
}

/// Each type is checked and resolved where it is decoded (`TypeChecks`); a reference to another
/// type is checked once every name is known. The diagnostics are the ones the checks of the
/// whole description give, in the same order.
final class TypesCheckedApartTests: XCTestCase {
    static func text() -> String {
        var types = (0..<70).map { TypesParsedApartTests.type("Service\($0)") }
        types[1] = TypesParsedApartTests.type("1Bad")
        // A reference to no described type between two problems of its own type.
        types[2] = """
            {
                  "name": "Service2", "sdkType": "SDKService2",
                  "properties": [{ "name": "bad name", "type": "Int" }, { "name": "child", "ref": "Servce4" }, { "name": "x_", "type": "Int" }]
                }
            """
        types[3] = TypesParsedApartTests.type("class")
        return TypesParsedApartTests.description(types)
    }

    func diagnostics(_ validate: () throws -> Void) -> [Diagnostic] {
        do {
            try validate()
        } catch let error as GeneratorError {
            if case .description(let diagnostics) = error { return diagnostics.diagnostics }
        } catch let error as DiagnosticsError {
            return error.diagnostics
        } catch {}
        return []
    }

    func testChecksOfTypesApartReportWhatTheWholeDescriptionsChecksDo() {
        let bytes = Array(Self.text().utf8)
        // Decoded, checked and resolved type by type (the types parsed apart), and the model
        // decoded first and checked whole: the same diagnostics, in the same order.
        let apart = diagnostics { _ = try Generator.resolve(bytes, file: "t.json") }
        let whole = diagnostics { try Validator.validate(DescriptionDecoder.decode(bytes, file: "t.json"), file: "t.json") }
        XCTAssertEqual(apart.map(\.description), whole.map(\.description))
        XCTAssertEqual(apart.map(\.message), [
            "the type name \"1Bad\" is not a valid Swift identifier",
            "the property name \"bad name\" is not a valid Swift identifier",
            "\"Servce4\" refers to a type that is not described",
            "the property name \"x_\" ends in \"_\", the spelling generated code keeps for its own names",
            "the type name \"class\" is not a valid Swift identifier",
        ])
        XCTAssertEqual(apart[2].hint, "did you mean \"Service4\"?")
    }

    // A description whose checks pass resolves the same either way.
    func testTypesCheckedApartResolveAsTheWholeDescriptionDoes() throws {
        let text = TypesParsedApartTests.description((0..<70).map { TypesParsedApartTests.type("Service\($0)") })
        let apart = try Generator.resolve(Array(text.utf8), file: "t.json")
        let whole = try Validator.validate(DescriptionDecoder.decode(Array(text.utf8), file: "t.json"), file: "t.json")
        XCTAssertEqual(apart.types.map(\.name.value), whole.types.map(\.name.value))
        XCTAssertEqual(
            apart.types.flatMap { $0.calls.flatMap { $0.forms.map(\.declaration) } },
            whole.types.flatMap { $0.calls.flatMap { $0.forms.map(\.declaration) } })
    }
}
