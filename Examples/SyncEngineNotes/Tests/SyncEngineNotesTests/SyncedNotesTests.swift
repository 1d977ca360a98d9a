import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import SyncEngineNotes
import XCTest

/// The example app on the in-memory engine: two devices of one user, 30% of the engine's
/// requests failing (seeded, codes drawn from the whole catalogue, plus item faults), an
/// expired change token, a zone deleted on another device and an account change. The virtual
/// clock makes every wait instant; the seeds make every run the same.
final class SyncedNotesTests: SyncedNotesTestCase {
    func device(_ cloud: InMemoryCloudKit, seed: UInt64, faults: Bool = true) -> Device {
        makeDevice(cloud, seed: seed, faults: faults)
    }

    func testTwoDevicesConvergeUnderThirtyPercentFaultsAndNothingIsLost() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        let phone = device(cloud, seed: 30)
        let laptop = device(cloud, seed: 31)
        await phone.notes.attach(phone.engine)
        await laptop.notes.attach(laptop.engine)

        // Both devices write.
        for id in 1...20 { await phone.notes.save(note(id, "phone \(id)", at: Double(id))) }
        for id in 21...30 { await laptop.notes.save(note(id, "laptop \(id)", at: Double(id))) }
        var expected = Dictionary(uniqueKeysWithValues: (1...30).map { ("note-\($0)", $0 <= 20 ? "phone \($0)" : "laptop \($0)") })
        var rounds = await converge([phone, laptop], cloud, to: expected)
        var onPhone = await texts(phone)
        XCTAssertEqual(onPhone, expected, "after \(rounds) rounds")
        XCTAssertEqual(serverTexts(cloud), expected)

        // Edits on one, deletes on the other.
        for id in 1...5 { await phone.notes.save(note(id, "edited \(id)", at: 100 + Double(id))) }
        for id in 25...27 { await laptop.notes.delete(id: "note-\(id)") }
        for id in 1...5 { expected["note-\(id)"] = "edited \(id)" }
        for id in 25...27 { expected["note-\(id)"] = nil }
        rounds = await converge([phone, laptop], cloud, to: expected)
        var onLaptop = await texts(laptop)
        XCTAssertEqual(onLaptop, expected, "after \(rounds) rounds")

        // The server's change history is pruned: every token expires, the engine refetches.
        cloud.privateDatabase.expireChangeTokens()
        await laptop.notes.save(note(6, "after expiry", at: 200))
        expected["note-6"] = "after expiry"
        rounds = await converge([phone, laptop], cloud, to: expected)
        onPhone = await texts(phone)
        XCTAssertEqual(onPhone, expected, "after \(rounds) rounds")

        // "Delete all iCloud data" on a third device: the zone goes, both devices upload again.
        _ = try await cloud.mockDatabase().deleteRecordZone(withID: CKRecordZone.ID(zoneName: "Notes"))
        XCTAssertEqual(serverTexts(cloud), [:])
        rounds = await converge([phone, laptop], cloud, to: expected)
        XCTAssertEqual(serverTexts(cloud), expected, "every note was uploaded again, after \(rounds) rounds")
        let deletions =
            phone.engine.postedEvents.contains { event in
                if case .fetchedDatabaseChanges(let changes) = event { return !changes.deletions.isEmpty }
                return false
            }
            || laptop.engine.postedEvents.contains { event in
                if case .sentRecordZoneChanges(let sent) = event { return sent.failedRecordSaves.contains { $0.error.code == .zoneNotFound } }
                return false
            }
        XCTAssertTrue(deletions, "a device learnt of the deleted zone from the engine")

        // The user signs out (local notes go, as in Apple's sample) and back in: everything returns.
        cloud.simulateAccountChange(to: .noAccount)
        for device in [phone, laptop] { try? await device.notes.sync() }
        onPhone = await texts(phone)
        XCTAssertEqual(onPhone, [:], "signed out: local data deleted")
        XCTAssertEqual(serverTexts(cloud), expected, "the account's data stays in iCloud")
        cloud.simulateAccountChange(to: .available)
        rounds = await converge([phone, laptop], cloud, to: expected)
        onPhone = await texts(phone)
        onLaptop = await texts(laptop)
        XCTAssertEqual(onPhone, expected, "signed in again: all notes back after \(rounds) rounds")
        XCTAssertEqual(onLaptop, expected)

        let accountChanges = phone.engine.postedEvents.filter { $0.name == "accountChange" }.count
        XCTAssertEqual(accountChanges, 3, "sign-in at first sync, sign-out, sign-in")
        XCTAssertGreaterThanOrEqual(phone.database.faults.events.count + laptop.database.faults.events.count, 20, "faults were injected")
    }

    func testAConflictIsResolvedByTheNewerEdit() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        let phone = device(cloud, seed: 1, faults: false)
        let laptop = device(cloud, seed: 2, faults: false)
        await phone.notes.attach(phone.engine)
        await laptop.notes.attach(laptop.engine)
        await phone.notes.save(note(1, "first", at: 0))
        try await phone.notes.sync()
        try await laptop.notes.sync()

        await phone.notes.save(note(1, "phone edit", at: 10))
        await laptop.notes.save(note(1, "laptop edit, later", at: 20))
        try await phone.notes.sync()
        do {
            try await laptop.notes.sync()  // serverRecordChanged: the laptop's edit is newer and goes on top, next time
            XCTFail("a send with a conflict throws")
        } catch {}
        try await laptop.notes.sync()
        try await phone.notes.sync()
        let expected = ["note-1": "laptop edit, later"]
        let onPhone = await texts(phone)
        XCTAssertEqual(onPhone, expected)
        XCTAssertEqual(serverTexts(cloud), expected)
        let conflicts = laptop.engine.postedEvents.contains { event in
            if case .sentRecordZoneChanges(let sent) = event { return sent.failedRecordSaves.contains { $0.error.code == .serverRecordChanged } }
            return false
        }
        XCTAssertTrue(conflicts)
    }

    #if os(Linux)
        /// The same app code on the live adapter (the stand-in's engine on Linux, inert: no account).
        /// Linux only: on Apple platforms it would reach the real iCloud.
        func testTheAppRunsUnchangedOnTheLiveAdapter() async throws {
            let notes = await SyncedNotes.live(container: CKContainer(identifier: "iCloud.example"), stateSerialization: nil)
            await notes.save(note(1, "offline", at: 0))
            try await notes.sync()
            let attached = await notes.engine
            let engine = try XCTUnwrap(attached as? LiveCloudSyncEngine)
            XCTAssertEqual(
                engine.state.pendingRecordZoneChanges, [.saveRecord(CKRecord.ID(recordName: "note-1", zoneID: CKRecordZone.ID(zoneName: "Notes")))])
        }
    #endif
}
