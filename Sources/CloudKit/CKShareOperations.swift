import Foundation

// Linux stand-in: the share operations that run on the container (CKAcceptSharesOperation.h,
// CKFetchShareMetadataOperation.h), with the Swift surface of Apple's interface: result blocks
// from macOS 12 / iOS 15 / tvOS 15 / watchOS 8, the older completion blocks deprecated.

/// "Convenience methods for accepting shares" run by `CKContainer.add(_:)`.
@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
public final class CKAcceptSharesOperation: CKOperation, @unchecked Sendable {
    public var shareMetadatas: [CKShare.Metadata]?
    @available(*, deprecated, message: "Use perShareResultBlock instead")
    public var perShareCompletionBlock: ((CKShare.Metadata, CKShare?, (any Error)?) -> Void)?
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    public var perShareResultBlock: ((_ shareMetadata: CKShare.Metadata, _ acceptShareResult: Result<CKShare, any Error>) -> Void)?
    @available(*, deprecated, message: "Use acceptSharesResultBlock instead")
    public var acceptSharesCompletionBlock: (((any Error)?) -> Void)?
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    public var acceptSharesResultBlock: ((_ operationResult: Result<Void, any Error>) -> Void)?

    public override init() {}

    public convenience init(shareMetadatas: [CKShare.Metadata]) {
        self.init()
        self.shareMetadatas = shareMetadatas
    }
}

/// Fetches the `CKShare.Metadata` of share URLs, run by `CKContainer.add(_:)`.
@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
public final class CKFetchShareMetadataOperation: CKOperation, @unchecked Sendable {
    public var shareURLs: [URL]?
    /// "If set to YES, the resulting CKShareMetadata will have a rootRecord object filled out."
    public var shouldFetchRootRecord = false
    /// "Declares which user-defined keys should be fetched and added to the resulting rootRecord."
    public var rootRecordDesiredKeys: [CKRecord.FieldKey]?
    @available(*, deprecated, message: "Use perShareMetadataResultBlock instead")
    public var perShareMetadataBlock: ((URL, CKShare.Metadata?, (any Error)?) -> Void)?
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    public var perShareMetadataResultBlock: ((_ shareURL: URL, _ shareMetadataResult: Result<CKShare.Metadata, any Error>) -> Void)?
    @available(*, deprecated, message: "Use fetchShareMetadataResultBlock instead")
    public var fetchShareMetadataCompletionBlock: (((any Error)?) -> Void)?
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    public var fetchShareMetadataResultBlock: ((_ operationResult: Result<Void, any Error>) -> Void)?

    public override init() {}

    public convenience init(shareURLs: [URL]) {
        self.init()
        self.shareURLs = shareURLs
    }
}
