import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import XCTest

/// What apple/sample-cloudkit-sharing and -zonesharing do when the system hands the app a share
/// the user tapped (`SceneDelegate.windowScene(_:userDidAcceptCloudKitShareWith:)`, the same in
/// both): refuse metadata from another container, else accept it with a
/// `CKAcceptSharesOperation` added to the container. The test plays the system, fetching Apple's
/// metadata on the participant's device with a `CKFetchShareMetadataOperation` (the container's
/// `shareMetadata(for:)` answers with a mirror, which the operation does not take).
enum SampleShareAcceptance {
    /// The metadata the system hands the app for `url`, fetched on `container`'s device.
    static func systemMetadata(for url: URL, in container: any CloudContainer) async throws -> CKShare.Metadata {
        try await withCheckedThrowingContinuation { continuation in
            let metadata = Locked<Result<CKShare.Metadata, any Error>?>(nil)
            let operation = CKFetchShareMetadataOperation(shareURLs: [url])
            operation.perShareMetadataResultBlock = { _, outcome in metadata.withLock { $0 = outcome } }
            operation.fetchShareMetadataResultBlock = { outcome in
                if case .failure(let error) = outcome, metadata.snapshot == nil { metadata.withLock { $0 = .failure(error) } }
                continuation.resume(with: metadata.snapshot ?? .failure(CKError(.internalError)))
            }
            container.add(operation)
        }
    }

    /// Nil when the metadata names another container (the sample returns without accepting),
    /// else the operation's per-share result.
    static func accept(
        _ metadata: CKShare.Metadata, in container: any CloudContainer, appContainerIdentifier: String
    ) async -> Result<CKShare, any Error>? {
        guard metadata.containerIdentifier == appContainerIdentifier else { return nil }
        return await withCheckedContinuation { continuation in
            let result = Locked<Result<CKShare, any Error>?>(nil)
            let operation = CKAcceptSharesOperation(shareMetadatas: [metadata])
            operation.perShareResultBlock = { _, outcome in result.withLock { $0 = outcome } }
            operation.acceptSharesResultBlock = { outcome in
                if case .failure(let error) = outcome, result.snapshot == nil { result.withLock { $0 = .failure(error) } }
                continuation.resume(returning: result.snapshot)
            }
            operation.qualityOfService = .utility
            container.add(operation)
        }
    }
}
