import CloudKit
import Foundation
import XCTest

@testable import CloudKitMocks

/// The in-memory store writes the archives it hands records out from with a coder of its own
/// (`KeyedArchiveWriter`); `NSKeyedUnarchiver` and the classes' `init?(coder:)` read them. Each
/// archive must be the one `NSKeyedArchiver` writes, object for object: the same keys, classes
/// (`$classname`, `$classes`) and values. On a Mac these compare with Apple's archiver and the
/// real CloudKit's `encode(with:)`.
final class KeyedArchiveWriterTests: XCTestCase {
    let zoneID = CKRecordZone.ID(zoneName: "Notes", ownerName: "_owner")

    /// Every kind of value a record holds, in both stores, with a parent. No number object equals
    /// another of another type here (`true` and 1): swift-corelibs-foundation's archiver merges
    /// those (see `testTrueAndOneKeepTheirTypes`).
    private func fullRecord() -> CKRecord {
        let record = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "a", zoneID: zoneID))
        let target = CKRecord.ID(recordName: "t", zoneID: zoneID)
        record["text"] = "hello"
        record["long"] = "a title longer than fifteen characters, with é and 🎈"
        record["count"] = 3
        record["big"] = Int64(1) << 40
        record["negative"] = -7
        record["ratio"] = 0.5
        record["done"] = true
        record["when"] = Date(timeIntervalSinceReferenceDate: 817_258_395.195)
        record["bytes"] = Data((0..<40).map { UInt8($0) })
        record["tags"] = ["a", "b"]
        record["sizes"] = [Int64(7), Int64(8)]
        record["link"] = CKRecord.Reference(recordID: target, action: .deleteSelf)
        record["links"] = [CKRecord.Reference(recordID: target, action: .none)]
        record.encryptedValues["secret"] = "s"
        record.setParent(target)
        return record
    }

    private func samples() throws -> [(name: String, object: NSObject)] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("KeyedArchiveWriterTests-\(UUID().uuidString)")
        try Data("asset".utf8).write(to: file)
        addTeardownBlock { try? FileManager.default.removeItem(at: file) }
        let withAsset = CKRecord(recordType: "Photo", recordID: CKRecord.ID(recordName: "p", zoneID: zoneID))
        withAsset["photo"] = CKAsset(fileURL: file)
        let many = CKRecord(recordType: "Many", recordID: CKRecord.ID(recordName: "m", zoneID: zoneID))
        for index in 0..<300 { many["field\(index)"] = "value \(index)" }  // references and UIDs of two bytes
        return [
            ("a record with every kind of value", fullRecord()), ("a record without values", CKRecord(recordType: "Empty")),
            ("a record with an asset", withAsset), ("a record with 300 fields", many), ("a share", CKShare(recordZoneID: zoneID)),
            ("a zone", CKRecordZone(zoneID: zoneID)), ("a zone ID", zoneID),
            ("numbers, strings and data", OpaqueValuePlaceholder(values: scalars)),
        ]
    }

    private var scalars: [String: OpaqueValues.Value] {
        [
            "yes": .bool(true), "no": .bool(false), "int": .integer(-5), "int64": .int64(Int64.min), "$dollar": .integer(1),
            "boolean object": .object(NSNumber(value: true)), "int8": .object(NSNumber(value: Int8(2))),
            "large": .object(NSNumber(value: UInt64.max)), "float": .object(NSNumber(value: Float(1.5))), "double": .object(NSNumber(value: 2.25)),
            "empty string": .object("" as NSString), "utf16": .object("日本" as NSString), "data": .object(Data(count: 16) as NSData),
            "url": .object(URL(string: "https://example.com/a/b?c=d")! as NSURL), "array": .object(["x", 5, 2.5] as NSArray),
            "set": .object(NSSet(array: ["p" as NSString, "q" as NSString])),
            "dictionary": .object(["k": "v", "n": NSNumber(value: 3)] as NSDictionary), "date": .object(Date(timeIntervalSince1970: 0) as NSDate),
        ]
    }

    func testTheWritersArchiveHoldsWhatNSKeyedArchiversHolds() throws {
        for (name, object) in try samples() {
            let expected = KeyedArchives.data { $0.encode(object, forKey: "root") }
            let writer = KeyedArchiveWriter(classNames: KeyedArchiveClassNames())
            _ = writer.encodeTopLevel(object, forKey: "root")
            let written = try XCTUnwrap(writer.finishedData(), name)
            XCTAssertEqual(try ArchiveTree(written).root("root"), try ArchiveTree(expected).root("root"), name)
        }
    }

    /// A record holding `true` and 1 (or `false` and 0) hands them out as a `Bool` and an `Int`.
    /// swift-corelibs-foundation's `NSKeyedArchiver` merges equal objects, and an `NSNumber` of
    /// `true` equals one of 1, so whichever it archived first took the other's type; Apple's, and
    /// the writer, keep one entry per object.
    func testTrueAndOneKeepTheirTypes() throws {
        let cloud = InMemoryCloudKit()
        let record = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "n"))
        record["flag"] = true
        record["count"] = 1
        record["off"] = false
        record["zero"] = 0
        let handedOut = try XCTUnwrap(cloud.privateDatabase.seed([record]).first)
        XCTAssertEqual(handedOut["flag"] as? Bool, true)
        XCTAssertEqual(handedOut["count"] as? Int, 1)
        XCTAssertEqual(handedOut["off"] as? Bool, false)
        XCTAssertEqual(handedOut["zero"] as? Int, 0)
        XCTAssertEqual(cloud.archiveFormat.problems, [])
    }

    func testRecordsDecodeFromTheWritersArchiveAsFromNSKeyedArchivers() throws {
        let record = fullRecord()
        let writer = KeyedArchiveWriter(classNames: KeyedArchiveClassNames())
        _ = writer.encodeTopLevel(record, forKey: "root")
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: try XCTUnwrap(writer.finishedData()))
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        let decoded = try XCTUnwrap(unarchiver.decodeObject(of: CKRecord.self, forKey: "root"))
        XCTAssertNil(unarchiver.error)
        XCTAssertEqual(decoded.recordID, record.recordID)
        XCTAssertEqual(decoded.allKeys(), record.allKeys())
        for key in record.allKeys() {
            XCTAssertEqual((decoded[key] as? NSObject)?.description, (record[key] as? NSObject)?.description, key)
        }
        XCTAssertEqual(decoded["big"] as? Int64, Int64(1) << 40)
        XCTAssertEqual(decoded["done"] as? Bool, true)
        XCTAssertEqual(decoded["ratio"] as? Double, 0.5)
        XCTAssertEqual(decoded.encryptedValues["secret"] as? String, "s")
        XCTAssertEqual(decoded.parent?.recordID, record.parent?.recordID)
        XCTAssertEqual(decoded.changedKeys().sorted(), record.changedKeys().sorted())
    }

    /// A redirected key's old value is not in the archive any more; the new one is, once.
    func testRedirectedKeysReferToTheirNewValuesAndOldValuesAreLeftOut() throws {
        let record = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "a", zoneID: zoneID))
        record["text"] = "kept"
        let writer = KeyedArchiveWriter(classNames: KeyedArchiveClassNames())
        let entry = writer.encodeTopLevel(record, forKey: "root")
        let store = try XCTUnwrap(writer.entry("ValueStore", of: entry))
        XCTAssertNil(writer.entry("RecordType", of: entry), "a string is no object with keys")
        XCTAssertTrue(writer.redirect("RecordType", of: entry, to: writer.entry(of: "Renamed" as NSString)))
        XCTAssertTrue(writer.redirect("ChangedKeys", of: store, to: 0))
        XCTAssertFalse(writer.redirect("NoSuchKey", of: entry, to: 0))
        let archive = try XCTUnwrap(writer.finishedData())
        let objects = try XCTUnwrap(try PropertyListSerialization.propertyList(from: archive, format: nil) as? [String: Any])["$objects"] as? [Any]
        XCTAssertFalse(objects?.contains { ($0 as? String) == "Note" } ?? true, "the old type is left out")
        XCTAssertEqual(
            objects?.filter { ($0 as? [String: Any])?["NS.objects"] != nil && ($0 as? [String: Any])?["NS.keys"] == nil }.count, 1,
            "one set: the encrypted store's changed keys; the cleared one is left out")
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archive)
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        let decoded = try XCTUnwrap(unarchiver.decodeObject(of: CKRecord.self, forKey: "root"))
        XCTAssertEqual(decoded.recordType, "Renamed")
        XCTAssertEqual(decoded["text"] as? String, "kept")
        XCTAssertEqual(decoded.changedKeys(), [])
    }

    /// What the writer does not write (unkeyed coding, Foundation classes it does not know) gives
    /// no archive, and the store archives with `NSKeyedArchiver` instead.
    func testUnkeyedCodingOrAnUnknownFoundationClassGivesNoArchive() throws {
        let unkeyed = KeyedArchiveWriter(classNames: KeyedArchiveClassNames())
        _ = unkeyed.encodeTopLevel(UnkeyedCoding(), forKey: "root")
        XCTAssertNil(unkeyed.finishedData())
        let uuid = KeyedArchiveWriter(classNames: KeyedArchiveClassNames())
        _ = uuid.encodeTopLevel(OpaqueValuePlaceholder(values: ["id": UUID() as NSUUID]), forKey: "root")
        XCTAssertNil(uuid.finishedData())
    }
}

/// Encodes a value without a key.
final class UnkeyedCoding: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    override init() {}
    init?(coder: NSCoder) { nil }
    func encode(with coder: NSCoder) { coder.encode("unkeyed" as NSString) }
}

/// A keyed archive as a tree, from a top-level key down, whatever the entries' numbering and
/// whichever equal objects the archiver merged: each object its class names and its keys
/// (a dictionary's entries and a set's members in a canonical order), each value with its type.
struct ArchiveTree {
    private let objects: [Any]
    private let top: [String: Any]

    init(_ archive: Data) throws {
        let plist = try XCTUnwrap(try PropertyListSerialization.propertyList(from: archive, format: nil) as? [String: Any])
        XCTAssertEqual(plist["$archiver"] as? String, "NSKeyedArchiver")
        XCTAssertEqual((plist["$version"] as? NSNumber)?.intValue, 100_000)
        objects = try XCTUnwrap(plist["$objects"] as? [Any])
        top = try XCTUnwrap(plist["$top"] as? [String: Any])
    }

    /// The tree under top-level `key`; values of keys in `ignoring` (an identifier made anew for
    /// each archive) are left out.
    func root(_ key: String, ignoring: Set<String> = ["AssetUUID"]) throws -> String {
        try describe(XCTUnwrap(top[key]), depth: 0, ignoring: ignoring)
    }

    private func describe(_ value: Any, depth: Int, ignoring: Set<String>) throws -> String {
        guard depth < 40 else { return "…" }
        let inner = { (value: Any) throws -> String in try describe(value, depth: depth + 1, ignoring: ignoring) }
        if let uid = Self.uid(value) {
            let object = objects[uid]
            guard let keyed = object as? [String: Any] else { return uid == 0 ? "$null" : try inner(object) }
            let classDictionary = try XCTUnwrap(keyed["$class"].flatMap(Self.uid).map { objects[$0] } as? [String: Any])
            let className = classDictionary["$classname"] as? String ?? "?"
            let classes = (classDictionary["$classes"] as? [String] ?? []).joined(separator: ">")
            var members: [String] = []
            var listed: Set<String> = ["$class"]
            if let keys = keyed["NS.keys"] as? [Any], let values = keyed["NS.objects"] as? [Any] {
                members = try zip(keys, values).map { try inner($0) + ": " + inner($1) }.sorted()
                listed.formUnion(["NS.keys", "NS.objects"])
            } else if className.contains("Set"), let elements = keyed["NS.objects"] as? [Any] {
                members = try elements.map(inner).sorted()
                listed.insert("NS.objects")
            }
            let others = try keyed.filter { !listed.contains($0.key) }.sorted { $0.key < $1.key }.map { key, value in
                "\(key)=\(ignoring.contains(key) ? "…" : try inner(value))"
            }
            return "\(className)(\(classes)){\((members + others).joined(separator: ", "))}"
        }
        switch value {
        case let string as String: return "\"\(string)\""
        case let data as Data: return "data(\(data.map { String($0) }.joined(separator: ",")))"
        case let array as [Any]: return "[\(try array.map(inner).joined(separator: ", "))]"
        default:
            let number = try XCTUnwrap(value as? NSNumber, "\(type(of: value))")
            if number === NSNumber(value: true) || number === NSNumber(value: false) { return "bool(\(number.boolValue))" }
            return "number(\(String(cString: number.objCType)) \(number))"
        }
    }

    /// A UID's value: a stored property on Linux, the description on Apple platforms.
    private static func uid(_ value: Any) -> Int? {
        guard String(describing: type(of: value)).contains("KeyedArchiverUID") else { return nil }
        if let stored = Mirror(reflecting: value).children.first(where: { $0.label == "value" })?.value as? UInt32 { return Int(stored) }
        let description = String(describing: value)
        guard let range = description.range(of: "value = ") else { return nil }
        return Int(description[range.upperBound...].prefix { $0.isNumber })
    }
}
