import CloudDoubleRuntime
import CloudKit
import Foundation
import XCTest

@testable import CloudKitMocks

/// Mints change tokens and query cursors for tests the one public way (decoding a keyed archive, as
/// an app restores a persisted token), and remembers the label each was minted under.
enum Minted {
    private static let labels = Locked<[ObjectIdentifier: String]>([:])

    static func token(_ label: String) -> CKServerChangeToken { remember(OpaqueValues.token(bytes(label))!, label) }
    static func cursor(_ label: String) -> CKQueryOperation.Cursor { remember(OpaqueValues.cursor(bytes(label), zoneID: nil)!, label) }

    /// Unique bytes for a label.
    static func bytes(_ label: String) -> Data { Data("\(label) \(UUID().uuidString)".utf8) }

    /// The label a value was minted under here, or "unknown".
    static func label(_ value: AnyObject) -> String {
        labels.withLock { $0[ObjectIdentifier(value)] } ?? "unknown"
    }

    private static func remember<T: AnyObject>(_ value: T, _ label: String) -> T {
        labels.withLock { $0[ObjectIdentifier(value)] = label }
        return value
    }
}

/// What the stand-in (and, under `canImport(Darwin)`, the real SDK) must do the way Apple's does.
final class StandInTests: XCTestCase {
    // MARK: CKError

    func testAnNSErrorInTheDomainMatchesTheCodesCatchPattern() {
        let error = CKError(_nsError: NSError(domain: CKErrorDomain, code: 22))
        var caught = "nothing"
        do { throw error } catch CKError.batchRequestFailed { caught = "batchRequestFailed" } catch { caught = "\(error)" }
        XCTAssertEqual(caught, "batchRequestFailed")
    }

    func testACKErrorIsCaughtByTypeAndCode() {
        var caught = "nothing"
        do { throw CKError(.zoneBusy, userInfo: [CKErrorRetryAfterKey: 2.5]) } catch let error as CKError where error.code == .zoneBusy {
            caught = "zoneBusy after \(error.retryAfterSeconds ?? -1)"
        } catch { caught = "\(error)" }
        XCTAssertEqual(caught, "zoneBusy after 2.5")
    }

    func testACKErrorThrownAsAnyErrorCastsBack() {
        let thrown: any Error = CKError(.networkFailure)
        XCTAssertEqual((thrown as? CKError)?.code, .networkFailure)
        XCTAssertNil((CocoaError(.fileNoSuchFile) as any Error) as? CKError)
    }

    func testACKErrorBridgesToAnNSErrorAndBack() {
        let error = CKError(.serverRecordChanged, userInfo: ["note": "kept"])
        let bridged = error as NSError
        XCTAssertEqual(bridged.domain, CKErrorDomain)
        XCTAssertEqual(bridged.code, 14)
        XCTAssertEqual(bridged.userInfo["note"] as? String, "kept")
        let back = CKError(_nsError: bridged)
        XCTAssertEqual(back.code, .serverRecordChanged)
        XCTAssertEqual(back.userInfo["note"] as? String, "kept")
        XCTAssertEqual(CKError.errorDomain, CKErrorDomain)
    }

    func testEveryCodeFromOneToThirtySevenHasItsStaticMember() {
        let statics: [CKError.Code] = [
            CKError.internalError, CKError.partialFailure, CKError.networkUnavailable, CKError.networkFailure, CKError.badContainer,
            CKError.serviceUnavailable, CKError.requestRateLimited, CKError.missingEntitlement, CKError.notAuthenticated,
            CKError.permissionFailure, CKError.unknownItem, CKError.invalidArguments, CKError.Code(rawValue: 13)!,
            CKError.serverRecordChanged, CKError.serverRejectedRequest, CKError.assetFileNotFound, CKError.assetFileModified,
            CKError.incompatibleVersion, CKError.constraintViolation, CKError.operationCancelled, CKError.changeTokenExpired,
            CKError.batchRequestFailed, CKError.zoneBusy, CKError.badDatabase, CKError.quotaExceeded, CKError.zoneNotFound,
            CKError.limitExceeded, CKError.userDeletedZone, CKError.tooManyParticipants, CKError.alreadyShared,
            CKError.referenceViolation, CKError.managedAccountRestricted, CKError.participantMayNeedVerification,
            CKError.serverResponseLost, CKError.assetNotAvailable, CKError.accountTemporarilyUnavailable,
        ]
        XCTAssertEqual(statics.map(\.rawValue), Array(1...36))
    }

    /// Apps persist whole records with NSKeyedArchiver (CKRecord is NSSecureCoding, CKRecord.h).
    func testARecordRoundTripsThroughAKeyedArchive() throws {
        let record = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "a", zoneID: CKRecordZone.ID(zoneName: "Notes")))
        record["title"] = "hello"
        let data = try NSKeyedArchiver.archivedData(withRootObject: record, requiringSecureCoding: true)
        let restored = try XCTUnwrap(NSKeyedUnarchiver.unarchivedObject(ofClass: CKRecord.self, from: data))
        XCTAssertEqual(restored.recordID, record.recordID)
        XCTAssertEqual(restored["title"] as? String, "hello")
        XCTAssertEqual(restored.changedKeys(), ["title"])
    }

    /// References, assets and the parent survive the store, which hands out records through
    /// their archive, as they survive CloudKit.
    func testReferencesAssetsAndParentsSurviveTheStore() async throws {
        let cloud = InMemoryCloudKit()
        let folder = CKRecord(recordType: "Folder", recordID: CKRecord.ID(recordName: "folder"))
        let note = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "note"))
        note["folder"] = CKRecord.Reference(record: folder, action: .deleteSelf)
        note["attachment"] = CKAsset(fileURL: URL(fileURLWithPath: "/tmp/attachment.png"))
        note.setParent(folder)
        cloud.privateDatabase.seed([folder, note])
        let fetched = try await cloud.mockDatabase().record(for: note.recordID)
        let reference = try XCTUnwrap(fetched["folder"] as? CKRecord.Reference)
        XCTAssertEqual(reference.recordID, folder.recordID)
        XCTAssertEqual(reference.referenceAction, .deleteSelf)
        XCTAssertEqual((fetched["attachment"] as? CKAsset)?.fileURL?.lastPathComponent, "attachment.png")
        XCTAssertEqual(fetched.parent?.recordID, folder.recordID)
        XCTAssertEqual(fetched.parent?.referenceAction, CKRecord.ReferenceAction.none, "setParent makes a .none reference (CKRecord.h)")
        XCTAssertNil(fetched.share)
    }

    func testPartialErrorsAcceptErrorValuesAndNSErrors() {
        let id = CKRecord.ID(recordName: "a")
        let other = CKRecord.ID(recordName: "b")
        let error = CKError(
            .partialFailure,
            userInfo: [
                CKPartialErrorsByItemIDKey: [id: CKError(.serverRecordChanged), other: NSError(domain: CKErrorDomain, code: 11)] as [AnyHashable: Any]
            ])
        let partial = error.partialErrorsByItemID
        XCTAssertEqual((partial?[id] as? CKError)?.code, .serverRecordChanged)
        XCTAssertEqual((partial?[other] as? CKError)?.code, .unknownItem, "an NSError item bridges to CKError, as on Apple platforms")
        XCTAssertEqual(partial?[other].map { ($0 as NSError).code }, 11)
        XCTAssertEqual(CKError(.requestRateLimited, userInfo: [CKErrorRetryAfterKey: NSNumber(value: 3)]).retryAfterSeconds, 3)
    }

    #if os(Linux)
        /// On Linux an NSError never casts to a bridged Swift error struct: the runtime's NSError → struct
        /// bridging needs the Objective-C runtime. So errors meant to be caught as `CKError` must be made
        /// as `CKError` values (`CKError(_nsError:)`); this test fails the day that changes.
        func testOnLinuxAnNSErrorDoesNotCastToCKError() {
            let plain = NSError(domain: CKErrorDomain, code: 22)
            XCTAssertNil((plain as any Error) as? CKError)
            XCTAssertNil((plain as Any) as? CKError)
        }
    #endif

    // MARK: Records and shares as the iOS 18 interface types them

    func testATypedSubscriptReadsTheTypeAskedForAndWritesLikeSetObject() {
        let record = CKRecord(recordType: "Recipe")
        record["title"] = "Pot Roast"
        record["servings"] = 4
        XCTAssertEqual(record["title"] as String?, "Pot Roast")
        let servings: Int? = record["servings"]
        XCTAssertEqual(servings, 4)
        XCTAssertNil(record["title"] as Int?, "a field of another type reads as nil")
        let typed: String? = "Stew"
        record["title"] = typed
        XCTAssertEqual(record.object(forKey: "title") as? String, "Stew")
        XCTAssertEqual(record.changedKeys().sorted(), ["servings", "title"])
        record.encryptedValues["secret"] = "salt"
        XCTAssertEqual(record.encryptedValues["secret"] as String?, "salt")
    }

    func testAShareNamesItsSystemFieldsWithCloudKitsKeys() {
        XCTAssertEqual(CKShare.SystemFieldKey.title, "cloudkit.title")
        XCTAssertEqual(CKShare.SystemFieldKey.thumbnailImageData, "cloudkit.thumbnailImageData")
        XCTAssertEqual(CKShare.SystemFieldKey.shareType, "cloudkit.type")
        let share = CKShare(rootRecord: CKRecord(recordType: "Recipe"))
        share[CKShare.SystemFieldKey.title] = "Pot Roast"
        XCTAssertEqual(share[CKShare.SystemFieldKey.title] as String?, "Pot Roast")
    }

    // MARK: Tokens and cursors

    func testMintedTokensAreDistinctRealTokensThatSurviveAnArchive() throws {
        let first = Minted.token("one")
        let second = Minted.token("one")
        XCTAssertTrue(type(of: first) == CKServerChangeToken.self)
        XCTAssertFalse(first === second)
        XCTAssertNotEqual(first, second)

        let archive = try NSKeyedArchiver.archivedData(withRootObject: first, requiringSecureCoding: true)
        let restored = try XCTUnwrap(NSKeyedUnarchiver.unarchivedObject(ofClass: CKServerChangeToken.self, from: archive))
        XCTAssertEqual(restored, first, "Apple's -isEqual: compares the token's data")
        XCTAssertEqual(restored.hash, first.hash)
        XCTAssertNotEqual(restored, second)
        XCTAssertEqual(OpaqueValues.bytes(of: restored), OpaqueValues.bytes(of: first))
        XCTAssertTrue(first.copy() as AnyObject === first || (first.copy() as? CKServerChangeToken) == first)
    }

    /// Apple's CKQueryCursor overrides neither -isEqual: nor -hash: a restored cursor is another
    /// object, unequal to the original, but it carries the same bytes (and the store reads those).
    func testMintedCursorsAreDistinctRealCursorsWhoseBytesSurviveAnArchive() throws {
        let first = Minted.cursor("page")
        let second = Minted.cursor("page")
        XCTAssertTrue(type(of: first) == CKQueryOperation.Cursor.self)
        XCTAssertFalse(first === second)
        XCTAssertNotEqual(first, second)

        let archive = try NSKeyedArchiver.archivedData(withRootObject: first, requiringSecureCoding: true)
        let restored = try XCTUnwrap(NSKeyedUnarchiver.unarchivedObject(ofClass: CKQueryOperation.Cursor.self, from: archive))
        XCTAssertNotEqual(restored, first, "identity equality, as NSObject's")
        XCTAssertEqual(OpaqueValues.bytes(of: restored), OpaqueValues.bytes(of: first))
        XCTAssertTrue(CKQueryOperation(cursor: restored).cursor === restored)
    }

    /// Apple's -initWithCoder: never fails for a missing key: the token's data is nil, and two
    /// such tokens are equal (`CKObjectsAreBothNilOrEqual`). This is why minting must use
    /// Apple's key: with another one, every minted token would be equal to every other.
    func testAnArchiveWithoutServerBytesDecodesATokenWithoutData() throws {
        let archive = try NSKeyedArchiver.archivedData(
            withRootObject: OpaqueValuePlaceholder(values: ["data": Data([1]) as NSData]), requiringSecureCoding: true)
        func decode() throws -> CKServerChangeToken? {
            let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archive)
            unarchiver.decodingFailurePolicy = .setErrorAndReturn
            unarchiver.setClass(CKServerChangeToken.self, forClassName: NSStringFromClass(OpaqueValuePlaceholder.self))
            return unarchiver.decodeObject(of: CKServerChangeToken.self, forKey: NSKeyedArchiveRootObjectKey)
        }
        let first = try XCTUnwrap(try decode())
        let second = try XCTUnwrap(try decode())
        XCTAssertNil(OpaqueValues.bytes(of: first))
        XCTAssertEqual(first, second)
    }

    // MARK: References, assets, operation groups

    func testAReferenceIsARecordValueThatSurvivesAnArchive() throws {
        let target = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "target", zoneID: CKRecordZone.ID(zoneName: "Notes")))
        let reference = CKRecord.Reference(record: target, action: .deleteSelf)
        XCTAssertEqual(reference.recordID, target.recordID)
        XCTAssertEqual(reference.referenceAction, .deleteSelf)
        XCTAssertEqual(reference, CKRecord.Reference(recordID: target.recordID, action: .deleteSelf))
        XCTAssertNotEqual(reference, CKRecord.Reference(recordID: target.recordID, action: .none))

        let record = CKRecord(recordType: "Item")
        record["parentNote"] = reference
        XCTAssertEqual(record["parentNote"] as? CKRecord.Reference, reference)

        let archive = try NSKeyedArchiver.archivedData(withRootObject: reference, requiringSecureCoding: true)
        XCTAssertEqual(try NSKeyedUnarchiver.unarchivedObject(ofClass: CKRecord.Reference.self, from: archive), reference)
    }

    func testAnAssetKeepsItsFileURLAndIsARecordValue() {
        let url = URL(fileURLWithPath: "/tmp/photo.jpg")
        let asset = CKAsset(fileURL: url)
        XCTAssertEqual(asset.fileURL, url)
        let record = CKRecord(recordType: "Item")
        record["photo"] = asset
        XCTAssertTrue(record["photo"] as? CKAsset === asset)
    }

    func testAnOperationGroupHasApplesDefaultsAndSettableProperties() throws {
        let group = CKOperationGroup()
        XCTAssertFalse(group.operationGroupID.isEmpty)
        XCTAssertNotEqual(group.operationGroupID, CKOperationGroup().operationGroupID)
        XCTAssertNil(group.name)
        XCTAssertEqual(group.quantity, 0)
        XCTAssertEqual(group.expectedSendSize, .unknown)
        XCTAssertEqual(group.expectedReceiveSize, .unknown)
        XCTAssertNotNil(group.defaultConfiguration)

        group.name = "Initial Fetch"
        group.quantity = 3
        group.expectedSendSize = .kilobytes
        group.expectedReceiveSize = .tensOfMegabytes
        group.defaultConfiguration = nil
        XCTAssertNotNil(group.defaultConfiguration, "null_resettable")

        let archive = try NSKeyedArchiver.archivedData(withRootObject: group, requiringSecureCoding: true)
        let restored = try XCTUnwrap(NSKeyedUnarchiver.unarchivedObject(ofClass: CKOperationGroup.self, from: archive))
        XCTAssertEqual(restored.operationGroupID, group.operationGroupID)
        XCTAssertEqual(restored.name, "Initial Fetch")
        XCTAssertEqual(restored.quantity, 3)
        XCTAssertEqual(restored.expectedSendSize, .kilobytes)
        XCTAssertEqual(restored.expectedReceiveSize, .tensOfMegabytes)
    }

    #if canImport(Darwin)
        /// What must hold on a Mac against the real CloudKit (not run on Linux): minting decodes Apple's
        /// own `CKServerChangeToken`/`CKQueryCursor` from an archive with Apple's keys
        /// ("ChangeTokenData", "CursorData"), and the bytes read back through Apple's `encode(with:)`.
        func testOnApplePlatformsMintedValuesAreRealDistinctAndCarryTheirBytes() throws {
            let token = Minted.token("mac")
            XCTAssertEqual(NSStringFromClass(type(of: token)), "CKServerChangeToken")
            XCTAssertNotEqual(token, Minted.token("mac"), "distinct bytes: Apple's -isEqual: tells them apart")
            XCTAssertNotNil(OpaqueValues.bytes(of: token), "Apple's token encodes its bytes under ChangeTokenData")
            let tokenArchive = try NSKeyedArchiver.archivedData(withRootObject: token, requiringSecureCoding: true)
            XCTAssertEqual(try NSKeyedUnarchiver.unarchivedObject(ofClass: CKServerChangeToken.self, from: tokenArchive), token)

            let cursor = Minted.cursor("mac")
            XCTAssertEqual(NSStringFromClass(type(of: cursor)), "CKQueryCursor")
            XCTAssertNotNil(OpaqueValues.bytes(of: cursor), "Apple's cursor encodes its bytes under CursorData")
            let cursorArchive = try NSKeyedArchiver.archivedData(withRootObject: cursor, requiringSecureCoding: true)
            let restored = try XCTUnwrap(try NSKeyedUnarchiver.unarchivedObject(ofClass: CKQueryOperation.Cursor.self, from: cursorArchive))
            XCTAssertEqual(OpaqueValues.bytes(of: restored), OpaqueValues.bytes(of: cursor))
        }
    #endif
}
