import Foundation

// Linux stand-in: server change tokens (and the coding shared with query cursors).
//
// Apple (iOS 18 SDK, CKServerChangeToken.h):
//     NS_SWIFT_SENDABLE
//     @interface CKServerChangeToken : NSObject <NSCopying, NSSecureCoding>
//     - (instancetype)init NS_UNAVAILABLE;
//     + (instancetype)new NS_UNAVAILABLE;
// so in Swift the only initialiser is NSCoding's `init?(coder:)`: a token is made by CloudKit or
// decoded from an archive (which is how apps persist them). Internally the class holds the
// server's opaque bytes and compares by them (`-isEqual:`/`-hash` over `data` in the class dumps).

/// Opaque server bytes, archived under `data` (the name of the private property Apple's class has).
struct OpaqueServerData: Hashable {
    static let key = "data"
    let bytes: Data

    init?(coder: NSCoder) {
        guard let data = coder.decodeObject(of: NSData.self, forKey: Self.key) else { return nil }
        bytes = data as Data
    }

    func encode(with coder: NSCoder) { coder.encode(bytes as NSData, forKey: Self.key) }
}

/// No public initialiser but `init?(coder:)`, as on Apple platforms.
open class CKServerChangeToken: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    let opaque: OpaqueServerData

    open class var supportsSecureCoding: Bool { true }

    public required init?(coder: NSCoder) {
        guard let opaque = OpaqueServerData(coder: coder) else { return nil }
        self.opaque = opaque
    }

    open func encode(with coder: NSCoder) { opaque.encode(with: coder) }

    /// Immutable, so a copy is the token itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? CKServerChangeToken)?.opaque == opaque
    }

    open override var hash: Int { opaque.hashValue }
}
