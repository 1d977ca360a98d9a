import CloudDoubleRuntime
import CloudKit
import Foundation

@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension CassetteCodecs {
    /// Operations as arguments: what the app asked for, shown on the line and matched. Their
    /// outcomes need no codec here: every generated outcome type is a `TapedOperation`, written
    /// by its events (docs/Cassettes.md). An operation not listed is written
    /// `{"unencoded": "CKSomeOperation"}` and matches any operation of its class.
    static func registerOperations(in codecs: inout CassetteCodecs) {
        request(CKFetchRecordsOperation.self, in: &codecs) { ["recordIDs": $0.recordIDs, "desiredKeys": $0.desiredKeys] }
        request(CKModifyRecordsOperation.self, in: &codecs) {
            [
                "recordsToSave": $0.recordsToSave, "recordIDsToDelete": $0.recordIDsToDelete, "savePolicy": $0.savePolicy.rawValue,
                "atomic": $0.isAtomic,
            ]
        }
        request(CKQueryOperation.self, in: &codecs) {
            ["query": $0.query, "cursor": $0.cursor, "zoneID": $0.zoneID, "desiredKeys": $0.desiredKeys, "resultsLimit": $0.resultsLimit]
        }
        request(CKFetchRecordZoneChangesOperation.self, in: &codecs) { ["recordZoneIDs": $0.recordZoneIDs, "fetchAllChanges": $0.fetchAllChanges] }
        request(CKFetchDatabaseChangesOperation.self, in: &codecs) {
            ["previousServerChangeToken": $0.previousServerChangeToken, "resultsLimit": $0.resultsLimit, "fetchAllChanges": $0.fetchAllChanges]
        }
        request(CKFetchRecordZonesOperation.self, in: &codecs) { ["recordZoneIDs": $0.recordZoneIDs] }
        request(CKModifyRecordZonesOperation.self, in: &codecs) {
            ["recordZonesToSave": $0.recordZonesToSave, "recordZoneIDsToDelete": $0.recordZoneIDsToDelete]
        }
        request(CKFetchSubscriptionsOperation.self, in: &codecs) { ["subscriptionIDs": $0.subscriptionIDs] }
        request(CKModifySubscriptionsOperation.self, in: &codecs) {
            ["subscriptionsToSave": $0.subscriptionsToSave, "subscriptionIDsToDelete": $0.subscriptionIDsToDelete]
        }
        request(CKFetchShareMetadataOperation.self, in: &codecs) {
            ["shareURLs": $0.shareURLs, "shouldFetchRootRecord": $0.shouldFetchRootRecord, "rootRecordDesiredKeys": $0.rootRecordDesiredKeys]
        }
        request(CKAcceptSharesOperation.self, in: &codecs) { ["shareMetadatas": $0.shareMetadatas] }
    }

    /// An operation class written as an object of its request's properties, for matching only.
    private static func request<Operation: CKOperation>(
        _ type: Operation.Type, in codecs: inout CassetteCodecs, _ properties: @escaping @Sendable (Operation) -> [String: Any?]
    ) {
        codecs.register(
            type, name: String(describing: type),
            encode: { operation, codecs in
                .object(properties(operation).mapValues { codecs.describe($0 as Any) })
            }, decode: { json, _ in throw CassetteError.unreadable("no operation (operations are written for matching only)", json) })
    }

    /// The tuples of CloudKit's results that calls and operations return, by their labels.
    static func registerResultTuples(in codecs: inout CassetteCodecs) {
        codecs.register(
            tuple: (saveResults: [CKRecord.ID: Result<CKRecord, any Error>], deleteResults: [CKRecord.ID: Result<Void, any Error>]).self,
            name: "ModifyRecordsResults", labels: ["saveResults", "deleteResults"]
        ) { (saveResults: $0, deleteResults: $1) }
        codecs.register(
            tuple: (saveResults: [CKRecordZone.ID: Result<CKRecordZone, any Error>], deleteResults: [CKRecordZone.ID: Result<Void, any Error>]).self,
            name: "ModifyRecordZonesResults", labels: ["saveResults", "deleteResults"]
        ) { (saveResults: $0, deleteResults: $1) }
        codecs.register(
            tuple: (saveResults: [CKSubscription.ID: Result<CKSubscription, any Error>], deleteResults: [CKSubscription.ID: Result<Void, any Error>])
                .self,
            name: "ModifySubscriptionsResults", labels: ["saveResults", "deleteResults"]
        ) { (saveResults: $0, deleteResults: $1) }
        codecs.register(tuple: (CKRecord.ID, Result<CKRecord, any Error>).self, name: "RecordMatch", labels: ["key", "result"]) { ($0, $1) }
        codecs.register(
            tuple: (matchResults: [(CKRecord.ID, Result<CKRecord, any Error>)], queryCursor: CKQueryOperation.Cursor?).self,
            name: "QueryResults", labels: ["matchResults", "queryCursor"]
        ) { (matchResults: $0, queryCursor: $1) }
        // The final result of CKFetchDatabaseChangesOperation and the per-zone result of
        // CKFetchRecordZoneChangesOperation (their blocks' parameters, CKFetch…Operation.h).
        codecs.register(
            tuple: (serverChangeToken: CKServerChangeToken, moreComing: Bool).self, name: "DatabaseChangesResult",
            labels: ["serverChangeToken", "moreComing"]
        ) { (serverChangeToken: $0, moreComing: $1) }
        codecs.register(
            tuple: (serverChangeToken: CKServerChangeToken, clientChangeTokenData: Data?, moreComing: Bool).self, name: "ZoneChangesResult",
            labels: ["serverChangeToken", "clientChangeTokenData", "moreComing"]
        ) { (serverChangeToken: $0, clientChangeTokenData: $1, moreComing: $2) }
    }
}
