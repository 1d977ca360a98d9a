extension ErrorCatalogue {
    /// Every `CKError.Code`, 1 through 37, with its traits.
    ///
    /// The asset codes (16, 17, 35) and the share-participant codes (29, 30, 33, 37) are scoped
    /// to ``ErrorScope/particularRequests``: a record save without assets, or any call that is not
    /// about a share, cannot get them, so trait draws leave them out.
    ///
    /// CloudKit's, like everything in this folder: the generic catalogue types and the runtime
    /// never assume it.
    ///
    /// Sources: the CloudKit headers' comments and the tables of the seeds (CloudKitNotes'
    /// breakdown, the CloudKitHelper retry set). Where they disagree the decision and its reason
    /// are in docs/ErrorCatalogue.md ("Decisions"), as is why `networkUnavailable`,
    /// `networkFailure` and `serverResponseLost` are network failures and `serviceUnavailable` is not.
    public static let cloudKit = ErrorCatalogue(
        domain: "CKErrorDomain",
        codes: [
            ErrorCodeInfo(
                rawValue: 1, name: "internalError", meaning: "CloudKit hit an unrecoverable internal error.",
                isRetryable: false, appCanHandle: false, recovery: .giveUp),
            ErrorCodeInfo(
                rawValue: 2, name: "partialFailure",
                meaning: "Some items of a batch failed; the per-item errors are in the partial-errors dictionary.",
                isRetryable: false, appCanHandle: true, recovery: .inspectItems),
            ErrorCodeInfo(
                rawValue: 3, name: "networkUnavailable", meaning: "The network is not available.",
                isRetryable: true, isNetworkFailure: true, appCanHandle: true, recovery: .retry),
            ErrorCodeInfo(
                rawValue: 4, name: "networkFailure", meaning: "The network was available but the request failed.",
                isRetryable: true, isNetworkFailure: true, appCanHandle: true, recovery: .retry),
            ErrorCodeInfo(
                rawValue: 5, name: "badContainer", meaning: "The container is unknown or not provisioned for this app.",
                isRetryable: false, appCanHandle: false, developmentOnly: true, recovery: .fixRequest),
            ErrorCodeInfo(
                rawValue: 6, name: "serviceUnavailable", meaning: "The CloudKit service is unavailable.",
                isRetryable: true, isThrottling: true, appCanHandle: true, defaultRetryAfter: 3, recovery: .retry),
            ErrorCodeInfo(
                rawValue: 7, name: "requestRateLimited", meaning: "The client is being rate limited.",
                isRetryable: true, isThrottling: true, appCanHandle: true, defaultRetryAfter: 3, recovery: .retry),
            ErrorCodeInfo(
                rawValue: 8, name: "missingEntitlement", meaning: "The app is missing a required CloudKit entitlement.",
                isRetryable: false, appCanHandle: false, developmentOnly: true, recovery: .fixRequest),
            ErrorCodeInfo(
                rawValue: 9, name: "notAuthenticated", meaning: "No iCloud account is signed in, or it is restricted.",
                isRetryable: false, needsUserAction: true, appCanHandle: false, recovery: .askUser),
            ErrorCodeInfo(
                rawValue: 10, name: "permissionFailure", meaning: "The user lacks permission for this operation.",
                isRetryable: false, needsUserAction: true, appCanHandle: false, recovery: .askUser),
            ErrorCodeInfo(
                rawValue: 11, name: "unknownItem", meaning: "The record, zone or subscription does not exist.",
                isRetryable: false, appCanHandle: true, recovery: .fixRequest),
            ErrorCodeInfo(
                rawValue: 12, name: "invalidArguments", meaning: "The request had invalid arguments.",
                isRetryable: false, appCanHandle: true, developmentOnly: true, recovery: .fixRequest),
            ErrorCodeInfo(
                rawValue: 13, name: "resultsTruncated", meaning: "Results were truncated (deprecated; no longer returned).",
                isRetryable: false, appCanHandle: true, recovery: .giveUp),
            ErrorCodeInfo(
                rawValue: 14, name: "serverRecordChanged", meaning: "The server's record is newer than the one being saved.",
                isRetryable: false, appCanHandle: true, recovery: .resolveConflict),
            ErrorCodeInfo(
                rawValue: 15, name: "serverRejectedRequest", meaning: "The server rejected the request.",
                isRetryable: false, appCanHandle: false, recovery: .giveUp),
            ErrorCodeInfo(
                rawValue: 16, name: "assetFileNotFound", meaning: "An asset's file on disk could not be found.",
                isRetryable: false, appCanHandle: true, recovery: .fixRequest, scope: .particularRequests),
            ErrorCodeInfo(
                rawValue: 17, name: "assetFileModified", meaning: "An asset's file changed while it was being saved.",
                isRetryable: true, appCanHandle: true, recovery: .retry, scope: .particularRequests),
            ErrorCodeInfo(
                rawValue: 18, name: "incompatibleVersion", meaning: "The app version is older than the oldest allowed.",
                isRetryable: false, needsUserAction: true, appCanHandle: false, recovery: .askUser),
            ErrorCodeInfo(
                rawValue: 19, name: "constraintViolation", meaning: "A unique-field constraint was violated on the server.",
                isRetryable: false, appCanHandle: true, recovery: .fixRequest),
            ErrorCodeInfo(
                rawValue: 20, name: "operationCancelled", meaning: "The operation was cancelled.",
                isRetryable: false, appCanHandle: true, recovery: .giveUp),
            ErrorCodeInfo(
                rawValue: 21, name: "changeTokenExpired", meaning: "The change token expired; changes must be fetched again from scratch.",
                isRetryable: false, appCanHandle: true, recovery: .resetChangeToken),
            ErrorCodeInfo(
                rawValue: 22, name: "batchRequestFailed", meaning: "An item of an atomic batch failed, so the whole batch was rejected.",
                isRetryable: false, appCanHandle: true, recovery: .inspectItems),
            ErrorCodeInfo(
                rawValue: 23, name: "zoneBusy", meaning: "The zone is busy; try again later.",
                isRetryable: true, isThrottling: true, appCanHandle: true, defaultRetryAfter: 3, recovery: .retry),
            ErrorCodeInfo(
                rawValue: 24, name: "badDatabase", meaning: "The operation is not allowed in this database (e.g. zones in the public database).",
                isRetryable: false, appCanHandle: true, developmentOnly: true, recovery: .fixRequest),
            ErrorCodeInfo(
                rawValue: 25, name: "quotaExceeded", meaning: "Saving would exceed the user's iCloud storage quota.",
                isRetryable: false, needsUserAction: true, appCanHandle: true, recovery: .askUser),
            ErrorCodeInfo(
                rawValue: 26, name: "zoneNotFound", meaning: "The record zone does not exist.",
                isRetryable: false, appCanHandle: true, recovery: .recreateZone),
            ErrorCodeInfo(
                rawValue: 27, name: "limitExceeded", meaning: "The request was too large; send it as smaller batches.",
                isRetryable: false, appCanHandle: true, recovery: .splitBatch),
            ErrorCodeInfo(
                rawValue: 28, name: "userDeletedZone", meaning: "The user deleted the zone in Settings; ask before uploading again.",
                isRetryable: false, needsUserAction: true, appCanHandle: true, recovery: .askUser),
            ErrorCodeInfo(
                rawValue: 29, name: "tooManyParticipants", meaning: "The share has too many participants.",
                isRetryable: false, appCanHandle: true, recovery: .fixRequest, scope: .particularRequests),
            ErrorCodeInfo(
                rawValue: 30, name: "alreadyShared", meaning: "The record or share is already in another share hierarchy.",
                isRetryable: false, appCanHandle: true, recovery: .fixRequest, scope: .particularRequests),
            ErrorCodeInfo(
                rawValue: 31, name: "referenceViolation", meaning: "A record's parent or share reference target was not found.",
                isRetryable: false, appCanHandle: true, recovery: .fixRequest),
            ErrorCodeInfo(
                rawValue: 32, name: "managedAccountRestricted", meaning: "The managed account forbids this request.",
                isRetryable: false, needsUserAction: true, appCanHandle: false, recovery: .askUser),
            ErrorCodeInfo(
                rawValue: 33, name: "participantMayNeedVerification", meaning: "The share participant may need to verify their account.",
                isRetryable: false, needsUserAction: true, appCanHandle: true, recovery: .askUser, scope: .particularRequests),
            ErrorCodeInfo(
                rawValue: 34, name: "serverResponseLost", meaning: "The server's response was lost; the request may or may not have been applied.",
                isRetryable: true, isNetworkFailure: true, appCanHandle: true, recovery: .retry),
            ErrorCodeInfo(
                rawValue: 35, name: "assetNotAvailable", meaning: "The asset could not be downloaded right now.",
                isRetryable: true, appCanHandle: true, recovery: .retry, scope: .particularRequests),
            ErrorCodeInfo(
                rawValue: 36, name: "accountTemporarilyUnavailable",
                meaning: "The iCloud account is temporarily unavailable; the user must verify it.",
                isRetryable: false, needsUserAction: true, appCanHandle: false, recovery: .askUser),
            ErrorCodeInfo(
                rawValue: 37, name: "participantAlreadyInvited", meaning: "The participant has already been invited to the share.",
                isRetryable: false, appCanHandle: true, recovery: .fixRequest, scope: .particularRequests),
        ])
}
