import Foundation

// Linux stand-in: server change tokens.
//
// Apple (iOS 18 SDK, CKServerChangeToken.h):
//     NS_SWIFT_SENDABLE
//     @interface CKServerChangeToken : NSObject <NSCopying, NSSecureCoding>
//     - (instancetype)init NS_UNAVAILABLE;
//     + (instancetype)new NS_UNAVAILABLE;
// so in Swift the only initialiser is NSCoding's `init?(coder:)`: a token is made by CloudKit or
// decoded from an archive (which is how apps persist them).
//
// Archive format and equality, from a public decompilation of CloudKit.framework
// (`-[CKServerChangeToken encodeWithCoder:]`, `-initWithCoder:`, `-isEqual:`, `-hash`):
// - the server's bytes are one `NSData` under "ChangeTokenData";
// - `initWithCoder:` decodes that key with `decodeObjectOfClass:` and never fails: an archive
//   without it gives a token whose data is nil;
// - `isEqual:` is true for the same object, or another CKServerChangeToken whose data is equal
//   (`CKObjectsAreBothNilOrEqual`: two nil datas are equal); `hash` is the data's hash.
// Decoding the wrong class under the key fails the decode (NSSecureCoding's rule), like Apple's.

/// No public initialiser but `init?(coder:)`, as on Apple platforms.
open class CKServerChangeToken: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    static let dataKey = "ChangeTokenData"
    /// Apple's private `data` property.
    let data: Data?

    open class var supportsSecureCoding: Bool { true }

    public required init?(coder: NSCoder) {
        data = coder.decodeIfPresent(NSData.self, forKey: Self.dataKey) as Data?
    }

    open func encode(with coder: NSCoder) {
        coder.encode(data.map { $0 as NSData }, forKey: Self.dataKey)
    }

    /// Immutable, so a copy is the token itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CKServerChangeToken else { return false }
        return other === self || other.data == data
    }

    open override var hash: Int { data?.hashValue ?? 0 }
}
