import Foundation

// Linux stand-in: the operation classes' shape (blocks are filled in as the operations issue lands).

open class CKOperation: Operation, @unchecked Sendable {
    public typealias ID = String

    public final class Configuration: NSObject, @unchecked Sendable {
        public var container: CKContainer?
        public var allowsCellularAccess = true
        public var isLongLived = false
        public var timeoutIntervalForRequest: TimeInterval = 60
        public var timeoutIntervalForResource: TimeInterval = 7 * 24 * 3600
        public override init() {}
    }

    public var configuration: CKOperation.Configuration! = Configuration()
    public let operationID: CKOperation.ID = UUID().uuidString

    public override init() {}
}

open class CKDatabaseOperation: CKOperation, @unchecked Sendable {
    public var database: CKDatabase?
}

public final class CKModifyRecordsOperation: CKDatabaseOperation, @unchecked Sendable {
    public enum RecordSavePolicy: Int, Sendable {
        case ifServerRecordUnchanged = 0, changedKeys = 1, allKeys = 2
    }

    public var recordsToSave: [CKRecord]?
    public var recordIDsToDelete: [CKRecord.ID]?
    public var savePolicy: RecordSavePolicy = .ifServerRecordUnchanged
    public var isAtomic = true

    public override init() {}

    public convenience init(recordsToSave: [CKRecord]? = nil, recordIDsToDelete: [CKRecord.ID]? = nil) {
        self.init()
        self.recordsToSave = recordsToSave
        self.recordIDsToDelete = recordIDsToDelete
    }
}

public final class CKQueryOperation: CKDatabaseOperation, @unchecked Sendable {
    /// No public initialiser, as on Apple platforms.
    public final class Cursor: NSObject, @unchecked Sendable {
        init(_: Void) { super.init() }
    }

    public static let maximumResults: Int = 0
    public var query: CKQuery?
    public var cursor: Cursor?
    public var resultsLimit: Int = CKQueryOperation.maximumResults

    public override init() {}

    public convenience init(query: CKQuery) {
        self.init()
        self.query = query
    }
}
