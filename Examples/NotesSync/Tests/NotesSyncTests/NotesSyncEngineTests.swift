import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import NotesSync
import XCTest

/// The example engine against the in-memory CloudKit, with and without seeded fault plans. The
/// virtual clock makes every backoff instant; the seeds make every run the same.
final class NotesSyncEngineTests: XCTestCase {
    let clock = VirtualClock()

    func engine(_ database: any CloudDatabase, seed: UInt64 = 1) -> NotesSyncEngine {
        NotesSyncEngine(database: database, time: clock.timeSource, random: RandomSource(seed: seed))
    }

    func note(_ id: Int, _ text: String, at seconds: Double = 0) -> Note {
        Note(id: "note-\(id)", text: text, modified: Date(timeIntervalSince1970: 1_700_000_000 + seconds))
    }

    /// Syncs until the engine has nothing left to push, tolerating failed syncs as an app does
    /// (it would try again on the next launch or push notification).
    func syncUntilUpToDate(_ engine: NotesSyncEngine, attempts: Int = 40) async -> (syncs: Int, failures: [String]) {
        var failures: [String] = []
        for attempt in 1...attempts {
            do {
                try await engine.sync()
                if await engine.isUpToDate { return (attempt, failures) }
            } catch {
                failures.append("\(error)")
            }
        }
        return (attempts, failures)
    }

    func texts(_ engine: NotesSyncEngine) async -> [String: String] {
        await engine.notes.mapValues(\.text)
    }

    func serverTexts(_ cloud: InMemoryCloudKit, zone: CKRecordZone.ID) -> [String: String] {
        Dictionary(uniqueKeysWithValues: cloud.privateDatabase.records(in: zone).map { ($0.recordID.recordName, $0["text"] as? String ?? "") })
    }

    func testTwoDevicesConverge() async throws {
        let cloud = InMemoryCloudKit()
        let phone = engine(cloud.mockDatabase())
        let laptop = engine(cloud.mockDatabase(), seed: 2)
        for id in 1...10 { await phone.save(note(id, "text \(id)")) }
        try await phone.sync()
        try await laptop.sync()
        let expected = await texts(phone)
        XCTAssertEqual(expected.count, 10)
        let onLaptop = await texts(laptop)
        XCTAssertEqual(onLaptop, expected)

        await laptop.delete(id: "note-3")
        try await laptop.sync()
        try await phone.sync()
        let afterDelete = await texts(phone)
        XCTAssertNil(afterDelete["note-3"])
        XCTAssertEqual(serverTexts(cloud, zone: phone.zoneID).count, 9)
    }

    /// CloudKit's real limit, not an injected one: 500 notes in one push meet the in-memory
    /// CloudKit's 400-item limit, the engine splits on `limitExceeded`, and every note arrives.
    func testAPushOverCloudKitsItemLimitIsSplitAndEverythingArrives() async throws {
        let cloud = InMemoryCloudKit()
        let log = CallLog()
        let phone = engine(cloud.mockDatabase(log: log))
        for id in 1...500 { await phone.save(note(id, "text \(id)")) }
        try await phone.sync()
        XCTAssertEqual(serverTexts(cloud, zone: phone.zoneID).count, 500)
        // No stub or fault plan here: only the store's limit can refuse a request. 500 items are
        // refused, then both halves of 250 go through.
        let pushes = log.records.filter { $0.call == "modifyRecords" }
        XCTAssertEqual(pushes.count, 3, "500 → 2 × 250")
    }

    func testTheNewerEditWinsAConflictOnBothDevices() async throws {
        let cloud = InMemoryCloudKit()
        let phone = engine(cloud.mockDatabase())
        let laptop = engine(cloud.mockDatabase(), seed: 2)
        await phone.save(note(1, "first"))
        try await phone.sync()
        try await laptop.sync()

        await phone.save(note(1, "phone edit", at: 10))
        await laptop.save(note(1, "laptop edit, later", at: 20))
        try await phone.sync()
        try await laptop.sync()  // conflicts with the phone's save; the laptop's edit is newer
        try await phone.sync()
        let phoneTexts = await texts(phone)
        let laptopTexts = await texts(laptop)
        XCTAssertEqual(phoneTexts["note-1"], "laptop edit, later")
        XCTAssertEqual(laptopTexts["note-1"], "laptop edit, later")
        XCTAssertEqual(serverTexts(cloud, zone: phone.zoneID)["note-1"], "laptop edit, later")
    }

    func testAnExpiredTokenAndADeletedZoneAreRecoveredFrom() async throws {
        let cloud = InMemoryCloudKit()
        let database = cloud.mockDatabase()
        let phone = engine(database)
        for id in 1...3 { await phone.save(note(id, "text \(id)")) }
        try await phone.sync()

        cloud.privateDatabase.expireChangeTokens()
        try await phone.sync()  // changeTokenExpired: refetches from scratch
        let afterExpiry = await texts(phone)
        XCTAssertEqual(afterExpiry.count, 3)

        _ = try await cloud.mockDatabase().deleteRecordZone(withID: phone.zoneID)  // "delete all iCloud data" on another device
        await phone.save(note(4, "text 4"))
        let run = await syncUntilUpToDate(phone)
        XCTAssertTrue(run.failures.isEmpty, "\(run.failures)")
        XCTAssertEqual(serverTexts(cloud, zone: phone.zoneID).count, 4, "every note was uploaded again into a new zone")
    }

    /// The scenario: 30% of calls fail, with codes drawn from the whole catalogue, item
    /// faults on batches and a `limitExceeded`; the engine converges and loses nothing.
    func testNoNoteIsLostWhenThirtyPercentOfCallsFail() async throws {
        let cloud = InMemoryCloudKit()
        let everyCode = ErrorCatalogue.cloudKit.codes.map { WeightedCode(.raw($0.rawValue)) }
        let plan = FaultPlan {
            FaultRule.fail(.call(CloudDatabaseCall.modifyRecords), on: .nth(1), with: "limitExceeded")
            FaultRule(.type("Database"), probability: 0.3, outcome: .fail(codes: everyCode, retryAfter: .range(1...5)))
            FaultRule.failItems(.call(CloudDatabaseCall.modifyRecords), rate: 0.2, with: "zoneBusy", "networkFailure", "serverRecordChanged")
        }
        let faulty = FaultInjectingCloudDatabase(
            wrapping: cloud.mockDatabase(),
            faults: FaultInjector(
                plan: plan, seed: 30, errorModel: ErrorModel.cloudKit, time: clock.timeSource))
        let phone = engine(faulty)
        for id in 1...40 { await phone.save(note(id, "text \(id)", at: Double(id))) }

        let first = await syncUntilUpToDate(phone)
        let expected = await texts(phone)
        XCTAssertEqual(expected.count, 40)
        XCTAssertEqual(serverTexts(cloud, zone: phone.zoneID), expected, "no note lost after \(first.syncs) syncs")
        XCTAssertGreaterThanOrEqual(faulty.faults.events.count, 10, "faults were injected")
        XCTAssertTrue(
            faulty.faults.events.contains { if case .failedItems(let count) = $0.effect { return count > 0 } else { return false } },
            "item faults were injected, and the items they failed were never written")

        // Edits and deletes under the same faults, then a second device that also sees faults.
        for id in 1...10 { await phone.save(note(id, "edited \(id)", at: 100 + Double(id))) }
        for id in 31...35 { await phone.delete(id: "note-\(id)") }
        _ = await syncUntilUpToDate(phone)
        let edited = await texts(phone)
        XCTAssertEqual(serverTexts(cloud, zone: phone.zoneID), edited)

        let laptopDatabase = FaultInjectingCloudDatabase(
            wrapping: cloud.mockDatabase(),
            faults: FaultInjector(
                plan: FaultPlan { FaultRule(.type("Database"), probability: 0.3, outcome: .fail(codes: everyCode, retryAfter: nil)) },
                seed: 31, errorModel: ErrorModel.cloudKit, time: clock.timeSource))
        let laptop = engine(laptopDatabase, seed: 2)
        var laptopTexts: [String: String] = [:]
        for _ in 0..<40 where laptopTexts != edited {
            try? await laptop.sync()
            laptopTexts = await texts(laptop)
        }
        XCTAssertEqual(laptopTexts, edited, "the second device converges")
    }

    func testErrorsOnlyTheUserCanFixStopTheSyncWithoutLosingAnything() async throws {
        let cloud = InMemoryCloudKit()
        let faulty = FaultInjectingCloudDatabase(
            wrapping: cloud.mockDatabase(),
            plan: FaultPlan {
                FaultRule.fail(.type("Database"), on: .first(1), with: "quotaExceeded")
            })
        let phone = engine(faulty)
        await phone.save(note(1, "kept"))
        do {
            try await phone.sync()
            XCTFail("expected needsUser")
        } catch let error as NotesSyncEngine.SyncError {
            XCTAssertEqual(error, .needsUser("quotaExceeded"))
        }
        let pending = await phone.pendingSaves
        XCTAssertEqual(pending, ["note-1"])
        try await phone.sync()  // storage freed: the next sync finishes the job
        XCTAssertEqual(serverTexts(cloud, zone: phone.zoneID), ["note-1": "kept"])
    }
}
