@_spi(Generated) import CloudDoubleRuntime
import CloudKit
import Foundation

/// What the server sets on a record it stores, and CloudKit hands back on every save and fetch:
/// CKRecord.h documents `creationDate` ("The time when the record was first saved to the
/// server"), `modificationDate` ("The time when the record was last saved to the server"),
/// `creatorUserRecordID`, `lastModifiedUserRecordID` and `recordChangeTag`.
struct ServerFields: Sendable {
    var creationDate: Date
    var creatorUserRecordName: String
    var modificationDate: Date
    var lastModifiedUserRecordName: String
}

/// The one place where the in-memory store gives CloudKit objects what only the server gives
/// them: a record's change tag and server fields (above), and a zone's capabilities
/// (`CKRecordZone.capabilities`). All are get-only on Apple platforms, and no public initialiser
/// sets them, so the store goes through the classes' public NSSecureCoding: it archives the
/// object with `NSKeyedArchiver` (`encode(with:)`), points the archive's entries for the
/// server-owned keys at values of its own, and decodes the result with the public
/// `init?(coder:)`, the same round trip apps use to cache system fields
/// (`encodeSystemFields(with:)` + `CKRecord(coder:)`, documented in CKRecord.h).
///
/// The key names are Apple's private archive format, taken from a public decompilation of
/// CloudKit.framework (`-[CKRecord encodeSystemFieldsWithCoder:]`, `-[CKRecord initWithCoder:]`,
/// `-[CKRecordValueStore encodeWithCoder:]`, `-[CKRecordZone initWithCoder:]`):
/// "ETag" (change tag), "RecordCtime" and "RecordMtime" (dates), "CreatorUserRecordID" and
/// "LastModifiedUserRecordID" (`CKRecordID`s), "ChangedKeys" inside the record's value store
/// (emptied, so a record the store hands out has no changed keys, like one from the server), and
/// the zone's "Capabilities" (an `NSNumber`). The Linux stand-in writes the same keys with the
/// same nesting, so Linux runs this same path.
///
/// Every rewrite is checked by reading the values back. If a future SDK renames a key, the
/// problem is reported (`ArchiveFormatReport`) and the store falls back: change tags are then
/// kept by object identity (a record the app copies or archives loses its tag), and the other
/// values stay unset.
final class SystemFields: Sendable {
    static let changeTagKey = "ETag"
    static let creationDateKey = "RecordCtime"
    static let modificationDateKey = "RecordMtime"
    static let creatorKey = "CreatorUserRecordID"
    static let lastModifiedUserKey = "LastModifiedUserRecordID"
    static let changedKeysKey = "ChangedKeys"
    static let capabilitiesKey = "Capabilities"

    private let report: ArchiveFormatReport
    /// The fallback when tags cannot be archived: tags of handed-out records, by identity.
    private let tagsByIdentity = ObjectTags<String>()

    init(report: ArchiveFormatReport) {
        self.report = report
    }

    /// A copy of `record` (fields and system fields) as the server hands it out: with
    /// `changeTag`, the server fields (user record names as given) and no changed keys.
    func record(_ record: CKRecord, changeTag: String, server: ServerFields?) -> CKRecord {
        var topLevel: [String: NSObject] = [Self.changeTagKey: changeTag as NSString]
        if let server {
            topLevel[Self.creationDateKey] = server.creationDate as NSDate
            topLevel[Self.modificationDateKey] = server.modificationDate as NSDate
            topLevel[Self.creatorKey] = CKRecord.ID(recordName: server.creatorUserRecordName)
            topLevel[Self.lastModifiedUserKey] = CKRecord.ID(recordName: server.lastModifiedUserRecordName)
        }
        let made: CKRecord? = Self.rewritten(
            archiving: { record.encode(with: $0) },
            topLevel: topLevel,
            // A mutable set, as the value stores write theirs: one class fewer in the archive, which
            // swift-corelibs-foundation's archiver pays for on every object (docs/Benchmarks.md).
            nested: [Self.changedKeysKey: NSMutableSet()],
            decode: { type(of: record).init(coder: $0) })
        if let made, made.recordChangeTag == changeTag, made.changedKeys().isEmpty, made.encryptedValues.changedKeys().isEmpty,
            server == nil || (made.creationDate == server?.creationDate && made.lastModifiedUserRecordID?.recordName == server?.lastModifiedUserRecordName)
        {
            return made
        }
        report.report(
            "CKRecord's archive format is not the one CloudDouble knows (keys \(topLevel.keys.sorted()), \(Self.changedKeysKey)); "
                + "change tags are kept by object identity, so a record the app copies or archives loses its tag, and server dates and users are not set.")
        let copy = (made ?? record.copy() as! CKRecord)
        tagsByIdentity[copy] = changeTag
        return copy
    }

    /// The change tag a record carries (`nil` for a record the app made itself).
    func changeTag(of record: CKRecord) -> String? {
        record.recordChangeTag ?? tagsByIdentity[record]
    }

    /// A copy of `zone` with `capabilities`, as the server returns a saved or fetched zone.
    func zone(_ zone: CKRecordZone, capabilities: CKRecordZone.Capabilities) -> CKRecordZone {
        let made: CKRecordZone? = Self.rewritten(
            archiving: { zone.encode(with: $0) },
            topLevel: [Self.capabilitiesKey: NSNumber(value: capabilities.rawValue)],
            nested: [:],
            decode: { type(of: zone).init(coder: $0) })
        if let made, made.capabilities == capabilities { return made }
        report.report("CKRecordZone's archive format is not the one CloudDouble knows (\(Self.capabilitiesKey)); zones are handed out without capabilities.")
        return made ?? (zone.copy() as! CKRecordZone)
    }

    // MARK: Archive rewriting

    static let prefix = "CloudDouble.replacement."

    /// Archives with `archiving`, then makes `topLevel` keys of the root object, and `nested`
    /// keys of any object in the archive that has them, refer to the given values, and decodes.
    /// The replacement values are archived first under keys of our own, so the archive holds
    /// them; only references are moved, never made (their format is the archiver's business).
    /// The references are moved in place in the archive's bytes (`KeyedArchivePatch`); an archive
    /// that lacks one of the keys is parsed and written again with it (`withKeysAdded`).
    static func rewritten<T>(
        archiving: (NSKeyedArchiver) -> Void, topLevel: [String: NSObject], nested: [String: NSObject], decode: (NSKeyedUnarchiver) -> T?
    ) -> T? {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        for (key, value) in topLevel.merging(nested, uniquingKeysWith: { first, _ in first }).sorted(by: { $0.key < $1.key }) {
            archiver.encode(value, forKey: prefix + key)
        }
        archiving(archiver)
        archiver.finishEncoding()
        let encoded = archiver.encodedData
        guard let data = redirectedInPlace(encoded, topLevel: Array(topLevel.keys), nested: Array(nested.keys))
            ?? withKeysAdded(encoded, topLevel: Array(topLevel.keys), nested: Array(nested.keys)),
            let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: data)
        else { return nil }
        unarchiver.requiresSecureCoding = true
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        defer { unarchiver.finishDecoding() }
        return decode(unarchiver)
    }

    /// The archive with the references moved in place, or `nil` when it lacks a top-level key.
    static func redirectedInPlace(_ archive: Data, topLevel: [String], nested: [String]) -> Data? {
        guard var patch = KeyedArchivePatch(archive), patch.redirectTopLevel(topLevel.map { ($0, prefix + $0) }) else { return nil }
        for key in nested {
            guard let replacement = patch.topLevelReference(prefix + key), patch.redirectNested(key, to: replacement) else { return nil }
        }
        return patch.data
    }

    /// The archive parsed, with the references moved (top-level keys added where missing), and
    /// written again.
    static func withKeysAdded(_ encoded: Data, topLevel: [String], nested: [String]) -> Data? {
        guard var archive = (try? PropertyListSerialization.propertyList(from: encoded, options: [], format: nil)) as? [String: Any],
            var top = archive["$top"] as? [String: Any]
        else { return nil }
        var references: [String: Any] = [:]
        for key in topLevel.sorted() + nested.sorted() {
            references[key] = top.removeValue(forKey: prefix + key)
        }
        for key in topLevel { top[key] = references[key] }
        if !nested.isEmpty, var objects = archive["$objects"] as? [Any] {
            for index in objects.indices {
                guard var object = objects[index] as? [String: Any] else { continue }
                var touched = false
                for key in nested where object[key] != nil {
                    object[key] = references[key]
                    touched = true
                }
                if touched { objects[index] = object }
            }
            archive["$objects"] = objects
        }
        archive["$top"] = top
        return try? PropertyListSerialization.data(fromPropertyList: archive, format: .binary, options: 0)
    }
}
