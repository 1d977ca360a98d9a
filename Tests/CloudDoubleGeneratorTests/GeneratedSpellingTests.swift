import Foundation
import XCTest

@testable import CloudDoubleGenerator

/// Every name a bundled template declares (a local, a closure or function parameter, a member
/// of a generated type, a generic parameter or type alias) has the generated spelling, which the
/// validator refuses for description names, or is one of the few names copied Swift reads on
/// purpose (`OperationContext.copiedScope`), which the validator keeps description names from.
final class GeneratedSpellingTests: XCTestCase {
    /// The names `text` declares: `let`/`var`/`typealias` names, closure parameters
    /// (`{ a, b in`), `for` bindings, function parameters' internal names and generic parameters.
    static func declaredNames(in template: String) -> Set<String> {
        // Tags become a name no template declares, so `{ reported_, {{events}}, failures_ in` still reads.
        let text = template.replacingOccurrences(of: #"\{\{[^}]*\}\}"#, with: " TAG ", options: .regularExpression)
            .components(separatedBy: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
        var names = Set<String>()
        func insert<S: StringProtocol>(_ name: S) {
            if name != "TAG", name != "_", name.first?.isLetter == true || name.first == "_" { names.insert(String(name)) }
        }
        func capture(_ pattern: String, group: Int = 1) {
            let expression = try! NSRegularExpression(pattern: pattern)
            for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range(at: group), in: text) else { continue }
                for name in text[range].split(whereSeparator: { ", ()".contains($0) }) { insert(name) }
            }
        }
        capture(#"\b(?:let|var|typealias) ([A-Za-z_][A-Za-z0-9_]*)"#)
        capture(#"\{ *([A-Za-z_][A-Za-z0-9_]*(?: *, *[A-Za-z_][A-Za-z0-9_]*)*) in\b"#)
        capture(#"\bfor \(?([A-Za-z_][A-Za-z0-9_, ]*)\)? in\b"#)
        // A generic clause declares the names before each `:` (`<T: Decodable & Sendable, U>`).
        let generics = try! NSRegularExpression(pattern: #"\bfunc\s+[A-Za-z_]+\s*<([^>]*)>"#)
        for match in generics.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range(at: 1), in: text) else { continue }
            for parameter in text[range].split(separator: ",") {
                insert(parameter.split(separator: ":")[0].trimmingCharacters(in: .whitespaces))
            }
        }
        // `func f(_ operation: T, errorModel errorModel_: U)`: the internal name of each parameter.
        let declarations = try! NSRegularExpression(pattern: #"(?:\bfunc\s+[A-Za-z_]+\s*(?:<[^>]*>)?|(?<![.\w])init)\s*\(([^)]*)\)"#)
        for match in declarations.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range(at: 1), in: text) else { continue }
            for parameter in text[range].split(separator: ",") {
                guard let colon = parameter.firstIndex(of: ":"), let name = parameter[..<colon].split(separator: " ").last else { continue }
                insert(name)
            }
        }
        return names
    }

    func testEveryNameATemplateDeclaresHasTheGeneratedSpelling() throws {
        let directory = Paths.root.appendingPathComponent("Templates")
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() where file.hasSuffix(".mustache") {
            let template = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            let others = Self.declaredNames(in: template).filter { !SwiftNames.hasGeneratedSpelling($0) }.subtracting(OperationContext.copiedScope)
            XCTAssertEqual(
                others.sorted(), [], "\(file) declares names a description may also use; spell them with SwiftNames.generated (a trailing _)")
        }
    }

    /// The reader finds what it should: a local without the spelling is caught.
    func testTheReaderFindsLocalsClosureParametersParametersAndGenerics() {
        let names = Self.declaredNames(
            in:
                "let smuggled = 1\n{ first, {{tag}}, second_ in }\nfor (a, b) in x {}\nfunc f<T_>(_ operation: T, errorModel e_: U) {}\ntypealias Backing_ = X\nfunc g<V: P & Q, W>() {}"
        )
        XCTAssertEqual(names, ["smuggled", "first", "second_", "a", "b", "T_", "operation", "e_", "Backing_", "V", "W"])
    }

    /// The one rule: a name with a trailing underscore is the generated spelling; `_` alone is not.
    func testTheGeneratedSpelling() {
        XCTAssertEqual(SwiftNames.generated("result"), "result_")
        XCTAssertTrue(SwiftNames.hasGeneratedSpelling("Arguments_"))
        XCTAssertFalse(SwiftNames.hasGeneratedSpelling("_"))
        XCTAssertFalse(SwiftNames.hasGeneratedSpelling("_private"))
        XCTAssertFalse(SwiftNames.hasGeneratedSpelling("result"))
    }
}

extension GeneratedSpellingTests {
    /// The same rule on what translators write as well as templates: in the generated code for the
    /// shipped descriptions, every declared name is one the description gave (it appears in the
    /// description's text, or is a default the validator checks as if given: the handler label
    /// `completionHandler`, an operation's key), has the generated spelling, or is in the copied scope.
    func testEveryNameGeneratedCodeDeclaresIsDescribedOrHasTheGeneratedSpelling() throws {
        let descriptions = ["Descriptions/CloudKit", "Descriptions/KeyValueStore", "Tests/Goldens/Descriptions/KitchenSink"]
        for name in descriptions {
            let path = Paths.root.appendingPathComponent("\(name).clouddouble.json")
            let bytes = try [UInt8](Data(contentsOf: path))
            let words = String(decoding: bytes, as: UTF8.self).split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
            let described = Set(words + words.map(GeneratedNames.operationKey) + ["completionHandler"])
            for file in try Generator(templates: .bundled()).generate(bytes, file: path.path) {
                let others = Self.declaredNames(in: file.contents).filter { !SwiftNames.hasGeneratedSpelling($0) }
                    .subtracting(OperationContext.copiedScope).subtracting(described)
                XCTAssertEqual(
                    others.sorted(), [], "\(file.name) declares names no description gave; spell them with SwiftNames.generated (a trailing _)")
            }
        }
    }
}
