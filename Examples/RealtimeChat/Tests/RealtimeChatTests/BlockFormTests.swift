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
        live.setValue(["text": "hi"]) { error, reference in written = (error, reference.key) }
        #expect(written?.error == nil)
        #expect(written?.key == "blocks", "Firebase passes the reference written")

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
        mock.stub(.updateChildValues, .value(DatabaseReference()))
        let faulty = FaultInjectingRealtimeReference(
            wrapping: mock, plan: FaultPlan { FaultRule.fail(.call(RealtimeReferenceCall.setValue), with: "permissionDenied") }, seed: 1)

        let failed: (domain: String?, code: Int?) = await withCheckedContinuation { done in
            faulty.setValue("x") { error, _ in done.resume(returning: ((error as NSError?)?.domain, (error as NSError?)?.code)) }
        }
        #expect(failed.domain == "com.firebase")
        #expect(failed.code == 1)
        #expect(mock.callCount(.setValue) == 0)

        let passed: Bool = await withCheckedContinuation { done in
            faulty.updateChildValues(["a": 1]) { error, _ in done.resume(returning: error == nil) }
        }
        #expect(passed, "a call no rule selects reaches the mock, whose answer comes error first")
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
