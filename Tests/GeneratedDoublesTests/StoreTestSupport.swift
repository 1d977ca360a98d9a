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
}
