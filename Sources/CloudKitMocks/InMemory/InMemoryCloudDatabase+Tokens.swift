@_spi(Generated) import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import Foundation

/// Change tokens and query cursors: what each stands for, written into its bytes.
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension InMemoryCloudDatabase {
    // MARK: Tokens and cursors

    /// What a token or cursor this database minted stands for; written into its bytes, so a
    /// value the app archived and restored (how apps persist tokens, and how `InMemorySyncEngine`
    /// keeps them in its state serialization) still means what it meant. The nonce makes every
    /// value's bytes unique: Apple's `CKServerChangeToken` compares by its bytes.
    struct MintedValue: Codable, Equatable {
        var database: String
        var partition: String
        var sequence: Int
        var nonce = UUID().uuidString
    }

    func makeToken(_ sequence: Int, in state: State) -> CKServerChangeToken? {
        let value = MintedValue(database: storage.identity, partition: state.partition, sequence: sequence)
        guard let bytes = try? JSONEncoder().encode(value), let token = OpaqueValues.token(bytes) else {
            service.archiveFormat.report(
                "CKServerChangeToken did not decode from an archive in Apple's format; change fetches fail with internalError.")
            return nil
        }
        storage.tokensByIdentity[token] = value
        if OpaqueValues.bytes(of: token) != bytes {
            service.archiveFormat.report(
                "CKServerChangeToken's archive format is not the one CloudDouble knows (\(OpaqueValues.tokenDataKey)); "
                    + "tokens are known by object identity only, so a token restored from an archive is not recognised.")
        }
        return token
    }

    /// The sequence a token stands for, -1 for one this database did not make for this user.
    func sequence(of token: CKServerChangeToken, in state: State) -> Int {
        let value = storage.tokensByIdentity[token] ?? OpaqueValues.bytes(of: token).flatMap { try? JSONDecoder().decode(MintedValue.self, from: $0) }
        guard let value, value.database == storage.identity, value.partition == state.partition else { return -1 }
        return value.sequence
    }

    func makeCursor(_ position: QueryPosition, in state: State) -> CKQueryOperation.Cursor? {
        let value = MintedValue(database: storage.identity, partition: state.partition, sequence: position.offset)
        guard let bytes = try? JSONEncoder().encode(value), let cursor = OpaqueValues.cursor(bytes, zoneID: position.zoneID) else {
            service.archiveFormat.report(
                "CKQueryCursor did not decode from an archive in Apple's format; queries with more results fail with internalError.")
            return nil
        }
        storage.cursorsByIdentity[cursor] = value
        storage.cursorPositions.withLock { $0[value.nonce] = position }
        if OpaqueValues.bytes(of: cursor) != bytes {
            service.archiveFormat.report(
                "CKQueryCursor's archive format is not the one CloudDouble knows (\(OpaqueValues.cursorDataKey)); "
                    + "cursors are known by object identity only, so a cursor restored from an archive is not recognised.")
        }
        return cursor
    }

    /// Where a cursor this database made for the current user continues.
    func position(of cursor: CKQueryOperation.Cursor) -> QueryPosition? {
        let value =
            storage.cursorsByIdentity[cursor] ?? OpaqueValues.bytes(of: cursor).flatMap { try? JSONDecoder().decode(MintedValue.self, from: $0) }
        guard let value, value.database == storage.identity, value.partition == state.current else { return nil }
        return storage.cursorPositions.withLock { $0[value.nonce] }
    }
}
