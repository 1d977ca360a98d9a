// Transcribed from couchbase/couchbase-lite-ios, Objective-C/CBLDatabase.h at tag 3.4.0 (commit
// 1c55a443cdcacd485fc82c82813710487b8ea02f), as Swift imports it: only the members the example
// uses. `@interface CBLDatabase : NSObject <CBLQueryFactory>`, not `NS_SWIFT_SENDABLE`,
// `- (instancetype) init NS_UNAVAILABLE;`. Import rules applied (the SDK's Swift API over this
// class, Swift/Database.swift, calls each as written here):
// - `-initWithName:error:` returns `nullable instancetype` with a trailing `NSError**`: a
//   throwing, non-failable `init(name:) throws`;
// - `-defaultCollection:` and `-close:` take only the `NSError**`: `defaultCollection() throws
//   -> CBLCollection` (the nullable result becomes non-optional) and `close() throws`;
// - `-inBatch:usingBlock:` takes the `NSError**` first: it is dropped wherever it is, the first
//   selector piece is the base name, and `usingBlock:` loses its needless `Block` (the parameter
//   is a block): `inBatch(using:) throws`, the block `NS_NOESCAPE`, so not `@escaping`.
//
// What it does is the stand-in's (DocumentStore.swift), not Couchbase Lite's.

import Foundation

open class CBLDatabase: NSObject {
    let store = DocumentStore()
    private let databaseName: String

    /// `- (instancetype) init NS_UNAVAILABLE;`
    @available(*, unavailable, message: "use init(name:)")
    public override init() { fatalError("use init(name:)") }

    /// `- (nullable instancetype) initWithName: (NSString*)name error: (NSError**)error;`
    /// Couchbase Lite opens (or creates) the database file `name`; the stand-in makes a new, empty
    /// in-memory database on every call, so tests share nothing.
    public init(name: String) throws {
        databaseName = name
    }

    /// `@property (readonly, nonatomic) NSString* name;`
    open var name: String { databaseName }

    /// `- (nullable CBLCollection*) defaultCollection: (NSError**)error;`
    open func defaultCollection() throws -> CBLCollection {
        try store.checkOpen()
        return CBLCollection(database: self, store: store)
    }

    /// `- (BOOL) inBatch: (NSError**)error usingBlock: (void (NS_NOESCAPE ^)(void))block;`
    /// Runs the block in one transaction; document change listeners hear of its writes after it.
    open func inBatch(using block: () -> Void) throws {
        try store.batch(block)
    }

    /// `- (BOOL) close: (NSError**)error;` Stops the listeners; later calls fail with `CBLErrorNotOpen`.
    open func close() throws {
        store.close()
    }
}

/// What the stand-in lets a test do that Couchbase Lite's API cannot: stand for another process
/// or the disk. Not part of Couchbase Lite's API, hence SPI: `@_spi(StandIn) import CouchbaseLite`.
@_spi(StandIn) extension CBLDatabase {
    /// The next writes (saves and deletes) fail with these `CBLErrorDomain` codes, one write each,
    /// in order (`CBLErrorBusy`: another connection holds the database's lock), and are not applied.
    public func failNextWrites(withCodes codes: [Int]) {
        store.queueFailures(codes)
    }
}
