// Transcribed from firebase/firebase-ios-sdk, FirebaseDatabase/Sources/Public/FirebaseDatabase/FIRDatabase.h
// at commit eed63a35a90dbd46184ca1a6afeb144ee783b5fd, as Swift imports it: only the members the
// example uses. `init` is unavailable in the header ("use the database method instead").

import Foundation

open class Database: NSObject {
    let store = TreeStore()

    @available(*, unavailable, message: "use the database method instead")
    public override init() { fatalError("use the database method instead") }

    private init(url: String) {}

    /// `+ (FIRDatabase *)databaseWithURL:(NSString *)url NS_SWIFT_NAME(database(url:));`
    /// Firebase returns one instance per app and URL; the stand-in returns a new, empty
    /// in-process database on every call, so tests share nothing (and nothing is static).
    open class func database(url: String) -> Database { Database(url: url) }

    /// `- (FIRDatabaseReference *)reference;`
    open func reference() -> DatabaseReference { DatabaseReference(store: store, path: []) }

    /// `- (FIRDatabaseReference *)referenceWithPath:(NSString *)path;`
    open func reference(withPath path: String) -> DatabaseReference {
        DatabaseReference(store: store, path: TreeStore.components(path))
    }
}

/// What the stand-in lets a test do that Firebase's client cannot: stand for the server.
/// Not part of Firebase's API, hence SPI: `@_spi(StandIn) import FirebaseDatabase`.
@_spi(StandIn) extension Database {
    /// The next writes (set, update, remove) are refused by "the server" with these statuses,
    /// one write each, in order: `"permission_denied"`, `"unavailable"`, `"write_canceled"`, or
    /// any other status string. The app receives the error Firebase's client makes of the
    /// status (`FirebaseErrors.swift`), and the write is not applied.
    public func failNextWrites(withStatuses statuses: [String]) {
        store.queueWriteStatuses(statuses)
    }

    /// "The server" revokes read access: every listener with a cancel block gets Firebase's
    /// permission-denied error and is removed, as the header documents for the cancel block.
    public func revokeReadAccess() {
        store.revokeReads()
    }
}
