import Foundation
import CloudKit

/// Change tokens and query cursors have no public initialiser: on Apple platforms
/// `CKServerChangeToken` and `CKQueryCursor` mark `-init`/`+new` `NS_UNAVAILABLE`, and the Linux
/// stand-in copies that. Yet an in-memory service has to hand out new ones. Both classes are
/// `NSSecureCoding`, so the one public way to make one is to decode it from a keyed archive — the
/// way an app restores a token it persisted. This mints one by archiving a small placeholder under
/// the real class's archive name, then decoding that archive as the real class, so the real class's
/// `init?(coder:)` runs. The same code runs on every platform; only the class name differs (the
/// Objective-C name on Apple platforms, the Swift name swift-corelibs-foundation uses on Linux).
///
/// Every minted value carries unique bytes, so each is a distinct object and unequal to every other
/// minted value, while an archived-and-restored copy is `isEqual` to its original. The store
/// remembers what each one means by identity.
enum OpaqueValues {
    static func token(_ label: String) -> CKServerChangeToken {
        mint(CKServerChangeToken.self, label: label)
    }

    static func cursor(_ label: String) -> CKQueryOperation.Cursor {
        mint(CKQueryOperation.Cursor.self, label: label)
    }

    private static func mint<T: NSObject & NSSecureCoding>(_ type: T.Type, label: String) -> T {
        let placeholder = OpaqueValuePlaceholder(bytes: Data("\(label) \(UUID().uuidString)".utf8))
        do {
            let archive = try NSKeyedArchiver.archivedData(withRootObject: placeholder, requiringSecureCoding: true)
            let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archive)
            unarchiver.decodingFailurePolicy = .setErrorAndReturn
            // Decode the placeholder's entry as the real class, so the real `init?(coder:)` runs.
            unarchiver.setClass(type, forClassName: NSStringFromClass(OpaqueValuePlaceholder.self))
            if let made = unarchiver.decodeObject(of: type, forKey: NSKeyedArchiveRootObjectKey) {
                return made
            }
            preconditionFailure("\(type) did not decode from its archive: \(String(describing: unarchiver.error))")
        } catch {
            preconditionFailure("\(type) did not decode from its archive: \(error)")
        }
    }
}

/// Stands in for the real class in the archive: it encodes what the real class decodes. File-level,
/// because swift-corelibs-foundation archives only top-level, non-private classes.
final class OpaqueValuePlaceholder: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let bytes: Data

    init(bytes: Data) { self.bytes = bytes }

    required init?(coder: NSCoder) { nil }

    func encode(with coder: NSCoder) {
        // Apple's classes keep the server's bytes in a private `data` property.
        coder.encode(bytes as NSData, forKey: "data")
    }
}
