import XCTest

@testable import CloudDoubleGenerator

/// One test per rule of the type model: how a type is parsed, which spellings are one type, and
/// which types the generated code cannot carry. Each has a case the scanners it replaced got
/// wrong (noted as "before:").
final class SwiftTypeModelTests: XCTestCase {
    func parse(_ text: String) throws -> SwiftType {
        try SwiftTypeParser.parse(text).get()
    }

    func parseError(_ text: String) -> String? {
        if case .failure(let error) = SwiftTypeParser.parse(text) { return error.reason }
        return nil
    }

    func refusal(_ text: String, at position: TypePosition = .value) throws -> String? {
        try parse(text).refusal(at: position)
    }

    /// Each structural kind parses, and prints in Swift's usual spelling.
    func testEveryKindOfTypeParsesAndPrints() throws {
        let spellings = [
            "CKRecord.ID", "Swift.Result<[CKRecord.ID: Swift.Result<CKRecord, any Error>], any Error>", "Int?", "Int!", "[Int]", "[String: [Int]]",
            "()", "(a: Int, String)", "(Int, String) async throws -> Void", "(Int) throws(MyError) -> Void", "@escaping @Sendable (Double) -> Void",
            "@convention(block) () -> Void", "any P & Q", "(any Error)?", "some Collection", "Int.Type", "(any P).Type", "P.Protocol", "inout Int",
            "Int...", "`default`.Inner",
        ]
        for spelling in spellings {
            XCTAssertEqual(try parse(spelling).description, spelling)
        }
        // Spacing and `_ name:` in a function type are not part of the type.
        XCTAssertEqual(try parse("[String:Int]").description, "[String: Int]")
        XCTAssertEqual(try parse("(_ value: Int)->Void").description, "(Int) -> Void")
    }

    /// Spellings of one type are one type. Before: overloads compared their text, so
    /// `f(_: [String:Int])` and `f(_: [String: Int])` were two overloads and the protocol
    /// declared one function twice.
    func testSpellingsOfOneTypeAreTheSameType() throws {
        let same = [
            ("[String:Int]", "[String: Int]"), ("Int?", "Optional<Int>"), ("String", "Swift.String"), ("[Int]", "Array<Int>"),
            ("[K: V]", "Dictionary<K, V>"), ("Void", "()"), ("Error", "any Error"), ("(Int)", "Int"), ("Swift.Optional<Swift.Int>", "Int?"),
            ("@Sendable @escaping () -> Void", "@escaping @Sendable () -> Void"), ("() throws(any Error) -> Void", "() throws -> Void"),
            ("() throws(Never) -> Void", "() -> Void"),
        ]
        for (left, right) in same {
            XCTAssertTrue(try parse(left).isSame(as: parse(right)), "\(left) == \(right)")
        }
        let different = [("Int?", "Int"), ("[Int]", "Set<Int>"), ("(a: Int, b: Int)", "(Int, Int)"), ("MyModule.String", "String")]
        for (left, right) in different {
            XCTAssertFalse(try parse(left).isSame(as: parse(right)), "\(left) != \(right)")
        }
    }

    /// The `>` of `->` closes nothing. Before: a tuple result `(progress: (Int) -> Void, saved: …)`
    /// lost its second field to the arrow, and the per-item field was "not found".
    func testAnArrowIsNotAClosingBracket() throws {
        guard case .tuple(let elements) = try parse("(progress: (Int) -> Void, saved: [String: Result<Int, any Error>])") else {
            return XCTFail("not a tuple")
        }
        XCTAssertEqual(elements.map(\.label), ["progress", "saved"])
        XCTAssertNotNil(elements[1].type.perItemKey)
        guard case .function(let function) = try parse("((Int) -> Void, Int) -> [String: (Int) -> Int]") else { return XCTFail("not a function") }
        XCTAssertEqual(function.parameters.count, 2)
    }

    /// What is not one type is refused, with why. Before: the plausibility check let a list of
    /// types, `Int, String`, through, and it became two parameters in the generated declaration.
    func testWhatIsNotOneTypeIsRefused() {
        XCTAssertEqual(parseError("Int, String"), "a comma outside brackets: this is a list of types, not one type")
        XCTAssertEqual(parseError("[Int"), "expected \"]\" at the end")
        XCTAssertEqual(parseError("Int // comment"), "a type cannot hold a comment")
        XCTAssertEqual(parseError("(label: Int)"), "a tuple of one element cannot have a label")
        XCTAssertEqual(parseError("(label: Int) -> Void"), "a function type's parameters cannot have labels; write \"_ name: T\" or just the type")
        XCTAssertEqual(parseError("any P?"), "an optional existential is written (any P)?, not any P?")
        XCTAssertEqual(parseError("func"), "\"func\" is a keyword, not a type name")
        XCTAssertEqual(parseError("Array<_>"), "the placeholder type _ cannot be declared")
        XCTAssertEqual(
            parseError(String(repeating: "[", count: 30) + "Int" + String(repeating: "]", count: 30)), "the type nests deeper than 24 brackets")
    }

    /// Types nothing generated can carry are refused, each with its reason. Before: every one of
    /// these was accepted and generated code that does not compile.
    func testTypesTheGeneratedCodeCannotCarryAreRefused() throws {
        let refused: [(String, TypePosition, String)] = [
            ("some Collection", .value, "some is an opaque type"),
            ("Int...", .parameter, "a variadic parameter cannot be forwarded"),
            ("inout Int", .parameter, "inout changes how the value is passed"),
            ("borrowing String", .parameter, "borrowing changes how the value is passed"),
            ("consuming String", .parameter, "consuming changes how the value is passed"),
            ("sending String", .value, "sending changes how the value is passed"),
            ("@autoclosure @escaping () -> Int", .parameter, "@autoclosure cannot be forwarded"),
            ("Int!", .value, "an implicitly unwrapped optional"),
            ("[Self]", .value, "Self would mean a different type"),
            ("@Sendable Int", .value, "applies to function types only"),
            ("@foo () -> Void", .value, "the attribute @foo is not one the generator knows"),
            ("@escaping () -> Void", .value, "@escaping is written only on a parameter's own closure type"),
            ("(@escaping () -> Void)?", .parameter, "@escaping is written only on a parameter's own closure type"),
            ("() -> Void", .property, "a property cannot hold a function"),
            ("@escaping () -> Void", .property, "@escaping is written only"),
            ("(Int, Int)", .itemKey, "an item key must be Hashable, and a tuple is not"),
            ("any P", .itemKey, "an existential is not"),
        ]
        for (type, position, reason) in refused {
            let problem = try refusal(type, at: position)
            XCTAssertTrue(problem?.contains(reason) ?? false, "\(type): \(problem ?? "accepted")")
        }
        for (type, position) in [
            ("@escaping @Sendable (Double) -> Void", TypePosition.parameter), ("(@Sendable (Double) -> Void)?", .parameter),
            ("CKRecord.ID", .itemKey), ("String?", .property),
        ] {
            XCTAssertNil(try refusal(type, at: position), type)
        }
    }

    /// A mock's default value is read on the model. Before: `Optional<Int>` and `Swift.Int`
    /// had none (the text did not end in `?` or equal `Int`), so the description needed one.
    func testMockDefaultsReadTheModel() throws {
        let defaults = [
            ("Optional<Int>", "nil"), ("Swift.Int", "0"), ("Array<String>", "[]"), ("Dictionary<String, Int>", "[:]"), ("Swift.Void", "()"),
            ("[String:[Int]]", "[:]"),
        ]
        for (type, value) in defaults {
            XCTAssertEqual(MockDefaults.expression(for: try parse(type)), value, type)
        }
        XCTAssertNil(MockDefaults.expression(for: try parse("CKRecord")))
    }

    func testADeclaredTypeKeepsItsParseOrItsProblem() {
        let location = SourceLocation(line: 1, column: 1)
        XCTAssertEqual(
            DeclaredType(Located("Swift.Optional<Int>", location)).model?.canonical, .optional(.nominal([.init(name: "Int", arguments: [])])))
        let broken = DeclaredType(Located("[Int", location))
        XCTAssertNil(broken.model)
        guard case .failure(let problem) = broken.parsed else { return XCTFail("\"[Int\" is not a type") }
        XCTAssertFalse(problem.reason.isEmpty)
    }
}
