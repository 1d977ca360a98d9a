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
    }
}
