@_spi(StandIn) import AWSDynamoDB
import CloudDoubleRuntime
import DynamoNotes
import Foundation
import Testing

/// The notes under seeded fault plans. The fault wrapper injects the SDK's own Swift errors
/// (`ProvisionedThroughputExceededException`, `ConditionalCheckFailedException`, …), the app
/// catches them by type, and the retry policy retries exactly what the catalogue calls retryable,
/// for injected errors and for the ones the SDK itself throws alike.
@Suite struct NoteStoreFaultTests {
    /// A mock that keeps the notes it is given, as the table would.
    private func tableMock() -> MockDynamoClient {
        let mock = MockDynamoClient()
        let saved = Locked<[String: [String: DynamoDBClientTypes.AttributeValue]]>([:])
        mock.stub(
            .putItem,
            .handler { input in
                if case .s(let id)? = input.item?["id"] { saved.withLock { $0[id] = input.item } }
                return PutItemOutput()
            })
        mock.stub(
            .getItem,
            .handler { input in
                guard case .s(let id)? = input.key?["id"] else { return GetItemOutput() }
                return GetItemOutput(item: saved.withLock { $0[id] })
            })
        return mock
    }

    /// Fails if the injected error were not recognised as the SDK's throttling error: the
    /// policy would give up on the first one.
    @Test func notesGetThroughWhenHalfTheWritesAreThrottled() async throws {
        let clock = VirtualClock()
        let mock = tableMock()
        let plan = FaultPlan { FaultRule.fail(.call(DynamoClientCall.putItem), probability: 0.5, with: "provisionedThroughputExceeded") }
        let faulty = FaultInjectingDynamoClient(wrapping: mock, plan: plan, seed: 42, time: clock.timeSource)
        let store = NoteStore(client: faulty, time: clock.timeSource, random: RandomSource(seed: 42))

        for index in 0..<10 {
            #expect(try await store.create(Note(id: "n\(index)", owner: "ada", text: "note \(index)")) == .created)
        }

        #expect(mock.callCount(.putItem) == 10, "every note reached the table exactly once")
        let failures = faulty.faults.events.filter { $0.effect == .failed(code: 2, retryAfter: nil) }
        #expect(failures.count > 0, "seed 42 injects some throttling")
        #expect(failures.count == faulty.faults.events.count)
        #expect(clock.delays.count == failures.count, "each throttled write was retried once, after a backoff on the virtual clock")
        #expect(try await store.note(id: "n3") == Note(id: "n3", owner: "ada", text: "note 3"))
    }

    /// Fails if the injected error were an NSError: the app catches `ConditionalCheckFailedException`
    /// by type. And fails if the model called it retryable.
    @Test func anExistingNoteIsReportedAndNotRetried() async throws {
        let clock = VirtualClock()
        let mock = tableMock()
        let plan = FaultPlan { FaultRule.fail(.call(DynamoClientCall.putItem), on: .first(1), with: "conditionalCheckFailed") }
        let faulty = FaultInjectingDynamoClient(wrapping: mock, plan: plan, seed: 1, time: clock.timeSource)
        let store = NoteStore(client: faulty, time: clock.timeSource, random: RandomSource(seed: 1))

        #expect(try await store.create(Note(id: "n1", owner: "ada", text: "hello")) == .alreadyExists)
        #expect(clock.delays.isEmpty)
        #expect(mock.callCount(.putItem) == 0)
        #expect(faulty.faults.events.map(\.description).first?.hasSuffix("failed conditionalCheckFailed (1)") == true)
    }

    /// The SDK's real errors, thrown by the stand-in client behind the live adapter, are
    /// classified by the same catalogue. Fails if a real `ThrottlingException` (an
    /// `UnknownAWSHTTPServiceError`) or `ProvisionedThroughputExceededException` were not
    /// recognised: the policy would give up at once, as it would in production.
    @Test func realSDKErrorsAreRetriedByTheSameRules() async throws {
        let clock = VirtualClock()
        let client = DynamoDBClient.inMemory()
        let store = NoteStore(client: LiveDynamoClient(client), time: clock.timeSource, random: RandomSource(seed: 7))

        client.failNextCalls(with: [
            UnknownAWSHTTPServiceError(message: "Rate of requests exceeds the allowed throughput.", requestID: "r1", typeName: "ThrottlingException"),
            ProvisionedThroughputExceededException(message: "too fast"),
            InternalServerError(message: "oops"),
        ])
        #expect(try await store.create(Note(id: "n1", owner: "ada", text: "hello")) == .created)
        #expect(clock.delays.count == 3)

        client.failNextCalls(with: [ResourceNotFoundException(message: "Requested resource not found")])
        await #expect(throws: ResourceNotFoundException.self) { try await store.note(id: "n1") }
        client.failNextCalls(with: [UnknownAWSHTTPServiceError(message: "bad", requestID: nil, typeName: "ValidationException")])
        await #expect(throws: UnknownAWSHTTPServiceError.self) { try await store.note(id: "n1") }
        #expect(clock.delays.count == 3, "neither a missing table nor an unknown error is retried")
        #expect(
            try await store.create(Note(id: "n1", owner: "ada", text: "again")) == .alreadyExists,
            "the stand-in's own ConditionalCheckFailedException")
    }

    /// A throttled page of a paged query is retried on its own, the injected error being the
    /// SDK's `UnknownAWSHTTPServiceError` with type name `ThrottlingException`.
    @Test func aThrottledPageIsRetried() async throws {
        let clock = VirtualClock()
        let live = LiveDynamoClient(DynamoDBClient.inMemory())
        for index in 0..<25 {
            _ = try await live.putItem(
                input: PutItemInput(item: ["id": .s(String(format: "n%02d", index)), "owner": .s("ada"), "text": .s("t")], tableName: "Notes"))
        }
        let plan = FaultPlan { FaultRule.fail(.call(DynamoClientCall.query), on: .nth(2), with: "throttling") }
        let faulty = FaultInjectingDynamoClient(wrapping: live, plan: plan, seed: 3, time: clock.timeSource)
        let store = NoteStore(client: faulty, time: clock.timeSource, random: RandomSource(seed: 3))

        let notes = try await store.notes(of: "ada", pageSize: 10)

        #expect(notes.count == 25)
        #expect(clock.delays.count == 1)
        #expect(faulty.faults.events.map(\.description).first?.hasSuffix("failed throttling (4)") == true)
        let always = FaultInjectingDynamoClient(wrapping: live, plan: FaultPlan { FaultRule.fail(.call(DynamoClientCall.query), with: "throttling") })
        do {
            _ = try await always.query(input: QueryInput(tableName: "Notes"))
            Issue.record("the injected failure did not happen")
        } catch let error as UnknownAWSHTTPServiceError {
            #expect(error.typeName == "ThrottlingException")
        }
    }
}
