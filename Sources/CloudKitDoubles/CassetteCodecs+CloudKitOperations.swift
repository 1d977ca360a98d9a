import CloudDoubleRuntime
import CloudKit
import Foundation

@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension CassetteCodecs {
    /// The record operations on a cassette: the operation as the app configured it (arguments,
    /// for matching), and what its blocks received, in order (the outcome):
    ///
    ///     {"events":[{"key":{…},"stream":"records","value":{…}},{"error":{…},"key":{…},"stream":"records"}],"result":null}
    ///
    /// `result` is the final block's, `null` for what the SDK reports after the events (a partial
    /// failure when an item failed), `{"value": …}` or `{"error": …}` when the outcome set one.
    /// Other operations (zones, changes, subscriptions, shares) are not on cassettes yet.
    static func registerRecordOperations(in codecs: inout CassetteCodecs) {
        codecs.register(CKFetchRecordsOperation.self, name: "CKFetchRecordsOperation", encode: { operation, codecs in
            .object(["recordIDs": codecs.describe(operation.recordIDs as Any), "desiredKeys": codecs.describe(operation.desiredKeys as Any)])
        }, decode: { json, _ in throw CassetteError.unreadable("no operation (operations are written for matching only)", json) })
        codecs.register(CKModifyRecordsOperation.self, name: "CKModifyRecordsOperation", encode: { operation, codecs in
            .object([
                "recordsToSave": codecs.describe(operation.recordsToSave as Any),
                "recordIDsToDelete": codecs.describe(operation.recordIDsToDelete as Any),
                "savePolicy": .int(operation.savePolicy.rawValue), "atomic": .bool(operation.isAtomic),
            ])
        }, decode: { json, _ in throw CassetteError.unreadable("no operation (operations are written for matching only)", json) })

        codecs.register(CloudFetchRecordsOutcome.self, name: "CloudFetchRecordsOutcome", encode: { outcome, codecs in
            let events = try outcome.events.map { event -> CassetteJSON in
                switch event { case .records(let id, let result): return try item("records", id, result, codecs) }
            }
            return try outcomeJSON(events, outcome.result, outcome.failsRequestedItems, codecs)
        }, decode: { json, codecs in
            var outcome = CloudFetchRecordsOutcome(
                events: try (json["events"]?.arrayValue ?? []).map { event in
                    let (id, result) = try item(event, CKRecord.self, codecs)
                    return .records(id, result)
                },
                result: try finalResult(json, Void.self, codecs))
            outcome.failsRequestedItems = json["failsRequestedItems"] == .bool(true)
            return outcome
        })
        codecs.register(CloudModifyRecordsOutcome.self, name: "CloudModifyRecordsOutcome", encode: { outcome, codecs in
            let events = try outcome.events.map { event -> CassetteJSON in
                switch event {
                case .saves(let id, let result): return try item("saves", id, result, codecs)
                case .deletes(let id, let result): return try item("deletes", id, result, codecs)
                }
            }
            return try outcomeJSON(events, outcome.result, outcome.failsRequestedItems, codecs)
        }, decode: { json, codecs in
            var outcome = CloudModifyRecordsOutcome(
                events: try (json["events"]?.arrayValue ?? []).map { event -> CloudModifyRecordsOutcome.Event in
                    if event["stream"] == .string("deletes") {
                        let (id, result) = try item(event, Void.self, codecs)
                        return .deletes(id, result)
                    }
                    let (id, result) = try item(event, CKRecord.self, codecs)
                    return .saves(id, result)
                },
                result: try finalResult(json, Void.self, codecs))
            outcome.failsRequestedItems = json["failsRequestedItems"] == .bool(true)
            return outcome
        })
    }

    private static func item<Value>(
        _ stream: String, _ id: CKRecord.ID, _ result: Result<Value, any Error>, _ codecs: CassetteCodecs
    ) throws -> CassetteJSON {
        var object: [String: CassetteJSON] = ["stream": .string(stream), "key": try codecs.encode(id)]
        switch result {
        case .success(let value): object["value"] = try codecs.encode(value)
        case .failure(let error): object["error"] = codecs.encodeError(error)
        }
        return .object(object)
    }

    private static func item<Value>(
        _ json: CassetteJSON, _: Value.Type, _ codecs: CassetteCodecs
    ) throws -> (CKRecord.ID, Result<Value, any Error>) {
        let id = try codecs.decode(CKRecord.ID.self, from: json["key"] ?? .null)
        if let error = json["error"] { return (id, .failure(try codecs.decodeError(error))) }
        return (id, .success(try codecs.decode(Value.self, from: json["value"] ?? .null)))
    }

    private static func outcomeJSON<Value>(
        _ events: [CassetteJSON], _ result: Result<Value, any Error>?, _ failsRequestedItems: Bool, _ codecs: CassetteCodecs
    ) throws -> CassetteJSON {
        var object: [String: CassetteJSON] = ["events": .array(events)]
        switch result {
        case nil: object["result"] = .null
        case .success(let value): object["result"] = .object(["value": try codecs.encode(value)])
        case .failure(let error): object["result"] = .object(["error": codecs.encodeError(error)])
        }
        if failsRequestedItems { object["failsRequestedItems"] = .bool(true) }
        return .object(object)
    }

    private static func finalResult<Value>(_ json: CassetteJSON, _: Value.Type, _ codecs: CassetteCodecs) throws -> Result<Value, any Error>? {
        guard let result = json["result"], result != .null else { return nil }
        if let error = result["error"] { return .failure(try codecs.decodeError(error)) }
        return .success(try codecs.decode(Value.self, from: result["value"] ?? .null))
    }
}
