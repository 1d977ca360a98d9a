import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import SyncEngineNotes
import XCTest

/// The scenarios of Apple's sample test suite ("Synchronizing data with CKSyncEngine",
/// apple/sample-cloudkit-sync-engine, Tests/SyncTests.swift, which runs against the real engine
/// and iCloud), reproduced with this package's notes app on the in-memory engine and held to the
/// sample's own expectations: the sample's contact is our note (name → text, user modification
/// date → `modified`), its "last known record" our `serverRecord(ofNote:)`.
///
/// Like the sample: each device is a separate app with its own engine, automatic sync off, on
/// one iCloud account; each test starts with an empty server (a new `InMemoryCloudKit`, where the
/// sample deletes its zone in `setUp`).
final class AppleSampleScenarioTests: XCTestCase {
    let clock = VirtualClock()

    /// A new device: the app and an engine made with automatic sync off, as the sample's tests do.
    func newDevice(_ cloud: InMemoryCloudKit) async -> SyncedNotes {
        let notes = SyncedNotes()
        var configuration = SyncEngineConfiguration<any CloudDatabase>(database: cloud.mockDatabase(), stateSerialization: nil, delegate: notes)
        configuration.automaticallySync = false
        await notes.attach(InMemorySyncEngine(configuration, cloud: cloud, time: clock.timeSource))
        return notes
    }

    func engine(_ device: SyncedNotes) async throws -> any CloudSyncEngine {
        let engine = await device.engine
        return try XCTUnwrap(engine)
    }

    /// Sends and expects the send to throw, as the sample does after each failure it provokes.
    func sendExpectingFailure(_ device: SyncedNotes, file: StaticString = #filePath, line: UInt = #line) async throws {
        let engine = try await engine(device)
        do {
            try await engine.sendChanges()
            XCTFail("expected sendChanges() to throw", file: file, line: line)
        } catch {}
    }

    // MARK: Simple sync

    func testSyncASingleNote() async throws { try await syncNotes(count: 1) }
    func testSyncTenNotes() async throws { try await syncNotes(count: 10) }
    /// More than one batch: `RecordZoneChangeBatch(pendingChanges:)` stops at the batch limit.
    func testSyncHundredsOfNotes() async throws { try await syncNotes(count: 444) }

    /// One device saves and sends; the other has nothing before it fetches, and all of it after.
    func syncNotes(count: Int) async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        let deviceA = await newDevice(cloud)
        let deviceB = await newDevice(cloud)
        let now = Date()
        let saved = (0..<count).map { Note(id: UUID().uuidString, text: "\($0)", modified: now) }
        for note in saved { await deviceA.save(note) }
        try await engine(deviceA).sendChanges()

        let before = await deviceB.notes
        XCTAssertTrue(before.isEmpty)
        try await engine(deviceB).fetchChanges()
        let after = await deviceB.notes
        XCTAssertEqual(after, Dictionary(uniqueKeysWithValues: saved.map { ($0.id, $0) }))
    }

    // MARK: Rename

    /// A rename made on B reaches A, then one made on A reaches B.
    func testRenameBothWays() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        let deviceA = await newDevice(cloud)
        let deviceB = await newDevice(cloud)
        let id = UUID().uuidString
        await deviceA.save(Note(id: id, text: "Name 1", modified: Date()))
        try await engine(deviceA).sendChanges()

        try await engine(deviceB).fetchChanges()
        var onB = await deviceB.notes
        XCTAssertEqual(onB.count, 1)
        var noteB = try XCTUnwrap(onB[id])
        XCTAssertEqual(noteB.text, "Name 1")
        noteB.text = "Name 2"
        noteB.modified = Date()
        await deviceB.save(noteB)
        try await engine(deviceB).sendChanges()

        try await engine(deviceA).fetchChanges()
        let onA = await deviceA.notes
        XCTAssertEqual(onA.count, 1)
        var noteA = try XCTUnwrap(onA[id])
        XCTAssertEqual(noteA.text, "Name 2")

        noteA.text = "Name 3"
        noteA.modified = Date()
        await deviceA.save(noteA)
        try await engine(deviceA).sendChanges()
        try await engine(deviceB).fetchChanges()
        onB = await deviceB.notes
        XCTAssertEqual(onB.count, 1)
        XCTAssertEqual(onB[id]?.text, "Name 3")
    }

    // MARK: Save failures

    /// The zone is deleted behind the device's back: the next send fails with `zoneNotFound` and
    /// throws; the app drops the note's server record, saves the zone and the note again, and the
    /// next send succeeds. Another device then gets the note, with a new creation date.
    func testAMissingZoneIsSavedAgainAndTheNoteUploadedAgain() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        try await reuploadAfterADeletionOnTheSide(cloud) { engine, note in
            _ = try await engine.database.deleteRecordZone(withID: note.recordID.zoneID)
        }
    }

    /// The note's record is deleted behind the device's back: `unknownItem`, then the same recovery.
    func testAMissingRecordIsUploadedAgain() async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        try await reuploadAfterADeletionOnTheSide(cloud) { engine, note in
            _ = try await engine.database.deleteRecord(withID: note.recordID)
        }
    }

    func reuploadAfterADeletionOnTheSide(
        _ cloud: InMemoryCloudKit, deleteOnTheSide: (any CloudSyncEngine, CKRecord) async throws -> Void,
        file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        let device = await newDevice(cloud)
        var note = Note(id: UUID().uuidString, text: "I am a note!", modified: Date())
        await device.save(note)
        try await engine(device).sendChanges()
        let original = await device.serverRecord(ofNote: note.id)
        let originalCreationDate = try XCTUnwrap(original?.creationDate, "the server sets a saved record's creation date", file: file, line: line)

        try await deleteOnTheSide(engine(device), try XCTUnwrap(original))
        note.text = "I am a renamed note!"
        note.modified = Date()
        await device.save(note)

        try await sendExpectingFailure(device, file: file, line: line)
        let afterFailure = await device.serverRecord(ofNote: note.id)
        XCTAssertNil(afterFailure, "the server record the app kept is no longer valid", file: file, line: line)

        try await engine(device).sendChanges()
        let deviceB = await newDevice(cloud)
        try await engine(deviceB).fetchChanges()
        let onB = await deviceB.notes[note.id]
        XCTAssertEqual(onB, note, file: file, line: line)
        let creationDate = await deviceB.serverRecord(ofNote: note.id)?.creationDate
        XCTAssertNotNil(creationDate, file: file, line: line)
        XCTAssertNotEqual(creationDate, originalCreationDate, "a new record on the server", file: file, line: line)
    }

    // MARK: Conflicts

    func testAConflictWhenTheWinnerSavesFirst() async throws { try await conflict(winnerSavesFirst: true) }
    func testAConflictWhenTheWinnerSavesLast() async throws { try await conflict(winnerSavesFirst: false) }

    /// The later user edit wins, whichever device saves first (the sample: device A edits later
    /// than B; if A saves first, B's send fails; if B saves first, A's does). The device whose
    /// send failed throws and still holds 1 pending change; it sends it at its next call, and
    /// both devices end with A's edit.
    func conflict(winnerSavesFirst: Bool, file: StaticString = #filePath, line: UInt = #line) async throws {
        let cloud = InMemoryCloudKit(notificationCenter: NotificationCenter())
        let deviceA = await newDevice(cloud)
        let deviceB = await newDevice(cloud)
        var noteA = Note(id: UUID().uuidString, text: "A1", modified: Date())
        let id = noteA.id
        await deviceA.save(noteA)
        try await engine(deviceA).sendChanges()

        try await engine(deviceB).fetchChanges()
        let onB = await deviceB.notes
        XCTAssertEqual(onB.count, 1, file: file, line: line)
        var noteB = try XCTUnwrap(onB[id], file: file, line: line)
        XCTAssertEqual(noteB.text, "A1", file: file, line: line)

        let losing = Date()
        noteA.text = "A2"
        noteA.modified = losing + 1
        await deviceA.save(noteA)
        noteB.text = "B1"
        noteB.modified = losing
        await deviceB.save(noteB)

        let (first, second) = winnerSavesFirst ? (deviceA, deviceB) : (deviceB, deviceA)
        try await engine(first).sendChanges()
        try await sendExpectingFailure(second, file: file, line: line)
        let pendingFirst = try await engine(first).state.pendingRecordZoneChanges.count
        let pendingSecond = try await engine(second).state.pendingRecordZoneChanges.count
        XCTAssertEqual(pendingFirst, 0, file: file, line: line)
        XCTAssertEqual(pendingSecond, 1, "the change the app added again waits for the next send", file: file, line: line)

        // Right after the conflict: the loser has merged the winner's edit only if the winner saved first.
        let afterA = await deviceA.notes[id]
        let afterB = await deviceB.notes[id]
        XCTAssertEqual(afterA, noteA, file: file, line: line)
        XCTAssertEqual(afterB, winnerSavesFirst ? noteA : noteB, file: file, line: line)

        // The second device sends again, the first fetches: A's edit everywhere.
        try await engine(second).sendChanges()
        try await engine(first).fetchChanges()
        let finalA = await deviceA.notes[id]
        let finalB = await deviceB.notes[id]
        XCTAssertEqual(finalA, noteA, file: file, line: line)
        XCTAssertEqual(finalB, noteA, file: file, line: line)
    }
}
