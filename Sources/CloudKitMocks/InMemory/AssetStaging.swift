import CloudKit
import Foundation

/// Where the in-memory CloudKit puts the asset files of the records it hands out, as CloudKit
/// does. Apple, `CKAsset`: "When you fetch a record that contains an asset, CloudKit stores the
/// asset's data in a staging area accessible to your app"; the app's `fileURL` is a new local
/// copy, never the file the app saved from. One folder per service under the temporary
/// directory, removed with the service (Apple: CloudKit "may delete it at any point").
final class AssetStaging: Sendable {
    let directory: URL

    init() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("CloudDouble-assets-\(UUID().uuidString)", isDirectory: true)
    }

    /// A new file with `bytes`, or `nil` if it cannot be written.
    func stage(_ bytes: Data) -> URL? {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(UUID().uuidString)
        return (try? bytes.write(to: file)) == nil ? nil : file
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
}
