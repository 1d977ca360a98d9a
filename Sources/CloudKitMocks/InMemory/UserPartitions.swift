import CloudDoubleRuntime
import CloudKit
import Foundation

/// A database's contents as each iCloud user sees them. The private and shared databases keep
/// one set of contents per user: Apple, CKDatabase ("Only the user can access their private
/// database") and CKRecord.ID ("the private database is different for each unique user"); the
/// shared database lists what was shared *with* a user, so it is per user too. The public
/// database keeps one set for everyone. Which user a request acts for is the account's current
/// user of the device the request comes from, read when the request starts: several devices
/// (`InMemoryCloudKit.device(signedInAs:)`) share one set of partitions, each with its own account.
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
final class UserPartitions<Contents>: Sendable {
    private let account: AccountState
    private let perUser: Bool
    /// The one partition a view acts on whoever is signed in (see `init(sharing:account:pinnedTo:)`).
    private let pinned: String?
    private let make: @Sendable (_ partition: String) -> Contents
    private let contents: Locked<[String: Contents]>

    init(account: AccountState, perUser: Bool, make: @escaping @Sendable (_ partition: String) -> Contents) {
        self.account = account
        self.perUser = perUser
        pinned = nil
        self.make = make
        contents = Locked([:])
    }

    /// The same contents, seen from a device signed in to `account`.
    init(sharing other: UserPartitions, account: AccountState, pinnedTo partition: String? = nil) {
        self.account = account
        perUser = other.perUser
        pinned = partition
        make = other.make
        contents = other.contents
    }

    /// The partition a request made now acts on: the current user's record name, or "" for the
    /// public database.
    var current: String { pinned ?? (perUser ? account.userRecordName : "") }

    /// Runs `body` with exclusive access to the current user's contents, made on first use.
    func withLock<R>(_ body: (inout Contents) throws -> R) rethrows -> R {
        let partition = current
        return try contents.withLock { all in
            if all[partition] == nil { all[partition] = make(partition) }
            return try body(&all[partition]!)
        }
    }
}
