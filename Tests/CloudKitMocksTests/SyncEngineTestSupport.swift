import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// A delegate that records every event and answers `nextRecordZoneChangeBatch` from its own
/// records, the way Apple's doc comment on that method shows.
final class RecordingSyncDelegate: CloudSyncEngineDelegate {
    let events = Locked<[SyncEngineEvent]>([])
    let records = Locked<[CKRecord.ID: CKRecord]>([:])
    let atomicByZone: Bool
    /// Adds every failed save and delete again from its `sentRecordZoneChanges` handler, as
    /// Apple's sample does after resolving a conflict, a missing zone or a missing record.
    let addsFailuresAgain: Bool

    /// At most this many changes per batch (`nil`: as many as `RecordZoneChangeBatch` takes).
    let batchSize: Int?

    init(atomicByZone: Bool = false, addsFailuresAgain: Bool = false, batchSize: Int? = nil) {
        self.atomicByZone = atomicByZone
        self.addsFailuresAgain = addsFailuresAgain
        self.batchSize = batchSize
    }

    var names: [String] { events.snapshot.map(\.name) }
    /// The names without `stateUpdate`, which may come between any two steps.
    var steps: [String] { names.filter { $0 != "stateUpdate" } }
    var lastSerialization: SyncEngineStateSerialization? {
        events.snapshot.reversed().lazy.compactMap { event -> SyncEngineStateSerialization? in
            if case .stateUpdate(let update) = event { return update.stateSerialization }
            return nil
        }.first
    }

    func handleEvent(_ event: SyncEngineEvent, syncEngine: any CloudSyncEngine) async {
        events.withLock { $0.append(event) }
        if addsFailuresAgain, case .sentRecordZoneChanges(let sent) = event {
            syncEngine.state.add(
                pendingRecordZoneChanges: sent.failedRecordSaves.map { .saveRecord($0.record.recordID) }
                    + sent.failedRecordDeletes.keys.map { .deleteRecord($0) })
        }
    }

    func nextRecordZoneChangeBatch(
        _ context: SyncEngineSendChangesContext, syncEngine: any CloudSyncEngine
    ) async -> CKSyncEngine.RecordZoneChangeBatch? {
        let inScope = syncEngine.state.pendingRecordZoneChanges.filter { context.options.scope.contains($0) }
        let pending = batchSize.map { Array(inScope.prefix($0)) } ?? inScope
        let records = self.records.snapshot
        guard var batch = await CKSyncEngine.RecordZoneChangeBatch(pendingChanges: pending, recordProvider: { records[$0] }) else { return nil }
        batch.atomicByZone = atomicByZone
        return batch
    }

    func put(_ record: CKRecord) { records.withLock { $0[record.recordID] = record } }

    func sent() -> [SyncEngineEvent.SentRecordZoneChanges] {
        events.snapshot.compactMap { if case .sentRecordZoneChanges(let sent) = $0 { return sent } else { return nil } }
    }
}

/// What the in-memory engine's tests share: a zone, a virtual clock, and engines made with
/// automatic sync off, as Apple advises for tests.
protocol SyncEngineTestSupport: XCTestCase {
    var zone: CKRecordZone.ID { get }
    var clock: VirtualClock { get }
}

extension SyncEngineTestSupport {
    func record(_ name: String, _ text: String, zone: CKRecordZone.ID? = nil) -> CKRecord {
        let record = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: name, zoneID: zone ?? self.zone))
        record["text"] = text
        return record
    }

    func engine(
        _ cloud: InMemoryCloudKit, _ delegate: any CloudSyncEngineDelegate, database: (any CloudDatabase)? = nil,
        state: SyncEngineStateSerialization? = nil, attempts: Int = 6, automaticallySync: Bool = false
    ) -> InMemorySyncEngine {
        var configuration = SyncEngineConfiguration<any CloudDatabase>(
            database: database ?? cloud.mockDatabase(), stateSerialization: state, delegate: delegate)
        configuration.automaticallySync = automaticallySync
        return InMemorySyncEngine(
            configuration, cloud: cloud, time: clock.timeSource,
            retryPolicy: RetryPolicy(maxAttempts: attempts, baseDelay: 1, maxDelay: 60, errorModel: .cloudKit))
    }

    /// The error `sendChanges()` threw; fails the test when it returned or threw something else.
    func sendFailure(_ engine: any CloudSyncEngine, file: StaticString = #filePath, line: UInt = #line) async -> CKError? {
        do {
            try await engine.sendChanges()
            XCTFail("expected sendChanges() to throw", file: file, line: line)
        } catch let error as CKError {
            return error
        } catch {
            XCTFail("not a CKError: \(error)", file: file, line: line)
        }
        return nil
    }
}
