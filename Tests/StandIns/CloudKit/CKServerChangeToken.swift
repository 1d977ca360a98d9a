import Foundation

// Linux stand-in: server change tokens.

/// Opaque, as on Apple platforms.
public final class CKServerChangeToken: NSObject, @unchecked Sendable {
    /// No public initialiser, as on Apple platforms; tests make one through the SPI.
    @_spi(StandIn) public let standInValue: String
    @_spi(StandIn) public init(standInValue: String) {
        self.standInValue = standInValue
    }
}
