extension ErrorModel {
    /// CloudKit's error model with the string values CloudKit uses at runtime (`CKErrorDomain`,
    /// `CKRetryAfter`, `CKPartialErrors`). Generated code uses the SDK's constants instead, which
    /// is what to prefer wherever CloudKit can be imported.
    /// On Apple platforms the keys are CloudKit's own constants.
    ///
    /// CloudKit's, like everything in this folder: the generic runtime never defaults to it.
    public static let cloudKit = ErrorModel(
        domain: CloudKitKeys.domain, catalogue: .cloudKit, retryAfterKey: CloudKitKeys.retryAfter,
        partialErrorsKey: CloudKitKeys.partialErrors, partialFailureCode: 2, serverRecordKey: CloudKitKeys.serverRecord,
        clientRecordKey: CloudKitKeys.clientRecord, ancestorRecordKey: CloudKitKeys.ancestorRecord)
}
