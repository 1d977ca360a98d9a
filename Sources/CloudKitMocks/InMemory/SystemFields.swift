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
/// object with its own `encode(with:)` into an archive in `NSKeyedArchiver`'s format (written by
/// `KeyedArchiveWriter` for a request's records, by `NSKeyedArchiver` for one object at a time),
/// points the archive's entries for the server-owned keys at values of its own, and decodes the
/// result with `NSKeyedUnarchiver` and the public `init?(coder:)`, the same round trip apps use
/// to cache system fields (`encodeSystemFields(with:)` + `CKRecord(coder:)`, documented in CKRecord.h).
///
/// The key names are Apple's private archive format, taken from a public decompilation of
/// CloudKit.framework (`-[CKRecord encodeSystemFieldsWithCoder:]`, `-[CKRecord initWithCoder:]`,
/// `-[CKRecordValueStore encodeWithCoder:]`, `-[CKRecordZone initWithCoder:]`):
/// "ETag" (change tag), "RecordCtime" and "RecordMtime" (dates), "CreatorUserRecordID" and
/// "LastModifiedUserRecordID" (`CKRecordID`s), "ChangedKeys" inside the record's value stores
/// (made to refer to nil, so a record the store hands out has no changed keys, like one from the
/// server), and the zone's "Capabilities" (an `NSNumber`). The Linux stand-in writes the same keys with the
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
    /// The class names of the archives `records(_:)` writes.
    private let classNames = KeyedArchiveClassNames()

    init(report: ArchiveFormatReport) {
        self.report = report
    }

    /// A copy of `record` (fields and system fields) as the server hands it out: with
    /// `changeTag`, the server fields (user record names as given) and no changed keys. The
    /// record is archived at the archive's top level, so a key its archive lacks can be added
    /// (`withKeysAdded`); its value stores' "ChangedKeys" refer to nil (see
    /// `rewritten(_:replacing:clearing:in:classNames:)`). The store uses `records(_:)`, and this
    /// when that fails.
    func record(_ record: CKRecord, changeTag: String, server: ServerFields?) -> CKRecord {
        let topLevel = Self.serverValues(changeTag: changeTag, server: server)
        let made: CKRecord? = Self.rewritten(
            archiving: { record.encode(with: $0) },
            topLevel: topLevel,
            cleared: [Self.changedKeysKey],
            decode: { type(of: record).init(coder: $0) })
        if let made, Self.carries(made, changeTag: changeTag, server: server) { return made }
        report.report(
            "CKRecord's archive format is not the one CloudDouble knows (keys \(topLevel.keys.sorted()), \(Self.changedKeysKey)); "
                + "change tags are kept by object identity, so a record the app copies or archives loses its tag, and server dates and users are not set."
        )
        let copy = (made ?? record.copy() as! CKRecord)
        tagsByIdentity[copy] = changeTag
        return copy
    }

    /// Copies of `records` as the server hands them out (see `record(_:changeTag:server:)`), made
    /// from one archive that `KeyedArchiveWriter` writes (each class described once, each distinct
    /// server value archived once: docs/Benchmarks.md). Each value store's "ChangedKeys" refers to
    /// nil (see `rewritten(_:replacing:clearing:in:classNames:)`). A record the batch does not make
    /// as it should (or an archive the writer cannot write) goes the one-record way, through
    /// `NSKeyedArchiver`, which reports the problem if that way fails too.
    func records(_ items: [(record: CKRecord, changeTag: String, server: ServerFields?)]) -> [CKRecord] {
        guard !items.isEmpty else { return [] }
        var shared = SharedValues()
        let replacing = items.map { Self.serverValues(changeTag: $0.changeTag, server: $0.server, unlike: $0.record, shared: &shared) }
        let made = Self.rewritten(
            items.map(\.record), replacing: replacing, clearing: Self.changedKeysKey, in: [Self.valueStoreKey, Self.encryptedValueStoreKey],
            classNames: classNames)
        return zip(items, made).map { item, made in
            if let made, Self.carries(made, changeTag: item.changeTag, server: item.server) { return made }
            return record(item.record, changeTag: item.changeTag, server: item.server)
        }
    }

    /// The archive values of what the server sets (`server` and the change tag) that `record`
    /// does not carry already: a record the app saves back usually has its creation date and
    /// creator from its last hand-out, and values it has need not be archived twice.
    private static func serverValues(
        changeTag: String, server: ServerFields?, unlike record: CKRecord, shared: inout SharedValues
    ) -> [String: NSObject] {
        var values: [String: NSObject] = [changeTagKey: shared.string(changeTag)]
        if let server {
            if record.creationDate != server.creationDate { values[creationDateKey] = shared.date(server.creationDate) }
            if record.modificationDate != server.modificationDate { values[modificationDateKey] = shared.date(server.modificationDate) }
            if record.creatorUserRecordID != CKRecord.ID(recordName: server.creatorUserRecordName) {
                values[creatorKey] = shared.user(server.creatorUserRecordName)
            }
            if record.lastModifiedUserRecordID != CKRecord.ID(recordName: server.lastModifiedUserRecordName) {
                values[lastModifiedUserKey] = shared.user(server.lastModifiedUserRecordName)
            }
        }
        return values
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

    /// One object for each distinct value a batch's server values hold (a change tag, a date, a
    /// user), so `rewritten(_:replacing:clearing:in:classNames:)` archives each once, however many
    /// records carry it: the writer keeps one entry per object (per string for strings), not per
    /// equal value.
    struct SharedValues {
        private var strings: [String: NSString] = [:]
        private var dates: [Date: NSDate] = [:]
        private var users: [String: CKRecord.ID] = [:]

        mutating func string(_ value: String) -> NSString {
            if let made = strings[value] { return made }
            let made = value as NSString
            strings[value] = made
            return made
        }

        mutating func date(_ value: Date) -> NSDate {
            if let made = dates[value] { return made }
            let made = value as NSDate
            dates[value] = made
            return made
        }

        mutating func user(_ recordName: String) -> CKRecord.ID {
            if let made = users[recordName] { return made }
            let made = CKRecord.ID(recordName: recordName)
            users[recordName] = made
            return made
        }
    }

    /// Whether `made` reads back as the server's: the values were written where CloudKit reads them.
    private static func carries(_ made: CKRecord, changeTag: String, server: ServerFields?) -> Bool {
        made.recordChangeTag == changeTag && made.changedKeys().isEmpty && made.encryptedValues.changedKeys().isEmpty
            && (server == nil
                || (made.creationDate == server?.creationDate && made.lastModifiedUserRecordID?.recordName == server?.lastModifiedUserRecordName))
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
            cleared: [],
            decode: { type(of: zone).init(coder: $0) })
        if let made, made.capabilities == capabilities { return made }
        report.report(
            "CKRecordZone's archive format is not the one CloudDouble knows (\(Self.capabilitiesKey)); zones are handed out without capabilities.")
        return made ?? (zone.copy() as! CKRecordZone)
    }

    // MARK: Archive rewriting

    static let prefix = "CloudDouble.replacement."

    /// Archives with `archiving`, then makes `topLevel` keys of the root object refer to the given
    /// values, and `cleared` keys of every archived object that has them refer to nil, and decodes.
    /// The replacement values (and a nil) are archived first under keys of our own, so the archive
    /// holds them; only references are moved, never made (their format is the archiver's business).
    /// The references are moved in place in the archive's bytes (`KeyedArchivePatch`); an archive
    /// that lacks one of the keys is parsed and written again with it (`withKeysAdded`).
    static func rewritten<T>(
        archiving: (NSKeyedArchiver) -> Void, topLevel: [String: NSObject], cleared: [String], decode: (NSKeyedUnarchiver) -> T?
    ) -> T? {
        let encoded = KeyedArchives.data { archiver in
            for (key, value) in topLevel.sorted(by: { $0.key < $1.key }) { archiver.encode(value, forKey: prefix + key) }
            if !cleared.isEmpty { archiver.encode(nil as Any?, forKey: nilKey) }
            archiving(archiver)
        }
        guard
            let data = redirectedInPlace(encoded, topLevel: Array(topLevel.keys), cleared: cleared)
                ?? withKeysAdded(encoded, topLevel: Array(topLevel.keys), cleared: cleared),
            let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: data)
        else { return nil }
        unarchiver.requiresSecureCoding = true
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        defer { unarchiver.finishDecoding() }
        return decode(unarchiver)
    }

    /// Archives `objects` into one archive (`KeyedArchiveWriter`), each as an object of its own,
    /// with the keys of `replacing[i]` of object `i` referring to the given values and `nestedKey`
    /// of each object it holds under `containers` referring to nil, and decodes them. A value
    /// store whose "ChangedKeys" is nil makes an empty set of its own (decompiled
    /// `-[CKRecordValueStore initWithCoder:]`: `if (!v5->_changedKeysSet) v5->_changedKeysSet =
    /// objc_opt_new()`), as the Linux stand-in does, so the two stores of a record never share
    /// one. All `nil` when the archive is not as expected.
    static func rewritten<T: NSObject & NSSecureCoding>(
        _ objects: [T], replacing: [[String: NSObject]], clearing nestedKey: String, in containers: [String], classNames: KeyedArchiveClassNames
    ) -> [T?] {
        let none = [T?](repeating: nil, count: objects.count)
        let writer = KeyedArchiveWriter(classNames: classNames)
        for (index, object) in objects.enumerated() {
            let entry = writer.encodeTopLevel(object, forKey: prefix + "\(index)")
            // One replacement object may replace values of many records: it is one entry (see `SharedValues`).
            for (key, value) in replacing[index] {
                guard writer.redirect(key, of: entry, to: writer.entry(of: value)) else { return none }
            }
            for container in containers {
                guard let held = writer.entry(container, of: entry) else { continue }  // none, or nil
                _ = writer.redirect(nestedKey, of: held, to: 0)  // a store without the key has nothing to clear
            }
        }
        guard let archive = writer.finishedData(), let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: archive) else { return none }
        // The classes the names stand for, known already: `NSClassFromString` need not find them
        // again (it parses each name on Linux).
        for known in writer.classesByName { unarchiver.setClass(known.value, forClassName: known.key) }
        unarchiver.requiresSecureCoding = true
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        defer { unarchiver.finishDecoding() }
        return objects.indices.map { unarchiver.decodeObject(of: type(of: objects[$0]), forKey: prefix + "\($0)") }
    }

    /// The top-level key a nil is archived under, for cleared keys to refer to (`$null`).
    static let nilKey = prefix + "nil"

    /// The archive with the references moved in place, or `nil` when it lacks a top-level key.
    static func redirectedInPlace(_ archive: Data, topLevel: [String], cleared: [String]) -> Data? {
        guard var patch = KeyedArchivePatch(archive), patch.redirectTopLevel(topLevel.map { ($0, prefix + $0) }) else { return nil }
        if !cleared.isEmpty {
            guard let null = patch.topLevelReference(nilKey) else { return nil }
            for key in cleared { patch.redirectNested(key, to: null) }
        }
        return patch.data
    }

    /// The archive parsed, with the references moved (top-level keys added where missing), and
    /// written again.
    static func withKeysAdded(_ encoded: Data, topLevel: [String], cleared: [String]) -> Data? {
        guard var archive = (try? PropertyListSerialization.propertyList(from: encoded, options: [], format: nil)) as? [String: Any],
            var top = archive["$top"] as? [String: Any]
        else { return nil }
        for key in topLevel.sorted() { top[key] = top.removeValue(forKey: prefix + key) }
        if let null = top.removeValue(forKey: nilKey), var objects = archive["$objects"] as? [Any] {
            for index in objects.indices {
                guard var object = objects[index] as? [String: Any], cleared.contains(where: { object[$0] != nil }) else { continue }
                for key in cleared where object[key] != nil { object[key] = null }
                objects[index] = object
            }
            archive["$objects"] = objects
        }
        archive["$top"] = top
        return try? PropertyListSerialization.data(fromPropertyList: archive, format: .binary, options: 0)
    }
}
