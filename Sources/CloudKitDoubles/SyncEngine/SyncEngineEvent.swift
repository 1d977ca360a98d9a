import CloudKit
import Foundation

/// `CKSyncEngine.Event`, case for case, with payloads a test can construct (Apple's have no
/// public initialisers). Field names and types follow Apple's; where Apple uses a type that has
/// no public initialiser (`CKDatabase.DatabaseChange.Modification`, `RecordZoneChange.Deletion`…)
/// the mirror has its own struct with the same fields.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public enum SyncEngineEvent: Sendable, CustomStringConvertible {
    /// "The sync engine state was updated. You should persist it locally."
    case stateUpdate(StateUpdate)
    /// "The user signed in or out of their account."
    case accountChange(AccountChange)
    /// "The sync engine fetched new database changes from the server."
    case fetchedDatabaseChanges(FetchedDatabaseChanges)
    /// "The sync engine fetched new record zone changes from the server."
    case fetchedRecordZoneChanges(FetchedRecordZoneChanges)
    /// "The sync engine sent a batch of database changes to the server."
    case sentDatabaseChanges(SentDatabaseChanges)
    /// "The sync engine sent a batch of record zone changes to the server."
    case sentRecordZoneChanges(SentRecordZoneChanges)
    case willFetchChanges(WillFetchChanges)
    case willFetchRecordZoneChanges(WillFetchRecordZoneChanges)
    case didFetchRecordZoneChanges(DidFetchRecordZoneChanges)
    case didFetchChanges(DidFetchChanges)
    case willSendChanges(WillSendChanges)
    case didSendChanges(DidSendChanges)

    public struct StateUpdate: Sendable {
        public var stateSerialization: SyncEngineStateSerialization
        public init(stateSerialization: SyncEngineStateSerialization) { self.stateSerialization = stateSerialization }
    }

    public struct AccountChange: Sendable {
        public enum ChangeType: Sendable, Equatable {
            case signIn(currentUser: CKRecord.ID)
            case signOut(previousUser: CKRecord.ID)
            case switchAccounts(previousUser: CKRecord.ID, currentUser: CKRecord.ID)
        }

        public var changeType: ChangeType
        public init(changeType: ChangeType) { self.changeType = changeType }
    }

    public struct FetchedDatabaseChanges: Sendable {
        /// `CKDatabase.DatabaseChange.Modification`.
        public struct Modification: Sendable, Equatable {
            public var zoneID: CKRecordZone.ID
            public init(zoneID: CKRecordZone.ID) { self.zoneID = zoneID }
        }

        /// `CKDatabase.DatabaseChange.Deletion`.
        public struct Deletion: Sendable, Equatable {
            public var zoneID: CKRecordZone.ID
            public var reason: CKDatabase.DatabaseChange.Deletion.Reason
            public init(zoneID: CKRecordZone.ID, reason: CKDatabase.DatabaseChange.Deletion.Reason = .deleted) {
                self.zoneID = zoneID
                self.reason = reason
            }
        }

        public var modifications: [Modification]
        public var deletions: [Deletion]
        public init(modifications: [Modification] = [], deletions: [Deletion] = []) {
            self.modifications = modifications
            self.deletions = deletions
        }
    }

    public struct FetchedRecordZoneChanges: Sendable {
        /// `CKDatabase.RecordZoneChange.Modification`.
        public struct Modification: Sendable {
            public var record: CKRecord
            public init(record: CKRecord) { self.record = record }
        }

        /// `CKDatabase.RecordZoneChange.Deletion`.
        public struct Deletion: Sendable, Equatable {
            public var recordID: CKRecord.ID
            public var recordType: CKRecord.RecordType
            public init(recordID: CKRecord.ID, recordType: CKRecord.RecordType) {
                self.recordID = recordID
                self.recordType = recordType
            }
        }

        public var modifications: [Modification]
        public var deletions: [Deletion]
        public init(modifications: [Modification] = [], deletions: [Deletion] = []) {
            self.modifications = modifications
            self.deletions = deletions
        }
    }

    public struct SentDatabaseChanges: Sendable {
        public struct FailedZoneSave: Sendable {
            public var zone: CKRecordZone
            public var error: CKError
            public init(zone: CKRecordZone, error: CKError) {
                self.zone = zone
                self.error = error
            }
        }

        public var savedZones: [CKRecordZone]
        public var failedZoneSaves: [FailedZoneSave]
        public var deletedZoneIDs: [CKRecordZone.ID]
        public var failedZoneDeletes: [CKRecordZone.ID: CKError]
        public init(
            savedZones: [CKRecordZone] = [], failedZoneSaves: [FailedZoneSave] = [], deletedZoneIDs: [CKRecordZone.ID] = [],
            failedZoneDeletes: [CKRecordZone.ID: CKError] = [:]
        ) {
            self.savedZones = savedZones
            self.failedZoneSaves = failedZoneSaves
            self.deletedZoneIDs = deletedZoneIDs
            self.failedZoneDeletes = failedZoneDeletes
        }
    }

    public struct SentRecordZoneChanges: Sendable {
        public struct FailedRecordSave: Sendable {
            public var record: CKRecord
            public var error: CKError
            public init(record: CKRecord, error: CKError) {
                self.record = record
                self.error = error
            }
        }

        public var savedRecords: [CKRecord]
        public var failedRecordSaves: [FailedRecordSave]
        public var deletedRecordIDs: [CKRecord.ID]
        public var failedRecordDeletes: [CKRecord.ID: CKError]
        public init(
            savedRecords: [CKRecord] = [], failedRecordSaves: [FailedRecordSave] = [], deletedRecordIDs: [CKRecord.ID] = [],
            failedRecordDeletes: [CKRecord.ID: CKError] = [:]
        ) {
            self.savedRecords = savedRecords
            self.failedRecordSaves = failedRecordSaves
            self.deletedRecordIDs = deletedRecordIDs
            self.failedRecordDeletes = failedRecordDeletes
        }
    }

    public struct WillFetchChanges: Sendable {
        /// Apple's field needs macOS 14.2 / iOS 17.2; on earlier systems the live adapter gives a
        /// manual context with default options.
        public var context: SyncEngineFetchChangesContext
        public init(context: SyncEngineFetchChangesContext = .init()) { self.context = context }
    }

    public struct WillFetchRecordZoneChanges: Sendable {
        public var zoneID: CKRecordZone.ID
        public init(zoneID: CKRecordZone.ID) { self.zoneID = zoneID }
    }

    public struct DidFetchRecordZoneChanges: Sendable {
        public var zoneID: CKRecordZone.ID
        public var error: CKError?
        public init(zoneID: CKRecordZone.ID, error: CKError? = nil) {
            self.zoneID = zoneID
            self.error = error
        }
    }

    public struct DidFetchChanges: Sendable {
        public var context: SyncEngineFetchChangesContext
        public init(context: SyncEngineFetchChangesContext = .init()) { self.context = context }
    }

    public struct WillSendChanges: Sendable {
        public var context: SyncEngineSendChangesContext
        public init(context: SyncEngineSendChangesContext = .init()) { self.context = context }
    }

    public struct DidSendChanges: Sendable {
        public var context: SyncEngineSendChangesContext
        public init(context: SyncEngineSendChangesContext = .init()) { self.context = context }
    }

    /// The case's name, as Apple's `Event` cases are spelled (`"willFetchChanges"`…): handy for
    /// asserting an order.
    public var name: String {
        switch self {
        case .stateUpdate: return "stateUpdate"
        case .accountChange: return "accountChange"
        case .fetchedDatabaseChanges: return "fetchedDatabaseChanges"
        case .fetchedRecordZoneChanges: return "fetchedRecordZoneChanges"
        case .sentDatabaseChanges: return "sentDatabaseChanges"
        case .sentRecordZoneChanges: return "sentRecordZoneChanges"
        case .willFetchChanges: return "willFetchChanges"
        case .willFetchRecordZoneChanges: return "willFetchRecordZoneChanges"
        case .didFetchRecordZoneChanges: return "didFetchRecordZoneChanges"
        case .didFetchChanges: return "didFetchChanges"
        case .willSendChanges: return "willSendChanges"
        case .didSendChanges: return "didSendChanges"
        }
    }

    public var description: String { name }
}
