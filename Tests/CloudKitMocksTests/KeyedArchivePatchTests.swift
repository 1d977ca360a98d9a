import CloudKit
import Foundation
import XCTest

@testable import CloudKitMocks

/// The in-memory store gives records their server fields by moving references inside a keyed
/// archive's binary property list in place (`KeyedArchivePatch`), falling back to parsing and
/// writing the archive again when a key is missing (`SystemFields.withKeysAdded`).
final class KeyedArchivePatchTests: XCTestCase {
    /// An archive with `objects` under their keys at the top, plus `filler` other strings (to
    /// make object references wider than one byte) and a nested object with `nested`'s keys.
    private func archive(top: [String: NSObject], nested: [String: NSObject] = [:], filler: Int = 0) -> Data {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        for (key, value) in top.sorted(by: { $0.key < $1.key }) { archiver.encode(value, forKey: key) }
        if !nested.isEmpty { archiver.encode(OpaqueValuePlaceholder(values: nested), forKey: "Nested") }
        for index in 0..<filler { archiver.encode("filler \(index)" as NSString, forKey: "filler \(index)") }
        archiver.finishEncoding()
        return archiver.encodedData
    }

    private func unarchiver(_ data: Data) throws -> NSKeyedUnarchiver {
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        unarchiver.setClass(ArchivedPlaceholder.self, forClassName: NSStringFromClass(OpaqueValuePlaceholder.self))
        return unarchiver
    }

    func testTopLevelAndNestedKeysReferToTheReplacements() throws {
        for filler in [0, 300] {  // one-byte and two-byte object references
            let data = archive(
                top: ["ETag": "old" as NSString, "new.ETag": "new" as NSString, "new.Keys": NSSet(array: ["b" as NSString])],
                nested: ["Keys": NSSet(array: ["a" as NSString]), "Other": "kept" as NSString], filler: filler)
            var patch = try XCTUnwrap(KeyedArchivePatch(data))
            XCTAssertTrue(patch.redirectTopLevel([("ETag", "new.ETag")]))
            let replacement = try XCTUnwrap(patch.topLevelReference("new.Keys"))
            patch.redirectNested("Keys", to: replacement)
            XCTAssertEqual(patch.data.count, data.count, "changed in place")

            let keys = try unarchiver(patch.data)
            XCTAssertEqual(keys.decodeObject(of: NSString.self, forKey: "ETag"), "new")
            let nested = try XCTUnwrap(keys.decodeObject(of: ArchivedPlaceholder.self, forKey: "Nested"))
            XCTAssertEqual(nested.keys, ["b"])
            XCTAssertEqual(nested.other, "kept")
            if filler > 0 { XCTAssertEqual(keys.decodeObject(of: NSString.self, forKey: "filler 299"), "filler 299") }
        }
    }

    /// A cleared key refers to nil in every object that has it (a record's two value stores
    /// decode without changed keys, each making a set of its own, as Apple's value store does
    /// for a nil "ChangedKeys"). Both ways: in place, and with the archive parsed and written again.
    func testAClearedKeyRefersToNilInEveryObjectThatHasIt() throws {
        let data = KeyedArchives.data { archiver in
            archiver.encode(nil as Any?, forKey: SystemFields.nilKey)
            archiver.encode(OpaqueValuePlaceholder(values: ["Keys": NSSet(array: ["a" as NSString]), "Other": "1" as NSString]), forKey: "First")
            archiver.encode(OpaqueValuePlaceholder(values: ["Keys": NSSet(array: ["b" as NSString]), "Other": "2" as NSString]), forKey: "Second")
        }
        let inPlace = try XCTUnwrap(SystemFields.redirectedInPlace(data, topLevel: [], cleared: ["Keys"]))
        let rewritten = try XCTUnwrap(SystemFields.withKeysAdded(data, topLevel: [], cleared: ["Keys"]))
        for patched in [inPlace, rewritten] {
            let keys = try unarchiver(patched)
            let first = try XCTUnwrap(keys.decodeObject(of: ArchivedPlaceholder.self, forKey: "First"))
            let second = try XCTUnwrap(keys.decodeObject(of: ArchivedPlaceholder.self, forKey: "Second"))
            XCTAssertEqual([first.keys, second.keys], [[], []])
            XCTAssertEqual([first.other, second.other], ["1", "2"])
            XCTAssertTrue(first.keysWereNil && second.keysWereNil)
        }
    }

    func testAMissingKeyOrAnotherFormatIsNotPatched() throws {
        var patch = try XCTUnwrap(KeyedArchivePatch(archive(top: ["new.ETag": "new" as NSString])))
        XCTAssertFalse(patch.redirectTopLevel([("ETag", "new.ETag")]))
        XCTAssertNil(patch.topLevelReference("missing"))
        XCTAssertNil(KeyedArchivePatch(Data("not a property list".utf8)))
        XCTAssertNil(KeyedArchivePatch(Data()))
        let xml = try PropertyListSerialization.data(fromPropertyList: ["$top": ["ETag": "old"]], format: .xml, options: 0)
        XCTAssertNil(KeyedArchivePatch(xml))
    }

    /// An archive that lacks a top-level key (an `encode(with:)` that skips a nil value) is
    /// rewritten with the key added, so the decoded object still gets the value.
    func testAnArchiveWithoutTheKeyGetsItAdded() throws {
        let record = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "n"))
        let made: CKRecord? = SystemFields.rewritten(
            archiving: { archiver in
                archiver.encode("Note" as NSString, forKey: "RecordType")
                archiver.encode(record.recordID, forKey: "RecordID")  // no "ETag" at all
            },
            topLevel: [SystemFields.changeTagKey: "7" as NSString], cleared: [], decode: { CKRecord(coder: $0) })
        XCTAssertEqual(made?.recordChangeTag, "7")
        XCTAssertNil(SystemFields.redirectedInPlace(archive(top: ["RecordType": "Note" as NSString]), topLevel: ["ETag"], cleared: []))
    }
}

extension KeyedArchivePatchTests {
    /// A request's records are made from one archive, each with its own tag, server fields and
    /// values, and no changed keys in either store.
    func testARequestsRecordsComeFromOneArchiveEachWithItsOwnServerFields() throws {
        let report = ArchiveFormatReport()
        let systemFields = SystemFields(report: report)
        let zone = CKRecordZone.ID(zoneName: "Notes", ownerName: CKCurrentUserDefaultName)
        let items = (1...3).map { index -> (record: CKRecord, changeTag: String, server: ServerFields?) in
            let record = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "note-\(index)", zoneID: zone))
            record["text"] = "text \(index)"
            record.encryptedValues["secret"] = "secret \(index)"
            let date = Date(timeIntervalSince1970: 1_000 * Double(index))
            return (
                record, "\(index + 10)",
                index == 3
                    ? nil
                    : ServerFields(creationDate: date, creatorUserRecordName: "_a", modificationDate: date, lastModifiedUserRecordName: "_b\(index)")
            )
        }
        let made = systemFields.records(items)
        XCTAssertEqual(made.count, 3)
        for (item, record) in zip(items, made) {
            XCTAssertEqual(record.recordChangeTag, item.changeTag)
            XCTAssertEqual(record.recordID, item.record.recordID)
            XCTAssertEqual(record["text"] as? String, item.record["text"] as? String)
            XCTAssertEqual(record.encryptedValues["secret"] as? String, item.record.encryptedValues["secret"] as? String)
            XCTAssertEqual(record.changedKeys(), [])
            XCTAssertEqual(record.encryptedValues.changedKeys(), [])
            XCTAssertEqual(record.creationDate, item.server?.creationDate)
            XCTAssertEqual(record.lastModifiedUserRecordID?.recordName, item.server?.lastModifiedUserRecordName)
        }
        XCTAssertEqual(report.problems, [])
        // A key an object does not have: the batch gives nothing, and the store goes the one-record way.
        XCTAssertEqual(
            SystemFields.rewritten(
                [items[0].record], replacing: [["NoSuchKey": "x" as NSString]], clearing: "ChangedKeys", in: [],
                classNames: KeyedArchiveClassNames()
            ).map { $0 == nil },
            [true])
    }

    /// Records that share server values (one save's dates, one user, one tag) each get them,
    /// though each distinct value is archived once for the whole request.
    func testRecordsSharingServerValuesEachGetThem() throws {
        let systemFields = SystemFields(report: ArchiveFormatReport())
        let date = Date(timeIntervalSince1970: 5_000)
        let fields = ServerFields(creationDate: date, creatorUserRecordName: "_a", modificationDate: date, lastModifiedUserRecordName: "_a")
        let items = (1...4).map { index -> (record: CKRecord, changeTag: String, server: ServerFields?) in
            let record = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "n\(index)"))
            record["text"] = "text \(index)"
            return (record, "1", fields)
        }
        let made = systemFields.records(items)
        XCTAssertEqual(made.map(\.recordChangeTag), Array(repeating: "1", count: 4))
        XCTAssertEqual(made.map(\.creationDate), Array(repeating: date, count: 4))
        XCTAssertEqual(made.map(\.modificationDate), Array(repeating: date, count: 4))
        XCTAssertEqual(made.map { $0.creatorUserRecordID?.recordName }, Array(repeating: "_a", count: 4))
        XCTAssertEqual(made.map { $0.lastModifiedUserRecordID?.recordName }, Array(repeating: "_a", count: 4))
        XCTAssertEqual(made.map { $0["text"] as? String }, (1...4).map { "text \($0)" })
        // One replacement object for two records' values.
        let tag = "9" as NSString
        let both = SystemFields.rewritten(
            items.prefix(2).map(\.record), replacing: [[SystemFields.changeTagKey: tag], [SystemFields.changeTagKey: tag]],
            clearing: SystemFields.changedKeysKey, in: [SystemFields.valueStoreKey, SystemFields.encryptedValueStoreKey],
            classNames: KeyedArchiveClassNames())
        XCTAssertEqual(both.map { $0?.recordChangeTag }, ["9", "9"])
        XCTAssertEqual(both.map { $0?.changedKeys() }, [[], []])
    }
}

/// Decodes the nested placeholder of the archives above.
final class ArchivedPlaceholder: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let keys: [String]
    let keysWereNil: Bool
    let other: String?

    init?(coder: NSCoder) {
        let set = coder.decodeObject(of: [NSSet.self, NSString.self], forKey: "Keys") as? NSSet
        keysWereNil = set == nil
        keys = (set?.allObjects.compactMap { ($0 as? NSString).map { $0 as String } } ?? []).sorted()
        other = coder.decodeObject(of: NSString.self, forKey: "Other") as String?
    }

    func encode(with coder: NSCoder) {}
}
