import CloudDoubleRuntime
import CloudDoubleTesting
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import Testing
import XCTest

/// Cassettes checked in under Tests/Fixtures/Cassettes, picked by test name. Re-record the
/// recorded one with `CLOUDDOUBLE_CASSETTE=record swift test --filter CassetteFixtureTests`;
/// the hand-edited one is always played back.
enum CassetteFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Cassettes")

    /// A container answered by the cassette in playback, by the in-memory CloudKit otherwise.
    static func container(_ log: CallLog, mode: CassetteMode) -> MockCloudContainer {
        mode == .playback ? MockCloudContainer(log: log, delivery: .immediate) : InMemoryCloudKit().mockContainer(log: log, delivery: .immediate)
    }

    /// What the app under test saw.
    struct Seen: Equatable {
        var title: String?
        var hasChangeTag: Bool
        var missingCode: Int?
        /// The retry-after of each failed save the app waited out.
        var waits: [Double]
    }

    /// App code: saves a note, retrying retryable errors after the server's retry-after, reads
    /// it back and looks for one that does not exist.
    static func app(_ container: any CloudContainer) async throws -> Seen {
        let database = container.privateCloudDatabase
        let note = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "note-1"))
        note["title"] = "Groceries"
        var waits: [Double] = []
        while true {
            do {
                _ = try await database.save(note)
                break
            } catch let error as CKError where error.retryAfterSeconds != nil && waits.count < 3 {
                waits.append(error.retryAfterSeconds!)
            }
        }
        let fetched = try await database.record(for: note.recordID)
        var missingCode: Int?
        do {
            _ = try await database.record(for: CKRecord.ID(recordName: "gone"))
        } catch let error as CKError {
            missingCode = error.code.rawValue
        }
        return Seen(title: fetched["title"] as? String, hasChangeTag: fetched.recordChangeTag != nil, missingCode: missingCode, waits: waits)
    }
}

/// The fixtures were recorded on Linux, with Apple's class names and keys (`PortableArchive`), so
/// a record comes back with its system fields, the change tag among them, on every platform.
/// UNVERIFIED on Apple platforms (only a Mac can run it): if Apple's CloudKit cannot read the
/// stand-in's archive there, the record comes back from its readable part without a change tag,
/// and this expectation fails, which is the point of it.
private let hasChangeTag = true

final class CassetteFixtureTests: XCTestCase {
    /// Recorded from the in-memory CloudKit; replays in CI (playback unless
    /// `CLOUDDOUBLE_CASSETTE` says otherwise).
    func testRecordedNotes() async throws {
        let log = CallLog()
        let mode = CassetteMode.fromEnvironment()
        let container = CassetteFixtures.container(log, mode: mode)
        let seen = try await withCassette(codecs: .cloudKit, log: log, mode: mode, directory: CassetteFixtures.directory) {
            try await CassetteFixtures.app(container)
        }
        XCTAssertEqual(
            seen, CassetteFixtures.Seen(title: "Groceries", hasChangeTag: hasChangeTag, missingCode: CKError.Code.unknownItem.rawValue, waits: []))
        // `privateCloudDatabase` hands out a described type: logged, not on the cassette.
        XCTAssertEqual(log.calls, ["Container.privateCloudDatabase", "Database.saveRecord", "Database.fetchRecord", "Database.fetchRecord"])
    }
}

/// The same recording edited by hand (an inserted `zoneBusy` error with a retry-after of 2 s
/// before the save, a changed title in the fetched record), played back from Swift Testing.
@Suite struct CassetteHandEditedTests {
    @Test func handEditedCassette() async throws {
        let log = CallLog()
        let container = CassetteFixtures.container(log, mode: .playback)
        let seen = try await withCassette(codecs: .cloudKit, log: log, mode: .playback, directory: CassetteFixtures.directory) {
            try await CassetteFixtures.app(container)
        }
        #expect(
            seen
                == CassetteFixtures.Seen(
                    title: "Edited by hand", hasChangeTag: hasChangeTag, missingCode: CKError.Code.unknownItem.rawValue, waits: [2]))
    }
}

/// The `.cassette` trait (CloudDoubleTesting) picks `traitRecordedNotes.jsonl` by the test's name
/// and the mode by `CLOUDDOUBLE_CASSETTE` (playback in CI), and attaches the log the test makes:
/// the test body never names the cassette. Re-record it with
/// `CLOUDDOUBLE_CASSETTE=record swift test --filter traitRecordedNotes`.
@Suite struct CassetteTraitTests {
    @Test(.cassette(codecs: .cloudKit, directory: CassetteFixtures.directory))
    func traitRecordedNotes() async throws {
        let cassette = try #require(Cassette.current)
        #expect(cassette.file.lastPathComponent == "traitRecordedNotes.jsonl")
        #expect(cassette.file.deletingLastPathComponent().lastPathComponent == "CassetteFixtureTests")
        let log = CallLog()
        #expect(log.cassette === cassette)
        let container = CassetteFixtures.container(log, mode: cassette.mode)
        let seen = try await CassetteFixtures.app(container)
        #expect(
            seen == CassetteFixtures.Seen(title: "Groceries", hasChangeTag: hasChangeTag, missingCode: CKError.Code.unknownItem.rawValue, waits: []))
    }

    @Test func noCassetteOutsideTheTrait() {
        #expect(Cassette.current == nil)
        #expect(CallLog().cassette == nil)
    }
}
