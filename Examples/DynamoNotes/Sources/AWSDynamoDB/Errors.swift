// Transcribed from awslabs/aws-sdk-swift, Sources/Services/AWSDynamoDB/Sources/AWSDynamoDB/Models.swift
// at commit 00628c97c26657580cf6f5138f47a181c415c861 (`InternalServerError`, `RequestLimitExceeded`
// and the exceptions `DynamoDBClient.swift` lists for GetItem, PutItem and Query): each error is a
// Swift struct of its own, with the SDK's `Properties`, static `typeName`/`isRetryable`/
// `isThrottling` and `init(message:)`. As in the SDK, the initialiser sets `properties.message`;
// `message` and `requestID` are set when a response is decoded. Left out: the
// `ClientRuntime.ModeledError`, `AWSClientRuntime.AWSServiceError` and `ClientRuntime.HTTPError`
// conformances and `httpResponse` (SmithyHTTPAPI's). `Properties` is marked `Sendable` here,
// which Swift 6 needs of an `Error`'s stored properties.

/// A condition specified in the operation failed to be evaluated.
public struct ConditionalCheckFailedException: Swift.Error {
    public struct Properties: Swift.Sendable {
        /// Item which caused the ConditionalCheckFailedException.
        public internal(set) var item: [Swift.String: DynamoDBClientTypes.AttributeValue]? = nil
        /// The conditional request failed.
        public internal(set) var message: Swift.String? = nil
    }

    public internal(set) var properties = Properties()
    public static var typeName: Swift.String { "ConditionalCheckFailedException" }
    public static var isRetryable: Swift.Bool { false }
    public static var isThrottling: Swift.Bool { false }
    public internal(set) var message: Swift.String?
    public internal(set) var requestID: Swift.String?

    public init(item: [Swift.String: DynamoDBClientTypes.AttributeValue]? = nil, message: Swift.String? = nil) {
        self.properties.item = item
        self.properties.message = message
    }
}

/// Your request rate is too high. The Amazon Web Services SDKs for DynamoDB automatically retry
/// requests that receive this exception.
public struct ProvisionedThroughputExceededException: Swift.Error {
    public struct Properties: Swift.Sendable {
        public internal(set) var message: Swift.String? = nil
    }

    public internal(set) var properties = Properties()
    public static var typeName: Swift.String { "ProvisionedThroughputExceededException" }
    public static var isRetryable: Swift.Bool { false }
    public static var isThrottling: Swift.Bool { false }
    public internal(set) var message: Swift.String?
    public internal(set) var requestID: Swift.String?

    public init(message: Swift.String? = nil) {
        self.properties.message = message
    }
}

/// Throughput exceeds the current throughput quota for your account.
public struct RequestLimitExceeded: Swift.Error {
    public struct Properties: Swift.Sendable {
        public internal(set) var message: Swift.String? = nil
    }

    public internal(set) var properties = Properties()
    public static var typeName: Swift.String { "RequestLimitExceeded" }
    public static var isRetryable: Swift.Bool { false }
    public static var isThrottling: Swift.Bool { false }
    public internal(set) var message: Swift.String?
    public internal(set) var requestID: Swift.String?

    public init(message: Swift.String? = nil) {
        self.properties.message = message
    }
}

/// The operation tried to access a nonexistent table or index.
public struct ResourceNotFoundException: Swift.Error {
    public struct Properties: Swift.Sendable {
        public internal(set) var message: Swift.String? = nil
    }

    public internal(set) var properties = Properties()
    public static var typeName: Swift.String { "ResourceNotFoundException" }
    public static var isRetryable: Swift.Bool { false }
    public static var isThrottling: Swift.Bool { false }
    public internal(set) var message: Swift.String?
    public internal(set) var requestID: Swift.String?

    public init(message: Swift.String? = nil) {
        self.properties.message = message
    }
}

/// An error occurred on the server side.
public struct InternalServerError: Swift.Error {
    public struct Properties: Swift.Sendable {
        public internal(set) var message: Swift.String? = nil
    }

    public internal(set) var properties = Properties()
    public static var typeName: Swift.String { "InternalServerError" }
    public static var isRetryable: Swift.Bool { false }
    public static var isThrottling: Swift.Bool { false }
    public internal(set) var message: Swift.String?
    public internal(set) var requestID: Swift.String?

    public init(message: Swift.String? = nil) {
        self.properties.message = message
    }
}

// Transcribed from awslabs/aws-sdk-swift,
// Sources/Core/AWSClientRuntime/Sources/AWSClientRuntime/Errors/UnknownAWSHTTPServiceError.swift
// at commit 3705d55ecacfc514cb7af0099f43009860286a6f: what the SDK throws for an error code its
// model has no type for (DynamoDB's `ThrottlingException` on GetItem, PutItem and Query). In the
// SDK it lives in `AWSClientRuntime` behind `@_spi(UnknownAWSHTTPServiceError)` and takes an
// `HTTPResponse`; here it is in this module, public, and `httpResponse` is left out.

/// AWS specific Service Error structure used when exact error could not be deduced from the `HttpResponse`.
public struct UnknownAWSHTTPServiceError: Swift.Error {
    public var errorCode: Swift.String? { typeName }
    /// The error type name for this error, or `nil` if the type is not known.
    public var typeName: Swift.String?
    public var message: Swift.String?
    public var requestID: Swift.String?
    public var requestID2: Swift.String?

    public init(message: Swift.String?, requestID: Swift.String?, requestID2: Swift.String? = nil, typeName: Swift.String?) {
        self.typeName = typeName
        self.message = message
        self.requestID = requestID
        self.requestID2 = requestID2
    }
}
