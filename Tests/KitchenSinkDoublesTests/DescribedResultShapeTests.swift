import CloudDoubleRuntime
import CloudDoubleTestSupport
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// Calls returning an optional described object or an array of them (`"returnsRef": "Section?"`,
/// `"[Section]"`): the live adapter and the fault wrapper wrap each object, in every form; a mock
/// hands out a child mock for an optional, and what the test stubbed for an array (empty by default).
final class DescribedResultShapeTests: XCTestCase {
    func testTheLiveAdapterWrapsEachObject() async throws {
        let store = LiveSinkSettings(SettingsStore())
        let batch = store.batch()
        XCTAssertNil(batch.lastDeleted())
        XCTAssertEqual(batch.deleted().count, 0)
        batch.delete(try await store.section(named: "a"))
        batch.delete(try await store.section(named: "b"))

        XCTAssertEqual((batch.lastDeleted() as? LiveSinkSection)?.base.name, "b")
        XCTAssertTrue(batch.lastDeleted() === batch.lastDeleted(), "one adapter per SDK object")
        let fetched = try await batch.fetchLastDeleted()
        XCTAssertEqual(fetched?.name, "b")
        XCTAssertEqual(batch.deleted().map(\.name), ["a", "b"])
        XCTAssertTrue(batch.deleted().allSatisfy { $0 is LiveSinkSection })
        let all = try await batch.fetchDeleted()
        XCTAssertEqual(all.map(\.name), ["a", "b"])

        let handed = Locked<(last: String?, all: [String]?, result: [String]?, lastResult: String?)>((nil, nil, nil, nil))
        batch.fetchLastDeleted { section, _ in handed.withLock { $0.last = section?.name } }
        batch.fetchDeleted { sections, _ in handed.withLock { $0.all = sections?.map(\.name) } }
        batch.deleted { result in handed.withLock { $0.result = try? result.get().map(\.name) } }
        batch.lastDeleted { result in handed.withLock { $0.lastResult = try? result.get()?.name } }
        XCTAssertEqual(handed.snapshot.last, "b")
        XCTAssertEqual(handed.snapshot.all, ["a", "b"])
        XCTAssertEqual(handed.snapshot.result, ["a", "b"])
        XCTAssertEqual(handed.snapshot.lastResult, "b")
    }

    func testTheFaultWrapperWrapsEachObject() async throws {
        let store = FaultInjectingSinkSettings(wrapping: LiveSinkSettings(SettingsStore()), plan: FaultPlan())
        let batch = store.batch()
        batch.delete(try await store.section(named: "a"))
        XCTAssertTrue(batch.lastDeleted() is FaultInjectingSinkSection)
        let all = try await batch.fetchDeleted()
        XCTAssertTrue(all.first is FaultInjectingSinkSection)
        XCTAssertEqual(all.map(\.name), ["a"])
        let delivered: [any SinkSection] = await withCheckedContinuation { done in
            batch.deleted { done.resume(returning: (try? $0.get()) ?? []) }
        }
        XCTAssertTrue(delivered.first is FaultInjectingSinkSection)
    }

    func testTheFaultWrapperFailsThem() async throws {
        let batch = FaultInjectingSinkBatch(
            wrapping: MockSinkBatch(), plan: FaultPlan { FaultRule.fail(.call(SinkBatchCall.deleted), with: 1) })
        await XCTAssertThrowsErrorAsync(try await batch.fetchDeleted())
    }

    func testAMockHandsOutAChildMockForAnOptionalAndStubsForAnArray() async throws {
        let mock = MockSinkBatch(delivery: .immediate)
        let child = try XCTUnwrap(mock.lastDeleted())
        XCTAssertTrue(child is MockSinkSection)
        let fetched = try await mock.fetchLastDeleted()
        XCTAssertTrue(fetched === child, "one child mock per arguments, whichever form")
        mock.stub(.lastDeleted, .value(nil))
        XCTAssertNil(mock.lastDeleted())

        XCTAssertEqual(mock.deleted().count, 0, "an array is empty unless stubbed")
        let first = MockSinkSection()
        let second = MockSinkSection()
        mock.stub(.deleted, .value([first, second]))
        let all = try await mock.fetchDeleted()
        XCTAssertTrue(all.count == 2 && all[0] === first && all[1] === second)
        let delivered = Locked<[any SinkSection]?>(nil)
        mock.fetchDeleted { sections, _ in delivered.withLock { $0 = sections } }
        XCTAssertEqual(delivered.snapshot?.count, 2)
    }
}
