/// Every key the format allows, per object: the decoder rejects any other, and a test checks
/// that the JSON Schema in docs/ lists exactly these.
enum DescriptionKeys {
    static let description = [
        "$schema", "formatVersion", "module", "imports", "prefix", "access", "availability", "errorModel", "types", "operations", "liveCondition",
    ]
    static let type = ["name", "sdkType", "doc", "properties", "calls", "uncheckedSendable", "omitted"]
    static let omitted = ["name", "reason"]
    static let property = ["name", "type", "ref", "settable", "mockDefault", "store", "availability", "deprecated", "doc"]
    static let call = ["id", "parameters", "returns", "returnsRef", "perItem", "atomic", "forms", "operations", "store", "mockDefault", "doc"]
    static let operation = ["name", "sdkType", "doc", "streams", "result", "store", "atomic"]
    static let stream = ["name", "key", "value", "requested", "input", "fields", "blocks", "doc"]
    static let streamInput = ["property", "key"]
    static let parameterItems = ["result", "key"]
    static let atomic = ["when", "groupBy", "except", "error"]
    static let field = ["name", "type"]
    static let operationResult = ["type", "default", "blocks"]
    static let block = ["name", "role", "type", "arguments", "unwrap", "deprecated"]
    static let binding = ["name", "value"]
    static let parameter = ["label", "name", "type", "default", "items"]
    /// The form kinds, the keys of "forms".
    static let forms = FormKind.allCases.map(\.rawValue)
    static let form = [
        "name", "labels", "handlerLabel", "handlerValueType", "errorValue", "discardableResult", "preconcurrency", "sendableHandler",
        "availability", "deprecated",
    ]
    /// Keys that only completion-handler forms accept.
    static let handlerOnly = ["handlerLabel", "handlerValueType", "errorValue", "sendableHandler"]
    static let deprecated = ["message", "renamed"]
    static let errorModel = [
        "name", "domain", "retryAfterKey", "partialErrorsKey", "partialFailureCode", "requestTooLargeCode", "cancelledCode", "serverRecordKey", "clientRecordKey", "ancestorRecordKey", "errorType", "catalogue",
    ]
    static let errorCode = ["name", "rawValue", "meaning", "retryable", "throttling", "network", "userAction", "defaultRetryAfter"]
}
