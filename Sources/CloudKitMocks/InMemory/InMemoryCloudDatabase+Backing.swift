import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import Foundation

/// Every store call and operation of the CloudKit description, answered from the database's
/// contents: the convenience, async and Result-based forms of a call share one answer here,
/// and operations get outcomes their blocks are then called with.
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension InMemoryCloudDatabase: CloudDatabaseBacking {
    // MARK: Calls

    public func fetchRecord(_ arguments: CKRecord.ID) throws -> CKRecord {
        try fetch([arguments])[0].1.get()
    }

    public func saveRecord(_ arguments: CKRecord) throws -> CKRecord {
        try modify(saving: [arguments], deleting: []).saves[0].1.get()
    }

    public func deleteRecord(_ arguments: CKRecord.ID) throws -> CKRecord.ID {
        try modify(saving: [], deleting: [arguments]).deletes[0].1.get()
        return arguments
    }

    public func performQuery(_ arguments: (query: CKQuery, zoneID: CKRecordZone.ID?)) throws -> [CKRecord] {
        try query(arguments.query, zoneID: arguments.zoneID, desiredKeys: nil, limit: 0).get().records
    }

    public func allRecordZones() throws -> [CKRecordZone] {
        try fetchZones(nil).map { try $0.1.get() }
    }

    public func fetchRecordZone(_ arguments: CKRecordZone.ID) throws -> CKRecordZone {
        try fetchZones([arguments])[0].1.get()
    }

    public func saveRecordZone(_ arguments: CKRecordZone) throws -> CKRecordZone {
        try modifyZones(saving: [arguments], deleting: []).saves[0].1.get()
    }

    public func deleteRecordZone(_ arguments: CKRecordZone.ID) throws -> CKRecordZone.ID {
        try modifyZones(saving: [], deleting: [arguments]).deletes[0].1.get()
        return arguments
    }

    public func allSubscriptions() throws -> [CKSubscription] {
        try fetchSubscriptions(nil).map { try $0.1.get() }
    }

    public func saveSubscription(_ arguments: CKSubscription) throws -> CKSubscription {
        try modifySubscriptions(saving: [arguments], deleting: []).saves[0].1.get()
    }

    public func deleteSubscription(_ arguments: CKSubscription.ID) throws -> CKSubscription.ID {
        try modifySubscriptions(saving: [], deleting: [arguments]).deletes[0].1.get()
        return arguments
    }

    public func fetchRecords(_ arguments: (ids: [CKRecord.ID], desiredKeys: [CKRecord.FieldKey]?)) throws -> [CKRecord.ID: Result<CKRecord, any Error>] {
        Dictionary(fetch(arguments.ids, desiredKeys: arguments.desiredKeys), uniquingKeysWith: { first, _ in first })
    }

    public func modifyRecords(
        _ arguments: (recordsToSave: [CKRecord], recordIDsToDelete: [CKRecord.ID], savePolicy: CKModifyRecordsOperation.RecordSavePolicy, atomically: Bool)
    ) throws -> (saveResults: [CKRecord.ID: Result<CKRecord, any Error>], deleteResults: [CKRecord.ID: Result<Void, any Error>]) {
        let results = modify(
            saving: arguments.recordsToSave, deleting: arguments.recordIDsToDelete, policy: arguments.savePolicy, atomically: arguments.atomically)
        return (Dictionary(results.saves, uniquingKeysWith: { first, _ in first }), Dictionary(results.deletes, uniquingKeysWith: { first, _ in first }))
    }

    public func queryRecords(
        _ arguments: (query: CKQuery, zoneID: CKRecordZone.ID?, desiredKeys: [CKRecord.FieldKey]?, resultsLimit: Int)
    ) throws -> (matchResults: [(CKRecord.ID, Result<CKRecord, any Error>)], queryCursor: CKQueryOperation.Cursor?) {
        let page = try query(arguments.query, zoneID: arguments.zoneID, desiredKeys: arguments.desiredKeys, limit: arguments.resultsLimit).get()
        return (page.records.map { ($0.recordID, .success($0)) }, page.cursor)
    }

    public func continueQuery(
        _ arguments: (queryCursor: CKQueryOperation.Cursor, desiredKeys: [CKRecord.FieldKey]?, resultsLimit: Int)
    ) throws -> (matchResults: [(CKRecord.ID, Result<CKRecord, any Error>)], queryCursor: CKQueryOperation.Cursor?) {
        let page = try query(continuing: arguments.queryCursor, desiredKeys: arguments.desiredKeys, limit: arguments.resultsLimit).get()
        return (page.records.map { ($0.recordID, .success($0)) }, page.cursor)
    }

    public func fetchSubscription(_ arguments: CKSubscription.ID) throws -> CKSubscription {
        try fetchSubscriptions([arguments])[0].1.get()
    }

    public func fetchRecordZones(_ arguments: [CKRecordZone.ID]) throws -> [CKRecordZone.ID: Result<CKRecordZone, any Error>] {
        Dictionary(fetchZones(arguments), uniquingKeysWith: { first, _ in first })
    }

    public func modifyRecordZones(
        _ arguments: (recordZonesToSave: [CKRecordZone], recordZoneIDsToDelete: [CKRecordZone.ID])
    ) throws -> (saveResults: [CKRecordZone.ID: Result<CKRecordZone, any Error>], deleteResults: [CKRecordZone.ID: Result<Void, any Error>]) {
        let results = modifyZones(saving: arguments.recordZonesToSave, deleting: arguments.recordZoneIDsToDelete)
        return (Dictionary(results.saves, uniquingKeysWith: { first, _ in first }), Dictionary(results.deletes, uniquingKeysWith: { first, _ in first }))
    }

    public func fetchSubscriptions(_ arguments: [CKSubscription.ID]) throws -> [CKSubscription.ID: Result<CKSubscription, any Error>] {
        Dictionary(fetchSubscriptions(arguments as [CKSubscription.ID]?), uniquingKeysWith: { first, _ in first })
    }

    public func modifySubscriptions(
        _ arguments: (subscriptionsToSave: [CKSubscription], subscriptionIDsToDelete: [CKSubscription.ID])
    ) throws -> (saveResults: [CKSubscription.ID: Result<CKSubscription, any Error>], deleteResults: [CKSubscription.ID: Result<Void, any Error>]) {
        let results = modifySubscriptions(saving: arguments.subscriptionsToSave, deleting: arguments.subscriptionIDsToDelete)
        return (Dictionary(results.saves, uniquingKeysWith: { first, _ in first }), Dictionary(results.deletes, uniquingKeysWith: { first, _ in first }))
    }

    // MARK: Operations

    public func fetchRecordsOperation(_ operation: CKFetchRecordsOperation) -> CloudFetchRecordsOutcome {
        CloudFetchRecordsOutcome(records: fetch(operation.recordIDs ?? [], desiredKeys: operation.desiredKeys))
    }

    public func modifyRecordsOperation(_ operation: CKModifyRecordsOperation) -> CloudModifyRecordsOutcome {
        let results = modify(
            saving: operation.recordsToSave ?? [], deleting: operation.recordIDsToDelete ?? [], policy: operation.savePolicy,
            atomically: operation.isAtomic)
        return CloudModifyRecordsOutcome(saves: results.saves, deletes: results.deletes)
    }

    public func queryOperation(_ operation: CKQueryOperation) -> CloudQueryOutcome {
        let page: Result<(records: [CKRecord], cursor: CKQueryOperation.Cursor?), any Error>
        if let cursor = operation.cursor {
            page = query(continuing: cursor, desiredKeys: operation.desiredKeys, limit: operation.resultsLimit)
        } else if let query = operation.query {
            page = self.query(query, zoneID: operation.zoneID, desiredKeys: operation.desiredKeys, limit: operation.resultsLimit)
        } else {
            page = .failure(error("invalidArguments"))
        }
        switch page {
        case .success(let page): return CloudQueryOutcome(records: page.records.map { ($0.recordID, .success($0)) }, result: .success(page.cursor))
        case .failure(let failure): return .failure(failure)
        }
    }

    public func fetchRecordZoneChangesOperation(_ operation: CKFetchRecordZoneChangesOperation) -> CloudFetchRecordZoneChangesOutcome {
        let zones = operation.recordZoneIDs ?? zoneIDs.filter { $0 != .default }.sorted { $0.zoneName < $1.zoneName }
        var events: [CloudFetchRecordZoneChangesOutcome.Event] = []
        for zoneID in zones {
            let configuration = operation.configurationsByRecordZoneID?[zoneID]
            let changes = zoneChanges(zoneID, since: configuration?.previousServerChangeToken, desiredKeys: configuration?.desiredKeys)
            events += changes.events
            events.append(.zoneResults(zoneID, changes.result.map { (serverChangeToken: $0, clientChangeTokenData: nil, moreComing: false) }))
        }
        return CloudFetchRecordZoneChangesOutcome(events: events)
    }

    public func fetchDatabaseChangesOperation(_ operation: CKFetchDatabaseChangesOperation) -> CloudFetchDatabaseChangesOutcome {
        let changes = databaseChanges(since: operation.previousServerChangeToken)
        switch changes.result {
        case .success(let token):
            return CloudFetchDatabaseChangesOutcome(
                changedZones: changes.changed, deletedZones: changes.deleted, result: .success((serverChangeToken: token, moreComing: false)))
        case .failure(let failure):
            return .failure(failure)
        }
    }

    public func fetchRecordZonesOperation(_ operation: CKFetchRecordZonesOperation) -> CloudFetchRecordZonesOutcome {
        CloudFetchRecordZonesOutcome(zones: fetchZones(operation.recordZoneIDs))
    }

    public func modifyRecordZonesOperation(_ operation: CKModifyRecordZonesOperation) -> CloudModifyRecordZonesOutcome {
        let results = modifyZones(saving: operation.recordZonesToSave ?? [], deleting: operation.recordZoneIDsToDelete ?? [])
        return CloudModifyRecordZonesOutcome(saves: results.saves, deletes: results.deletes)
    }

    public func modifySubscriptionsOperation(_ operation: CKModifySubscriptionsOperation) -> CloudModifySubscriptionsOutcome {
        let results = modifySubscriptions(saving: operation.subscriptionsToSave ?? [], deleting: operation.subscriptionIDsToDelete ?? [])
        return CloudModifySubscriptionsOutcome(saves: results.saves, deletes: results.deletes)
    }

    public func fetchSubscriptionsOperation(_ operation: CKFetchSubscriptionsOperation) -> CloudFetchSubscriptionsOutcome {
        CloudFetchSubscriptionsOutcome(subscriptions: fetchSubscriptions(operation.subscriptionIDs))
    }
}
