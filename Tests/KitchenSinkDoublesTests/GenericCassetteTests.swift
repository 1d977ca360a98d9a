import CloudDoubleRuntime
import CloudDoubleTestSupport
import Foundation
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// A generic call on a cassette: the mock's stub, kept as `Any`, is taped as the type the app
/// asked for, and played back as it.
final class GenericCassetteTests: XCTestCase {
    struct Note: Equatable, Decodable, Sendable {
        var title: String
    }

    private lazy var folder = temporaryFolder()

    private var codecs: CassetteCodecs {
        var codecs = CassetteCodecs.standard
        codecs.register(errorModel: .kitchenSink)
        codecs.register(
            Note.self, name: "Note", encode: { note, _ in .string(note.title) },
            decode: { json, _ in
                guard case .string(let title) = json else { throw SettingsBusy(message: "not a note") }
                return Note(title: title)
            })
        return codecs
    }

    func testAGenericMockCallIsTapedAsTheTypeAskedFor() async throws {
        let file = folder.appendingPathComponent("documents.jsonl")
        let recordLog = CallLog()
        let recorder = try Cassette(file: file, mode: .record, codecs: codecs)
        recorder.attach(to: recordLog)
        let recording = MockSinkDocuments(log: recordLog)
        recording.stub(.document, .value(Note(title: "taped")))
        let recorded = try await recording.document(at: "n", as: Note.self)
        try recorder.finish()
        XCTAssertEqual(recorded, Note(title: "taped"))

        let playLog = CallLog()
        let player = try Cassette(file: file, mode: .playback, codecs: codecs)
        player.attach(to: playLog)
        let replaying = MockSinkDocuments(log: playLog)
        let replayed = try await replaying.document(at: "n", as: Note.self)
        try player.finish()
        XCTAssertEqual(replayed, recorded, "played back from the cassette, with no stub")
    }
}
