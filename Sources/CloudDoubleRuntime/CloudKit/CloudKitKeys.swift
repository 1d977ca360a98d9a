#if canImport(CloudKit) && !os(Linux)
import CloudKit

/// CloudKit's error domain and userInfo keys: the SDK's own constants where CloudKit exists.
enum CloudKitKeys {
    static let domain = CKErrorDomain
    static let retryAfter = CKErrorRetryAfterKey
    static let partialErrors = CKPartialErrorsByItemIDKey
    static let serverRecord = CKRecordChangedErrorServerRecordKey
    static let clientRecord = CKRecordChangedErrorClientRecordKey
    static let ancestorRecord = CKRecordChangedErrorAncestorRecordKey
}
#else
/// CloudKit's error domain and userInfo keys where CloudKit does not exist (Linux). The first
/// three are the values CloudKit uses at runtime (seen in its logs); the record keys' values are
/// not public, so these are this project's choice and match the Linux stand-in.
enum CloudKitKeys {
    static let domain = "CKErrorDomain"
    static let retryAfter = "CKRetryAfter"
    static let partialErrors = "CKPartialErrors"
    static let serverRecord = "ServerRecord"
    static let clientRecord = "ClientRecord"
    static let ancestorRecord = "AncestorRecord"
}
#endif
