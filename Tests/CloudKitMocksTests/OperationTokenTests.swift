#if os(Linux)
    import CloudKit
    import CloudDoubleRuntime
    import Foundation
    import CloudKitDoubles
    import CloudKitMocks
    import CloudDoubleTestSupport
    import XCTest

    /// Cursors and change tokens have no public initialiser, so a mock can only hand back the ones a
    /// test gives it. The test mints them the one public way, by decoding a keyed archive
    /// (`Minted`, in StandInTests.swift), on Linux and Apple platforms alike.
    final class OperationTokenTests: XCTestCase {
        func record(_ name: String, zone: CKRecordZone.ID = .default) -> CKRecord {
            CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: name, zoneID: zone))
        }

        func testAQueryHandsBackTheTestsCursorInSortOrder() async {
            let mock = MockCloudDatabase()
            let cursor = Minted.cursor("page 2")
            mock.stub(
                .queryOperation,
                [
                    .value(
                        CloudQueryOutcome(
                            records: [("b", "a")].flatMap { [$0.0, $0.1] }.map { (CKRecord.ID(recordName: $0), .success(record($0))) },
                            result: .success(cursor))),
                    .value(CloudQueryOutcome(records: [(CKRecord.ID(recordName: "c"), .success(record("c")))])),
                ])
            let trace = Trace()
            let first = CKQueryOperation(query: CKQuery(recordType: "Note", predicate: NSPredicate(value: true)))
            let received = Locked<CKQueryOperation.Cursor?>(nil)
            first.recordMatchedBlock = { id, _ in trace.add(id.recordName) }
            first.queryResultBlock = { result in received.withLock { $0 = try? result.get() } }
            mock.add(first)
            await mock.settled()
            XCTAssertTrue(received.snapshot === cursor, "the very cursor the test handed in")

            let second = CKQueryOperation(cursor: cursor)
            second.recordMatchedBlock = { id, _ in trace.add(id.recordName) }
            second.queryResultBlock = { result in trace.add("more: \((try? result.get()) != nil)") }
            mock.add(second)
            await mock.settled()
            XCTAssertEqual(trace.lines, ["b", "a", "c", "more: false"])
            XCTAssertTrue(mock.arguments(.queryOperation).last?.cursor === cursor)
        }

        func testZoneChangesArriveZoneByZoneWithTokensBetweenBatches() async {
            let mock = MockCloudDatabase()
            let zone = CKRecordZone.ID(zoneName: "Notes")
            let batch = Minted.token("batch")
            let last = Minted.token("last")
            mock.stub(
                .fetchRecordZoneChangesOperation,
                .value(
                    CloudFetchRecordZoneChangesOutcome(events: [
                        .changes(CKRecord.ID(recordName: "a", zoneID: zone), .success(record("a", zone: zone))),
                        .tokenUpdates(zoneID: zone, token: batch, clientChangeTokenData: nil),
                        .deletions(recordID: CKRecord.ID(recordName: "gone", zoneID: zone), recordType: "Note"),
                        .zoneResults(zone, .success((serverChangeToken: last, clientChangeTokenData: nil, moreComing: false))),
                    ])))
            let trace = Trace()
            let operation = CKFetchRecordZoneChangesOperation(recordZoneIDs: [zone])
            operation.recordWasChangedBlock = { id, _ in trace.add("changed \(id.recordName)") }
            operation.recordWithIDWasDeletedBlock = { id, type in trace.add("deleted \(id.recordName) \(type)") }
            operation.recordZoneChangeTokensUpdatedBlock = { zone, token, _ in trace.add("token \(zone.zoneName) \(token.map(Minted.label) ?? "nil")")
            }
            operation.recordZoneFetchResultBlock = { zone, result in
                trace.add("zone \(zone.zoneName) \((try? result.get()).map { Minted.label($0.serverChangeToken) } ?? "failed")")
            }
            operation.fetchRecordZoneChangesResultBlock = { result in trace.add("final \(describe(result))") }
            operation.completionBlock = { trace.add("completion") }
            mock.add(operation)
            await mock.settled()
            XCTAssertEqual(trace.lines, ["changed a", "token Notes batch", "deleted gone Note", "zone Notes last", "final ok", "completion"])
        }

        func testAnExpiredZoneTokenFailsThatZoneAndMakesThePartialFailure() async {
            let mock = MockCloudDatabase(delivery: .immediate)
            let zone = CKRecordZone.ID(zoneName: "Notes")
            let expired = ErrorModel.cloudKit.error(named: "changeTokenExpired")!
            mock.stub(.fetchRecordZoneChangesOperation, .value(CloudFetchRecordZoneChangesOutcome(zoneResults: [(zone, .failure(expired))])))
            let trace = Trace()
            let operation = CKFetchRecordZoneChangesOperation(recordZoneIDs: [zone])
            operation.recordZoneFetchResultBlock = { zone, result in trace.add("zone \(zone.zoneName) \(describe(result))") }
            operation.fetchRecordZoneChangesResultBlock = { result in trace.add("final \(describe(result))") }
            mock.add(operation)
            XCTAssertEqual(trace.lines, ["zone Notes changeTokenExpired", "final partialFailure[\"Notes\"]"])
        }

        func testDatabaseChangesNeedATokenFromTheTest() async {
            let mock = MockCloudDatabase(delivery: .immediate)
            let token = Minted.token("db 2")
            let zone = CKRecordZone.ID(zoneName: "Notes")
            mock.stub(
                .fetchDatabaseChangesOperation,
                [
                    .value(CloudFetchDatabaseChangesOutcome(changedZones: [zone])),
                    .value(
                        CloudFetchDatabaseChangesOutcome(
                            changedZones: [zone], tokenUpdates: [token], result: .success((serverChangeToken: token, moreComing: false)))),
                ])
            let trace = Trace()
            for _ in 0..<2 {
                let operation = CKFetchDatabaseChangesOperation(previousServerChangeToken: nil)
                operation.recordZoneWithIDChangedBlock = { trace.add("changed \($0.zoneName)") }
                operation.changeTokenUpdatedBlock = { trace.add("token \(Minted.label($0))") }
                operation.fetchDatabaseChangesResultBlock = { result in
                    switch result {
                    case .success(let value): trace.add("final \(Minted.label(value.serverChangeToken)) \(value.moreComing)")
                    case .failure(let error): trace.add("final \(error is MissingOperationResultError ? "missing token" : "\(error)")")
                    }
                }
                mock.add(operation)
            }
            XCTAssertEqual(trace.lines, ["changed Notes", "final missing token", "changed Notes", "token db 2", "final db 2 false"])
        }
    }
#endif
