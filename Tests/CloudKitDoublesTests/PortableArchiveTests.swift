import CloudKit
import Foundation
import XCTest

@testable import CloudKitDoubles

/// Archives that read on every platform (cassettes recorded on a Mac replay on Linux, and the
/// reverse): on Linux the stand-in's classes are written and read under Apple's class names, and
/// values in an archive CloudKit made (no stand-in types) are read off their objects.
final class PortableArchiveTests: XCTestCase {
    func record() -> CKRecord {
        let record = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "a", zoneID: CKRecordZone.ID(zoneName: "Notes")))
        record["title"] = "hello"
        record["count"] = 3
        record["ratio"] = 0.5
        record["done"] = true
        record["when"] = Date(timeIntervalSince1970: 1_000)
        return record
    }

    /// The class names an archive's objects are written under.
    func classNames(in data: Data) throws -> Set<String> {
        let plist = try XCTUnwrap(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let objects = try XCTUnwrap(plist["$objects"] as? [Any])
        return Set(objects.compactMap { ($0 as? [String: Any])?["$classname"] as? String })
    }

    func testRecordsAreArchivedUnderApplesClassNames() throws {
        let data = try PortableArchive.data(record())
        let names = try classNames(in: data)
        XCTAssertTrue(names.isSuperset(of: ["CKRecordID", "CKRecordZoneID", "CKRecordValueStore", "CKEncryptedRecordValueStore"]), "\(names)")
        XCTAssertFalse(names.contains { $0.hasPrefix("CloudKit.") }, "\(names)")
        // The root object is the record itself, under Apple's name.
        let restored = try XCTUnwrap(try PortableArchive.object(of: [CKRecord.self], from: data) as? CKRecord)
        XCTAssertEqual(restored["title"] as? String, "hello")
        XCTAssertEqual(restored.recordID, record().recordID)
    }

    /// An archive as CloudKit writes one: Apple's class names and no stand-in types beside the
    /// values. Every value comes back with its Swift type.
    func testAnArchiveWithoutTheStandInsTypesReadsItsValues() throws {
        let data = try PortableArchive.data(record())
        var plist = try XCTUnwrap(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        var objects = try XCTUnwrap(plist["$objects"] as? [Any])
        for index in objects.indices {
            guard var object = objects[index] as? [String: Any], object["StandInValueTypes"] != nil else { continue }
            object["StandInValueTypes"] = nil
            objects[index] = object
        }
        plist["$objects"] = objects
        let stripped = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        let restored = try XCTUnwrap(try PortableArchive.object(of: [CKRecord.self], from: stripped) as? CKRecord)
        XCTAssertEqual(restored["title"] as? String, "hello")
        XCTAssertEqual(restored["count"] as? Int, 3)
        XCTAssertEqual(restored["ratio"] as? Double, 0.5)
        XCTAssertEqual(restored["done"] as? Bool, true)
        XCTAssertEqual(restored["when"] as? Date, Date(timeIntervalSince1970: 1_000))
    }

    /// An asset field is archived as Apple archives it: a `CKAsset` object (the value store
    /// encodes its values dictionary as it is) with Apple's keys, `AssetFileURL` among them. An
    /// archive that carries one, from either platform, reads back with the asset.
    func testAnAssetFieldIsArchivedAsACKAssetWithApplesKeys() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("PortableArchiveTests-\(UUID().uuidString)")
        try Data("picture".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let record = record()
        record["picture"] = CKAsset(fileURL: file)
        let data = try PortableArchive.data(record)
        XCTAssertTrue(try classNames(in: data).contains("CKAsset"))
        let plist = try XCTUnwrap(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let objects = try XCTUnwrap(plist["$objects"] as? [Any])
        let asset = try XCTUnwrap(objects.compactMap { $0 as? [String: Any] }.first { $0["AssetFileURL"] != nil })
        XCTAssertEqual(asset["AssetSize"] as? Int, 7)
        XCTAssertEqual(asset["AssetHasSize"] as? Bool, true)
        XCTAssertNotNil(asset["AssetUUID"])
        let restored = try XCTUnwrap(try PortableArchive.object(of: [CKRecord.self], from: data) as? CKRecord)
        XCTAssertEqual((restored["picture"] as? CKAsset)?.fileURL?.standardizedFileURL, file.standardizedFileURL)
        XCTAssertEqual(restored["title"] as? String, "hello", "the rest of the record reads too")
    }

    func testTokensAndZonesTravelToo() throws {
        let zone = CKRecordZone(zoneName: "Notes")
        let restored = try XCTUnwrap(try PortableArchive.object(of: [CKRecordZone.self], from: try PortableArchive.data(zone)) as? CKRecordZone)
        XCTAssertEqual(restored.zoneID, zone.zoneID)
        XCTAssertTrue(try classNames(in: try PortableArchive.data(zone)).contains("CKRecordZone"))
    }
}
