import CloudDoubleGenerator
import Foundation
import XCTest

/// What a description cannot say about isolation and effects, refused with one located
/// diagnostic at the value in ⟦…⟧: a global actor (or any type attribute) on a type that is not a
/// function type, and a property whose getter is async or throws. Closures isolated to a global
/// actor are accepted: `Tests/Fixtures/MainActorApp` compiles and runs them.
final class IsolationDiagnosticTests: XCTestCase {
    struct Case {
        let name: String
        let replacing: String
        let with: String
        let message: String
        var hint: String? = nil
    }

    static let cases = [
        Case(
            name: "isolated parameter type", replacing: "\"type\": \"CKRecord.ID\"", with: "\"type\": ⟦\"@MainActor CKRecord.ID\"⟧",
            message: "cannot carry the type \"@MainActor CKRecord.ID\": @MainActor applies to function types only"),
        Case(
            name: "isolated result type", replacing: "\"returns\": \"CKRecord\"", with: "\"returns\": ⟦\"@MainActor CKRecord\"⟧",
            message: "cannot carry the type \"@MainActor CKRecord\": @MainActor applies to function types only"),
        Case(
            name: "custom global actor in a property type", replacing: "\"type\": \"CKDatabase.Scope\"", with: "\"type\": ⟦\"[@DatabaseActor CKDatabase.Scope]\"⟧",
            message: "cannot carry the type \"[@DatabaseActor CKDatabase.Scope]\": the attribute @DatabaseActor is not one the generator knows"),
        Case(
            name: "attribute after a closure", replacing: "\"type\": \"CKRecord.ID\"", with: "\"type\": ⟦\"(@escaping @MainActor () -> Void, @Sendable CKRecord.ID)\"⟧",
            message: "cannot carry the type \"(@escaping @MainActor () -> Void, @Sendable CKRecord.ID)\""),
        Case(
            name: "async property", replacing: "\"type\": \"CKDatabase.Scope\"", with: "\"type\": ⟦\"CKDatabase.Scope { get async }\"⟧",
            message: "\"CKDatabase.Scope { get async }\" is not a valid Swift type",
            hint: "a property whose getter is async or throws cannot be described: describe it as a call with an \"async\" form"),
    ]

    func testEachUnsupportedFormHasItsLocatedDiagnostic() throws {
        for testCase in Self.cases {
            let marked = DiagnosticTests.valid.replacingOccurrences(of: testCase.replacing, with: testCase.with)
            let start = try XCTUnwrap(marked.range(of: "⟦"), testCase.name)
            let before = marked[..<start.lowerBound]
            let line = before.filter { $0 == "\n" }.count + 1
            let column = before.utf8.count - (before.lastIndex(of: "\n").map { before[...$0].utf8.count } ?? 0) + 1
            let input = marked.replacingOccurrences(of: "⟦", with: "").replacingOccurrences(of: "⟧", with: "")
            do {
                _ = try Generator.validate(Array(input.utf8), file: "test.json")
                XCTFail("\(testCase.name): no diagnostic")
            } catch {
                guard case .description(let diagnostics) = error else { XCTFail("\(error)"); continue }
                let found = diagnostics.diagnostics.filter { !$0.message.contains("mock cannot make up") }
                guard let match = found.first(where: { $0.message.contains(testCase.message) }) else {
                    XCTFail("\(testCase.name): expected \"\(testCase.message)\", got \(found.map(\.description))")
                    continue
                }
                XCTAssertEqual("\(match.location.line):\(match.location.column)", "\(line):\(column)", "\(testCase.name): \(match)")
                if let hint = testCase.hint { XCTAssertEqual(match.hint, hint, testCase.name) }
                XCTAssertEqual(found.count, 1, "\(testCase.name): \(found.map(\.description))")
            }
        }
    }

    /// Closures isolated to a global actor, as parameters and properties, are Swift the generated
    /// code compiles (the MainActorApp fixture builds and tests them).
    func testIsolatedClosuresValidate() {
        let input = DiagnosticTests.valid
            .replacingOccurrences(of: "\"type\": \"CKRecord.ID\"", with: "\"type\": \"@escaping @MainActor @Sendable (CKRecord.ID) -> Void\"")
            .replacingOccurrences(
                of: "\"type\": \"CKDatabase.Scope\", \"mockDefault\": \".private\"", with: "\"type\": \"(@MainActor @Sendable () -> Void)?\", \"settable\": true")
        XCTAssertNoThrow(try Generator.validate(Array(input.utf8), file: "test.json"))
    }
}
