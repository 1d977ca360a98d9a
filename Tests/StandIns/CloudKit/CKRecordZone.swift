import Foundation

// Linux stand-in: record zones and zone IDs.

public final class CKRecordZone: NSObject, @unchecked Sendable {
    public final class ID: NSObject, @unchecked Sendable {
        public static let defaultZoneName: String = "_defaultZone"
        public static let `default` = CKRecordZone.ID()
        public let zoneName: String
        public let ownerName: String

        public init(zoneName: String = CKRecordZone.ID.defaultZoneName, ownerName: String = CKCurrentUserDefaultName) {
            self.zoneName = zoneName
            self.ownerName = ownerName
        }

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
        public static let zoneWideSharing = Capabilities(rawValue: 1 << 3)
    }

    public let zoneID: CKRecordZone.ID
    public internal(set) var capabilities: Capabilities

    public class func `default`() -> CKRecordZone { CKRecordZone(zoneID: .default) }

    public convenience init(zoneName: String) {
        self.init(zoneID: CKRecordZone.ID(zoneName: zoneName))
    }

    public init(zoneID: CKRecordZone.ID) {
        self.zoneID = zoneID
        self.capabilities = zoneID.zoneName == CKRecordZone.ID.defaultZoneName ? [] : [.fetchChanges, .atomic]
    }
}

extension CKRecordZone: NSCopying {
    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = CKRecordZone(zoneID: zoneID)
        copy.capabilities = capabilities
        return copy
    }
}
