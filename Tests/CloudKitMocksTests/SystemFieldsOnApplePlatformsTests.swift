#if canImport(Darwin)
    import CloudKit
    import CloudKitMocks
    import Foundation
    import XCTest

    /// Checks, against the REAL CloudKit, the archive keys the in-memory store takes from public
    /// decompilations: what CKRecord and CKRecordZone read in `init(coder:)` ("ETag", "RecordCtime",
    /// "RecordMtime", "CreatorUserRecordID", "LastModifiedUserRecordID", the value stores' nested
    /// "ChangedKeys", "Capabilities"; see Sources/CloudKitMocks/InMemory/SystemFields.swift). Runs only
    /// where CloudKit exists (a Mac); on Linux the stand-in uses the same keys by construction.
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    final class SystemFieldsOnApplePlatformsTests: XCTestCase {
        func testRecordsHandedOutCarryTheirTagAndNoChangedKeys() async throws {
            let cloud = InMemoryCloudKit()
            let database = cloud.mockDatabase()
            let record = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "a"))
            record["title"] = "v1" as NSString
            let saved = try await database.save(record)
            let tag = try XCTUnwrap(saved.recordChangeTag, "CloudKit read the change tag under \"ETag\"")
            XCTAssertEqual(cloud.privateDatabase.changeTag(of: saved), tag)
            XCTAssertEqual(saved["title"] as? String, "v1", "fields survive the archive round trip")
            XCTAssertEqual(saved.changedKeys(), [], "CloudKit read the changed keys under \"ChangedKeys\"")
            XCTAssertNotNil(saved.creationDate, "CloudKit read the creation date under \"RecordCtime\"")
            XCTAssertNotNil(saved.modificationDate, "CloudKit read the modification date under \"RecordMtime\"")
            XCTAssertEqual(saved.creatorUserRecordID?.recordName, CKCurrentUserDefaultName, "\"CreatorUserRecordID\"")
            XCTAssertEqual(saved.lastModifiedUserRecordID?.recordName, CKCurrentUserDefaultName, "\"LastModifiedUserRecordID\"")
            XCTAssertEqual(cloud.archiveFormat.problems, [])
            // "ChangedKeys" refers to nil in the hand-out's archive: each value store makes a set of its own.
            saved["title"] = "v1.1" as NSString
            XCTAssertEqual(saved.changedKeys(), ["title"])
            XCTAssertEqual(saved.encryptedValues.changedKeys(), [], "the stores do not share one changed-keys set")

            // The app's usual cache of system fields keeps the tag, and saves.
            let archiver = NSKeyedArchiver(requiringSecureCoding: true)
            saved.encodeSystemFields(with: archiver)
            archiver.finishEncoding()
            let rebuilt = try XCTUnwrap(CKRecord(coder: try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)))
            XCTAssertEqual(rebuilt.recordChangeTag, tag)
            rebuilt["title"] = "v2" as NSString
            _ = try await database.save(rebuilt)
        }

        func testSavedZonesCarryTheirCapabilities() async throws {
            let database = InMemoryCloudKit().mockDatabase()
            let zone = try await database.save(CKRecordZone(zoneName: "Notes"))
            XCTAssertTrue(zone.capabilities.contains([.fetchChanges, .atomic]), "CloudKit read the capabilities under \"Capabilities\"")
        }
    }
#endif
