@_spi(Generated) import CloudDoubleRuntime
import CloudKit
import Foundation

/// What the server knows of one participant of a share, by user record name.
struct ParticipantState: Sendable, Equatable {
    var participantID: String
    var userRecordName: String
    var role: CKShare.ParticipantRole
    var permission: CKShare.ParticipantPermission
    var acceptance: CKShare.ParticipantAcceptanceStatus
}

/// Where a share lives: its owner's private database, a zone there (owner-local ID,
/// `__defaultOwner__`) and the share record's name.
struct ShareLocation: Hashable, Sendable {
    var owner: String
    var zoneName: String
    var shareRecordName: String

    var zoneID: CKRecordZone.ID { CKRecordZone.ID(zoneName: zoneName, ownerName: CKCurrentUserDefaultName) }
    var shareID: CKRecord.ID { CKRecord.ID(recordName: shareRecordName, zoneID: zoneID) }
}

/// The shares of one in-memory CloudKit (every device), by URL, and the private database they
/// live in, so a participant's shared database can read the owner's zone.
///
/// A share's URL is stable: CKShare.h, `URL`: "This url is stable, and is tied to the
/// rootRecord. That is, if you share a rootRecord, delete the share, and re-share the same
/// rootRecord via a newly created share, that newly created share's url will be identical to the
/// prior share's url." So each (owner, zone, root) gets one URL for good; a zone-wide share's
/// URL is tied to its zone (our choice, by analogy).
final class SharingRegistry: Sendable {
    struct Contents {
        /// The URL of each thing ever shared: owner, zone and root record name ("" for a zone).
        var urls: [[String]: URL] = [:]
        /// The shares that exist now, by URL.
        var live: [URL: ShareLocation] = [:]
        var privateDatabase: (partitions: UserPartitions<InMemoryCloudDatabase.State>, storage: DatabaseStorage)?
    }

    private let contents = Locked(Contents())

    /// The private database of the service (its first device's view: all share the contents).
    func attach(_ partitions: UserPartitions<InMemoryCloudDatabase.State>, storage: DatabaseStorage) {
        contents.withLock { if $0.privateDatabase == nil { $0.privateDatabase = (partitions, storage) } }
    }

    var privateDatabase: (partitions: UserPartitions<InMemoryCloudDatabase.State>, storage: DatabaseStorage)? {
        contents.withLock { $0.privateDatabase }
    }

    /// The URL of a share saved at `location` with root `rootRecordName` (nil: zone-wide); the
    /// share is live from now on.
    func register(_ location: ShareLocation, rootRecordName: String?) -> URL {
        contents.withLock { contents in
            let key = [location.owner, location.zoneName, rootRecordName ?? ""]
            let url =
                contents.urls[key] ?? URL(
                    string: "https://www.icloud.com/share/0\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())")!
            contents.urls[key] = url
            contents.live[url] = location
            return url
        }
    }

    func unregister(_ location: ShareLocation) {
        contents.withLock { contents in contents.live = contents.live.filter { $0.value != location } }
    }

    func location(of url: URL) -> ShareLocation? {
        contents.withLock { $0.live[url] }
    }

    /// Every live share, in URL order.
    var liveShares: [(url: URL, location: ShareLocation)] {
        contents.withLock { $0.live.sorted { $0.key.absoluteString < $1.key.absoluteString }.map { ($0.key, $0.value) } }
    }
}
