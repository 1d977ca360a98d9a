import AWSDynamoDB

/// A note as the app keeps it; stored as a DynamoDB item with string attributes `id`, `owner`,
/// `text`.
public struct Note: Sendable, Equatable {
    public var id: String
    public var owner: String
    public var text: String

    public init(id: String, owner: String, text: String) {
        self.id = id
        self.owner = owner
        self.text = text
    }

    var item: [String: DynamoDBClientTypes.AttributeValue] {
        ["id": .s(id), "owner": .s(owner), "text": .s(text)]
    }

    init?(item: [String: DynamoDBClientTypes.AttributeValue]) {
        guard case .s(let id)? = item["id"], case .s(let owner)? = item["owner"], case .s(let text)? = item["text"] else { return nil }
        self.init(id: id, owner: owner, text: text)
    }
}
