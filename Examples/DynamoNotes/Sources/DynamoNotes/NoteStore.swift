import AWSDynamoDB
import CloudDoubleRuntime

/// The app's notes in one DynamoDB table, through the generated `DynamoClient` protocol: writes
/// and reads are retried under a `RetryPolicy` of the SDK's error model, which classifies the
/// SDK's own Swift errors; a note that already exists is caught by its SDK type.
public final class NoteStore: Sendable {
    public enum CreateResult: Sendable, Equatable {
        case created
        /// The conditional put found a note with that id: `ConditionalCheckFailedException`.
        case alreadyExists
    }

    let client: any DynamoClient
    let table: String
    let policy: RetryPolicy
    let time: TimeSource
    let random: RandomSource

    public init(client: any DynamoClient, table: String = "Notes", maxAttempts: Int = 6, time: TimeSource = .system, random: RandomSource = .system())
    {
        self.client = client
        self.table = table
        self.policy = RetryPolicy(maxAttempts: maxAttempts, errorModel: .dynamoDB)
        self.time = time
        self.random = random
    }

    /// Creates `note` unless one with its id exists; throttling and server errors are retried.
    public func create(_ note: Note) async throws -> CreateResult {
        let input = PutItemInput(conditionExpression: "attribute_not_exists(id)", item: note.item, tableName: table)
        do {
            _ = try await retrying(policy, time: time, random: random) { _ in try await client.putItem(input: input) }
            return .created
        } catch is ConditionalCheckFailedException {
            return .alreadyExists
        }
    }

    /// The note with `id`, or nil.
    public func note(id: String) async throws -> Note? {
        let input = GetItemInput(key: ["id": .s(id)], tableName: table)
        let output = try await retrying(policy, time: time, random: random) { _ in try await client.getItem(input: input) }
        return output.item.flatMap(Note.init(item:))
    }

    /// Every note of `owner` through the SDK's paginator. When a page fails with an error the
    /// policy retries, the paginator is started again from the last page read
    /// (`lastEvaluatedKey`): the pages already read are not fetched again, and no note is
    /// listed twice.
    public func paginatedNotes(of owner: String, pageSize: Int = 10) async throws -> [Note] {
        var notes: [Note] = []
        var start: [String: DynamoDBClientTypes.AttributeValue]?
        try await retrying(policy, time: time, random: random) { _ in
            let input = QueryInput(
                exclusiveStartKey: start, expressionAttributeValues: [":owner": .s(owner)], keyConditionExpression: "owner = :owner",
                limit: pageSize, tableName: table)
            for try await page in client.queryPaginated(input: input) {
                notes += (page.items ?? []).compactMap(Note.init(item:))
                start = page.lastEvaluatedKey
            }
        }
        return notes
    }

    /// Every note of `owner`, a page of `pageSize` at a time (each page retried on its own).
    public func notes(of owner: String, pageSize: Int = 10) async throws -> [Note] {
        var notes: [Note] = []
        var start: [String: DynamoDBClientTypes.AttributeValue]?
        repeat {
            let input = QueryInput(
                exclusiveStartKey: start, expressionAttributeValues: [":owner": .s(owner)], keyConditionExpression: "owner = :owner",
                limit: pageSize, tableName: table)
            let page = try await retrying(policy, time: time, random: random) { _ in try await client.query(input: input) }
            notes += (page.items ?? []).compactMap(Note.init(item:))
            start = page.lastEvaluatedKey
        } while start != nil
        return notes
    }
}
