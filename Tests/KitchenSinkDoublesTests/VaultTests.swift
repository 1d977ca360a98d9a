import CloudDoubleRuntime
import CloudDoubleTestSupport
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// Calls shaped as Couchbase Lite's `CBLDatabase` (`Vault`), driven through the generated code.
final class VaultTests: XCTestCase {
    /// A token of the test's own class: not the class the description's `mockDefault` makes.
    final class TestToken: SettingsToken {
        let name = "test"
    }

    /// `mockDefault` makes a `SettingsFixedToken`, a class; the members are declared
    /// `any SettingsToken`, so a stub of that type is what they return.
    func testAStubOfTheDeclaredTypeIsReturnedWhenTheMockDefaultIsAClass() {
        let mock = MockSinkVault()
        XCTAssertEqual(mock.issueToken(named: "a").name, "mock", "unstubbed: the mock default")
        XCTAssertEqual(mock.currentToken.name, "mock")

        let token = TestToken()
        mock.stub(.issueToken, .value(token))
        mock.stub(.currentToken, .value(token))
        XCTAssertTrue(mock.issueToken(named: "a") === token, "the stub, not the mock default")
        XCTAssertTrue(mock.currentToken === token)
    }

    /// `defaultSection()`, a sync form that throws returning a described type: the mock hands out
    /// one child mock, or the stubbed error; the live adapter wraps the SDK's object after `try`.
    func testASyncThrowingCallHandsOutAChildMockOrThrows() throws {
        let mock = MockSinkVault()
        let section = try mock.defaultSection()
        XCTAssertTrue(section is MockSinkSection)
        XCTAssertTrue(try mock.defaultSection() === section, "one child mock per arguments")
        mock.stub(.defaultSection, .error(SettingsVaultClosed()))
        XCTAssertThrowsError(try mock.defaultSection()) { XCTAssertTrue($0 is SettingsVaultClosed) }

        let first = try mock.newSection(named: "a")
        XCTAssertFalse(try mock.newSection(named: "a") === first, "newEachCall: a new child mock at each call")
        XCTAssertEqual(mock.newChildren(SinkVaultCall.newSection).count, 2)

        let vault = SettingsVault()
        let live = LiveSinkVault(vault)
        let wrapped = try live.defaultSection()
        XCTAssertEqual(wrapped.name, "default")
        XCTAssertTrue(try live.defaultSection() === wrapped, "one adapter per SDK object")
        vault.isClosed = true
        XCTAssertThrowsError(try live.defaultSection()) { XCTAssertTrue($0 is SettingsVaultClosed) }
    }

    /// Through a fault wrapper: an injected error is thrown before the SDK is called; otherwise
    /// the section comes back wrapped under the same plan.
    func testAFaultWrapperFailsOrWrapsTheSectionASyncThrowingCallReturns() throws {
        let vault = SettingsVault()
        let failing = FaultInjectingSinkVault(
            wrapping: LiveSinkVault(vault), plan: FaultPlan { FaultRule.fail(.call(SinkVaultCall.defaultSection), on: .nth(1), with: 1) })
        XCTAssertThrowsError(try failing.defaultSection())
        let section = try failing.defaultSection()
        XCTAssertTrue(section is FaultInjectingSinkSection)
        XCTAssertEqual(section.name, "default")
    }
}
