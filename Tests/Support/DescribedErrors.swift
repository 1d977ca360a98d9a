import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles

/// `ok`, a CloudKit code name (`unknownItem`), or `partialFailure[ids]`.
public func describe(_ error: (any Error)?) -> String {
    guard let error else { return "ok" }
    let model = ErrorModel.cloudKit
    guard let info = model.info(of: error) else { return "\(error)" }
    guard info.name == "partialFailure" else { return info.name }
    let ids = model.partialErrors(of: error).keys.compactMap { ($0.base as? CKRecord.ID)?.recordName ?? ($0.base as? CKRecordZone.ID)?.zoneName }
    return "partialFailure\(ids.sorted())"
}

public func describe<Value>(_ result: Result<Value, any Error>) -> String {
    switch result {
    case .success: return "ok"
    case .failure(let error): return describe(error)
    }
}
