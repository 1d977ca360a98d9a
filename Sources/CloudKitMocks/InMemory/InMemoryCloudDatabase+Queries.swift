@_spi(Generated) import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import Foundation

/// Queries with CloudKit's rules, one page at a time, continued from a cursor.
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension InMemoryCloudDatabase {
    // MARK: Queries

    /// One page of a query: matching records of the type in the zone (every zone when `zoneID`
    /// is nil), filtered by the predicate, in sort order, at most `limit` (0 for all), and a
    /// cursor when more remain.
    func query(
        _ query: CKQuery, zoneID: CKRecordZone.ID?, desiredKeys: [CKRecord.FieldKey]?, limit: Int, offset: Int = 0
    ) -> Result<(records: [CKRecord], cursor: CKQueryOperation.Cursor?), any Error> {
        // CKQueryOperation.h: "Queries invoked within a sharedCloudDatabase must specify a zoneID.
        // Cross-zone queries are not supported in a sharedCloudDatabase" (the error is our choice).
        if zoneID == nil, scope == .shared { return .failure(error(.invalidArguments)) }
        if scope == .shared, let zoneID { return sharedQuery(query, zoneID: zoneID, desiredKeys: desiredKeys) }
        return state.withLock { state in
            if let zoneID, state.zones[zoneID] == nil { return .failure(error(.zoneNotFound)) }
            // "Queries that do not specify a zoneID will perform a query across all zones in the database."
            let zones = zoneID.map { [$0] } ?? state.zones.keys.sorted { $0.zoneName < $1.zoneName }
            let candidates = zones.flatMap { state.records.entries(in: $0).values }
                .filter { $0.item.recordType == query.recordType && query.predicate.evaluate(with: $0.item) }
            let byName = candidates.sorted {
                ($0.item.recordID.recordName, $0.item.recordID.zoneID.zoneName) < ($1.item.recordID.recordName, $1.item.recordID.zoneID.zoneName)
            }
            let ordered = RecordOrdering.sorted(byName.map(\.item), by: query.sortDescriptors ?? [])
            let entries = Dictionary(uniqueKeysWithValues: byName.map { ($0.item.recordID, $0) })
            let end = limit > 0 ? min(ordered.count, offset + limit) : ordered.count
            let page = offset < end ? Array(ordered[offset..<end]) : []
            let records = page.map { handOut(entries[$0.recordID]!, in: state, desiredKeys: desiredKeys) }
            var cursor: CKQueryOperation.Cursor?
            if end < ordered.count {
                guard let made = makeCursor(QueryPosition(query: query, zoneID: zoneID, offset: end), in: state) else {
                    return .failure(error(.internalError))
                }
                cursor = made
            }
            return .success((records, cursor))
        }
    }

    /// The next page after `cursor`, or `invalidArguments` for a cursor this database did not make.
    func query(
        continuing cursor: CKQueryOperation.Cursor, desiredKeys: [CKRecord.FieldKey]?, limit: Int
    ) -> Result<(records: [CKRecord], cursor: CKQueryOperation.Cursor?), any Error> {
        guard let position = position(of: cursor) else { return .failure(error(.invalidArguments)) }
        return query(position.query, zoneID: position.zoneID, desiredKeys: desiredKeys, limit: limit, offset: position.offset)
    }
}
