import CloudDoubleRuntime

extension ErrorModel {
    /// CloudKit's error model with the string values CloudKit uses at runtime, for the runtime's
    /// own tests (the runtime has no SDK's model built in; apps get `ErrorModel.cloudKit` from
    /// `CloudKitDoubles`, built from CloudKit's constants).
    static let cloudKit = ErrorModel(
        domain: "CKErrorDomain", catalogue: .cloudKit, retryAfterKey: "CKRetryAfter", partialErrorsKey: "CKPartialErrors",
        partialFailureCode: 2, requestTooLargeCode: 27, cancelledCode: 20, serverRecordKey: "ServerRecord", clientRecordKey: "ClientRecord",
        ancestorRecordKey: "AncestorRecord")
}
