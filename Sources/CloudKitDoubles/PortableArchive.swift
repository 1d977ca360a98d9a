import CloudKit
import Foundation

/// Keyed archives of CloudKit objects that read on every platform, as cassettes need (a cassette
/// recorded on a Mac replays on Linux, and the reverse). On Apple platforms these are plain
/// `NSKeyedArchiver` archives. On Linux the stand-in's classes have Swift names
/// (`CloudKit.__CKRecordID`), so archives are written, and read, under Apple's Objective-C class
/// names instead (`CKRecordID`): the names an archive made by CloudKit carries.
enum PortableArchive {
    static func data(_ object: any NSObject & NSSecureCoding) throws -> Data {
        let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
        #if canImport(Darwin)
            return data
        #else
            // swift-corelibs-foundation ignores an archiver's `setClassName(_:for:)` (checked with
            // 6.3.1), so the class descriptions are renamed in the finished archive.
            guard var archive = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
                var objects = archive["$objects"] as? [Any]
            else { return data }
            let appleNames = Dictionary(standInClasses.map { (NSStringFromClass($0.1), $0.0) }, uniquingKeysWith: { first, _ in first })
            for index in objects.indices {
                guard var description = objects[index] as? [String: Any], let name = description["$classname"] as? String else { continue }
                description["$classname"] = appleNames[name] ?? name
                description["$classes"] = (description["$classes"] as? [String])?.map { appleNames[$0] ?? $0 }
                objects[index] = description
            }
            archive["$objects"] = objects
            return try PropertyListSerialization.data(fromPropertyList: archive, format: .binary, options: 0)
        #endif
    }

    static func object(of classes: [AnyClass], from data: Data) throws -> Any? {
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = true
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        #if !canImport(Darwin)
            for (appleName, standIn): (String, AnyClass) in standInClasses { unarchiver.setClass(standIn, forClassName: appleName) }
        #endif
        defer { unarchiver.finishDecoding() }
        let object = unarchiver.decodeObject(of: classes, forKey: NSKeyedArchiveRootObjectKey)
        if let error = unarchiver.error { throw error }
        return object
    }

    #if !canImport(Darwin)
        /// Apple's Objective-C class name for each stand-in class that archives (CloudKit's headers;
        /// the value stores' names from the decompiled `-[CKRecord initWithCoder:]`). Looked up by
        /// name because the value stores are internal to the stand-in.
        private static var standInClasses: [(String, AnyClass)] {
            [
                ("CKRecord", "CloudKit.CKRecord"), ("CKShare", "CloudKit.CKShare"), ("CKRecordID", "CloudKit.__CKRecordID"),
                ("CKRecordZoneID", "CloudKit.__CKRecordZoneID"), ("CKRecordZone", "CloudKit.CKRecordZone"), ("CKReference", "CloudKit.__CKReference"),
                ("CKRecordValueStore", "CloudKit.CKRecordValueStore"), ("CKEncryptedRecordValueStore", "CloudKit.CKEncryptedRecordValueStore"),
                ("CKServerChangeToken", "CloudKit.CKServerChangeToken"), ("CKQueryCursor", "CloudKit.__CKQueryCursor"),
                ("CKShareParticipant", "CloudKit.__CKShareParticipant"), ("CKShareMetadata", "CloudKit.__CKShareMetadata"),
                ("CKUserIdentity", "CloudKit.CKUserIdentity"), ("CKSubscription", "CloudKit.CKSubscription"),
                ("CKDatabaseSubscription", "CloudKit.CKDatabaseSubscription"), ("CKAsset", "CloudKit.CKAssetArchive"),
            ].compactMap { appleName, swiftName in NSClassFromString(swiftName).map { (appleName, $0) } }
        }
    #endif
}
