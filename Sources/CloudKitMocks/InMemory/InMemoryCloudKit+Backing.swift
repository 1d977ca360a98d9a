import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import Foundation

/// The container's store calls and the operations added to the container itself, answered from
/// this service: the account, and each database operation by the database it names. Apple's
/// `CKDatabaseOperation.database` documentation: "If this property's value is `nil`, the
/// operation targets the user's private database."
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension InMemoryCloudKit: CloudContainerBacking {
    /// The in-memory database an operation added to the container targets.
    func database(of operation: CKDatabaseOperation) -> InMemoryCloudDatabase {
        database(operation.database?.databaseScope ?? .private)
    }

    public func fetchRecordsOperation(_ operation: CKFetchRecordsOperation) -> CloudFetchRecordsOutcome {
        database(of: operation).fetchRecordsOperation(operation)
    }

    public func modifyRecordsOperation(_ operation: CKModifyRecordsOperation) -> CloudModifyRecordsOutcome {
        database(of: operation).modifyRecordsOperation(operation)
    }

    public func queryOperation(_ operation: CKQueryOperation) -> CloudQueryOutcome {
        database(of: operation).queryOperation(operation)
    }

    public func fetchRecordZoneChangesOperation(_ operation: CKFetchRecordZoneChangesOperation) -> CloudFetchRecordZoneChangesOutcome {
        database(of: operation).fetchRecordZoneChangesOperation(operation)
    }

    public func fetchDatabaseChangesOperation(_ operation: CKFetchDatabaseChangesOperation) -> CloudFetchDatabaseChangesOutcome {
        database(of: operation).fetchDatabaseChangesOperation(operation)
    }

    public func fetchRecordZonesOperation(_ operation: CKFetchRecordZonesOperation) -> CloudFetchRecordZonesOutcome {
        database(of: operation).fetchRecordZonesOperation(operation)
    }

    public func modifyRecordZonesOperation(_ operation: CKModifyRecordZonesOperation) -> CloudModifyRecordZonesOutcome {
        database(of: operation).modifyRecordZonesOperation(operation)
    }

    public func modifySubscriptionsOperation(_ operation: CKModifySubscriptionsOperation) -> CloudModifySubscriptionsOutcome {
        database(of: operation).modifySubscriptionsOperation(operation)
    }

    public func fetchSubscriptionsOperation(_ operation: CKFetchSubscriptionsOperation) -> CloudFetchSubscriptionsOutcome {
        database(of: operation).fetchSubscriptionsOperation(operation)
    }
}
