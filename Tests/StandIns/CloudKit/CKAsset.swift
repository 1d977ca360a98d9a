import Foundation

// Linux stand-in: assets.
//
// Apple (CKAsset.h):
//     @interface CKAsset : NSObject
//     - (instancetype)init NS_UNAVAILABLE;  + (instancetype)new NS_UNAVAILABLE;
//     - (instancetype)initWithFileURL:(NSURL *)fileURL;
//     @property (nonatomic, readonly, copy, nullable) NSURL *fileURL;
// Not NSSecureCoding in the public header. The overlay (iOS 18 `CloudKit.swiftinterface`) makes it a
// `CKRecordValueProtocol` and, from iOS 17 / macOS 14 / watchOS 10, `@unchecked Sendable`.

@available(macOS 10.10, iOS 8.0, watchOS 3.0, *)
open class CKAsset: NSObject, @unchecked Sendable {
    private let url: URL?

    public init(fileURL: URL) {
        url = fileURL
    }

    /// Where a saved asset's content comes from, or where a fetched asset's content is cached.
    open var fileURL: URL? { url }
}

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 3.0, *)
extension CKAsset: CKRecordValueProtocol {}
