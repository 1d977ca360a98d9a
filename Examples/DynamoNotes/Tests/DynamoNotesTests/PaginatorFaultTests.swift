@_spi(StandIn) import AWSDynamoDB
import CloudDoubleRuntime
import DynamoNotes
import Foundation
import Testing

/// The SDK's paginator (`queryPaginated(input:)`, a `stream` form) failing on a later page, and
/// the app resuming it from the last page it read.
@Suite struct PaginatorFaultTests {
    private func table(notes count: Int) async throws -> LiveDynamoClient {
        let live = LiveDynamoClient(DynamoDBClient.inMemory())
        for index in 0..<count {
            _ = try await live.putItem(
                input: PutItemInput(item: ["id": .s(String(format: "n%02d", index)), "owner": .s("ada"), "text": .s("t")], tableName: "Notes"))
        }
        return live
    }

    /// Page 2 of the first paginator is throttled: the app waits, starts a paginator from page
    /// 1's `lastEvaluatedKey`, and lists every note once. Fails if the app started over (notes
    /// listed twice) or gave up.
    @Test func aThrottledLaterPageIsResumedFromTheLastPageRead() async throws {
        let clock = VirtualClock()
        let live = try await table(notes: 25)
        let plan = FaultPlan { FaultRule.failPage(.call(DynamoClientCall.queryPaginated), on: .nth(1), 2, with: "throttling") }
        let faulty = FaultInjectingDynamoClient(wrapping: live, plan: plan, seed: 3, time: clock.timeSource)
        let store = NoteStore(client: faulty, time: clock.timeSource, random: RandomSource(seed: 3))

        let notes = try await store.paginatedNotes(of: "ada", pageSize: 10)

        #expect(notes.map(\.id) == (0..<25).map { String(format: "n%02d", $0) })
        #expect(clock.delays.count == 1, "one backoff, before the second paginator")
        #expect(faulty.faults.events.map(\.description).first?.hasSuffix("failed after 1 element(s) with throttling (4)") == true)
    }

    /// The second paginator starts where the first one stopped: its input carries page 1's
    /// `lastEvaluatedKey`. The mock's stubbed pages stand for the service.
    @Test func theResumedPaginatorStartsAfterTheLastPageRead() async throws {
        let clock = VirtualClock()
        let mock = MockDynamoClient()
        let first = QueryOutput(count: 1, items: [["id": .s("a"), "owner": .s("ada"), "text": .s("1")]], lastEvaluatedKey: ["id": .s("a")])
        let second = QueryOutput(count: 1, items: [["id": .s("b"), "owner": .s("ada"), "text": .s("2")]], lastEvaluatedKey: nil)
        mock.stub(.queryPaginated, [.value([first, second]), .value([second])])
        let plan = FaultPlan { FaultRule.failPage(.call(DynamoClientCall.queryPaginated), on: .nth(1), 2, with: "internalServerError") }
        let faulty = FaultInjectingDynamoClient(wrapping: mock, plan: plan, time: clock.timeSource)
        let store = NoteStore(client: faulty, time: clock.timeSource, random: RandomSource(seed: 1))

        let notes = try await store.paginatedNotes(of: "ada")

        #expect(notes.map(\.text) == ["1", "2"])
        #expect(mock.arguments(.queryPaginated).map(\.exclusiveStartKey) == [nil, ["id": .s("a")]])
        #expect(
            mock.log.records.map(\.description) == [
                "#1 Client.queryPaginated [stream] \(mock.arguments(.queryPaginated)[0])",
                "#2 Client.queryPaginated [stream] finished after 2 element(s)",
                "#3 Client.queryPaginated [stream] \(mock.arguments(.queryPaginated)[1])",
                "#4 Client.queryPaginated [stream] finished after 1 element(s)",
            ])
    }

    /// An error the catalogue does not call retryable ends the listing at once.
    @Test func aPageThatCannotBeRetriedFailsTheListing() async throws {
        let clock = VirtualClock()
        let live = try await table(notes: 15)
        let plan = FaultPlan { FaultRule.failPage(.call(DynamoClientCall.queryPaginated), 2, with: "resourceNotFound") }
        let faulty = FaultInjectingDynamoClient(wrapping: live, plan: plan, time: clock.timeSource)
        let store = NoteStore(client: faulty, time: clock.timeSource, random: RandomSource(seed: 1))

        await #expect(throws: ResourceNotFoundException.self) { try await store.paginatedNotes(of: "ada", pageSize: 10) }
        #expect(clock.delays.isEmpty)
    }
}
