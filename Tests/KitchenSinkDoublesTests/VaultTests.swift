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

    /// `perform(_:)` and `transform(_:using:)` take a closure that is not `@escaping`, as the SDK
    /// declares it: a stub's handler gets the closure while the call runs, and the history keeps a
    /// placeholder.
    func testAStubsHandlerRunsANonEscapingClosureWhileTheCallRuns() throws {
        let mock = MockSinkVault()
        var ran = 0
        try mock.perform { ran += 1 }
        XCTAssertEqual(ran, 0, "unstubbed, nothing runs the block")
        mock.stub(.perform, .handler { block in block() })
        try mock.perform { ran += 1 }
        XCTAssertEqual(ran, 1, "the handler ran the app's block")
        XCTAssertEqual(mock.callCount(.perform), 2)
        XCTAssertEqual(mock.arguments(.perform).count, 2, "kept as placeholders")
        mock.stub(.perform, .error(SettingsVaultClosed()))
        XCTAssertThrowsError(try mock.perform { ran += 1 })
        XCTAssertEqual(ran, 1)

        XCTAssertEqual(mock.transform(3) { $0 + 1 }, 0, "unstubbed: Int's empty value")
        mock.stub(.transform, .handler { arguments in arguments.body(arguments.value) * 10 })
        XCTAssertEqual(mock.transform(3) { $0 + 1 }, 40)
        XCTAssertEqual(mock.arguments(.transform).map(\.value), [3, 3])
    }

    /// The live adapter hands the SDK the closure; a fault wrapper may fail the call before it.
    func testTheAdaptersPassANonEscapingClosureOn() throws {
        let vault = SettingsVault()
        let live = LiveSinkVault(vault)
        var ran = 0
        try live.perform { ran += 1 }
        XCTAssertEqual(ran, 1)
        XCTAssertEqual(live.transform(3) { $0 + 1 }, 4)

        let faulty = FaultInjectingSinkVault(wrapping: live, plan: FaultPlan { FaultRule.fail(.call(SinkVaultCall.perform), on: .nth(1), with: 1) })
        XCTAssertThrowsError(try faulty.perform { ran += 1 })
        XCTAssertEqual(ran, 1, "an injected error comes before the SDK runs the block")
        try faulty.perform { ran += 1 }
        XCTAssertEqual(ran, 2)
        XCTAssertEqual(faulty.transform(3) { $0 * 2 }, 6)
    }
}
