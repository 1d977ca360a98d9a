import Foundation

// Linux stand-in: record zones and zone IDs, as CKRecordZone.h / CKRecordZoneID.h (iOS 16.4 SDK)
// declare them. `capabilities` is get-only and empty on a zone the app makes: "Capabilities on
// locally-created record zones are not valid until the record zone is saved. Capabilities on
// record zones fetched from the server are valid." (CKRecordZone.h). A zone with capabilities
// comes only from decoding (NSSecureCoding), as on Apple platforms. Archive keys ("ZoneID",
// "Capabilities" as an NSNumber) are the ones CloudKit's `-[CKRecordZone initWithCoder:]` reads
// in a public decompilation of CloudKit.framework, not documented by Apple. (The zone ID itself
// is archived as names here, see `StandInIDCoding`.)

public final class CKRecordZone: NSObject, NSSecureCoding, @unchecked Sendable {
    public final class ID: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
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
            coder.encode(ownerName as NSString, forKey: "OwnerName")
        }

        public init?(coder: NSCoder) {
            guard let name = coder.decodeObject(of: NSString.self, forKey: "ZoneName"),
                let owner = coder.decodeObject(of: NSString.self, forKey: "OwnerName")
            else { return nil }
            zoneName = name as String
            ownerName = owner as String
        }

        public func copy(with zone: NSZone? = nil) -> Any { self }

        public override func isEqual(_ object: Any?) -> Bool {
            guard let other = object as? ID else { return false }
            return zoneName == other.zoneName && ownerName == other.ownerName
        }

        public override var hash: Int { zoneName.hashValue ^ ownerName.hashValue }
        public override var description: String { "CKRecordZone.ID(\(zoneName), \(ownerName))" }
    }

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

    public class func `default`() -> CKRecordZone { CKRecordZone(zoneID: .default) }

    public convenience init(zoneName: String) {
        self.init(zoneID: CKRecordZone.ID(zoneName: zoneName))
    }

    public init(zoneID: CKRecordZone.ID) {
        self.zoneID = zoneID
    }

    public static var supportsSecureCoding: Bool { true }

    public func encode(with coder: NSCoder) {
        coder.encode(StandInIDCoding.archive(zoneID), forKey: "ZoneID")
        coder.encode(NSNumber(value: capabilities.rawValue), forKey: "Capabilities")
    }

    public init?(coder: NSCoder) {
        guard let zoneID = StandInIDCoding.zoneID(coder, "ZoneID") else { return nil }
        self.zoneID = zoneID
        capabilities = Capabilities(rawValue: coder.decodeObject(of: NSNumber.self, forKey: "Capabilities")?.uintValue ?? 0)
    }
}

extension CKRecordZone: NSCopying {
    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = CKRecordZone(zoneID: zoneID)
        copy.capabilities = capabilities
        return copy
    }
}
