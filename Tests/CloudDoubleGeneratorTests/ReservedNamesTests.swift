@testable import CloudDoubleGenerator
import Foundation
import XCTest

/// Every name a bundled template declares where a description's names can be in scope (a
/// local, a closure or function parameter, a member of a generated type) is reserved in
/// `ReservedNames`, so the validator refuses a description name that would take it.
final class ReservedNamesTests: XCTestCase {
    /// Names templates declare that are never in scope with a description's names, each with where:
    /// the call-key struct's `id` and `typeName` (a call id of the same name is a static member
    /// beside them, which Swift allows); the fault wrapper's convenience initialiser (`plan`,
    /// `seed`, `time`) and the mock's stub entry points (`call`, `response`, `responses`), whose
    /// bodies name only runtime members; the deprecated-block setter's `block` (its type is
    /// read before the parameter is in scope).
    static let outOfScope: Set<String> = ["id", "typeName", "plan", "seed", "time", "call", "response", "responses", "block"]

    /// The names `text` declares: `let`/`var` names, closure parameters (`{ a, b in`), `for`
    /// bindings and function parameters' internal names.
    static func declaredNames(in template: String) -> Set<String> {
        // Tags become a name no template declares, so `{ reported, {{events}}, failures in` still reads.
        let text = template.replacingOccurrences(of: #"\{\{[^}]*\}\}"#, with: " TAG ", options: .regularExpression)
            .components(separatedBy: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
        var names = Set<String>()
        func capture(_ pattern: String, group: Int = 1) {
            let expression = try! NSRegularExpression(pattern: pattern)
            for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range(at: group), in: text) else { continue }
                for name in text[range].split(whereSeparator: { ", ()".contains($0) }) where name.first?.isLowercase == true {
                    names.insert(String(name))
                }
            }
        }
        capture(#"\b(?:let|var) ([a-z][A-Za-z0-9_]*)"#)
        capture(#"\{ *([a-z][A-Za-z0-9_]*(?: *, *[A-Za-z][A-Za-z0-9_]*)*) in\b"#)
        capture(#"\bfor \(?([a-z][A-Za-z0-9_, ]*)\)? in\b"#)
        // `func f(_ operation: T, errorModel: U)`: the internal name of each parameter.
        let declarations = try! NSRegularExpression(pattern: #"(?:\bfunc\s+[A-Za-z_]+\s*(?:<[^>]*>)?|(?<![.\w])init)\s*\(([^)]*)\)"#)
        for match in declarations.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range(at: 1), in: text) else { continue }
            for parameter in text[range].split(separator: ",") {
                guard let colon = parameter.firstIndex(of: ":"), let name = parameter[..<colon].split(separator: " ").last else { continue }
                if name.first?.isLowercase == true { names.insert(String(name)) }
            }
        }
        return names
    }

    func testEveryNameATemplateDeclaresIsReserved() throws {
        let directory = Paths.root.appendingPathComponent("Templates")
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() where file.hasSuffix(".mustache") {
            let template = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            let unreserved = Self.declaredNames(in: template).subtracting(ReservedNames.all).subtracting(Self.outOfScope)
            XCTAssertEqual(unreserved.sorted(), [], "\(file) declares names a description may also use; reserve them in ReservedNames")
        }
    }

    /// The reader finds what it should: a local the lists forgot is caught.
    func testTheReaderFindsLocalsClosureParametersAndParameters() {
        let names = Self.declaredNames(in: "let smuggled = 1\n{ first, {{tag}}, second in }\nfor (a, b) in x {}\nfunc f(_ operation: T, errorModel: U) {}")
        XCTAssertEqual(names, ["smuggled", "first", "second", "a", "b", "operation", "errorModel"])
    }
}
