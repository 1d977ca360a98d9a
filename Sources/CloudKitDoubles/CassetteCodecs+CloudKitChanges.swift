import CloudDoubleRuntime
import CloudKit

@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension CassetteCodecs {
    /// The mirrors `recordZoneChanges` and `databaseChanges` return, by their members, and the
    /// tuples of those results, by their labels.
    static func registerChanges(in codecs: inout CassetteCodecs) {
        codecs.register(
            CloudRecordZoneChangeModification.self, name: "RecordZoneChangeModification",
            encode: { modification, codecs in
                .object(["record": try codecs.encode(modification.record)])
            },
            decode: { json, codecs in
                CloudRecordZoneChangeModification(record: try codecs.decode(CKRecord.self, from: json["record"] ?? .null))
            })
        codecs.register(
            CloudRecordZoneChangeDeletion.self, name: "RecordZoneChangeDeletion",
            encode: { deletion, codecs in
                .object(["recordID": try codecs.encode(deletion.recordID), "recordType": .string(deletion.recordType)])
            },
            decode: { json, codecs in
                guard let type = json["recordType"]?.stringValue else { throw CassetteError.unreadable("a record deletion", json) }
                return CloudRecordZoneChangeDeletion(recordID: try codecs.decode(CKRecord.ID.self, from: json["recordID"] ?? .null), recordType: type)
            })
        codecs.register(
            CloudDatabaseChangeModification.self, name: "DatabaseChangeModification",
            encode: { modification, codecs in
                .object(["zoneID": try codecs.encode(modification.zoneID)])
            },
            decode: { json, codecs in
                CloudDatabaseChangeModification(zoneID: try codecs.decode(CKRecordZone.ID.self, from: json["zoneID"] ?? .null))
            })
        codecs.register(
            CloudDatabaseChangeDeletion.self, name: "DatabaseChangeDeletion",
            encode: { deletion, codecs in
                var object: [String: CassetteJSON] = ["zoneID": try codecs.encode(deletion.zoneID)]
                if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *),
                    let reason = deletion.reasonStorage_ as? CKDatabase.DatabaseChange.Deletion.Reason
                {
                    object["reason"] = .string(String(describing: reason))
                }
                return .object(object)
            },
            decode: { json, codecs in
                let zoneID = try codecs.decode(CKRecordZone.ID.self, from: json["zoneID"] ?? .null)
                guard let name = json["reason"]?.stringValue else { return CloudDatabaseChangeDeletion(zoneID: zoneID) }
                guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return CloudDatabaseChangeDeletion(zoneID: zoneID) }
                let reasons: [CKDatabase.DatabaseChange.Deletion.Reason] = [.deleted, .purged, .encryptedDataReset]
                guard let reason = reasons.first(where: { String(describing: $0) == name }) else {
                    throw CassetteError.unreadable("a zone deletion's reason", json)
                }
                return CloudDatabaseChangeDeletion(zoneID: zoneID, reason: reason)
            })
        codecs.register(
            tuple: (
                modificationResultsByID: [CKRecord.ID: Result<CloudRecordZoneChangeModification, any Error>],
                deletions: [CloudRecordZoneChangeDeletion],
                changeToken: CKServerChangeToken, moreComing: Bool
            ).self,
            name: "RecordZoneChanges", labels: ["modificationResultsByID", "deletions", "changeToken", "moreComing"]
        ) { (modificationResultsByID: $0, deletions: $1, changeToken: $2, moreComing: $3) }
        codecs.register(
            tuple: (
                modifications: [CloudDatabaseChangeModification], deletions: [CloudDatabaseChangeDeletion], changeToken: CKServerChangeToken,
                moreComing: Bool
            ).self,
            name: "DatabaseChanges", labels: ["modifications", "deletions", "changeToken", "moreComing"]
        ) { (modifications: $0, deletions: $1, changeToken: $2, moreComing: $3) }
    }
}
