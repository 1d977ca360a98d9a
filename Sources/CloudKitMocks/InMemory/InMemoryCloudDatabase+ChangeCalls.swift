@_spi(Generated) import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles

/// The convenience change fetches, `recordZoneChanges(inZoneWith:since:…)` and
/// `databaseChanges(since:…)`: one batch each, answered with mirrors (Apple's change structs
/// have no public initialiser). The batch is the first of what the matching operation reports
/// without `fetchAllChanges`; its token covers it, and `moreComing` says whether to ask again
/// with that token (CKDatabase.h: "If moreComing is true, call again with the returned change
/// token").
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension InMemoryCloudDatabase {
    public func recordZoneChanges(
        _ arguments: (zoneID: CKRecordZone.ID, changeToken: CKServerChangeToken?, desiredKeys: [CKRecord.FieldKey]?, resultsLimit: Int?)
    ) throws -> (
        modificationResultsByID: [CKRecord.ID: Result<CloudRecordZoneChangeModification, any Error>], deletions: [CloudRecordZoneChangeDeletion],
        changeToken: CKServerChangeToken, moreComing: Bool
    ) {
        try checkAccount(writing: false)
        let batch = try zoneChanges(
            arguments.zoneID, since: arguments.changeToken, desiredKeys: arguments.desiredKeys, limit: arguments.resultsLimit ?? 0
        ).get()[0]
        var modifications: [CKRecord.ID: Result<CloudRecordZoneChangeModification, any Error>] = [:]
        var deletions: [CloudRecordZoneChangeDeletion] = []
        for event in batch.events {
            switch event {
            case .changes(let recordID, let result):
                modifications[recordID] = result.map { CloudRecordZoneChangeModification(record: $0) }
            case .deletions(let recordID, let recordType):
                deletions.append(CloudRecordZoneChangeDeletion(recordID: recordID, recordType: recordType))
            case .tokenUpdates, .zoneResults:
                break
            }
        }
        return (modifications, deletions, batch.token, batch.moreComing)
    }

    public func databaseChanges(
        _ arguments: (changeToken: CKServerChangeToken?, resultsLimit: Int?)
    ) throws -> (
        modifications: [CloudDatabaseChangeModification], deletions: [CloudDatabaseChangeDeletion], changeToken: CKServerChangeToken, moreComing: Bool
    ) {
        try checkAccount(writing: false)
        let batch = try databaseChanges(since: arguments.changeToken, limit: arguments.resultsLimit ?? 0).get()[0]
        return (
            batch.changed.map { CloudDatabaseChangeModification(zoneID: $0) }, batch.deleted.map(Self.deletion),
            batch.token, batch.moreComing
        )
    }

    /// A deleted zone as the SDK reports it: with its `reason` where the SDK has one. The store
    /// neither purges zones nor resets encrypted data, so every deletion is `.deleted`.
    static func deletion(of zoneID: CKRecordZone.ID) -> CloudDatabaseChangeDeletion {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return CloudDatabaseChangeDeletion(zoneID: zoneID) }
        return CloudDatabaseChangeDeletion(zoneID: zoneID, reason: .deleted)
    }
}
