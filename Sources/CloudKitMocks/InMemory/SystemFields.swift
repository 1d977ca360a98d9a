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
    /// The record's value stores (decompiled `-[CKRecord initWithCoder:]`), which hold "ChangedKeys".
    static let valueStoreKey = "ValueStore"
    static let encryptedValueStoreKey = "EncryptedValueStore"

    private let report: ArchiveFormatReport
    /// The fallback when tags cannot be archived: tags of handed-out records, by identity.
    private let tagsByIdentity = ObjectTags<String>()

    init(report: ArchiveFormatReport) {
        self.report = report
    }

    /// A copy of `record` (fields and system fields) as the server hands it out: with
    /// `changeTag`, the server fields (user record names as given) and no changed keys. The
    /// record is archived at the archive's top level, so a key its archive lacks can be added
    /// (`withKeysAdded`); each of its two value stores gets an empty "ChangedKeys" set of its own
    /// (see `rewritten(_:replacing:clearing:in:)`). The store uses `records(_:)`, and this when
    /// that fails.
    func record(_ record: CKRecord, changeTag: String, server: ServerFields?) -> CKRecord {
        let topLevel = Self.serverValues(changeTag: changeTag, server: server)
        let made: CKRecord? = Self.rewritten(
            archiving: { record.encode(with: $0) },
            topLevel: topLevel,
            // Mutable sets, as the value stores write theirs: one class fewer in the archive, which
            // swift-corelibs-foundation's archiver pays for on every object (docs/Benchmarks.md).
            // One per value store (ValueStore, EncryptedValueStore).
            nested: [Self.changedKeysKey: [NSMutableSet(), NSMutableSet()]],
            decode: { type(of: record).init(coder: $0) })
        if let made, Self.carries(made, changeTag: changeTag, server: server) { return made }
        report.report(
            "CKRecord's archive format is not the one CloudDouble knows (keys \(topLevel.keys.sorted()), \(Self.changedKeysKey)); "
                + "change tags are kept by object identity, so a record the app copies or archives loses its tag, and server dates and users are not set.")
        let copy = (made ?? record.copy() as! CKRecord)
        tagsByIdentity[copy] = changeTag
        return copy
    }

    /// Copies of `records` as the server hands them out (see `record(_:changeTag:server:)`), made
    /// from one archive: on Linux, swift-corelibs-foundation's archiver describes each class once
    /// per archive and compares every new class description with the others, which was most of
    /// an archive's cost (docs/Benchmarks.md). Each value store gets its own empty "ChangedKeys"
    /// set (see `rewritten(_:replacing:clearing:in:)`). A record the batch does not make as it
    /// should goes the one-record way, which reports the problem.
    func records(_ items: [(record: CKRecord, changeTag: String, server: ServerFields?)]) -> [CKRecord] {
        guard !items.isEmpty else { return [] }
        let made = Self.rewritten(
            items.map(\.record), replacing: items.map { Self.serverValues(changeTag: $0.changeTag, server: $0.server) },
            clearing: Self.changedKeysKey, in: [Self.valueStoreKey, Self.encryptedValueStoreKey])
        return zip(items, made).map { item, made in
            if let made, Self.carries(made, changeTag: item.changeTag, server: item.server) { return made }
            return record(item.record, changeTag: item.changeTag, server: item.server)
        }
    }

    /// The archive values of what the server sets: the change tag, and the server fields.
    private static func serverValues(changeTag: String, server: ServerFields?) -> [String: NSObject] {
        var values: [String: NSObject] = [changeTagKey: changeTag as NSString]
        if let server {
            values[creationDateKey] = server.creationDate as NSDate
            values[modificationDateKey] = server.modificationDate as NSDate
            values[creatorKey] = CKRecord.ID(recordName: server.creatorUserRecordName)
            values[lastModifiedUserKey] = CKRecord.ID(recordName: server.lastModifiedUserRecordName)
        }
        return values
    }

    /// Whether `made` reads back as the server's: the values were written where CloudKit reads them.
    private static func carries(_ made: CKRecord, changeTag: String, server: ServerFields?) -> Bool {
        made.recordChangeTag == changeTag && made.changedKeys().isEmpty && made.encryptedValues.changedKeys().isEmpty
            && (server == nil || (made.creationDate == server?.creationDate && made.lastModifiedUserRecordID?.recordName == server?.lastModifiedUserRecordName))
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
    /// keys of the objects in the archive that have them, refer to the given values (the first
    /// such object to the first value, and so on), and decodes.
    /// The replacement values are archived first under keys of our own, so the archive holds
    /// them; only references are moved, never made (their format is the archiver's business).
    /// The references are moved in place in the archive's bytes (`KeyedArchivePatch`); an archive
    /// that lacks one of the keys is parsed and written again with it (`withKeysAdded`).
    static func rewritten<T>(
        archiving: (NSKeyedArchiver) -> Void, topLevel: [String: NSObject], nested: [String: [NSObject]], decode: (NSKeyedUnarchiver) -> T?
    ) -> T? {
        let encoded = KeyedArchives.data { archiver in
            for (key, value) in topLevel.sorted(by: { $0.key < $1.key }) { archiver.encode(value, forKey: prefix + key) }
            for (key, values) in nested.sorted(by: { $0.key < $1.key }) {
                for (index, value) in values.enumerated() { archiver.encode(value, forKey: nestedName(key, index)) }
            }
            archiving(archiver)
        }
        let counts = nested.mapValues(\.count)
        guard let data = redirectedInPlace(encoded, topLevel: Array(topLevel.keys), nested: counts)
            ?? withKeysAdded(encoded, topLevel: Array(topLevel.keys), nested: counts),
            let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: data)
        else { return nil }
        unarchiver.requiresSecureCoding = true
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        defer { unarchiver.finishDecoding() }
        return decode(unarchiver)
    }

    /// Archives `objects` into one archive, each as an object of its own, then makes the keys of
    /// `replacing[i]` of object `i` refer to the given values and `nestedKey` of each object it
    /// holds under `containers` refer to a new empty set of its own, and decodes them. Each
    /// container gets its own set because Apple's `-[CKRecordValueStore initWithCoder:]` keeps
    /// the decoded "ChangedKeys" set as the store's mutable set (decompiled: no copy), so a
    /// shared one would be shared by the stores. All `nil` when the archive is not as expected.
    static func rewritten<T: NSObject & NSSecureCoding>(
        _ objects: [T], replacing: [[String: NSObject]], clearing nestedKey: String, in containers: [String]
    ) -> [T?] {
        let archive = KeyedArchives.data { archiver in
            for (index, object) in objects.enumerated() {
                let name = prefix + "\(index)"
                for (key, value) in replacing[index].sorted(by: { $0.key < $1.key }) { archiver.encode(value, forKey: name + "." + key) }
                for container in containers { archiver.encode(NSMutableSet(), forKey: name + "." + container) }
                archiver.encode(object, forKey: name)
            }
        }
        let none = [T?](repeating: nil, count: objects.count)
        guard var patch = KeyedArchivePatch(archive) else { return none }
        for index in objects.indices {
            let name = prefix + "\(index)"
            guard let object = patch.topLevelObject(name) else { return none }
            for key in replacing[index].keys {
                guard let value = patch.topLevelReference(name + "." + key), patch.redirect(key, of: object, to: value) else { return none }
            }
            for container in containers {
                guard let held = patch.object(container, of: object) else { continue }  // none, or nil
                guard let value = patch.topLevelReference(name + "." + container) else { return none }
                _ = patch.redirect(nestedKey, of: held, to: value)  // a store without the key has nothing to clear
            }
        }
        guard let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: patch.data) else { return none }
        unarchiver.requiresSecureCoding = true
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        defer { unarchiver.finishDecoding() }
        return objects.indices.map { unarchiver.decodeObject(of: type(of: objects[$0]), forKey: prefix + "\($0)") }
    }

    /// The top-level key the `index`th value for nested `key` is archived under.
    private static func nestedName(_ key: String, _ index: Int) -> String { "\(prefix)\(key).\(index)" }

    /// The archive with the references moved in place, or `nil` when it lacks a top-level key.
    /// `nested`: how many values each nested key has (see `rewritten(archiving:…)`).
    static func redirectedInPlace(_ archive: Data, topLevel: [String], nested: [String: Int]) -> Data? {
        guard var patch = KeyedArchivePatch(archive), patch.redirectTopLevel(topLevel.map { ($0, prefix + $0) }) else { return nil }
        for (key, count) in nested {
            let replacements = (0..<count).compactMap { patch.topLevelReference(nestedName(key, $0)) }
            guard replacements.count == count, patch.redirectNested(key, to: replacements) else { return nil }
        }
        return patch.data
    }

    /// The archive parsed, with the references moved (top-level keys added where missing), and
    /// written again.
    static func withKeysAdded(_ encoded: Data, topLevel: [String], nested: [String: Int]) -> Data? {
        guard var archive = (try? PropertyListSerialization.propertyList(from: encoded, options: [], format: nil)) as? [String: Any],
            var top = archive["$top"] as? [String: Any]
        else { return nil }
        for key in topLevel.sorted() { top[key] = top.removeValue(forKey: prefix + key) }
        var replacements: [String: [Any]] = [:]
        for (key, count) in nested { replacements[key] = (0..<count).compactMap { top.removeValue(forKey: nestedName(key, $0)) } }
        if !nested.isEmpty, var objects = archive["$objects"] as? [Any] {
            var used: [String: Int] = [:]
            for index in objects.indices {
                guard var object = objects[index] as? [String: Any] else { continue }
                var touched = false
                for (key, values) in replacements where object[key] != nil {
                    guard let last = values.last else { continue }
                    let position = used[key, default: 0]
                    object[key] = position < values.count ? values[position] : last
                    used[key] = position + 1
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
