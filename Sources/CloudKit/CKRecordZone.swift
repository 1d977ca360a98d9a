import Foundation

// Linux stand-in: record zones and zone IDs, as CKRecordZone.h / CKRecordZoneID.h (iOS 16.4 SDK)
// declare them. `capabilities` is get-only and empty on a zone the app makes: "Capabilities on
// locally-created record zones are not valid until the record zone is saved. Capabilities on
// record zones fetched from the server are valid." (CKRecordZone.h). A zone with capabilities
// comes only from decoding (NSSecureCoding), as on Apple platforms.
//
// Archive format, from a public decompilation of CloudKit.framework (iOS 18.2,
// `-[CKRecordZone encodeWithCoder:]`, `-initWithCoder:`; not documented by Apple): "ZoneID" (a
// CKRecordZoneID object), "Capabilities" (an NSNumber, written with encodeObject) and
// "ShareReference" (the zone-wide share's CKReference, `share`), plus about twenty private keys
// this stand-in does not model (quota usage, protection data, expiration). `-initWithCoder:` validates nothing: a missing zone ID is accepted
// (this stand-in fails the decode instead, since `zoneID` is non-optional in Swift) and missing
// capabilities are 0. `CKRecordZone` overrides neither `-isEqual:` nor `-hash` (identity).

public final class CKRecordZone: NSObject, NSSecureCoding, @unchecked Sendable {
    /// Apple's `CKRecordZoneID`. See `__CKRecordZoneID`.
    public typealias ID = __CKRecordZoneID

    public struct Capabilities: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let fetchChanges = Capabilities(rawValue: 1 << 0)
        public static let atomic = Capabilities(rawValue: 1 << 1)
        public static let sharing = Capabilities(rawValue: 1 << 2)
        @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
        public static let zoneWideSharing = Capabilities(rawValue: 1 << 3)
    }

    public let zoneID: CKRecordZone.ID
    /// Empty until the zone comes back from the server (here: from a decoder).
    public private(set) var capabilities: Capabilities = []
    /// `@property (nullable, readonly, copy) CKReference *share` (macOS 12, iOS 15, tvOS 15,
    /// watchOS 8): "The share property on a record zone will only be set on zones fetched from
    /// the server and only if a corresponding zone-wide share record for the zone exists on the
    /// server." Here: only from a decoder.
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    public var share: CKRecord.Reference? { storedShare }
    private var storedShare: CKRecord.Reference?

    public class func `default`() -> CKRecordZone { CKRecordZone(zoneID: .default) }

    public convenience init(zoneName: String) {
        self.init(zoneID: CKRecordZone.ID(zoneName: zoneName))
    }

    public init(zoneID: CKRecordZone.ID) {
        self.zoneID = zoneID
    }

    public static var supportsSecureCoding: Bool { true }

    public func encode(with coder: NSCoder) {
        coder.encode(zoneID, forKey: "ZoneID")
        coder.encode(NSNumber(value: capabilities.rawValue), forKey: "Capabilities")
        coder.encode(storedShare, forKey: "ShareReference")
    }

    public init?(coder: NSCoder) {
        guard let zoneID = coder.decodeIfPresent(CKRecordZone.ID.self, forKey: "ZoneID") else { return nil }
        self.zoneID = zoneID
        capabilities = Capabilities(rawValue: coder.decodeIfPresent(NSNumber.self, forKey: "Capabilities")?.uintValue ?? 0)
        storedShare = coder.decodeIfPresent(CKRecord.Reference.self, forKey: "ShareReference")
    }
}

extension CKRecordZone: NSCopying {
    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = CKRecordZone(zoneID: zoneID)
        copy.capabilities = capabilities
        copy.storedShare = storedShare
        return copy
    }
}

/// Apple's `CKRecordZoneID`, which Swift sees only as `CKRecordZone.ID`
/// (`NS_SWIFT_NAME(CKRecordZone.ID)` in CKRecordZoneID.h).
///
/// Archive format and equality, from a public decompilation of CloudKit.framework
/// (`-[CKRecordZoneID encodeWithCoder:]`, `-initWithCoder:`, `-isEqual:`, `-hash`): the zone name
/// as an `NSString` under "ZoneName" and the owner under "ownerName" (lower-case "o": Apple's own
/// spelling), plus two private keys this stand-in does not model ("anonymousCKUserID", and the
/// database scope as an integer under "databaseScopeKey"). Equal when zone and owner names are
/// equal; the hash combines both names' hashes. Apple's `-initWithCoder:` hands a missing name
/// to the designated initialiser, which raises an Objective-C exception; Swift cannot catch one,
/// so this stand-in fails the decode (`nil`) instead.
///
/// Stand-in only: the class is top-level (under a hidden `__` name, like Apple's own
/// `__CKRecordObjCValue`) because swift-corelibs-foundation's `NSKeyedArchiver` can only archive
/// top-level classes, and zone IDs are archived inside records, zones, cursors and references.
/// Always spell it `CKRecordZone.ID`.
public final class __CKRecordZoneID: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    public static let defaultZoneName: String = "_defaultZone"
    public static let `default` = CKRecordZone.ID()
    public let zoneName: String
    public let ownerName: String

    public init(zoneName: String = CKRecordZone.ID.defaultZoneName, ownerName: String = CKCurrentUserDefaultName) {
        self.zoneName = zoneName
        self.ownerName = ownerName
    }

    public static var supportsSecureCoding: Bool { true }

    public func encode(with coder: NSCoder) {
        coder.encode(zoneName as NSString, forKey: "ZoneName")
        coder.encode(ownerName as NSString, forKey: "ownerName")
    }

    public init?(coder: NSCoder) {
        guard let name = coder.decodeIfPresent(NSString.self, forKey: "ZoneName"),
            let owner = coder.decodeIfPresent(NSString.self, forKey: "ownerName")
        else { return nil }
        zoneName = name as String
        ownerName = owner as String
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CKRecordZone.ID else { return false }
        return zoneName == other.zoneName && ownerName == other.ownerName
    }

    public override var hash: Int { zoneName.hashValue ^ ownerName.hashValue }
    public override var description: String { "CKRecordZone.ID(\(zoneName), \(ownerName))" }
}

/// Apple's Objective-C name is not usable from Swift (the compiler's rename for `NS_SWIFT_NAME`).
@available(*, unavailable, renamed: "CKRecordZone.ID")
public typealias CKRecordZoneID = CKRecordZone.ID
