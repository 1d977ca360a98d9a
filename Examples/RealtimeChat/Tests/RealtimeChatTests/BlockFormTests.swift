import CloudDoubleRuntime
@_spi(StandIn) import FirebaseDatabase
import Foundation
import RealtimeChat
import Testing

/// Firebase's completion blocks take the error first (`"handlerOrder": "errorFirst"` in the
/// description): the protocol declares them as Firebase does, the live adapter hands the app's
/// block to the SDK, and mocks and fault wrappers call it error first.
@Suite struct BlockFormTests {
    @Test func theLiveAdapterHandsTheBlocksToFirebase() async throws {
        let database = Database.database(url: "https://blocks.invalid")
        let live = LiveRealtimeReference(database.reference(withPath: "rooms/blocks"))
        // The stand-in calls its blocks on the writing thread, before the call returns.
        var written: (error: (any Error)?, key: String?)?
        var adapter: (any RealtimeReference)?
        live.setValue(["text": "hi"]) { error, reference in
            written = (error, reference.key)
            adapter = reference
        }
        #expect(written?.error == nil)
        #expect(written?.key == "blocks", "Firebase passes the reference written")
        #expect((adapter as? LiveRealtimeReference)?.base === live.base, "wrapped in a live adapter over the SDK's reference")

        var read: (error: (any Error)?, text: String?)?
        live.getData { error, snapshot in read = (error, snapshot?.childSnapshot(forPath: "text").value as? String) }
        #expect(read?.error == nil)
        #expect(read?.text == "hi")

        database.failNextWrites(withStatuses: ["permission_denied"])
        var refused: Int?
        live.removeValue { error, _ in refused = (error as NSError?)?.code }
        #expect(refused == 1, "Firebase's own permission_denied")
    }

    @Test func aFaultWrapperFailsABlockErrorFirstWithFirebasesError() async throws {
        let mock = MockRealtimeReference()
        let faulty = FaultInjectingRealtimeReference(
            wrapping: mock, plan: FaultPlan { FaultRule.fail(.call(RealtimeReferenceCall.setValue), with: "permissionDenied") }, seed: 1)

        let failed: (domain: String?, code: Int?, written: Bool) = await withCheckedContinuation { done in
            faulty.setValue("x") { error, reference in
                done.resume(returning: ((error as NSError?)?.domain, (error as NSError?)?.code, reference === faulty))
            }
        }
        #expect(failed.domain == "com.firebase")
        #expect(failed.code == 1)
        #expect(failed.written, "as Firebase, the block gets the reference written with the error")
        #expect(mock.callCount(.setValue) == 0)

        let passed: (succeeded: Bool, wrapped: Bool) = await withCheckedContinuation { done in
            faulty.updateChildValues(["a": 1]) { error, reference in
                done.resume(returning: (error == nil, reference is FaultInjectingRealtimeReference))
            }
        }
        #expect(passed.succeeded, "a call no rule selects reaches the mock, whose answer comes error first")
        #expect(passed.wrapped, "the reference the mock hands back is wrapped under the same faults")
        #expect(mock.callCount(.updateChildValues) == 1)
    }

    @Test func aMockHandsTheStubbedSnapshotToTheBlock() async throws {
        let mock = MockRealtimeReference()
        mock.stub(.getData, .value(try await Snapshots.of(["text": "stubbed"], at: "rooms/mock")))
        let text: String? = await withCheckedContinuation { done in
            mock.getData { error, snapshot in
                done.resume(returning: error == nil ? snapshot?.childSnapshot(forPath: "text").value as? String : "error")
            }
        }
        #expect(text == "stubbed")
    }
}
