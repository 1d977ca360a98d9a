import Foundation

// Linux stand-in: user identities and account status.

/// No public initialiser, as on Apple platforms.
public final class CKUserIdentity: NSObject, @unchecked Sendable {
    public let userRecordID: CKRecord.ID?
    init(userRecordID: CKRecord.ID?) { self.userRecordID = userRecordID }
}

public enum CKAccountStatus: Int, Sendable {
    case couldNotDetermine = 0, available = 1, restricted = 2, noAccount = 3, temporarilyUnavailable = 4
}
