import CloudDoubleRuntime
import CloudKit

// CloudKit's fault presets: they name CloudKit's calls and codes, so they only make sense on a
// CloudKit double, and they select calls with the generated keys. The generic presets
// (`randomFailures`, `flakyNetwork`, `throttled`) pick codes by trait instead and work on any SDK.

@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension FaultPlan {
    /// CloudKit's: the user's iCloud storage is full, so every save fails with `quotaExceeded`.
    public static func quotaFull(
        saveCalls: [FaultSelector] = [
            .call(CloudDatabaseCall.saveRecord), .call(CloudDatabaseCall.modifyRecords), .call(CloudDatabaseCall.modifyRecordsOperation),
        ]
    ) -> FaultPlan {
        FaultPlan(saveCalls.map { FaultRule.fail($0, with: "quotaExceeded") })
    }

    /// CloudKit's: another device keeps winning, so a share of saved items fail with
    /// `serverRecordChanged`.
    public static func conflicts(
        rate: Double = 0.3, saveCalls: [FaultSelector] = [.call(CloudDatabaseCall.modifyRecords), .call(CloudDatabaseCall.modifyRecordsOperation)]
    ) -> FaultPlan {
        FaultPlan(
            [FaultRule.fail(.call(CloudDatabaseCall.saveRecord), probability: rate, with: "serverRecordChanged")]
                + saveCalls.map { FaultRule.failItems($0, rate: rate, with: "serverRecordChanged") })
    }
}

extension Array where Element == ErrorCodeRef {
    /// CloudKit's: the codes the SyncContainer article's random failures drew from, for
    /// `FaultPlan.randomFailures(rate:delay:codes:)` (whose default is any retryable code).
    public static var cloudKitSyncContainer: [ErrorCodeRef] {
        [
            "internalError", "zoneBusy", "userDeletedZone", "zoneNotFound", "invalidArguments", "networkFailure",
            "networkUnavailable", "permissionFailure", "quotaExceeded", "requestRateLimited", "serviceUnavailable",
        ]
    }
}
