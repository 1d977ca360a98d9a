import CloudDoubleRuntime
import CloudDoubleTestSupport
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// Generic calls (`"genericParameters"`, the `Documents` type): every double declares and
/// forwards them, and a mock answers from stubs kept as `Any`, cast to the type the app asks for.
final class GenericCallTests: FailureCapturingTestCase {
    struct Note: Codable, Equatable, Sendable {
        var title: String
    }

    struct Invite: Codable, Equatable, Sendable {
        var from: String
    }

    func testTheMockAnswersWithTheStubCastToTheTypeAskedFor() async throws {
        let mock = MockSinkDocuments()
        mock.stub(.document, .value(Note(title: "Hello")))
        mock.stub(.cached, .handler { arguments in Note(title: arguments.key) })
        mock.stub(.documents, .value([Note(title: "a"), Note(title: "b")]))
        let note = try await mock.document(at: "notes/1", as: Note.self)
        XCTAssertEqual(note, Note(title: "Hello"))
        XCTAssertEqual(try mock.cached(at: "notes/2", as: Note.self), Note(title: "notes/2"))
        let notes = try await mock.documents(at: ["a", "b"], as: Note.self)
        XCTAssertEqual(notes.map(\.title), ["a", "b"])
        XCTAssertEqual(mock.arguments(.document).map(\.type), ["Note.self"], "the metatype is recorded by the type's name")
        XCTAssertEqual(mock.arguments(.document).map(\.key), ["notes/1"])
    }

    func testAStubOfAnotherTypeFailsTheTestNamingTheCallAndBothTypes() async {
        let mock = MockSinkDocuments()
        mock.stub(.document, .value(Note(title: "Hello")))
        let failures = await expectFailures {
            do {
                _ = try await mock.document(at: "invites/1", as: Invite.self)
                XCTFail("a stub of another type must not answer")
            } catch let error as MismatchedStubError {
                XCTAssertEqual(error.call, "document")
                XCTAssertEqual(error.stubbed, "Note")
                XCTAssertEqual(error.result, "T")
                XCTAssertEqual(error.expected, "Invite")
            } catch {
                XCTFail("unexpected \(error)")
            }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures.first?.contains("MockSinkDocuments.document was stubbed with a Note, but this call returns T = Invite") ?? false, "\(failures)")
    }

    func testAnUnstubbedGenericCallFailsTheTest() {
        let mock = MockSinkDocuments()
        let failures = expectFailures {
            do {
                _ = try mock.cached(at: "notes/1", as: Note.self)
                XCTFail("an unstubbed generic call has nothing to return")
            } catch {
                XCTAssertTrue(error is UnstubbedCallError, "\(error)")
            }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.contains("mock.stub(.cached, .value(<Note>))") ?? false, "the fix names the type asked for: \(failures)")
    }

    func testAParameterMentioningTheGenericParameterIsRecordedAsAny() throws {
        let mock = MockSinkDocuments()
        mock.stub(.encodedSize, .value(7))
        XCTAssertEqual(try mock.encodedSize(of: Note(title: "x")), 7)
        XCTAssertEqual(mock.arguments(.encodedSize).compactMap { $0 as? Note }, [Note(title: "x")])
    }

    func testTheLiveAdapterAndTheFaultWrapperForwardAndFaultsAreInjected() async throws {
        let live = LiveSinkDocuments(SettingsDocuments(json: ["n": #"{"title":"Live"}"#]))
        let fromLive = try await live.document(at: "n", as: Note.self)
        XCTAssertEqual(fromLive, Note(title: "Live"))
        XCTAssertEqual(try live.encodedSize(of: Note(title: "Live")), 16)
        let faulty = FaultInjectingSinkDocuments(
            wrapping: live, plan: FaultPlan { FaultRule.fail(.call(SinkDocumentsCall.document), on: .nth(2), with: "busy") })
        let first = try await faulty.document(at: "n", as: Note.self)
        XCTAssertEqual(first, Note(title: "Live"))
        do {
            _ = try await faulty.document(at: "n", as: Note.self)
            XCTFail("the second call is failed by the plan")
        } catch {
            XCTAssertTrue(error is SettingsBusy, "the SDK's own error: \(error)")
        }
        XCTAssertEqual(try faulty.cached(at: "n", as: Note.self), Note(title: "Live"))
    }
}
