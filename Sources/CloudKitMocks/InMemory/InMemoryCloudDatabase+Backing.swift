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
        try checkAccount(writing: false)
        return try fetch([arguments]).get()[0].result.get()
    }

    public func saveRecord(_ arguments: CKRecord) throws -> CKRecord {
        try checkAccount(writing: true)
        return try modify(saving: [arguments], deleting: []).get().saves[0].result.get()
    }

    public func deleteRecord(_ arguments: CKRecord.ID) throws -> CKRecord.ID {
        try checkAccount(writing: true)
        try modify(saving: [], deleting: [arguments]).get().deletes[0].result.get()
        return arguments
    }

    public func performQuery(_ arguments: (query: CKQuery, zoneID: CKRecordZone.ID?)) throws -> [CKRecord] {
        try checkAccount(writing: false)
        return try query(arguments.query, zoneID: arguments.zoneID, desiredKeys: nil, limit: 0).get().records
    }

    public func allRecordZones() throws -> [CKRecordZone] {
        try checkAccount(writing: false)
        return try fetchZones(nil).map { try $0.result.get() }
    }

    public func fetchRecordZone(_ arguments: CKRecordZone.ID) throws -> CKRecordZone {
        try checkAccount(writing: false)
        return try fetchZones([arguments])[0].result.get()
    }

    public func saveRecordZone(_ arguments: CKRecordZone) throws -> CKRecordZone {
        try checkAccount(writing: true)
        return try modifyZones(saving: [arguments], deleting: []).saves[0].result.get()
    }

    public func deleteRecordZone(_ arguments: CKRecordZone.ID) throws -> CKRecordZone.ID {
        try checkAccount(writing: true)
        try modifyZones(saving: [], deleting: [arguments]).deletes[0].result.get()
        return arguments
    }

    public func allSubscriptions() throws -> [CKSubscription] {
        try checkAccount(writing: false)
        return try fetchSubscriptions(nil).map { try $0.result.get() }
    }

    public func saveSubscription(_ arguments: CKSubscription) throws -> CKSubscription {
        try checkAccount(writing: true)
        return try modifySubscriptions(saving: [arguments], deleting: []).saves[0].result.get()
    }

    public func deleteSubscription(_ arguments: CKSubscription.ID) throws -> CKSubscription.ID {
        try checkAccount(writing: true)
        try modifySubscriptions(saving: [], deleting: [arguments]).deletes[0].result.get()
        return arguments
    }

    public func fetchRecords(
        _ arguments: (ids: [CKRecord.ID], desiredKeys: [CKRecord.FieldKey]?)
    ) throws -> [CKRecord.ID: Result<CKRecord, any Error>] {
        try checkAccount(writing: false)
        return Dictionary(try fetch(arguments.ids, desiredKeys: arguments.desiredKeys).get(), uniquingKeysWith: { first, _ in first })
    }

    public func modifyRecords(
        _ arguments: (
            recordsToSave: [CKRecord], recordIDsToDelete: [CKRecord.ID], savePolicy: CKModifyRecordsOperation.RecordSavePolicy, atomically: Bool
        )
    ) throws -> (saveResults: [CKRecord.ID: Result<CKRecord, any Error>], deleteResults: [CKRecord.ID: Result<Void, any Error>]) {
        try checkAccount(writing: true)
        let results = try modify(
            saving: arguments.recordsToSave, deleting: arguments.recordIDsToDelete, policy: arguments.savePolicy, atomically: arguments.atomically
        ).get()
        return (
            Dictionary(results.saves, uniquingKeysWith: { first, _ in first }), Dictionary(results.deletes, uniquingKeysWith: { first, _ in first })
        )
    }

    public func queryRecords(
        _ arguments: (query: CKQuery, zoneID: CKRecordZone.ID?, desiredKeys: [CKRecord.FieldKey]?, resultsLimit: Int)
    ) throws -> (matchResults: [(CKRecord.ID, Result<CKRecord, any Error>)], queryCursor: CKQueryOperation.Cursor?) {
        try checkAccount(writing: false)
        let page = try query(arguments.query, zoneID: arguments.zoneID, desiredKeys: arguments.desiredKeys, limit: arguments.resultsLimit).get()
        return (page.records.map { ($0.recordID, .success($0)) }, page.cursor)
    }

    public func continueQuery(
        _ arguments: (queryCursor: CKQueryOperation.Cursor, desiredKeys: [CKRecord.FieldKey]?, resultsLimit: Int)
    ) throws -> (matchResults: [(CKRecord.ID, Result<CKRecord, any Error>)], queryCursor: CKQueryOperation.Cursor?) {
        try checkAccount(writing: false)
        let page = try query(continuing: arguments.queryCursor, desiredKeys: arguments.desiredKeys, limit: arguments.resultsLimit).get()
        return (page.records.map { ($0.recordID, .success($0)) }, page.cursor)
    }

    public func fetchSubscription(_ arguments: CKSubscription.ID) throws -> CKSubscription {
        try checkAccount(writing: false)
        return try fetchSubscriptions([arguments])[0].result.get()
    }

    public func fetchRecordZones(_ arguments: [CKRecordZone.ID]) throws -> [CKRecordZone.ID: Result<CKRecordZone, any Error>] {
        try checkAccount(writing: false)
        return Dictionary(fetchZones(arguments), uniquingKeysWith: { first, _ in first })
    }

    public func modifyRecordZones(
        _ arguments: (recordZonesToSave: [CKRecordZone], recordZoneIDsToDelete: [CKRecordZone.ID])
    ) throws -> (saveResults: [CKRecordZone.ID: Result<CKRecordZone, any Error>], deleteResults: [CKRecordZone.ID: Result<Void, any Error>]) {
        try checkAccount(writing: true)
        let results = modifyZones(saving: arguments.recordZonesToSave, deleting: arguments.recordZoneIDsToDelete)
        return (
            Dictionary(results.saves, uniquingKeysWith: { first, _ in first }), Dictionary(results.deletes, uniquingKeysWith: { first, _ in first })
        )
    }

    public func fetchSubscriptions(_ arguments: [CKSubscription.ID]) throws -> [CKSubscription.ID: Result<CKSubscription, any Error>] {
        try checkAccount(writing: false)
        return Dictionary(fetchSubscriptions(arguments as [CKSubscription.ID]?), uniquingKeysWith: { first, _ in first })
    }

    public func modifySubscriptions(
        _ arguments: (subscriptionsToSave: [CKSubscription], subscriptionIDsToDelete: [CKSubscription.ID])
    ) throws -> (saveResults: [CKSubscription.ID: Result<CKSubscription, any Error>], deleteResults: [CKSubscription.ID: Result<Void, any Error>]) {
        try checkAccount(writing: true)
        let results = modifySubscriptions(saving: arguments.subscriptionsToSave, deleting: arguments.subscriptionIDsToDelete)
        return (
            Dictionary(results.saves, uniquingKeysWith: { first, _ in first }), Dictionary(results.deletes, uniquingKeysWith: { first, _ in first })
        )
    }

    // MARK: Operations

    public func fetchRecordsOperation(_ operation: CKFetchRecordsOperation) -> CloudFetchRecordsOutcome {
        if let failure = account.failure(for: scope, writing: false, errors: self) { return .failure(failure) }
        switch fetch(operation.recordIDs ?? [], desiredKeys: operation.desiredKeys) {
        case .success(let records): return CloudFetchRecordsOutcome(records: records)
        case .failure(let failure): return .failure(failure)
        }
    }

    public func modifyRecordsOperation(_ operation: CKModifyRecordsOperation) -> CloudModifyRecordsOutcome {
        if let failure = account.failure(for: scope, writing: true, errors: self) { return .failure(failure) }
        let results = modify(
            saving: operation.recordsToSave ?? [], deleting: operation.recordIDsToDelete ?? [], policy: operation.savePolicy,
            atomically: operation.isAtomic)
        switch results {
        case .success(let results): return CloudModifyRecordsOutcome(saves: results.saves, deletes: results.deletes)
        case .failure(let failure): return .failure(failure)
        }
    }

    public func queryOperation(_ operation: CKQueryOperation) -> CloudQueryOutcome {
        if let failure = account.failure(for: scope, writing: false, errors: self) { return .failure(failure) }
        let page: Result<(records: [CKRecord], cursor: CKQueryOperation.Cursor?), any Error>
        if let cursor = operation.cursor {
            page = query(continuing: cursor, desiredKeys: operation.desiredKeys, limit: operation.resultsLimit)
        } else if let query = operation.query {
            page = self.query(query, zoneID: operation.zoneID, desiredKeys: operation.desiredKeys, limit: operation.resultsLimit)
        } else {
            page = .failure(error(.invalidArguments))
        }
        switch page {
        case .success(let page): return CloudQueryOutcome(records: page.records.map { ($0.recordID, .success($0)) }, result: .success(page.cursor))
        case .failure(let failure): return .failure(failure)
        }
    }

    /// Per zone, batches of at most the zone configuration's `resultsLimit` changes
    /// (CKFetchRecordZoneChangesOperation.h): with `fetchAllChanges` (the default) every batch
    /// is delivered, `recordZoneChangeTokensUpdatedBlock` gets the token after each batch but the
    /// last ("will not be called after the last batch of changes in a zone"), and the zone's
    /// result says `moreComing` false ("moreComing will always be NO"); without it, only the
    /// first batch, no token updates ("will not be called if fetchAllChanges is NO"), and
    /// `moreComing` true when changes remain, with a token covering what was delivered.
    public func fetchRecordZoneChangesOperation(_ operation: CKFetchRecordZoneChangesOperation) -> CloudFetchRecordZoneChangesOutcome {
        if let failure = account.failure(for: scope, writing: false, errors: self) { return .failure(failure) }
        let zones = operation.recordZoneIDs ?? zoneIDs.filter { $0 != .default }.sorted { $0.zoneName < $1.zoneName }
        var events: [CloudFetchRecordZoneChangesOutcome.Event] = []
        for zoneID in zones {
            let configuration = operation.configurationsByRecordZoneID?[zoneID]
            let limit = Int(configuration?.resultsLimit ?? 0)
            switch zoneChanges(zoneID, since: configuration?.previousServerChangeToken, desiredKeys: configuration?.desiredKeys, limit: limit) {
            case .failure(let failure):
                events.append(.zoneResults(zoneID, .failure(failure)))
            case .success(let batches):
                let delivered = operation.fetchAllChanges ? batches : Array(batches.prefix(1))
                for (index, batch) in delivered.enumerated() {
                    events += batch.events
                    if index < delivered.count - 1 { events.append(.tokenUpdates(zoneID: zoneID, token: batch.token, clientChangeTokenData: nil)) }
                }
                let last = delivered[delivered.count - 1]
                events.append(
                    .zoneResults(zoneID, .success((serverChangeToken: last.token, clientChangeTokenData: nil, moreComing: last.moreComing))))
            }
        }
        return CloudFetchRecordZoneChangesOutcome(events: events)
    }

    /// Batches of at most `resultsLimit` zones (CKFetchDatabaseChangesOperation.h): with
    /// `fetchAllChanges` every batch, `changeTokenUpdatedBlock` "invoked periodically" — here
    /// after each batch but the last, as the zone-changes header says for its block (the
    /// database header is silent on the last batch) — and `moreComing` false; without it, the
    /// first batch and `moreComing` true when zones remain.
    public func fetchDatabaseChangesOperation(_ operation: CKFetchDatabaseChangesOperation) -> CloudFetchDatabaseChangesOutcome {
        if let failure = account.failure(for: scope, writing: false, errors: self) { return .failure(failure) }
        switch databaseChanges(since: operation.previousServerChangeToken, limit: Int(operation.resultsLimit)) {
        case .success(let batches):
            let delivered = operation.fetchAllChanges ? batches : Array(batches.prefix(1))
            var events: [CloudFetchDatabaseChangesOutcome.Event] = []
            for (index, batch) in delivered.enumerated() {
                events += batch.changed.map { .changedZones(zoneID: $0) } + batch.deleted.map { .deletedZones(zoneID: $0) }
                if index < delivered.count - 1 { events.append(.tokenUpdates(token: batch.token)) }
            }
            let last = delivered[delivered.count - 1]
            return CloudFetchDatabaseChangesOutcome(events: events, result: .success((serverChangeToken: last.token, moreComing: last.moreComing)))
        case .failure(let failure):
            return .failure(failure)
        }
    }

    public func fetchRecordZonesOperation(_ operation: CKFetchRecordZonesOperation) -> CloudFetchRecordZonesOutcome {
        if let failure = account.failure(for: scope, writing: false, errors: self) { return .failure(failure) }
        return CloudFetchRecordZonesOutcome(zones: fetchZones(operation.recordZoneIDs))
    }

    public func modifyRecordZonesOperation(_ operation: CKModifyRecordZonesOperation) -> CloudModifyRecordZonesOutcome {
        if let failure = account.failure(for: scope, writing: true, errors: self) { return .failure(failure) }
        let results = modifyZones(saving: operation.recordZonesToSave ?? [], deleting: operation.recordZoneIDsToDelete ?? [])
        return CloudModifyRecordZonesOutcome(saves: results.saves, deletes: results.deletes)
    }

    public func modifySubscriptionsOperation(_ operation: CKModifySubscriptionsOperation) -> CloudModifySubscriptionsOutcome {
        if let failure = account.failure(for: scope, writing: true, errors: self) { return .failure(failure) }
        let results = modifySubscriptions(saving: operation.subscriptionsToSave ?? [], deleting: operation.subscriptionIDsToDelete ?? [])
        return CloudModifySubscriptionsOutcome(saves: results.saves, deletes: results.deletes)
    }

    public func fetchSubscriptionsOperation(_ operation: CKFetchSubscriptionsOperation) -> CloudFetchSubscriptionsOutcome {
        if let failure = account.failure(for: scope, writing: false, errors: self) { return .failure(failure) }
        return CloudFetchSubscriptionsOutcome(subscriptions: fetchSubscriptions(operation.subscriptionIDs))
    }

    /// Throws what CloudKit answers without a usable account (see `AccountState`).
    func checkAccount(writing: Bool) throws {
        if let failure = account.failure(for: scope, writing: writing, errors: self) { throw failure }
        return
    }
}
