import Foundation

// Signatures transcribed from awslabs/aws-sdk-swift,
// Sources/Services/AWSDynamoDB/Sources/AWSDynamoDB/DynamoDBClient.swift at commit
// 01118bc676af382a9061cecd8f9ae9a27e132257 (`public class DynamoDBClient`, `init(region:) throws`,
// `getItem(input:)`, `putItem(input:)`, `query(input:)`, each `async throws`), and
// Paginators.swift at commit c2f8b7ca2f23169c47ff9b8755ec7ad0355034f2 (`queryPaginated(input:)`).
//
// What it does is the stand-in's, not AWS's: one in-memory table per client, keyed by the
// string attribute `id`; `attribute_not_exists(<name>)` the only condition expression and
// `<name> = <:placeholder>` the only key condition, which is what the example sends.

/// The stand-in's client: the SDK's signatures over an in-memory table.
public class DynamoDBClient {
    public static let clientName = "DynamoDBClient"
    private let lock = NSLock()
    private var tables: [String: [String: [String: DynamoDBClientTypes.AttributeValue]]] = [:]
    private var failures: [any Error] = []

    public convenience init(region: Swift.String) throws {
        self.init()
    }

    init() {}

    /// The stand-in's server: the next calls fail with these errors, one each, before doing
    /// anything, as the service's responses would (not the SDK's API).
    @_spi(StandIn) public func failNextCalls(with errors: [any Error]) {
        lock.withLock { failures.append(contentsOf: errors) }
    }

    /// The stand-in's own initialiser, for tests (the SDK's resolves a configuration).
    @_spi(StandIn) public static func inMemory() -> DynamoDBClient { DynamoDBClient() }

    private func nextFailure() -> (any Error)? {
        lock.withLock { failures.isEmpty ? nil : failures.removeFirst() }
    }

    private func table(_ name: String?) throws -> String {
        guard let name else { throw ResourceNotFoundException(message: "Requested resource not found") }
        return name
    }

    private static func id(of item: [String: DynamoDBClientTypes.AttributeValue]?) -> String? {
        if case .s(let id)? = item?["id"] { return id }
        return nil
    }

    /// Performs the `GetItem` operation on the `DynamoDB` service.
    public func getItem(input: GetItemInput) async throws -> GetItemOutput {
        if let failure = nextFailure() { throw failure }
        let table = try table(input.tableName)
        guard let id = Self.id(of: input.key) else { return GetItemOutput() }
        return lock.withLock { GetItemOutput(item: tables[table]?[id]) }
    }

    /// Performs the `PutItem` operation on the `DynamoDB` service.
    public func putItem(input: PutItemInput) async throws -> PutItemOutput {
        if let failure = nextFailure() { throw failure }
        let table = try table(input.tableName)
        guard let item = input.item, let id = Self.id(of: item) else { return PutItemOutput() }
        return try lock.withLock {
            let old = tables[table]?[id]
            if let condition = input.conditionExpression, condition.hasPrefix("attribute_not_exists("), old != nil {
                throw ConditionalCheckFailedException(message: "The conditional request failed")
            }
            tables[table, default: [:]][id] = item
            return PutItemOutput()
        }
    }

    /// Performs the `Query` operation on the `DynamoDB` service.
    public func query(input: QueryInput) async throws -> QueryOutput {
        if let failure = nextFailure() { throw failure }
        let table = try table(input.tableName)
        let parts = (input.keyConditionExpression ?? "").components(separatedBy: " = ")
        guard parts.count == 2, let wanted = input.expressionAttributeValues?[parts[1]] else { return QueryOutput() }
        let start = Self.id(of: input.exclusiveStartKey)
        return lock.withLock {
            let matching = (tables[table] ?? [:]).filter { $0.value[parts[0]] == wanted }.sorted { $0.key < $1.key }
            let after = matching.filter { start == nil || $0.key > start! }
            let page = Array(after.prefix(input.limit ?? Int.max))
            let more = page.count < after.count
            return QueryOutput(count: page.count, items: page.map(\.value), lastEvaluatedKey: more ? page.last.map { ["id": .s($0.key)] } : nil)
        }
    }

    /// Paginate over `[QueryOutput]` results.
    public func queryPaginated(input: QueryInput) -> PaginatorSequence<QueryInput, QueryOutput> {
        PaginatorSequence<QueryInput, QueryOutput>(
            input: input, inputKey: \.exclusiveStartKey, outputKey: \.lastEvaluatedKey, paginationFunction: self.query(input:))
    }
}
