import Foundation

// Transcribed from awslabs/aws-sdk-swift, Sources/Services/AWSDynamoDB/Sources/AWSDynamoDB/Models.swift
// at commit 00628c97c26657580cf6f5138f47a181c415c861: `DynamoDBClientTypes.AttributeValue` as
// the SDK declares it, and the members of the Input/Output structs the example uses, with the
// SDK's names, types, optionality and labels (the SDK's initialisers take every member, each
// defaulted to nil, in alphabetical order; the members left out here are not used).

public enum DynamoDBClientTypes {}

extension DynamoDBClientTypes {
    /// An attribute's data: the name is the data type, the value is the data.
    public indirect enum AttributeValue: Swift.Sendable, Swift.Equatable {
        case s(Swift.String)
        case n(Swift.String)
        case b(Foundation.Data)
        case ss([Swift.String])
        case ns([Swift.String])
        case bs([Foundation.Data])
        case m([Swift.String: DynamoDBClientTypes.AttributeValue])
        case l([DynamoDBClientTypes.AttributeValue])
        case null(Swift.Bool)
        case bool(Swift.Bool)
        case sdkUnknown(Swift.String)
    }
}

/// Represents the input of a GetItem operation.
public struct GetItemInput: Swift.Sendable {
    public var consistentRead: Swift.Bool?
    /// This member is required.
    public var key: [Swift.String: DynamoDBClientTypes.AttributeValue]?
    /// This member is required.
    public var tableName: Swift.String?

    public init(consistentRead: Swift.Bool? = nil, key: [Swift.String: DynamoDBClientTypes.AttributeValue]? = nil, tableName: Swift.String? = nil) {
        self.consistentRead = consistentRead
        self.key = key
        self.tableName = tableName
    }
}

/// Represents the output of a GetItem operation.
public struct GetItemOutput: Swift.Sendable {
    public var item: [Swift.String: DynamoDBClientTypes.AttributeValue]?

    public init(item: [Swift.String: DynamoDBClientTypes.AttributeValue]? = nil) {
        self.item = item
    }
}

/// Represents the input of a PutItem operation.
public struct PutItemInput: Swift.Sendable {
    public var conditionExpression: Swift.String?
    public var expressionAttributeNames: [Swift.String: Swift.String]?
    public var expressionAttributeValues: [Swift.String: DynamoDBClientTypes.AttributeValue]?
    /// This member is required.
    public var item: [Swift.String: DynamoDBClientTypes.AttributeValue]?
    /// This member is required.
    public var tableName: Swift.String?

    public init(
        conditionExpression: Swift.String? = nil, expressionAttributeNames: [Swift.String: Swift.String]? = nil,
        expressionAttributeValues: [Swift.String: DynamoDBClientTypes.AttributeValue]? = nil,
        item: [Swift.String: DynamoDBClientTypes.AttributeValue]? = nil, tableName: Swift.String? = nil
    ) {
        self.conditionExpression = conditionExpression
        self.expressionAttributeNames = expressionAttributeNames
        self.expressionAttributeValues = expressionAttributeValues
        self.item = item
        self.tableName = tableName
    }
}

/// Represents the output of a PutItem operation.
public struct PutItemOutput: Swift.Sendable {
    public var attributes: [Swift.String: DynamoDBClientTypes.AttributeValue]?

    public init(attributes: [Swift.String: DynamoDBClientTypes.AttributeValue]? = nil) {
        self.attributes = attributes
    }
}

/// Represents the input of a Query operation.
public struct QueryInput: Swift.Sendable {
    public var exclusiveStartKey: [Swift.String: DynamoDBClientTypes.AttributeValue]?
    public var expressionAttributeValues: [Swift.String: DynamoDBClientTypes.AttributeValue]?
    public var keyConditionExpression: Swift.String?
    public var limit: Swift.Int?
    /// This member is required.
    public var tableName: Swift.String?

    public init(
        exclusiveStartKey: [Swift.String: DynamoDBClientTypes.AttributeValue]? = nil,
        expressionAttributeValues: [Swift.String: DynamoDBClientTypes.AttributeValue]? = nil,
        keyConditionExpression: Swift.String? = nil, limit: Swift.Int? = nil, tableName: Swift.String? = nil
    ) {
        self.exclusiveStartKey = exclusiveStartKey
        self.expressionAttributeValues = expressionAttributeValues
        self.keyConditionExpression = keyConditionExpression
        self.limit = limit
        self.tableName = tableName
    }
}

/// Represents the output of a Query operation.
public struct QueryOutput: Swift.Sendable {
    public var count: Swift.Int
    public var items: [[Swift.String: DynamoDBClientTypes.AttributeValue]]?
    public var lastEvaluatedKey: [Swift.String: DynamoDBClientTypes.AttributeValue]?

    public init(
        count: Swift.Int = 0, items: [[Swift.String: DynamoDBClientTypes.AttributeValue]]? = nil,
        lastEvaluatedKey: [Swift.String: DynamoDBClientTypes.AttributeValue]? = nil
    ) {
        self.count = count
        self.items = items
        self.lastEvaluatedKey = lastEvaluatedKey
    }
}
