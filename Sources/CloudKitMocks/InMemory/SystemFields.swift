import CloudKit
import Foundation

/// The one place where the in-memory store gives CloudKit objects what only the server gives
/// them: a record's change tag (`CKRecord.recordChangeTag`) and a zone's capabilities
/// (`CKRecordZone.capabilities`). Both are get-only on Apple platforms, and there is no public
/// initialiser that sets them, so the store goes through the classes' public NSSecureCoding:
/// it archives the object with `NSKeyedArchiver` (`encode(with:)`), points the archive's entry
/// for the server-owned key at a value of its own, and decodes the result with the public
/// `init?(coder:)` — the same round trip apps use to cache system fields
/// (`encodeSystemFields(with:)` + `CKRecord(coder:)`, documented in CKRecord.h). Tags are read
/// back with the public `recordChangeTag`.
///
/// UNVERIFIED ASSUMPTION: the archive key names. Apple does not document them; they are the
/// names CloudKit's `-[CKRecord initWithCoder:]`, `-[CKRecordValueStore encodeWithCoder:]` and
/// `-[CKRecordZone initWithCoder:]` use in a public decompilation of CloudKit.framework:
/// - `ETag`: the record's change tag (`etag`, which `recordChangeTag` returns);
/// - `ChangedKeys`: the set of changed keys in the record's value store — emptied, so a record
///   the store hands out has no changed keys, like one fetched from the server;
/// - `Capabilities`: the zone's capabilities, an `NSNumber`.
/// `SystemFieldsOnApplePlatformsTests` (compiled only where CloudKit exists) checks each on a
/// Mac; if Apple renames one, those tests fail rather than the store silently losing tags.
/// The Linux stand-in reads and writes the same names, so Linux runs this same path.
enum SystemFields {
    static let changeTagKey = "ETag"
    static let changedKeysKey = "ChangedKeys"
    static let capabilitiesKey = "Capabilities"

    /// A copy of `record` — fields and system fields — whose `recordChangeTag` is `changeTag`
    /// and whose `changedKeys()` is empty. Falls back to a plain copy (no tag) if the archive
    /// round trip fails.
    static func record(_ record: CKRecord, changeTag: String) -> CKRecord {
        let made: CKRecord? = rewritten(
            archiving: { record.encode(with: $0) },
            topLevel: [changeTagKey: changeTag as NSString],
            nested: [changedKeysKey: NSSet()],
            decode: { CKRecord(coder: $0) })
        return made ?? (record.copy() as! CKRecord)
    }

    /// The change tag a record carries (`nil` for a record the app made itself).
    static func changeTag(of record: CKRecord) -> String? {
        record.recordChangeTag
    }

    /// A copy of `zone` with `capabilities`, as the server returns a saved or fetched zone.
    static func zone(_ zone: CKRecordZone, capabilities: CKRecordZone.Capabilities) -> CKRecordZone {
        let made: CKRecordZone? = rewritten(
            archiving: { zone.encode(with: $0) },
            topLevel: [capabilitiesKey: NSNumber(value: capabilities.rawValue)],
            nested: [:],
            decode: { CKRecordZone(coder: $0) })
        return made ?? (zone.copy() as! CKRecordZone)
    }

    // MARK: Archive rewriting

    private static let prefix = "CloudDouble.replacement."

    /// Archives with `archiving`, then makes `topLevel` keys of the root object, and `nested`
    /// keys of any object in the archive that has them, refer to the given values, and decodes.
    /// The replacement values are archived first under keys of our own, so the archive holds
    /// them; only references are moved, never made (their format is the archiver's business).
    private static func rewritten<T>(
        archiving: (NSKeyedArchiver) -> Void, topLevel: [String: NSObject], nested: [String: NSObject], decode: (NSKeyedUnarchiver) -> T?
    ) -> T? {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        for (key, value) in topLevel.merging(nested, uniquingKeysWith: { first, _ in first }) {
            archiver.encode(value, forKey: prefix + key)
        }
        archiving(archiver)
        archiver.finishEncoding()
        guard var archive = (try? PropertyListSerialization.propertyList(from: archiver.encodedData, options: [], format: nil)) as? [String: Any],
            var top = archive["$top"] as? [String: Any]
        else { return nil }
        var references: [String: Any] = [:]
        for key in topLevel.keys.sorted() + nested.keys.sorted() {
            references[key] = top.removeValue(forKey: prefix + key)
        }
        for key in topLevel.keys { top[key] = references[key] }
        if !nested.isEmpty, var objects = archive["$objects"] as? [Any] {
            for index in objects.indices {
                guard var object = objects[index] as? [String: Any] else { continue }
                var touched = false
                for key in nested.keys where object[key] != nil {
                    object[key] = references[key]
                    touched = true
                }
                if touched { objects[index] = object }
            }
            archive["$objects"] = objects
        }
        for key in nested.keys where top[key] != nil { top[key] = references[key] }
        archive["$top"] = top
        guard let data = try? PropertyListSerialization.data(fromPropertyList: archive, format: .binary, options: 0),
            let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: data)
        else { return nil }
        unarchiver.requiresSecureCoding = true
        defer { unarchiver.finishDecoding() }
        return decode(unarchiver)
    }
}
