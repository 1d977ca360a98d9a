@_spi(Generated) import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import Foundation

/// Zone and database changes since a token, in batches.
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension InMemoryCloudDatabase {
    // MARK: Changes

    /// One batch of a zone's changes: the changes, the token that covers them, and whether more remain.
    struct ZoneBatch {
        var events: [CloudFetchRecordZoneChangesOutcome.Event]
        var token: CKServerChangeToken
        var moreComing: Bool
    }

    /// What changed in a zone since `token` (`nil`: everything), in batches of at most `limit`
    /// changes (0: one batch): changed records, deletions, and each batch's token, which covers
    /// that batch and the ones before it. `changeTokenExpired` or `zoneNotFound` fail the zone.
    func zoneChanges(
        _ zoneID: CKRecordZone.ID, since token: CKServerChangeToken?, desiredKeys: [CKRecord.FieldKey]?, limit: Int = 0
    ) -> Result<[ZoneBatch], any Error> {
        if scope == .shared { return sharedZoneChanges(zoneID, since: token, desiredKeys: desiredKeys, limit: limit) }
        return state.withLock { state in
            let since = token.map { sequence(of: $0, in: state) } ?? 0
            guard state.zones[zoneID] != nil else { return .failure(error(.zoneNotFound)) }
            guard since >= state.oldestValidSequence || (token == nil), since >= 0 else { return .failure(error(.changeTokenExpired)) }
            let changes = state.records.itemChanges(in: zoneID, since: since)
            let size = limit > 0 ? limit : max(changes.count, 1)
            var batches: [ZoneBatch] = []
            var start = 0
            repeat {
                let slice = changes[start..<min(changes.count, start + size)]
                let events = slice.compactMap { change -> CloudFetchRecordZoneChangesOutcome.Event? in
                    switch change.kind {
                    case .saved(let id):
                        guard let entry = state.records.entry(id, in: zoneID) else { return nil }
                        return .changes(id, .success(handOut(entry, in: state, desiredKeys: desiredKeys)))
                    case .deleted(let id, let record):
                        return .deletions(recordID: id, recordType: record.recordType)
                    case .partitionSaved, .partitionDeleted:
                        return nil
                    }
                }
                start += slice.count
                let more = start < changes.count
                // The last batch's token is the database's current sequence; an earlier one covers its batch.
                let covered = more ? slice.last!.sequence : state.records.sequence
                guard let token = makeToken(covered, in: state) else { return .failure(error(.internalError)) }
                batches.append(ZoneBatch(events: events, token: token, moreComing: more))
            } while start < changes.count
            return .success(batches)
        }
    }

    /// One batch of database changes.
    struct DatabaseBatch {
        var changed: [CKRecordZone.ID]
        var deleted: [CKRecordZone.ID]
        var token: CKServerChangeToken
        var moreComing: Bool
    }

    /// Zones changed and deleted since `token`, in batches of at most `limit` zones (0: one
    /// batch), each with a token covering it and the batches before. The default zone is never
    /// reported (it cannot be fetched by change, see docs/InMemoryStore.md).
    func databaseChanges(since token: CKServerChangeToken?, limit: Int = 0) -> Result<[DatabaseBatch], any Error> {
        if scope == .shared { return sharedDatabaseChanges(since: token) }
        return state.withLock { state in
            let since = token.map { sequence(of: $0, in: state) } ?? 0
            guard since >= state.oldestValidSequence || token == nil, since >= 0 else { return .failure(error(.changeTokenExpired)) }
            // Each zone once, at its latest change, oldest first.
            var latest: [CKRecordZone.ID: Int] = [:]
            for change in state.records.changes where change.sequence > since && change.partition != .default {
                latest[change.partition] = change.sequence
            }
            let ordered = latest.sorted { $0.value < $1.value }
            let size = limit > 0 ? limit : max(ordered.count, 1)
            var batches: [DatabaseBatch] = []
            var start = 0
            repeat {
                let slice = ordered[start..<min(ordered.count, start + size)]
                start += slice.count
                let more = start < ordered.count
                let covered = more ? slice.last!.value : state.records.sequence
                guard let token = makeToken(covered, in: state) else { return .failure(error(.internalError)) }
                batches.append(
                    DatabaseBatch(
                        changed: slice.map(\.key).filter { state.zones[$0] != nil }, deleted: slice.map(\.key).filter { state.zones[$0] == nil },
                        token: token, moreComing: more))
            } while start < ordered.count
            return .success(batches)
        }
    }
}
