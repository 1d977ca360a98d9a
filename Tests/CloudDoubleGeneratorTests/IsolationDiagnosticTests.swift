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
            name: "custom global actor in a property type", replacing: "\"type\": \"CKDatabase.Scope\"",
            with: "\"type\": ⟦\"[@DatabaseActor CKDatabase.Scope]\"⟧",
            message: "cannot carry the type \"[@DatabaseActor CKDatabase.Scope]\": the attribute @DatabaseActor is not one the generator knows"),
        Case(
            name: "attribute after a closure", replacing: "\"type\": \"CKRecord.ID\"",
            with: "\"type\": ⟦\"(@escaping @MainActor () -> Void, @Sendable CKRecord.ID)\"⟧",
            message: "cannot carry the type \"(@escaping @MainActor () -> Void, @Sendable CKRecord.ID)\""),
        Case(
            name: "async property", replacing: "\"type\": \"CKDatabase.Scope\"", with: "\"type\": ⟦\"CKDatabase.Scope { get async }\"⟧",
            message: "\"CKDatabase.Scope { get async }\" is not a valid Swift type",
            hint: "a property whose getter is async or throws cannot be described: describe it as a call with an \"async\" form"),
    ]

    func testEachUnsupportedFormHasItsLocatedDiagnostic() throws {
        for testCase in Self.cases {
            let marked = DiagnosticTests.valid.replacingOccurrences(of: testCase.replacing, with: testCase.with)
            let match = try expectOneDiagnostic(
                in: marked, named: testCase.name, saying: testCase.message, ignoring: { $0.message.contains("mock cannot make up") })
            if let hint = testCase.hint, let match { XCTAssertEqual(match.hint, hint, testCase.name) }
        }
    }

    /// Closures isolated to a global actor, as parameters and properties, are Swift the generated
    /// code compiles (the MainActorApp fixture builds and tests them).
    func testIsolatedClosuresValidate() {
        let input = DiagnosticTests.valid
            .replacingOccurrences(of: "\"type\": \"CKRecord.ID\"", with: "\"type\": \"@escaping @MainActor @Sendable (CKRecord.ID) -> Void\"")
            .replacingOccurrences(
                of: "\"type\": \"CKDatabase.Scope\", \"mockDefault\": \".private\"",
                with: "\"type\": \"(@MainActor @Sendable () -> Void)?\", \"settable\": true")
        XCTAssertNoThrow(try Generator.validate(Array(input.utf8), file: "test.json"))
    }
}
