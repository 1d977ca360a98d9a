import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// A small sync engine written the way apps write them: only operations and their blocks, only
/// against the `CloudDatabase` protocol. The test runs it against an in-memory CloudKit with no
/// stubs at all.
final class NoteSyncEngine: @unchecked Sendable {
    let database: any CloudDatabase
    let zone: CKRecordZone.ID
    // Blocks run on the operation's queue, so the engine's state is behind locks.
    private let state = Locked<(token: CKServerChangeToken?, local: [String: String], records: [String: CKRecord])>((nil, [:], [:]))
    var token: CKServerChangeToken? { state.snapshot.token }
    /// Record name → title: the app's own copy.
    var local: [String: String] { state.snapshot.local }

    init(database: any CloudDatabase, zone: CKRecordZone.ID) {
        self.database = database
        self.zone = zone
    }

    /// Creates the zone (idempotent), as a sync engine does on first launch.
    func prepare() async throws {
        let operation = CKModifyRecordZonesOperation(recordZonesToSave: [CKRecordZone(zoneID: zone)])
        try await run(operation) { done in operation.modifyRecordZonesResultBlock = { done($0) } }
    }

    /// Saves titles; a conflict is resolved by keeping the server's record and putting the local
    /// title on it ("local wins", on top of the server's change tag), then saving again.
    func push(_ titles: [String: String]) async throws {
        var pending = titles.sorted { $0.key < $1.key }.map { name, title -> CKRecord in
            let record = state.snapshot.records[name] ?? CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: name, zoneID: zone))
            record["title"] = title
            return record
        }
        for _ in 0..<3 where !pending.isEmpty {
            let operation = CKModifyRecordsOperation(recordsToSave: pending)
            let retry = Locked<[CKRecord]>([])
            operation.perRecordSaveBlock = { id, result in
                switch result {
                case .success(let saved):
                    self.remember(saved)
                case .failure(let error):
                    let model = ErrorModel.cloudKit
                    if let server = model.serverRecord(of: error) as? CKRecord {
                        server["title"] = titles[id.recordName]
                        retry.withLock { $0.append(server) }
                    }
                }
            }
            try? await run(operation) { done in operation.modifyRecordsResultBlock = { done($0) } }
            pending = retry.snapshot
        }
    }

    /// Fetches what changed since the last token and applies it locally.
    func pull() async throws {
        let operation = CKFetchRecordZoneChangesOperation(
            recordZoneIDs: [zone], configurationsByRecordZoneID: [zone: .init(previousServerChangeToken: token)])
        operation.recordWasChangedBlock = { id, result in
            if let record = try? result.get() { self.remember(record) }
        }
        operation.recordWithIDWasDeletedBlock = { id, _ in
            self.state.withLock { state in
                state.records[id.recordName] = nil
                state.local[id.recordName] = nil
            }
        }
        operation.recordZoneFetchResultBlock = { _, result in
            if let token = try? result.get().serverChangeToken { self.state.withLock { $0.token = token } }
        }
        try await run(operation) { done in operation.fetchRecordZoneChangesResultBlock = { done($0) } }
    }

    private func remember(_ record: CKRecord) {
        state.withLock { state in
            state.records[record.recordID.recordName] = record
            state.local[record.recordID.recordName] = record["title"] as? String
        }
    }

    /// Titles matching a query, in record-name order.
    func search(_ predicate: NSPredicate) async throws -> [String] {
        let query = CKQuery(recordType: "Note", predicate: predicate)
        query.sortDescriptors = [NSSortDescriptor(keyPath: \CKRecord.recordID.recordName, ascending: true)]
        let operation = CKQueryOperation(query: query)
        operation.zoneID = zone
        let found = Locked<[String]>([])
        operation.recordMatchedBlock = { _, result in
            if let title = (try? result.get())?["title"] as? String { found.withLock { $0.append(title) } }
        }
        try await run(operation) { done in operation.queryResultBlock = { done($0.map { _ in () }) } }
        return found.snapshot
    }

    /// Adds an operation and waits for its final block.
    private func run<Success>(_ operation: CKDatabaseOperation, final: (@escaping (Result<Success, any Error>) -> Void) -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            final { result in continuation.resume(with: result.map { _ in () }) }
            database.add(operation)
        }
    }
}

final class SyncRoundTripTests: XCTestCase {
    func testASyncEngineRoundTripWithNoStubs() async throws {
        let cloud = InMemoryCloudKit()
        let zone = CKRecordZone.ID(zoneName: "Notes")
        let engine = NoteSyncEngine(database: cloud.mockContainer().privateCloudDatabase, zone: zone)

        try await engine.prepare()
        try await engine.push(["a": "Groceries", "b": "Taxes", "c": "Gift ideas"])
        let all = try await engine.search(NSPredicate(value: true))
        XCTAssertEqual(all, ["Groceries", "Taxes", "Gift ideas"])
        try await engine.pull()
        let tokenAfterFirstPull = try XCTUnwrap(engine.token)

        // Another device edits "b" and deletes "c".
        cloud.privateDatabase.modifyFromAnotherDevice(CKRecord.ID(recordName: "b", zoneID: zone)) { $0["title"] = "Taxes (filed)" }
        cloud.privateDatabase.deleteFromAnotherDevice(CKRecord.ID(recordName: "c", zoneID: zone))
        try await engine.pull()
        XCTAssertEqual(engine.local, ["a": "Groceries", "b": "Taxes (filed)"])
        XCTAssertFalse(engine.token === tokenAfterFirstPull)

        // Another device edits "a" while this one edits it too: the save conflicts, the engine
        // resolves it on top of the server's record, and both ends agree.
        cloud.privateDatabase.modifyFromAnotherDevice(CKRecord.ID(recordName: "a", zoneID: zone)) { $0["title"] = "Groceries (theirs)" }
        try await engine.push(["a": "Groceries (mine)"])
        XCTAssertEqual(engine.local["a"], "Groceries (mine)")
        XCTAssertEqual(cloud.privateDatabase.record(CKRecord.ID(recordName: "a", zoneID: zone))?["title"] as? String, "Groceries (mine)")

        try await engine.pull()
        XCTAssertEqual(engine.local, ["a": "Groceries (mine)", "b": "Taxes (filed)"])
        let taxes = try await engine.search(NSPredicate { record, _ in ((record as? CKRecord)?["title"] as? String)?.hasPrefix("Taxes") == true })
        XCTAssertEqual(taxes, ["Taxes (filed)"])
    }
}
