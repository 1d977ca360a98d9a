@_spi(Generated) import CloudDoubleRuntime
import CloudKit
import Foundation

/// What one database holds for every device that sees it: what its tokens and cursors stand for
/// and its records' latest hand-outs. (The contents themselves are in `UserPartitions`.)
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
final class DatabaseStorage: Sendable {
    /// Tells this database's tokens and cursors from other databases'.
    let identity = UUID().uuidString
    /// Positions behind the cursors handed out, by the nonce written into each cursor's bytes.
    let cursorPositions = Locked<[String: InMemoryCloudDatabase.QueryPosition]>([:])
    /// Fallbacks for when a token's or cursor's bytes cannot be read back (see `OpaqueValues`).
    let tokensByIdentity = ObjectTags<InMemoryCloudDatabase.MintedValue>()
    let cursorsByIdentity = ObjectTags<InMemoryCloudDatabase.MintedValue>()
    /// The full hand-out of each stored version of each record, by user (partition), ID and
    /// version (see `handOut`): copied for fetches, and for a conflict's ancestor. Kept like the
    /// store's history of versions.
    let handOuts = Locked<[HandOutKey: (viewer: String, record: CKRecord)]>([:])

    struct HandOutKey: Hashable {
        var partition: String
        var recordID: CKRecord.ID
        var version: Int
    }
}
