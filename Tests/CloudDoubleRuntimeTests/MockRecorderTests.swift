import CloudDoubleTestSupport
import Foundation
import XCTest

@_spi(Generated) @testable import CloudDoubleRuntime

/// The recorder and the log it shares its lock with: history per call id, one ordered log
/// across mocks, queued stubs, properties whose reads and writes record different argument types.
final class MockRecorderTests: FailureCapturingTestCase {
    /// The typed key of a call (the one place that builds keys, should their type change).
    func key<A, V>(_ id: String, _: A.Type = A.self, _: V.Type = V.self) -> TestCall<A, V> {
        TestCall(id_: id)
    }

    func testQueuedStubsAnswerInOrderAndTheLastRepeats() throws {
        let mock = MockRecorder(mockName: "MockStore", typeName: "Store", log: CallLog())
        mock.stub(key("fetch", Int.self, String.self), [.value("a"), .error(NSError(domain: "D", code: 7)), .handler { "h\($0)" }])
        var answers: [String] = []
        for argument in 1...5 {
            do {
                answers.append(try mock.respond("fetch", .async, argument, backed: nil, fallback: nil))
            } catch {
                answers.append("error \((error as NSError).code)")
            }
        }
        XCTAssertEqual(answers, ["a", "error 7", "h3", "h4", "h5"])
        mock.stub(key("fetch", Int.self, String.self), .value("b"))
        XCTAssertEqual(try mock.respond("fetch", .completion, 6, backed: nil, fallback: nil) as String, "b", "a new stub replaces the queue")
        XCTAssertEqual(mock.arguments(key("fetch", Int.self, String.self)), [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(mock.callCount(key("fetch", Int.self, String.self)), 6)
    }

    func testAStubOfOtherTypesDoesNotAnswer() {
        let mock = MockRecorder(mockName: "MockStore", typeName: "Store", log: CallLog())
        mock.stub(key("fetch", String.self, String.self), .value("typed for String arguments"))
        let failures = expectFailures {
            do {
                _ = try mock.respond("fetch", .async, 1, backed: nil, fallback: nil) as String
                XCTFail("should throw")
            } catch {
                XCTAssertTrue(error is UnstubbedCallError)
            }
        }
        XCTAssertEqual(failures.map { $0.contains("MockStore.fetch was called (async form) with 1") }, [true])
        XCTAssertEqual(try mock.respond("fetch", .async, 1, backed: nil, fallback: "fallback") as String, "fallback")
        XCTAssertEqual(mock.callCount(key("fetch", Int.self, String.self)), 2)
        XCTAssertEqual(mock.arguments(key("fetch", String.self, String.self)), [], "no call passed a String")
    }

    func testMocksSharingALogShareOneOrderedSequence() throws {
        let log = CallLog()
        let container = MockRecorder(mockName: "MockContainer", typeName: "Container", log: log)
        let database = MockRecorder(mockName: "MockDatabase", typeName: "Database", log: log)
        _ = try container.respond("status", .async, (), backed: nil, fallback: 0) as Int
        _ = try database.respond("save", .async, "r1", backed: nil, fallback: 0) as Int
        log.append(type: "App", call: "note", form: .sync, arguments: "by hand")
        _ = try database.respond("save", .completion, "r2", backed: nil, fallback: 0) as Int
        database.runOperation("saveOperation", "op", failure: { _ in 0 }, replay: OperationReplay { _ in }, backed: { _ in 1 })
        XCTAssertEqual(log.calls, ["Container.status", "Database.save", "App.note", "Database.save"], "operations are not logged twice")
        XCTAssertEqual(log.records.map(\.sequence), [1, 2, 3, 4])
        XCTAssertEqual(log.records.map(\.form), [.async, .async, .sync, .completion])
        XCTAssertEqual(log.records.map { "\($0.arguments)" }, ["()", "r1", "by hand", "r2"])
        XCTAssertEqual(log.records(type: "Database").map { $0.arguments as? String }, ["r1", "r2"])
        XCTAssertEqual(log.records(call: "note").map(\.sequence), [3])
        XCTAssertEqual(database.arguments(key("saveOperation", String.self, Int.self)), ["op"], "history without a log entry")
        XCTAssertEqual(log.records.last?.description, "#4 Database.save [completion] r2")

        log.removeAll()
        XCTAssertEqual(log.count, 0)
        _ = try database.respond("save", .async, "r3", backed: nil, fallback: 0) as Int
        XCTAssertEqual(log.records.map(\.sequence), [1])
        XCTAssertEqual(database.arguments(key("save", String.self, Int.self)), ["r1", "r2", "r3"], "the mock keeps its history")
    }

    /// The log and the histories are kept in chunks (`AppendOnlyList`): a long test's calls
    /// read back whole and in order across the chunks' boundaries, and a cleared log counts again.
    func testManyCallsReadBackInOrderAcrossChunks() throws {
        let log = CallLog()
        let mock = MockRecorder(mockName: "MockStore", typeName: "Store", log: log)
        let calls = 2 * AppendOnlyList<Int>.chunkSize + 3
        for argument in 0..<calls {
            _ = try mock.respond("fetch", .async, argument, backed: nil, fallback: 0) as Int
        }
        XCTAssertEqual(mock.arguments(key("fetch", Int.self, Int.self)), Array(0..<calls))
        XCTAssertEqual(mock.callCount(key("fetch", Int.self, Int.self)), calls)
        XCTAssertEqual(log.count, calls)
        XCTAssertEqual(log.records.map(\.sequence), Array(1...calls))
        XCTAssertEqual(log.records.map { $0.arguments as? Int }, Array(0..<calls))
        log.removeAll()
        XCTAssertEqual(log.count, 0)
        _ = try mock.respond("fetch", .async, calls, backed: nil, fallback: 0) as Int
        XCTAssertEqual(log.records.map(\.sequence), [1])
        XCTAssertEqual(mock.callCount(key("fetch", Int.self, Int.self)), calls + 1, "the history is the mock's own")
    }

    func testPropertyReadsAndWritesKeepBothKindsOfArguments() {
        let log = CallLog()
        let mock = MockRecorder(mockName: "MockStore", typeName: "Store", log: log)
        XCTAssertEqual(mock.read("name", backed: nil, fallback: "default"), "default")
        mock.set("name", "set")
        XCTAssertEqual(mock.read("name", backed: nil, fallback: "default"), "set")
        XCTAssertEqual(log.records.map { "\($0.call) \($0.form) \($0.arguments)" }, ["name get ()", "name set set", "name get ()"])
        XCTAssertEqual(mock.callCount(key("name", String.self, Void.self)), 3)
        XCTAssertEqual(mock.arguments(key("name", String.self, Void.self)), ["set"])
        XCTAssertEqual(mock.arguments(key("name", Void.self, String.self)).count, 2)
    }

    /// The log keeps one order across mocks, calls, forms and direct appends, over thousands of
    /// calls, when one call id sees arguments of two types, and after the log is cleared (the
    /// mocks keep their histories).
    func testTheLogsOrderAcrossMocksCallsAndForms() throws {
        let log = CallLog()
        let first = MockRecorder(mockName: "MockA", typeName: "A", log: log)
        let second = MockRecorder(mockName: "MockB", typeName: "B", log: log)
        first.stub(key("fetch", Int.self, Int.self), .value(1))
        var expected: [String] = []
        // 10,000 calls; the mocks and calls interleave irregularly.
        for index in 0..<10_000 {
            switch index % 7 {
            case 0, 3:
                second.respondWithoutFailing("note", .sync, "n\(index)", backed: nil, fallback: ())
                expected.append("B.note sync n\(index)")
            case 5:
                log.append(type: "App", call: "step", form: .sync, arguments: index)
                expected.append("App.step sync \(index)")
            default:
                XCTAssertEqual(try first.respond("fetch", index % 2 == 0 ? .async : .completion, index, backed: nil, fallback: nil) as Int, 1)
                expected.append("A.fetch \(index % 2 == 0 ? "async" : "completion") \(index)")
            }
        }
        // A property read after thousands of writes: one call id, two argument types.
        for index in 0..<5_000 { second.set("name", "v\(index)") }
        _ = second.read("name", backed: nil, fallback: "")
        expected += (0..<5_000).map { "B.name set v\($0)" } + ["B.name get ()"]

        let records = log.records
        XCTAssertEqual(records.map { "\($0.type).\($0.call) \($0.form) \($0.arguments)" }, expected)
        XCTAssertEqual(records.map(\.sequence), Array(1...expected.count))
        XCTAssertEqual(log.calls, expected.map { String($0.prefix { $0 != " " }) })
        XCTAssertEqual(log.count, expected.count)
        XCTAssertEqual(log.records(type: "A").map(\.sequence), records.filter { $0.type == "A" }.map(\.sequence))
        let fetched = first.arguments(key("fetch", Int.self, Int.self))
        XCTAssertEqual(fetched, (0..<10_000).filter { ![0, 3, 5].contains($0 % 7) })
        XCTAssertEqual(second.arguments(key("name", String.self, Void.self)), (0..<5_000).map { "v\($0)" })
        XCTAssertEqual(second.callCount(key("name", String.self, Void.self)), 5_001)

        log.removeAll()
        XCTAssertEqual(log.records.count, 0)
        XCTAssertEqual(log.calls, [])
        log.append(type: "App", call: "step", form: .sync, arguments: -1)
        _ = try first.respond("fetch", .async, -2, backed: nil, fallback: nil) as Int
        XCTAssertEqual(log.records.map { "#\($0.sequence) \($0.call) \($0.arguments)" }, ["#1 step -1", "#2 fetch -2"])
        XCTAssertEqual(first.callCount(key("fetch", Int.self, Int.self)), fetched.count + 1, "a mock keeps its history")
    }

    func testConcurrentCallsOnMocksSharingALog() async throws {
        let log = CallLog()
        let mocks = (0..<4).map { MockRecorder(mockName: "Mock\($0)", typeName: "Type\($0)", log: log) }
        for mock in mocks { mock.stub(key("call", Int.self, Int.self), .handler { $0 * 2 }) }
        await withTaskGroup(of: Void.self) { group in
            for (index, mock) in mocks.enumerated() {
                group.addTask {
                    for value in 0..<500 {
                        XCTAssertEqual(
                            try? mock.respond(value % 3 == 0 ? "call" : "other\(index)", .async, value, backed: nil, fallback: -1) as Int,
                            value % 3 == 0 ? value * 2 : -1)
                    }
                }
                group.addTask { for _ in 0..<50 { _ = log.records.count } }
            }
        }
        XCTAssertEqual(log.count, 2000)
        XCTAssertEqual(log.records.map(\.sequence), Array(1...2000))
        for mock in mocks { XCTAssertEqual(mock.arguments(key("call", Int.self, Int.self)), Array(stride(from: 0, to: 500, by: 3))) }
    }

    /// What a generated mock gets from `RecordingMock`: `init(log:delivery:)` names the mock by its
    /// class and logs its `typeName_`, and the entry points its members and key entry points call
    /// record, answer and read back through the one recorder.
    func testRecordingMocksInitAndEntryPointsAnswerAsTheRecorderDoes() throws {
        let log = CallLog()
        let mock = MockStore(log: log, delivery: .immediate)
        XCTAssertEqual(mock.recorder_.mockName, "MockStore")
        mock.stub_(key("fetch", Int.self, String.self), Stub<Int, String>.value("a"))
        XCTAssertEqual(try mock.respond_("fetch", 1, fallback: nil) as String, "a")
        XCTAssertEqual(mock.respondWithoutFailing_("count", (), fallback: 7), 7)
        var delivered: [String?] = []
        mock.deliverOptional_("fetch", 2, fallback: nil) { (value: String?, _) in delivered.append(value) }
        mock.set_("name", "set")
        XCTAssertEqual(mock.get_("name", fallback: ""), "set")
        XCTAssertEqual(delivered, ["a"])
        XCTAssertEqual(log.calls, ["Store.fetch", "Store.count", "Store.fetch", "Store.name", "Store.name"])
        XCTAssertEqual(mock.callCount_(key("fetch", Int.self, String.self)), 2)
        XCTAssertEqual(mock.arguments_(key("fetch", Int.self, String.self)) as [Int], [1, 2])
        XCTAssertNoThrow(try (mock.calls_(key("fetch", Int.self, String.self)) as RecordedCalls<Int>).expectCount(2))
    }
}

/// A mock of the shape the generator emits, over `RecordingMock`'s initialiser and entry points.
final class MockStore: RecordingMock {
    let recorder_: MockRecorder
    static let typeName_: String = "Store"
    init(recorder_: MockRecorder) { self.recorder_ = recorder_ }
}

/// A key type of the shape the generator emits (`CloudDatabaseCall<Arguments_, Value_>`).
struct TestCall<Arguments_, Value_>: CallKey {
    static var typeName_: String { "Test" }
    let id_: String
}
