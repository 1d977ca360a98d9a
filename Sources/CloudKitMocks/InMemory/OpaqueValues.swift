import CloudKit
import Foundation

/// Change tokens and query cursors have no public initialiser: on Apple platforms
/// `CKServerChangeToken` and `CKQueryCursor` mark `-init`/`+new` `NS_UNAVAILABLE`, and the Linux
/// stand-in copies that. Yet an in-memory service has to hand out new ones. Both classes are
/// `NSSecureCoding`, so the one public way to make one is to decode it from a keyed archive — the
/// way an app restores a token it persisted. This mints one by archiving a small placeholder under
/// the real class's archive name, then decoding that archive as the real class, so the real class's
/// `init?(coder:)` runs. The same code runs on every platform; only the class name differs (the
/// Objective-C name on Apple platforms, the Swift name swift-corelibs-foundation uses on Linux).
///
/// The placeholder writes the keys Apple's classes read, taken from a public decompilation of
/// CloudKit.framework: `-[CKServerChangeToken initWithCoder:]` decodes its bytes from
/// "ChangeTokenData"; `-[CKQueryCursor initWithCoder:]` decodes "CursorData" and a
/// `CKRecordZoneID` from "ZoneID". Neither fails when a key is missing (the data is left nil), so
/// a wrong key would mint tokens with no bytes, which Apple's `-isEqual:` finds all equal to each
/// other: `verified(_:)` reads the bytes back and reports a mismatch rather than relying on it.
///
/// The bytes are the store's own (CloudKit's are opaque server data): what a value stands for is
/// written into them, so a token the app archived and restored still means what it meant.
enum OpaqueValues {
    static let tokenDataKey = "ChangeTokenData"
    static let cursorDataKey = "CursorData"
    static let cursorZoneIDKey = "ZoneID"

    /// One archived value: Apple's `-initWithCoder:`s read integers and flags with
    /// `decodeInteger`/`decodeInt64`/`decodeBool`, so they are archived as such, not as objects.
    enum Value {
        case object(NSObject)
        case integer(Int)
        case int64(Int64)
        case bool(Bool)
    }

    static func token(_ bytes: Data) -> CKServerChangeToken? {
        mint(CKServerChangeToken.self, [tokenDataKey: .object(bytes as NSData)])
    }

    static func cursor(_ bytes: Data, zoneID: CKRecordZone.ID?) -> CKQueryOperation.Cursor? {
        var values: [String: Value] = [cursorDataKey: .object(bytes as NSData)]
        if let zoneID { values[cursorZoneIDKey] = .object(zoneID) }
        return mint(CKQueryOperation.Cursor.self, values)
    }

    /// The bytes a token carries, as Apple's `encode(with:)` writes them; `nil` if it has none.
    static func bytes(of token: CKServerChangeToken) -> Data? {
        bytes(archiving: token.encode(with:), key: tokenDataKey)
    }

    /// The bytes a cursor carries, as Apple's `encode(with:)` writes them; `nil` if it has none.
    static func bytes(of cursor: CKQueryOperation.Cursor) -> Data? {
        bytes(archiving: cursor.encode(with:), key: cursorDataKey)
    }

    /// One `NSData` an object's archive holds at `key`.
    private static func bytes(archiving encode: (NSCoder) -> Void, key: String) -> Data? {
        archived(encode) { $0.decodeObject(of: NSData.self, forKey: key) as Data? }
    }

    /// Encodes an object's keys at the top of an archive (as `encode(with:)` writes them, without
    /// the root-object wrapper) and reads back what `read` reads: how the store learns what a
    /// CloudKit object keeps only in its archive.
    static func archived<R>(_ encode: (NSCoder) -> Void, _ read: (NSKeyedUnarchiver) -> R?) -> R? {
        guard let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: KeyedArchives.data(encode)) else { return nil }
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        defer { unarchiver.finishDecoding() }
        return read(unarchiver)
    }

    /// Decodes an archive of `values` as `type`, so the real class's `init?(coder:)` runs: the one
    /// public way to make a CloudKit object that has no public initialiser.
    static func mint<T: NSObject & NSSecureCoding>(_ type: T.Type, _ values: [String: Value]) -> T? {
        let placeholder = OpaqueValuePlaceholder(values: values)
        let archive = KeyedArchives.data { $0.encode(placeholder, forKey: NSKeyedArchiveRootObjectKey) }
        guard let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: archive) else { return nil }
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        // Decode the placeholder's entry as the real class, so the real `init?(coder:)` runs.
        unarchiver.setClass(type, forClassName: NSStringFromClass(OpaqueValuePlaceholder.self))
        defer { unarchiver.finishDecoding() }
        return unarchiver.decodeObject(of: type, forKey: NSKeyedArchiveRootObjectKey)
    }
}

/// Stands in for the real class in the archive: it encodes what the real class decodes. File-level,
/// because swift-corelibs-foundation archives only top-level, non-private classes.
final class OpaqueValuePlaceholder: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let values: [String: OpaqueValues.Value]

    init(values: [String: OpaqueValues.Value]) { self.values = values }

    /// Objects only, as most archives hold.
    convenience init(values: [String: NSObject]) { self.init(values: values.mapValues { .object($0) }) }

    required init?(coder: NSCoder) { nil }

    func encode(with coder: NSCoder) {
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            switch value {
            case .object(let object): coder.encode(object, forKey: key)
            case .integer(let number): coder.encode(number, forKey: key)
            case .int64(let number): coder.encode(number, forKey: key)
            case .bool(let flag): coder.encode(flag, forKey: key)
            }
        }
    }
}
