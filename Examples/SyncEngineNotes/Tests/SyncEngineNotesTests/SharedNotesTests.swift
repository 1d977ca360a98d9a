import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import SyncEngineNotes
import XCTest

/// Issue #24's worked example: Alice shares her notes zone with Bob, and both edit it through
/// `InMemorySyncEngine` — Alice on her private database, Bob on his shared database — with 30% of
/// their requests failing (seeded), until both devices and the server agree.
final class SharedNotesTests: SyncedNotesTestCase {
    func device(_ cloud: InMemoryCloudKit, _ scope: CKDatabase.Scope, notes: SyncedNotes, seed: UInt64) async -> Device {
        let device = makeDevice(cloud, scope, notes: notes, seed: seed)
        await notes.attach(device.engine)
        return device
    }

    func testAliceSharesHerNotesZoneWithBobAndBothEditUnderFaults() async throws {
        let cloud = InMemoryCloudKit(userRecordName: "_alice", notificationCenter: NotificationCenter())
        let bobsPhone = cloud.device(signedInAs: "_bob", notificationCenter: NotificationCenter())
        let alice = await device(cloud, .private, notes: SyncedNotes(), seed: 40)
        for id in 1...10 { await alice.notes.save(note(id, "alice \(id)", at: Double(id))) }
        var expected = Dictionary(uniqueKeysWithValues: (1...10).map { ("note-\($0)", "alice \($0)") })
        var rounds = await converge([alice], cloud, to: expected)
        XCTAssertEqual(serverTexts(cloud), expected, "Alice's notes are in iCloud after \(rounds) rounds")

        // Alice shares the whole zone with Bob, who may write; Bob accepts the invitation.
        let share = CKShare(recordZoneID: CKRecordZone.ID(zoneName: "Notes"))
        let participant = try cloud.shareParticipant(forUserRecordID: CKRecord.ID(recordName: "_bob"))
        participant.permission = .readWrite
        share.addParticipant(participant)
        let saved = try await cloud.mockDatabase().save(share) as! CKShare
        let metadata = try await bobsPhone.mockContainer().shareMetadata(for: try XCTUnwrap(saved.url))
        _ = try await bobsPhone.mockContainer().accept(metadata)

        // Bob's app syncs the zone as his shared database names it: owner "_alice".
        let sharedZone = CKRecordZone.ID(zoneName: "Notes", ownerName: "_alice")
        XCTAssertEqual(bobsPhone.sharedDatabase.zoneIDs, [sharedZone])
        let bob = await device(bobsPhone, .shared, notes: SyncedNotes(sharedZone: sharedZone), seed: 41)
        rounds = await converge([alice, bob], cloud, to: expected)
        var onBob = await texts(bob)
        XCTAssertEqual(onBob, expected, "Bob has Alice's notes after \(rounds) rounds")

        // Both edit, add and delete.
        for id in 1...3 { await alice.notes.save(note(id, "alice edit \(id)", at: 100 + Double(id))) }
        for id in 4...6 { await bob.notes.save(note(id, "bob edit \(id)", at: 100 + Double(id))) }
        for id in 11...15 { await bob.notes.save(note(id, "bob \(id)", at: 100 + Double(id))) }
        await alice.notes.delete(id: "note-9")
        await bob.notes.delete(id: "note-10")
        await alice.notes.save(note(7, "alice first", at: 200))
        await bob.notes.save(note(7, "bob later wins", at: 300))
        for id in 1...3 { expected["note-\(id)"] = "alice edit \(id)" }
        for id in 4...6 { expected["note-\(id)"] = "bob edit \(id)" }
        for id in 11...15 { expected["note-\(id)"] = "bob \(id)" }
        expected["note-9"] = nil
        expected["note-10"] = nil
        expected["note-7"] = "bob later wins"
        rounds = await converge([alice, bob], cloud, to: expected)
        let onAlice = await texts(alice)
        onBob = await texts(bob)
        XCTAssertEqual(onAlice, expected, "converged after \(rounds) rounds")
        XCTAssertEqual(onBob, expected)
        XCTAssertEqual(serverTexts(cloud), expected)
        XCTAssertEqual(
            cloud.privateDatabase.record(CKRecord.ID(recordName: "note-11", zoneID: CKRecordZone.ID(zoneName: "Notes")))?.creatorUserRecordID?
                .recordName, "_bob",
            "Bob's notes live in Alice's zone, made by Bob")
        XCTAssertGreaterThanOrEqual(alice.database.faults.events.count + bob.database.faults.events.count, 10, "faults were injected")

        // Alice stops sharing with Bob: his shared database loses the zone, and his app its notes.
        let current = try await cloud.mockDatabase().record(for: saved.recordID) as! CKShare
        current.removeParticipant(current.participants.first { $0.userIdentity.userRecordID?.recordName == "_bob" }!)
        _ = try await cloud.mockDatabase().save(current)
        for _ in 1...10 { try? await bob.notes.sync() }
        onBob = await texts(bob)
        XCTAssertEqual(onBob, [:], "no access, no notes")
        XCTAssertEqual(serverTexts(cloud), expected, "Alice's zone is untouched")
    }
}
