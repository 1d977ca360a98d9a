import Foundation

// Linux stand-in: user identities and account status.

/// `CKUserIdentity` (CKUserIdentity.h): no public initialiser, as on Apple platforms. Archive keys
/// from the decompiled `-[CKUserIdentity initWithCoder:]`: "UserRecordID", "NameComponents",
/// "HasICloudAccount".
public final class CKUserIdentity: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    static let userRecordIDKey = "UserRecordID"
    static let nameComponentsKey = "NameComponents"
    static let hasICloudAccountKey = "HasICloudAccount"

    public let userRecordID: CKRecord.ID?
    public let nameComponents: PersonNameComponents?
    public let hasiCloudAccount: Bool

    init(userRecordID: CKRecord.ID?, nameComponents: PersonNameComponents? = nil, hasiCloudAccount: Bool = true) {
        self.userRecordID = userRecordID
        self.nameComponents = nameComponents
        self.hasiCloudAccount = hasiCloudAccount
    }

    public static var supportsSecureCoding: Bool { true }

    public func encode(with coder: NSCoder) {
        coder.encode(userRecordID, forKey: Self.userRecordIDKey)
        coder.encode(hasiCloudAccount, forKey: Self.hasICloudAccountKey)
    }

    public init?(coder: NSCoder) {
        userRecordID = coder.decodeIfPresent(CKRecord.ID.self, forKey: Self.userRecordIDKey)
        nameComponents = nil
        hasiCloudAccount = coder.containsValue(forKey: Self.hasICloudAccountKey) && coder.decodeBool(forKey: Self.hasICloudAccountKey)
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CKUserIdentity else { return false }
        return userRecordID == other.userRecordID
    }

    public override var hash: Int { userRecordID?.hash ?? 0 }
}

public enum CKAccountStatus: Int, Sendable {
    case couldNotDetermine = 0
    case available = 1
    case restricted = 2
    case noAccount = 3
    case temporarilyUnavailable = 4
}
