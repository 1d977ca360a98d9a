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

/// How a record's archive holds an asset, as Apple's does: an object of class `CKAsset` (the
/// decompiled `-[CKRecordValueStore encodeWithCoder:]` archives its values as they are, and
/// `-[CKAsset encodeWithCoder:]` exists, though CKAsset.h declares no NSSecureCoding). Its keys are
/// Apple's, from the decompiled `-[CKAsset encodeWithCoder:]` / `-initWithCoder:`: the file under
/// `AssetFileURL`, its size under `AssetSize` with `AssetHasSize`, an identifier under `AssetUUID`
/// (Apple makes one when the archive has none). Apple writes ~30 more keys (signatures, upload
/// receipts, keys for encrypted transfer, download templates) that a local asset does not have.
///
/// Internal, so that the stand-in's `CKAsset` keeps Apple's public surface (no NSSecureCoding);
/// archives name it `CKAsset` (PortableArchive maps the names, as for every stand-in class).
final class CKAssetArchive: NSObject, NSSecureCoding, @unchecked Sendable {
    let fileURL: URL?
    let size: Int64?
    let identifier: String

    init(_ asset: CKAsset) {
        fileURL = asset.fileURL
        size = asset.fileURL.flatMap { try? FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? NSNumber }?.int64Value
        identifier = UUID().uuidString
    }

    var asset: CKAsset? { fileURL.map(CKAsset.init(fileURL:)) }

    static var supportsSecureCoding: Bool { true }

    func encode(with coder: NSCoder) {
        coder.encode(identifier as NSString, forKey: "AssetUUID")
        if let fileURL { coder.encode(fileURL as NSURL, forKey: "AssetFileURL") }
        coder.encode(size ?? 0, forKey: "AssetSize")
        coder.encode(size != nil, forKey: "AssetHasSize")
    }

    init?(coder: NSCoder) {
        // swift-corelibs-foundation reports a missing key as a decoding error: ask first.
        fileURL = coder.containsValue(forKey: "AssetFileURL") ? coder.decodeObject(of: NSURL.self, forKey: "AssetFileURL") as URL? : nil
        size = coder.decodeBool(forKey: "AssetHasSize") ? coder.decodeInt64(forKey: "AssetSize") : nil
        identifier =
            (coder.containsValue(forKey: "AssetUUID") ? coder.decodeObject(of: NSString.self, forKey: "AssetUUID") as String? : nil)
            ?? UUID().uuidString
    }
}
