import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks

/// What the in-memory store's tests share: a note record and an error's CloudKit code name.
protocol StoreTestSupport {}

extension StoreTestSupport {
    var notes: CKRecordZone.ID { CKRecordZone.ID(zoneName: "Notes") }
    var model: ErrorModel { ErrorModel.cloudKit }

    func note(_ name: String, _ title: String, zone: CKRecordZone.ID = .default) -> CKRecord {
        let record = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: name, zoneID: zone))
        record["title"] = title
        return record
    }

    /// The code's name in the catalogue (`unknownItem`), or `none`.
    func code(_ error: (any Error)?) -> String {
        error.flatMap { model.info(of: $0)?.name } ?? "none"
    }

    /// The changed record names and the final token of one zone-changes operation in `notes`.
    func zoneChanges(_ database: MockCloudDatabase, since token: CKServerChangeToken?) throws -> (changed: [String], token: CKServerChangeToken) {
        let changed = Locked<[String]>([])
        let result = Locked<Result<CKServerChangeToken, any Error>?>(nil)
        let operation = CKFetchRecordZoneChangesOperation(
            recordZoneIDs: [notes], configurationsByRecordZoneID: [notes: .init(previousServerChangeToken: token)])
        operation.recordWasChangedBlock = { id, _ in changed.withLock { $0.append(id.recordName) } }
        operation.recordZoneFetchResultBlock = { _, outcome in result.withLock { $0 = outcome.map(\.serverChangeToken) } }
        database.add(operation)
        guard let outcome = result.snapshot else { throw CKError(.internalError) }
        return (changed.snapshot.sorted(), try outcome.get())
    }
}
