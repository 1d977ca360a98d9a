@_spi(Generated) import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import Foundation

/// The container's user identity discovery by user record ID, answered with mirrors
/// (`CloudUserIdentity`: `CKUserIdentity` has no public initialiser). Rules: docs/InMemoryStore.md,
/// "Sharing".
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension InMemoryCloudKit {
    /// `CKContainer.userIdentity(forUserRecordID:)`: every user record name is a user with an
    /// iCloud account, as for `shareParticipant(forUserRecordID:)`, and the store knows no names, so
    /// `nameComponents` is `nil` (our choices). A test that needs names stubs the call.
    public func userIdentity(forUserRecordID userRecordID: CKRecord.ID) throws -> CloudUserIdentity {
        if let failure = account.failure(for: .private, writing: false, errors: privateDatabase) { throw failure }
        return CloudUserIdentity(userRecordID: userRecordID, nameComponents: nil, hasiCloudAccount: true)
    }

    public func userIdentityForUserRecordID(_ arguments: CKRecord.ID) throws -> CloudUserIdentity? {
        try userIdentity(forUserRecordID: arguments)
    }

    public func userIdentitiesForUserRecordIDs(_ arguments: [CKRecord.ID]) throws -> [CKRecord.ID: CloudUserIdentity] {
        if let failure = account.failure(for: .private, writing: false, errors: privateDatabase) { throw failure }
        return Dictionary(arguments.map { ($0, CloudUserIdentity(userRecordID: $0, nameComponents: nil, hasiCloudAccount: true)) }) { first, _ in
            first
        }
    }
}
