import Foundation

/// What the vault hands out, as Couchbase Lite's `CBLListenerToken`: a protocol, which the SDK's
/// own class conforms to and a test's class can too.
public protocol SettingsToken: AnyObject, Sendable {
    var name: String { get }
}

/// The SDK's token.
public final class SettingsFixedToken: SettingsToken {
    public let name: String

    public init(name: String = "fixed") {
        self.name = name
    }
}

/// Calls shaped as Couchbase Lite's `CBLDatabase`: results declared as a protocol whose mock
/// default is the SDK's class.
open class SettingsVault: @unchecked Sendable {
    public init() {}

    /// The token the vault holds now.
    open var currentToken: any SettingsToken { SettingsFixedToken(name: "current") }

    open func issueToken(named name: String) -> any SettingsToken { SettingsFixedToken(name: name) }

    /// Whether calls fail, as a closed Couchbase Lite database's do.
    public var isClosed = false

    /// As `CBLDatabase.defaultCollection()`: a sync `throws` call returning an object of the SDK.
    open func defaultSection() throws -> SettingsSection {
        if isClosed { throw SettingsVaultClosed() }
        return defaultSection_
    }

    private let defaultSection_ = SettingsSection(name: "default")

    /// As `CBLDatabase.inBatch(using:)`: runs a non-escaping block before it returns.
    open func perform(_ block: () -> Void) throws {
        if isClosed { throw SettingsVaultClosed() }
        block()
    }

    /// A non-escaping closure of one argument, beside another parameter, with a result.
    open func transform(_ value: Int, using body: (Int) -> Int) -> Int { body(value) }

    /// A new section at each call.
    open func newSection(named name: String) throws -> SettingsSection {
        if isClosed { throw SettingsVaultClosed() }
        return SettingsSection(name: name)
    }
}

/// What a closed vault throws.
public struct SettingsVaultClosed: Error {
    public init() {}
}
