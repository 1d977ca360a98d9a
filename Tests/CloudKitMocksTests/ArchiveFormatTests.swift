import CloudKit
import Foundation
import XCTest

@testable import CloudKitMocks

/// The stand-in's NSSecureCoding formats are Apple's (issue #22, point 2): for each class the
/// store or the tests archive, the keys and nesting `encode(with:)` writes, what `init?(coder:)`
/// does with a missing key, and equality, each as read in a public decompilation of
/// CloudKit.framework (iOS 18.2; see the comment on each class in Sources/CloudKit). On a
/// Mac these run against the real CloudKit, so they also check the decompilation.
final class ArchiveFormatTests: XCTestCase {
    /// The keys an object writes at the top of an archive, read back with an unarchiver.
    private func encoded(_ encode: (NSKeyedArchiver) -> Void) throws -> NSKeyedUnarchiver {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        encode(archiver)
        archiver.finishEncoding()
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        return unarchiver
    }

    /// Decodes `type` from an archive holding exactly `values` (Apple's keys, or some missing).
    private func decoded<T: NSObject & NSSecureCoding>(_ type: T.Type, from values: [String: NSObject]) throws -> T? {
        let archive = try NSKeyedArchiver.archivedData(withRootObject: OpaqueValuePlaceholder(values: values), requiringSecureCoding: true)
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archive)
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        unarchiver.setClass(type, forClassName: NSStringFromClass(OpaqueValuePlaceholder.self))
        return unarchiver.decodeObject(of: type, forKey: NSKeyedArchiveRootObjectKey)
    }

    let zoneID = CKRecordZone.ID(zoneName: "Notes", ownerName: "_owner")

    func testAZoneIDWritesZoneNameAndLowerCaseOwnerName() throws {
        let keys = try encoded { zoneID.encode(with: $0) }
        XCTAssertEqual(keys.decodeObject(of: NSString.self, forKey: "ZoneName"), "Notes")
        XCTAssertEqual(keys.decodeObject(of: NSString.self, forKey: "ownerName"), "_owner")
        XCTAssertFalse(keys.containsValue(forKey: "OwnerName"))
        let made = try decoded(CKRecordZone.ID.self, from: ["ZoneName": "Notes" as NSString, "ownerName": "_owner" as NSString])
        XCTAssertEqual(made, zoneID)
        XCTAssertEqual(made?.hash, zoneID.hash)
        XCTAssertNotEqual(zoneID, CKRecordZone.ID(zoneName: "Notes", ownerName: "_other"))
    }

    func testARecordIDWritesRecordNameAndAZoneIDObject() throws {
        let id = CKRecord.ID(recordName: "a", zoneID: zoneID)
        let keys = try encoded { id.encode(with: $0) }
        XCTAssertEqual(keys.decodeObject(of: NSString.self, forKey: "RecordName"), "a")
        XCTAssertEqual(keys.decodeObject(of: CKRecordZone.ID.self, forKey: "ZoneID"), zoneID)
        XCTAssertEqual(try decoded(CKRecord.ID.self, from: ["RecordName": "a" as NSString, "ZoneID": zoneID]), id)
        #if !canImport(Darwin)
            // Apple raises an Objective-C exception here (which would end a Mac test run); the stand-in fails the decode.
            XCTAssertNil(try decoded(CKRecord.ID.self, from: ["RecordName": "a" as NSString]))
        #endif
        XCTAssertEqual(id.hash, CKRecord.ID(recordName: "a", zoneID: zoneID).hash)
    }

    func testAReferenceWritesLowerCaseRecordIDAndAnInt64Action() throws {
        let id = CKRecord.ID(recordName: "a", zoneID: zoneID)
        let reference = CKRecord.Reference(recordID: id, action: .deleteSelf)
        let keys = try encoded { reference.encode(with: $0) }
        XCTAssertEqual(keys.decodeObject(of: CKRecord.ID.self, forKey: "recordID"), id)
        XCTAssertEqual(keys.decodeInt64(forKey: "referenceAction"), 1)
        XCTAssertEqual(CKRecord.Reference(coder: try encoded { reference.encode(with: $0) }), reference)
        #if !canImport(Darwin)
            XCTAssertNil(try decoded(CKRecord.Reference.self, from: [:]), "Apple raises; the stand-in fails the decode")
        #endif
        XCTAssertEqual(reference.hash, id.hash, "Apple's hash is the record ID's")
    }

    func testAZoneWritesItsZoneIDObjectAndCapabilitiesAsAnNSNumber() throws {
        let keys = try encoded { CKRecordZone(zoneID: zoneID).encode(with: $0) }
        XCTAssertEqual(keys.decodeObject(of: CKRecordZone.ID.self, forKey: "ZoneID"), zoneID)
        XCTAssertEqual(keys.decodeObject(of: NSNumber.self, forKey: "Capabilities"), 0)
        let made = try XCTUnwrap(try decoded(CKRecordZone.self, from: ["ZoneID": zoneID, "Capabilities": NSNumber(value: UInt(3))]))
        XCTAssertEqual(made.capabilities, [.fetchChanges, .atomic])
        XCTAssertEqual(try decoded(CKRecordZone.self, from: ["ZoneID": zoneID])?.capabilities, [], "missing capabilities are 0")
        XCTAssertNotEqual(made, try decoded(CKRecordZone.self, from: ["ZoneID": zoneID]), "identity equality")
    }

    func testAZoneReadsItsZoneWideShareFromShareReference() throws {
        let share = CKRecord.Reference(recordID: CKRecord.ID(recordName: CKRecordNameZoneWideShare, zoneID: zoneID), action: .none)
        let made = try XCTUnwrap(try decoded(CKRecordZone.self, from: ["ZoneID": zoneID, "ShareReference": share]))
        XCTAssertEqual(made.share, share)
        XCTAssertEqual((made.copy() as? CKRecordZone)?.share, share, "a copy keeps it")
        XCTAssertEqual(try encoded { made.encode(with: $0) }.decodeObject(of: CKRecord.Reference.self, forKey: "ShareReference"), share)
        XCTAssertNil(CKRecordZone(zoneID: zoneID).share, "a zone the app makes has none")
    }

    func testAZoneSubscriptionWritesItsTypeZoneAndNotificationInfo() throws {
        let subscription = CKRecordZoneSubscription(zoneID: zoneID, subscriptionID: "notes")
        subscription.recordType = "Note"
        let info = CKSubscription.NotificationInfo(alertBody: "New note", desiredKeys: ["title"], shouldSendContentAvailable: true)
        subscription.notificationInfo = info
        let keys = try encoded { subscription.encode(with: $0) }
        XCTAssertEqual(keys.decodeObject(of: NSString.self, forKey: "serverID"), "notes")
        XCTAssertEqual(keys.decodeInt64(forKey: "subscriptionType"), 2, "CKSubscriptionTypeRecordZone")
        XCTAssertEqual(keys.decodeObject(of: NSString.self, forKey: "recordType"), "Note")
        XCTAssertEqual(keys.decodeObject(of: CKRecordZone.ID.self, forKey: "ZoneID"), zoneID)
        let infoKeys = try encoded { info.encode(with: $0) }
        XCTAssertEqual(infoKeys.decodeObject(of: NSString.self, forKey: "alertString"), "New note")
        XCTAssertEqual(infoKeys.decodeObject(of: [NSArray.self, NSString.self], forKey: "desiredKeys") as? [String], ["title"])
        XCTAssertTrue(infoKeys.decodeBool(forKey: "shouldSendContentAvailable"))
        XCTAssertFalse(infoKeys.decodeBool(forKey: "shouldBadge"))
        let archive = try NSKeyedArchiver.archivedData(withRootObject: subscription, requiringSecureCoding: true)
        let back = try XCTUnwrap(try NSKeyedUnarchiver.unarchivedObject(ofClass: CKRecordZoneSubscription.self, from: archive))
        XCTAssertEqual(back.zoneID, zoneID)
        XCTAssertEqual(back.recordType, "Note")
        XCTAssertEqual(back.subscriptionType, .recordZone)
        XCTAssertEqual(back.notificationInfo?.alertBody, "New note")
        XCTAssertEqual(back.notificationInfo?.desiredKeys, ["title"])
        XCTAssertEqual(back.notificationInfo?.shouldSendContentAvailable, true)
    }

    func testATokenIsItsBytesUnderChangeTokenDataAndComparesByThem() throws {
        let bytes = Data("server".utf8)
        let token = try XCTUnwrap(try decoded(CKServerChangeToken.self, from: ["ChangeTokenData": bytes as NSData]))
        XCTAssertEqual(try encoded { token.encode(with: $0) }.decodeObject(of: NSData.self, forKey: "ChangeTokenData") as Data?, bytes)
        XCTAssertEqual(token, try decoded(CKServerChangeToken.self, from: ["ChangeTokenData": bytes as NSData]))
        XCTAssertNotEqual(token, try decoded(CKServerChangeToken.self, from: ["ChangeTokenData": Data("other".utf8) as NSData]))
        let empty = try XCTUnwrap(try decoded(CKServerChangeToken.self, from: [:]), "a missing key decodes, with nil data")
        XCTAssertEqual(empty, try decoded(CKServerChangeToken.self, from: [:]), "both nil: equal")
        XCTAssertNotEqual(empty, token)
    }

    func testACursorIsItsBytesAndZoneAndComparesByIdentity() throws {
        let values: [String: NSObject] = ["CursorData": Data("c".utf8) as NSData, "ZoneID": zoneID]
        let cursor = try XCTUnwrap(try decoded(CKQueryOperation.Cursor.self, from: values))
        let keys = try encoded { cursor.encode(with: $0) }
        XCTAssertEqual(keys.decodeObject(of: NSData.self, forKey: "CursorData") as Data?, Data("c".utf8))
        XCTAssertEqual(keys.decodeObject(of: CKRecordZone.ID.self, forKey: "ZoneID"), zoneID)
        XCTAssertNotEqual(cursor, try decoded(CKQueryOperation.Cursor.self, from: values))
        XCTAssertNotNil(try decoded(CKQueryOperation.Cursor.self, from: [:]), "missing keys leave nil properties")
    }

    /// System fields at the top; values and changed keys inside a nested value store.
    func testARecordWritesSystemFieldsAtTheTopAndValuesInNestedStores() throws {
        let record = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "a", zoneID: zoneID))
        record["title"] = "hello"
        record.encryptedValues["secret"] = "s"
        let keys = try encoded { record.encode(with: $0) }
        XCTAssertEqual(keys.decodeObject(of: NSString.self, forKey: "RecordType"), "Note")
        XCTAssertEqual(keys.decodeObject(of: CKRecord.ID.self, forKey: "RecordID"), record.recordID)
        for key in [
            "RecordCtime", "RecordMtime", "CreatorUserRecordID", "LastModifiedUserRecordID", "ETag", "ShareReference", "ParentReference",
            "ValueStore", "EncryptedValueStore",
        ] {
            XCTAssertTrue(keys.containsValue(forKey: key), key)
        }
        XCTAssertFalse(keys.containsValue(forKey: "ChangedKeys"), "changed keys live in the value stores")
        XCTAssertFalse(keys.containsValue(forKey: "RecordValues"))

        let systemFields = try encoded { record.encodeSystemFields(with: $0) }
        XCTAssertFalse(systemFields.containsValue(forKey: "ValueStore"), "system fields carry no values")

        let restored = try XCTUnwrap(CKRecord(coder: try encoded { record.encode(with: $0) }))
        XCTAssertEqual(restored["title"] as? String, "hello")
        XCTAssertEqual(restored.encryptedValues["secret"] as? String, "s")
        XCTAssertNil(restored["secret"], "encrypted values are a store of their own")
        XCTAssertEqual(restored.changedKeys(), ["title"])
        XCTAssertEqual(restored.encryptedValues.changedKeys(), ["secret"])
        XCTAssertNotEqual(restored, record, "CKRecord compares by identity")
    }

    /// Values keep their Swift types through an archive: numbers of each kind, lists, and lists
    /// of references (a record's `.deleteSelf` list).
    /// A value store's collections are archived as Apple's mutable classes (the decompiled
    /// `-[CKRecordValueStore initWithCoder:]` reads "RecordValues", "OriginalValues" and
    /// "ChangedKeys" as dictionaries and a set), whatever class the stand-in makes them with, and
    /// two records with equal values in one archive read back each with its own values.
    func testValueStoresArchiveApplesCollectionClassesAndRecordsKeepTheirOwn() throws {
        let records = (1...2).map { _ -> CKRecord in
            let record = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: UUID().uuidString))
            record["text"] = "same"
            record["count"] = 2
            record["when"] = Date(timeIntervalSinceReferenceDate: 817_258_395.195)
            return record
        }
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        for (index, record) in records.enumerated() { archiver.encode(record, forKey: "r\(index)") }
        archiver.finishEncoding()
        let plist = try XCTUnwrap(try PropertyListSerialization.propertyList(from: archiver.encodedData, format: nil) as? [String: Any])
        let classNames = Set((plist["$objects"] as? [Any] ?? []).compactMap { ($0 as? [String: Any])?["$classname"] as? String })
        XCTAssertTrue(classNames.isSuperset(of: ["NSMutableDictionary", "NSMutableSet", "NSDate"]), "\(classNames)")
        XCTAssertFalse(classNames.contains { $0.contains("StandIn") }, "\(classNames)")

        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        let decoded = try (0..<2).map { try XCTUnwrap(unarchiver.decodeObject(of: CKRecord.self, forKey: "r\($0)")) }
        decoded[0]["text"] = "changed"
        XCTAssertEqual(decoded[1]["text"] as? String, "same")
        XCTAssertEqual(decoded.map { $0["count"] as? Int }, [2, 2])
        XCTAssertEqual(
            decoded.map { $0["when"] as? Date },
            [Date(timeIntervalSinceReferenceDate: 817_258_395.195), Date(timeIntervalSinceReferenceDate: 817_258_395.195)])
        XCTAssertEqual(decoded.map { $0.changedKeys().sorted() }, [["count", "text", "when"], ["count", "text", "when"]])
    }

    func testValuesKeepTheirTypesThroughAnArchive() throws {
        let record = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "a", zoneID: zoneID))
        let target = CKRecord.ID(recordName: "t", zoneID: zoneID)
        record["count"] = 3
        record["ratio"] = 0.5
        record["done"] = true
        record["tags"] = ["a", "b"]
        record["links"] = [CKRecord.Reference(recordID: target, action: .deleteSelf)]
        record["big"] = Int64(1) << 40
        record["sizes"] = [Int64(1), Int64(2)]
        let restored = try XCTUnwrap(CKRecord(coder: try encoded { record.encode(with: $0) }))
        XCTAssertEqual(restored["count"] as? Int, 3)
        XCTAssertEqual(restored["big"] as? Int64, Int64(1) << 40)
        XCTAssertEqual(restored["sizes"] as? [Int64], [1, 2])
        XCTAssertEqual(restored["ratio"] as? Double, 0.5)
        XCTAssertEqual(restored["done"] as? Bool, true)
        XCTAssertEqual(restored["tags"] as? [String], ["a", "b"])
        XCTAssertEqual((restored["links"] as? [CKRecord.Reference])?.map(\.recordID), [target])
    }

    #if !canImport(Darwin)
        /// The stand-in writes the Swift types of a store's values (a key Apple's format does not
        /// have) only when the objects do not tell them: an Int64 would read back as an Int.
        func testTheStandInWritesValueTypesOnlyWhenTheObjectsDoNotTellThem() throws {
            func storeKeys(_ record: CKRecord) throws -> [[String]] {
                let data = KeyedArchives.data { record.encode(with: $0) }
                let plist = try XCTUnwrap(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
                let objects = try XCTUnwrap(plist["$objects"] as? [Any]).compactMap { $0 as? [String: Any] }
                return objects.filter { $0["ChangedKeys"] != nil }.map { $0.keys.sorted() }.sorted { $0.count > $1.count }
            }
            let record = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "a", zoneID: zoneID))
            record["text"] = "hello"
            record["count"] = 3
            record["done"] = true
            record["when"] = Date(timeIntervalSince1970: 1_000)
            record["tags"] = ["a"]
            record.encryptedValues["ratio"] = 0.5
            let plain = ["$class", "ChangedKeys", "OriginalValues", "RecordValues"]
            XCTAssertEqual(try storeKeys(record), [plain, plain])
            record["big"] = Int64(7)
            XCTAssertEqual(try storeKeys(record), [plain + ["StandInValueTypes"], plain])
            let restored = try XCTUnwrap(CKRecord(coder: try encoded { record.encode(with: $0) }))
            XCTAssertEqual(restored["big"] as? Int64, 7)
            XCTAssertEqual(restored["count"] as? Int, 3)
        }
    #endif

    func testARecordWithoutTypeOrIDDoesNotDecodeAndMissingStoresAreEmpty() throws {
        XCTAssertNil(try decoded(CKRecord.self, from: ["RecordType": "Note" as NSString]))
        let bare = try XCTUnwrap(try decoded(CKRecord.self, from: ["RecordType": "Note" as NSString, "RecordID": CKRecord.ID(recordName: "a")]))
        XCTAssertEqual(bare.allKeys(), [])
        XCTAssertNil(bare.recordChangeTag)
        XCTAssertNil(bare.creationDate)
    }

    // MARK: 10. encryptedValues

    /// Apple's sample keeps every field in `encryptedValues`; a record round trips through the
    /// in-memory CloudKit with them, and `changedKeys` saves write them.
    func testEncryptedValuesSurviveTheStoreAndItsSavePolicies() async throws {
        let cloud = InMemoryCloudKit()
        let database = cloud.mockDatabase()
        let record = CKRecord(recordType: "Contact", recordID: CKRecord.ID(recordName: "c"))
        record.encryptedValues["name"] = "Ada"
        let saved = try await database.save(record)
        XCTAssertEqual(saved.encryptedValues["name"] as? String, "Ada")
        XCTAssertEqual(saved.encryptedValues.changedKeys(), [], "like a record from the server")

        saved.encryptedValues["name"] = "Ada L."
        let operation = CKModifyRecordsOperation(recordsToSave: [saved])
        operation.savePolicy = .changedKeys
        let done = expectation(description: "saved")
        operation.modifyRecordsResultBlock = { _ in done.fulfill() }
        database.add(operation)
        await fulfillment(of: [done], timeout: 5)
        let fetched = try await database.record(for: record.recordID)
        XCTAssertEqual(fetched.encryptedValues["name"] as? String, "Ada L.")
    }
}
