import Foundation

// Linux stand-in for CloudKit's error surface.
//
// On Apple platforms `CKError` is not written in Swift: the Clang importer synthesises it from
// `typedef NS_ENUM(NSInteger, CKErrorCode)` in CKError.h plus `CKErrorDomain` (a bridged stored
// NSError: `_nsError`, `init(_nsError:)`, `errorDomain`, a nested `Code: _ErrorCodeProtocol` and one
// `static var <code>: CKError.Code { get }` per case). The only Swift-written members are the five
// convenience properties in the overlay (iOS 18 SDK `CloudKit.swiftinterface`:
// `extension CloudKit.CKError { public var partialErrorsByItemID … retryAfterSeconds }`).
// Everything else (`code`, `userInfo`, `init(_:userInfo:)`, `errorCode`, `localizedDescription`)
// comes from Foundation's `_BridgedStoredNSError` extensions, on Linux as on Apple platforms.
//
// The userInfo key constants are `CK_EXTERN NSString * const` in CKError.h: Apple publishes their
// names, not their values. The values below are the ones seen in CloudKit's own log output where
// known; they only matter to code that compares literals (which it should not).

/// `CK_EXTERN NSString * const CKErrorDomain;`
public let CKErrorDomain: String = "CKErrorDomain"
/// On `partialFailure`: a dictionary of item ID → error. Value seen in logs: `CKPartialErrors`.
public let CKPartialErrorsByItemIDKey: String = "CKPartialErrors"
/// On `serverRecordChanged`.
public let CKRecordChangedErrorAncestorRecordKey: String = "AncestorRecord"
/// On `serverRecordChanged`.
public let CKRecordChangedErrorServerRecordKey: String = "ServerRecord"
/// On `serverRecordChanged`.
public let CKRecordChangedErrorClientRecordKey: String = "ClientRecord"
/// On `zoneNotFound`: an NSNumber(Bool), whether the user reset their encrypted data.
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
public let CKErrorUserDidResetEncryptedDataKey: String = "CKErrorUserDidResetEncryptedDataKey"
/// On `serviceUnavailable`, `requestRateLimited`, `zoneBusy`, …: an NSNumber of seconds.
public let CKErrorRetryAfterKey: String = "CKRetryAfter"

/// As the Clang importer makes it from `CKErrorCode`: a bridged NSError in `CKErrorDomain` with a
/// nested `Code`. `catch CKError.zoneBusy { }` and `error.code == .zoneBusy` work through
/// `_ErrorCodeProtocol`'s `~=`, exactly as on Apple platforms.
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

        case internalError = 1
        case partialFailure = 2
        case networkUnavailable = 3
        case networkFailure = 4
        case badContainer = 5
        case serviceUnavailable = 6
        case requestRateLimited = 7
        case missingEntitlement = 8
        case notAuthenticated = 9
        case permissionFailure = 10
        case unknownItem = 11
        case invalidArguments = 12
        @available(macOS, introduced: 10.10, deprecated: 10.12, message: "Will not be returned")
        @available(iOS, introduced: 8.0, deprecated: 10.0, message: "Will not be returned")
        @available(tvOS, introduced: 9.0, deprecated: 10.0, message: "Will not be returned")
        @available(watchOS, introduced: 3.0, deprecated: 3.0, message: "Will not be returned")
        case resultsTruncated = 13
        case serverRecordChanged = 14
        case serverRejectedRequest = 15
        case assetFileNotFound = 16
        case assetFileModified = 17
        case incompatibleVersion = 18
        case constraintViolation = 19
        case operationCancelled = 20
        case changeTokenExpired = 21
        case batchRequestFailed = 22
        case zoneBusy = 23
        case badDatabase = 24
        case quotaExceeded = 25
        case zoneNotFound = 26
        case limitExceeded = 27
        case userDeletedZone = 28
        @available(macOS 10.12, iOS 10.0, tvOS 10.0, *)
        case tooManyParticipants = 29
        @available(macOS 10.12, iOS 10.0, tvOS 10.0, *)
        case alreadyShared = 30
        @available(macOS 10.12, iOS 10.0, tvOS 10.0, *)
        case referenceViolation = 31
        @available(macOS 10.12, iOS 10.0, tvOS 10.0, *)
        case managedAccountRestricted = 32
        @available(macOS 10.12, iOS 10.0, tvOS 10.0, *)
        case participantMayNeedVerification = 33
        @available(macOS 10.13, iOS 11.0, tvOS 11.0, watchOS 4.0, *)
        case serverResponseLost = 34
        @available(macOS 10.13, iOS 11.3, tvOS 11.3, watchOS 4.3, *)
        case assetNotAvailable = 35
        @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
        case accountTemporarilyUnavailable = 36
        /// Xcode 26 SDKs only (`CKErrorParticipantAlreadyInvited = 37`).
        @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
        case participantAlreadyInvited = 37
    }

    public static var internalError: CKError.Code { .internalError }
    public static var partialFailure: CKError.Code { .partialFailure }
    public static var networkUnavailable: CKError.Code { .networkUnavailable }
    public static var networkFailure: CKError.Code { .networkFailure }
    public static var badContainer: CKError.Code { .badContainer }
    public static var serviceUnavailable: CKError.Code { .serviceUnavailable }
    public static var requestRateLimited: CKError.Code { .requestRateLimited }
    public static var missingEntitlement: CKError.Code { .missingEntitlement }
    public static var notAuthenticated: CKError.Code { .notAuthenticated }
    public static var permissionFailure: CKError.Code { .permissionFailure }
    public static var unknownItem: CKError.Code { .unknownItem }
    public static var invalidArguments: CKError.Code { .invalidArguments }
    @available(macOS, introduced: 10.10, deprecated: 10.12, message: "Will not be returned")
    @available(iOS, introduced: 8.0, deprecated: 10.0, message: "Will not be returned")
    @available(tvOS, introduced: 9.0, deprecated: 10.0, message: "Will not be returned")
    @available(watchOS, introduced: 3.0, deprecated: 3.0, message: "Will not be returned")
    public static var resultsTruncated: CKError.Code { .resultsTruncated }
    public static var serverRecordChanged: CKError.Code { .serverRecordChanged }
    public static var serverRejectedRequest: CKError.Code { .serverRejectedRequest }
    public static var assetFileNotFound: CKError.Code { .assetFileNotFound }
    public static var assetFileModified: CKError.Code { .assetFileModified }
    public static var incompatibleVersion: CKError.Code { .incompatibleVersion }
    public static var constraintViolation: CKError.Code { .constraintViolation }
    public static var operationCancelled: CKError.Code { .operationCancelled }
    public static var changeTokenExpired: CKError.Code { .changeTokenExpired }
    public static var batchRequestFailed: CKError.Code { .batchRequestFailed }
    public static var zoneBusy: CKError.Code { .zoneBusy }
    public static var badDatabase: CKError.Code { .badDatabase }
    public static var quotaExceeded: CKError.Code { .quotaExceeded }
    public static var zoneNotFound: CKError.Code { .zoneNotFound }
    public static var limitExceeded: CKError.Code { .limitExceeded }
    public static var userDeletedZone: CKError.Code { .userDeletedZone }
    @available(macOS 10.12, iOS 10.0, tvOS 10.0, *)
    public static var tooManyParticipants: CKError.Code { .tooManyParticipants }
    @available(macOS 10.12, iOS 10.0, tvOS 10.0, *)
    public static var alreadyShared: CKError.Code { .alreadyShared }
    @available(macOS 10.12, iOS 10.0, tvOS 10.0, *)
    public static var referenceViolation: CKError.Code { .referenceViolation }
    @available(macOS 10.12, iOS 10.0, tvOS 10.0, *)
    public static var managedAccountRestricted: CKError.Code { .managedAccountRestricted }
    @available(macOS 10.12, iOS 10.0, tvOS 10.0, *)
    public static var participantMayNeedVerification: CKError.Code { .participantMayNeedVerification }
    @available(macOS 10.13, iOS 11.0, tvOS 11.0, watchOS 4.0, *)
    public static var serverResponseLost: CKError.Code { .serverResponseLost }
    @available(macOS 10.13, iOS 11.3, tvOS 11.3, watchOS 4.3, *)
    public static var assetNotAvailable: CKError.Code { .assetNotAvailable }
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    public static var accountTemporarilyUnavailable: CKError.Code { .accountTemporarilyUnavailable }
    @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
    public static var participantAlreadyInvited: CKError.Code { .participantAlreadyInvited }
}

// The overlay's convenience properties (iOS 18 `CloudKit.swiftinterface`, all `{ get }`), with the
// implementation of the open-source overlay (swiftlang/swift stdlib/public/Darwin/CloudKit/CKError.swift).
@available(macOS 10.10, macCatalyst 8.0, iOS 8.0, tvOS 9.0, watchOS 3.0, *)
extension CKError {
    /// The per-item errors of a `partialFailure`, keyed by record ID, zone ID, subscription ID….
    public var partialErrorsByItemID: [AnyHashable: any Error]? {
        // Apple casts to `[AnyHashable: NSError]`, and on Apple platforms each of those NSErrors
        // bridges to `CKError` with `as?`. Linux has no such bridging, so an NSError in
        // CKErrorDomain is handed out as the `CKError` Apple's `as?` would give.
        (userInfo[CKPartialErrorsByItemIDKey] as? [AnyHashable: Any])?.compactMapValues { value -> (any Error)? in
            if let error = value as? NSError, error.domain == CKErrorDomain { return CKError(_nsError: error) }
            return value as? any Error
        }
    }

    public var ancestorRecord: CKRecord? { userInfo[CKRecordChangedErrorAncestorRecordKey] as? CKRecord }
    public var serverRecord: CKRecord? { userInfo[CKRecordChangedErrorServerRecordKey] as? CKRecord }
    public var clientRecord: CKRecord? { userInfo[CKRecordChangedErrorClientRecordKey] as? CKRecord }

    public var retryAfterSeconds: Double? {
        let value = userInfo[CKErrorRetryAfterKey]
        return value as? Double ?? (value as? NSNumber)?.doubleValue
    }
}
