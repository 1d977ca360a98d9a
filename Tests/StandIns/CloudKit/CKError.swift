import Foundation

// Linux stand-in for CloudKit's error surface (iOS 18 SDK): domain, userInfo keys, CKError.

public let CKErrorDomain: String = "CKErrorDomain"
public let CKPartialErrorsByItemIDKey: String = "CKPartialErrors"
public let CKErrorRetryAfterKey: String = "CKRetryAfter"
public let CKRecordChangedErrorServerRecordKey: String = "ServerRecord"
public let CKRecordChangedErrorClientRecordKey: String = "ClientRecord"
public let CKRecordChangedErrorAncestorRecordKey: String = "AncestorRecord"
public let CKErrorUserDidResetEncryptedDataKey: String = "CKErrorUserDidResetEncryptedDataKey"

/// As on Apple platforms: a bridged NSError in `CKErrorDomain` with a nested `Code`.
public struct CKError: _BridgedStoredNSError, Hashable, Sendable {
    public let _nsError: NSError

    public init(_nsError error: NSError) {
        precondition(error.domain == CKErrorDomain)
        _nsError = error
    }

    public static var _nsErrorDomain: String { CKErrorDomain }
    public static var errorDomain: String { CKErrorDomain }

    public enum Code: Int, _ErrorCodeProtocol, Sendable {
        public typealias _ErrorType = CKError
        case internalError = 1, partialFailure, networkUnavailable, networkFailure, badContainer, serviceUnavailable,
            requestRateLimited, missingEntitlement, notAuthenticated, permissionFailure, unknownItem, invalidArguments,
            resultsTruncated, serverRecordChanged, serverRejectedRequest, assetFileNotFound, assetFileModified,
            incompatibleVersion, constraintViolation, operationCancelled, changeTokenExpired, batchRequestFailed, zoneBusy,
            badDatabase, quotaExceeded, zoneNotFound, limitExceeded, userDeletedZone, tooManyParticipants, alreadyShared,
            referenceViolation, managedAccountRestricted, participantMayNeedVerification, serverResponseLost,
            assetNotAvailable, accountTemporarilyUnavailable, participantAlreadyInvited
    }

    public static var internalError: Code { .internalError }
    public static var partialFailure: Code { .partialFailure }
    public static var networkUnavailable: Code { .networkUnavailable }
    public static var networkFailure: Code { .networkFailure }
    public static var serviceUnavailable: Code { .serviceUnavailable }
    public static var requestRateLimited: Code { .requestRateLimited }
    public static var notAuthenticated: Code { .notAuthenticated }
    public static var unknownItem: Code { .unknownItem }
    public static var serverRecordChanged: Code { .serverRecordChanged }
    public static var operationCancelled: Code { .operationCancelled }
    public static var changeTokenExpired: Code { .changeTokenExpired }
    public static var zoneBusy: Code { .zoneBusy }
    public static var quotaExceeded: Code { .quotaExceeded }
    public static var zoneNotFound: Code { .zoneNotFound }
    public static var limitExceeded: Code { .limitExceeded }

    public var partialErrorsByItemID: [AnyHashable: any Error]? {
        (userInfo[CKPartialErrorsByItemIDKey] as? [AnyHashable: NSError]).map { $0.mapValues { $0 as any Error } }
    }
    public var ancestorRecord: CKRecord? { userInfo[CKRecordChangedErrorAncestorRecordKey] as? CKRecord }
    public var serverRecord: CKRecord? { userInfo[CKRecordChangedErrorServerRecordKey] as? CKRecord }
    public var clientRecord: CKRecord? { userInfo[CKRecordChangedErrorClientRecordKey] as? CKRecord }
    public var retryAfterSeconds: Double? { userInfo[CKErrorRetryAfterKey] as? Double }
}
